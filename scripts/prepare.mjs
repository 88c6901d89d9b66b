#!/usr/bin/env node
/**
 * npm's `prepare` script: builds dist/ (`npm run build`: tsc, then the bin's bundle).
 *
 * npm runs `prepare` after installing the package's devDependencies, which hold the build's tools
 * (TypeScript, esbuild). One install breaks that promise: a git dependency installed globally,
 * `npm install -g git+file://...`, which is how pre-commit 4.6.1 and later install a `language:
 * node` hook from its repository (pre_commit/languages/node.py). The `npm install` npm runs in the
 * clone inherits `npm_config_global=true`, so it installs the clone as a global package instead of
 * installing its devDependencies, and `tsc` is not found (npm/cli#8440, fixed upstream in
 * npm/pacote#494 by passing `--global=false`; npm 11.19 still fails). When the build's tools are
 * missing, this script installs them itself, locally and without running scripts, then builds.
 *
 * When npm is packing this folder (`npm pack`, `npm publish`, or a git dependency being installed:
 * pacote's DirFetcher runs `prepare` with `npm_package_resolved` set), the `prepare` and `postpack`
 * scripts are taken out of package.json once dist/ is built, so the tarball's package.json has no
 * install-time script (npm 11 warns on installing a package that has one: "install scripts not yet
 * covered by allowScripts"; the built package needs none) and no script naming a file it does not
 * ship. The original package.json is kept in .cache/package.json.prepack and put back by `postpack`
 * (which npm runs from the package.json it read before packing; inline, so that it names no file),
 * or by the next run if a pack failed in between; a git dependency's clone is thrown away after
 * packing.
 *
 *   node scripts/prepare.mjs
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

function run(args) {
  const result = spawnSync(npm, args, { cwd: ROOT, stdio: "inherit", shell: process.platform === "win32" });
  if (result.error) throw result.error;
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/**
 * Whether npm runs this `prepare` to pack the folder: `npm pack` or `npm publish`, or a git
 * dependency's clone (pacote sets `npm_package_resolved` to the clone's folder). A plain `npm install`
 * or `npm ci` in a clone of toolgen sets it to the string "null" (seen with npm 11.19, through the
 * `toolgen: file:.` devDependency): that is no pack, and the working tree's package.json must stay as
 * it is.
 */
export function packing(env) {
  if (env.npm_command === "pack" || env.npm_command === "publish") return true;
  const resolved = env.npm_package_resolved;
  return resolved !== undefined && resolved !== "" && resolved !== "null";
}

const MANIFEST = path.join(ROOT, "package.json");
const BACKUP = path.join(ROOT, ".cache", "package.json.prepack");

/** Puts back the package.json a pack took `prepare` out of, if it has not been put back yet. */
function restoreManifest() {
  if (existsSync(BACKUP)) renameSync(BACKUP, MANIFEST);
}

/** Builds dist/ (installing the build's tools first when a global git install left them out), and takes the install-time scripts out of a packed package.json. */
function prepare() {
  restoreManifest();

  const tools = ["typescript/package.json", "esbuild/package.json"];
  if (!tools.every((file) => existsSync(path.join(ROOT, "node_modules", file)))) {
    console.error("toolgen prepare: the build's devDependencies are missing (a global install from git, npm/cli#8440); installing them");
    run(["install", "--global=false", "--include=dev", "--no-save", "--ignore-scripts", "--no-audit", "--no-fund"]);
  }
  // Silent when dist/ is current: npm ci in a clone runs prepare twice (the root, and its `toolgen: file:.`
  // devDependency), and the second run said "nothing to build" right after the first one's build.
  run(["run", "--silent", "build", "--", "--quiet-if-current"]);

  if (packing(process.env)) {
    const text = readFileSync(MANIFEST, "utf8");
    const manifest = JSON.parse(text);
    delete manifest.scripts.prepare;
    delete manifest.scripts.postpack;
    mkdirSync(path.dirname(BACKUP), { recursive: true });
    writeFileSync(BACKUP, text);
    writeFileSync(MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) prepare();
