#!/usr/bin/env node
/**
 * What a build of dist/ was made from, as one sha256: every file of src/, cli/, templates/ and docs/
 * (docs/lint.md's rule table is written from the rules, so a hand edit there is built again too), the
 * build's scripts and settings, and the lockfile (the versions of TypeScript, esbuild and the bundled
 * packages).
 *
 *   node scripts/built-from.mjs    writes it to dist/.built-from (scripts/build.mjs, `npm run build`,
 *                                  does so as its last step)
 *
 * `npm run build` (and so `npm ci`'s and `npm pack`'s `prepare`) and the test suite's global setup
 * (test/global-setup.ts) build nothing when dist/ is current (builtFromCurrent below).
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { binFiles } from "../cli/bundle.mjs";

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** The file the key is kept in. */
export const builtFromPath = (root = ROOT) => path.join(root, "dist", ".built-from");

/** The sha256 of the build's inputs under `root`. */
export function buildInputsKey(root = ROOT) {
  const files = ["src", "cli", "templates", "docs"].flatMap((dir) =>
    readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/")),
  );
  files.push("scripts/build.mjs", "scripts/rules-index.mjs", "scripts/templates.mjs", "scripts/built-from.mjs", "tsconfig.json", "tsconfig.build.json", "package.json", "package-lock.json");
  const hash = createHash("sha256");
  for (const file of files.sort()) {
    const full = path.join(root, file);
    hash.update(`${file}\0`).update(existsSync(full) ? readFileSync(full) : "(none)").update("\0");
  }
  return hash.digest("hex");
}

/** The TypeScript files of src/ and cli/ (declaration files aside) whose JavaScript is not in dist/ under `root`. */
export function missingEmit(root = ROOT) {
  return ["src", "cli"].flatMap((dir) =>
    readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".ts") && !file.endsWith(".d.ts"))
      .map((file) => path.join(dir, file))
      .filter((file) => !existsSync(path.join(root, "dist", file.replace(/\.ts$/, ".js")))),
  );
}

/**
 * Whether dist/ under `root` is a build of the sources as they are: dist/.built-from holds their key,
 * every file of the bin's is there (cli/bundle.mjs writes them last but for the key), and so is the JavaScript of every source file (a file removed by hand is
 * built again).
 */
export function builtFromCurrent(root = ROOT) {
  const file = builtFromPath(root);
  return (
    existsSync(file) &&
    readFileSync(file, "utf8") === buildInputsKey(root) &&
    binFiles(root).every((file) => existsSync(file)) &&
    missingEmit(root).length === 0
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  writeFileSync(builtFromPath(), buildInputsKey());
}
