#!/usr/bin/env node
/**
 * Bundles tsc's output of the command line (dist/cli/) into dist/bin/, the `toolgen` that
 * package.json's `bin` runs. Node 20 loads ES modules one by one, each a round trip through its
 * loader, and `toolgen lint` (a pre-commit hook) needs some fifty; so:
 *
 * - dist/bin/toolgen.cjs (from cli/main.ts): a plain `toolgen lint ...` with the whole linter in
 *   one CommonJS file, which Node loads synchronously. Its dynamic imports (Ajv's meta-schema
 *   validators, the YAML and JSON-error parsers) are bundled in but still run only when needed;
 *   packages stay external (required from node_modules only when used). Anything else it hands to:
 * - dist/bin/index.js (from cli/index.ts): the full command line (build, help, every option), as
 *   ES modules split by command, so `toolgen build` loads the generators only when it runs.
 *
 * `npm run build` runs this after tsc; so do the tests' global setup and the bench. The library
 * (`dist/src/index.js`) is tsc's output, unbundled. The output is deterministic.
 *
 *   node cli/bundle.mjs
 */
import { rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** Writes dist/bin/ from dist/cli/ (which tsc must have written). Returns the path of `toolgen`. */
export async function bundleCli(root = ROOT) {
  const { build } = await import("esbuild");
  const outdir = path.join(root, "dist", "bin");
  rmSync(outdir, { recursive: true, force: true });
  const common = { absWorkingDir: root, bundle: true, platform: "node", target: "node20", packages: "external", logLevel: "warning" };
  await build({
    ...common,
    entryPoints: [path.join(root, "dist", "cli", "index.js")],
    outdir,
    splitting: true,
    format: "esm",
    chunkNames: "chunks/[name]-[hash]",
  });
  const toolgen = path.join(outdir, "toolgen.cjs");
  await build({
    ...common,
    entryPoints: [path.join(root, "dist", "cli", "main.js")],
    outfile: toolgen,
    format: "cjs",
    // Everything but a plain lint: the ES-module command line next to this file.
    plugins: [
      {
        name: "full-cli",
        setup: (b) =>
          b.onResolve({ filter: /^\.\/index\.js$/ }, (args) =>
            path.basename(args.importer) === "main.js" && path.basename(path.dirname(args.importer)) === "cli" ? { path: "./index.js", external: true } : undefined,
          ),
      },
    ],
    // The few modules that find files next to themselves read import.meta.url.
    define: { "import.meta.url": "__toolgen_module_url" },
    // "use strict" first: esbuild's own comes after the banner, where it would be no directive.
    banner: { js: '"use strict";\nconst __toolgen_module_url = require("node:url").pathToFileURL(__filename).href;' },
  });
  return toolgen;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await bundleCli();
}
