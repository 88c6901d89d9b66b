#!/usr/bin/env node
/**
 * Bundles tsc's output of the command line (dist/cli/index.js) into dist/bin/, the `toolgen` that
 * package.json's `bin` runs. Node 20's ES module loader costs about 0.7 ms per module, and
 * `toolgen lint` (a pre-commit hook) needs some fifty: bundled, the modules a command needs come in
 * a few chunks (a third of the import time). Code splitting keeps every dynamic import dynamic, so
 * `toolgen lint` still loads none of the code generators; packages stay external (resolved from
 * node_modules as before). `npm run build` runs this after tsc; so do the tests' global setup and
 * the bench. The library (`dist/src/index.js`) is tsc's output, unbundled.
 *
 *   node cli/bundle.mjs
 */
import { rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** Writes dist/bin/ from dist/cli/ (which tsc must have written); the output is deterministic. */
export async function bundleCli(root = ROOT) {
  const { build } = await import("esbuild");
  const outdir = path.join(root, "dist", "bin");
  rmSync(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: [path.join(root, "dist", "cli", "index.js")],
    outdir,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    packages: "external",
    chunkNames: "chunks/[name]-[hash]",
    logLevel: "warning",
  });
  return path.join(outdir, "index.js");
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await bundleCli();
}
