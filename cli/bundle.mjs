#!/usr/bin/env node
/**
 * Bundles tsc's output of the command line (dist/cli/main.js and everything of toolgen's it
 * reaches, yargs included) into one CommonJS file, dist/bin/toolgen.cjs: the `toolgen` that
 * package.json's `bin` runs. One file, because Node 20 loads ES modules one by one (a loader round
 * trip each) and a pre-commit hook runs `toolgen lint` on every commit; CommonJS, because Node
 * loads it synchronously. Modules reached through a dynamic import (each command's
 * implementation, the generators) are bundled in but initialised only when that import runs.
 * Other packages stay external, required from node_modules only when used: the generators'
 * (ts-morph, typescript, json-schema-to-typescript, handlebars) by `toolgen build` alone.
 *
 * `npm run build` runs this after tsc; so do the tests' global setup and the bench. The library
 * (`dist/src/index.js`) is tsc's output, unbundled. The output is deterministic.
 *
 *   node cli/bundle.mjs
 */
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** Packages bundled into the bin rather than required: the command line's parser and what it needs. */
const BUNDLED = /^(yargs|yargs-parser|y18n|cliui|escalade|get-caller-file|string-width|strip-ansi|ansi-regex|emoji-regex|get-east-asian-width|wrap-ansi|ansi-styles)(\/|$)/;

/**
 * Packages of the help text's layout, each a default-exported function, that do costly work when
 * their module loads. string-width (yargs, cliui and wrap-ansi each import a copy) builds
 * Unicode-property regular expressions (`\p{RGI_Emoji}` and the like) and an Intl.Segmenter: the
 * largest part of loading yargs, for a function only the help text's layout calls. wrap-ansi (which
 * cliui imports) loads ansi-styles, which builds its tables of every colour and style; only cliui's
 * layout of the help calls it. Each import of them gets a stand-in that loads the real module
 * (bundled, initialised on first call) when the function is first called. Same results, paid only
 * by `--help` and usage errors.
 */
const LAZY_DEFAULTS = /^(string-width|wrap-ansi)$/;

const lazyDefaults = {
  name: "lazy-defaults",
  setup(b) {
    b.onResolve({ filter: LAZY_DEFAULTS }, async (args) => {
      if (args.pluginData === "real") return undefined;
      const real = await b.resolve(args.path, { importer: args.importer, resolveDir: args.resolveDir, kind: args.kind, pluginData: "real" });
      if (real.errors.length > 0) return { errors: real.errors };
      return { path: real.path, namespace: "lazy-default" };
    });
    b.onLoad({ filter: /.*/, namespace: "lazy-default" }, (args) => ({
      resolveDir: path.dirname(args.path),
      contents:
        `let real;\n` +
        `export default function lazyDefault(...args) {\n` +
        `  real ??= require(${JSON.stringify(args.path)}).default;\n` +
        `  return real(...args);\n` +
        `}\n`,
    }));
  },
};

/**
 * Kept for what it leaves alone, not for speed: loading node:assert (which yargs' platform shim
 * imports) builds process.stderr, and building a stdio stream on a pipe makes that pipe, shared with
 * the parent, non-blocking (test/cli/std-output.test.ts holds that lint builds neither stream).
 * The stand-in makes the same checks (Object.is, as node:assert's strict comparisons do) and throws a
 * plain Error shaped like node's AssertionError (name, code ERR_ASSERTION, actual, expected,
 * operator; yargs only catches it, and never tests its class).
 */
const lazyAssert = {
  name: "lazy-assert",
  setup(b) {
    b.onResolve({ filter: /^(node:)?assert$/ }, (args) =>
      /[\\/]yargs[\\/]lib[\\/]platform-shims[\\/]/.test(args.importer) ? { path: "assert", namespace: "lazy-assert" } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: "lazy-assert" }, () => ({
      contents: `
function fail(actual, expected, message, operator, wanted) {
  if (message instanceof Error) throw message;
  const error = new Error(message ?? \`Expected values to be \${wanted}: \${String(actual)}\`);
  Object.assign(error, { name: "AssertionError", code: "ERR_ASSERTION", actual, expected, operator, generatedMessage: message === undefined });
  throw error;
}
export function notStrictEqual(actual, expected, message) {
  if (Object.is(actual, expected)) fail(actual, expected, message, "notStrictEqual", "strictly unequal");
}
export function strictEqual(actual, expected, message) {
  if (!Object.is(actual, expected)) fail(actual, expected, message, "strictEqual", "strictly equal");
}
`,
    }));
  },
};

/**
 * Kept for what it leaves alone, not for speed: yargs' platform shim reads `process.stdout.columns`
 * when it loads, and reading `process.stdout` builds Node's stream for descriptor 1, which makes a
 * pipe shared with the parent non-blocking; toolgen writes its reports to the descriptor itself
 * (src/std-output.ts). The shim's `stdColumns` becomes a getter, read when yargs lays out its help.
 * The build fails if the shim no longer reads it so.
 */
const lazyStdColumns = {
  name: "lazy-std-columns",
  setup(b) {
    b.onLoad({ filter: /[\\/]yargs[\\/]lib[\\/]platform-shims[\\/]esm\.mjs$/ }, (args) => {
      const source = readFileSync(args.path, "utf8");
      const eager = "stdColumns: typeof process.stdout.columns !== 'undefined' ? process.stdout.columns : null";
      if (!source.includes(eager)) return { errors: [{ text: `lazy-std-columns: ${args.path} no longer reads stdColumns as expected` }] };
      return { contents: source.replace(eager, `get stdColumns() { return ${eager.slice("stdColumns: ".length)}; }`), loader: "js" };
    });
  },
};

/** The bin's path under `root`. */
export function binPath(root = ROOT) {
  return path.join(root, "dist", "bin", "toolgen.cjs");
}

/** esbuild's options for the bin (test/cli/bundle.test.ts builds with them again to read the inputs). */
export function bundleOptions(root = ROOT) {
  return {
    absWorkingDir: root,
    entryPoints: [path.join(root, "dist", "cli", "main.js")],
    outfile: binPath(root),
    bundle: true,
    platform: "node",
    target: "node20",
    format: "cjs",
    logLevel: "warning",
    plugins: [
      lazyDefaults,
      lazyAssert,
      lazyStdColumns,
      {
        name: "externals",
        // Every package but the parser's stays in node_modules.
        setup: (b) =>
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith("node:") || BUNDLED.test(args.path) ? undefined : { path: args.path, external: true },
          ),
      },
    ],
    // The modules that find files next to themselves (toolgen's paths.ts, yargs' locales) read import.meta.url.
    define: { "import.meta.url": "__toolgen_module_url" },
    // "use strict" first: esbuild's own comes after the banner, where it would be no directive.
    banner: { js: '"use strict";\nconst __toolgen_module_url = require("node:url").pathToFileURL(__filename).href;' },
  };
}

/** Writes dist/bin/toolgen.cjs from dist/cli/ (which tsc must have written). Returns its path. */
export async function bundleCli(root = ROOT) {
  const { build } = await import("esbuild");
  rmSync(path.dirname(binPath(root)), { recursive: true, force: true });
  await build(bundleOptions(root));
  return binPath(root);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await bundleCli();
}
