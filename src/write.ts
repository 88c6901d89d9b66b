/**
 * The only module that touches the output folders. Everything to write is computed before anything
 * is written; each file is written to a temporary name and renamed over the old one, and files whose
 * bytes did not change are not touched. `--check` compares and writes nothing.
 * A manifest (`<out>/.toolgen-manifest.json`) lists the generated files, so files toolgen generated
 * earlier and no longer generates are removed, and nothing else in the folder is.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { sha256 } from "./hash.js";
import type { GeneratedFile } from "./model.js";

export { sha256 };

export const MANIFEST = ".toolgen-manifest.json";

export interface Roots {
  out: string;
  handlers: string;
}

export interface Manifest {
  toolgen: string;
  /** Generated file path (relative to out) -> sha256 of its contents. */
  files: Record<string, string>;
}

export function absolutePath(roots: Roots, file: Pick<GeneratedFile, "root" | "path">): string {
  return path.join(file.root === "out" ? roots.out : roots.handlers, ...file.path.split("/"));
}

export function displayPath(roots: Roots, file: Pick<GeneratedFile, "root" | "path">): string {
  return path.relative(process.cwd(), absolutePath(roots, file)).split(path.sep).join("/");
}

export async function readText(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

export async function readManifest(out: string): Promise<Manifest | undefined> {
  const text = await readText(path.join(out, MANIFEST));
  if (text === undefined) return undefined;
  try {
    const data = JSON.parse(text) as Manifest;
    return data && typeof data.files === "object" ? data : undefined;
  } catch {
    return undefined;
  }
}

export function manifestFile(toolgenVersion: string, files: readonly GeneratedFile[]): GeneratedFile {
  const manifest: Manifest = { toolgen: toolgenVersion, files: {} };
  for (const f of [...files].filter((f) => f.root === "out").sort((a, b) => (a.path < b.path ? -1 : 1))) {
    manifest.files[f.path] = sha256(f.contents);
  }
  return { root: "out", path: MANIFEST, contents: JSON.stringify(manifest, null, 2) + "\n", ownership: "generated" };
}

/** Generated files listed in the old manifest that the new build does not produce. */
function leftovers(old: Manifest | undefined, files: readonly GeneratedFile[]): string[] {
  if (!old) return [];
  const now = new Set(files.filter((f) => f.root === "out").map((f) => f.path));
  return Object.keys(old.files)
    .filter((p) => !now.has(p) && !p.split("/").includes(".."))
    .sort();
}

/** Relative paths (forward slashes) of every file under `dir`; empty when it does not exist. */
function listTree(dir: string): Set<string> {
  try {
    return new Set(readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) =>
      path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join("/"),
    ));
  } catch {
    return new Set();
  }
}

/**
 * What is on disk now for each file (undefined: missing). The folders are listed once and only
 * files that exist are read: opening thousands of files that a first build has not written yet
 * costs more than the build's own work. Synchronous: a CLI has nothing else to do meanwhile, and
 * the thread pool's round trips cost more than the reads.
 */
function currentContents(roots: Roots, files: readonly GeneratedFile[]): (string | undefined)[] {
  const listings = { out: listTree(roots.out), handlers: listTree(roots.handlers) };
  return files.map((file) => (listings[file.root].has(file.path) ? readFileSync(absolutePath(roots, file), "utf8") : undefined));
}

/** Every file that differs from what is on disk, is missing, or should no longer exist. */
export async function staleFiles(roots: Roots, files: readonly GeneratedFile[]): Promise<string[]> {
  const stale: string[] = [];
  const current = currentContents(roots, files);
  files.forEach((file, i) => {
    if (current[i] !== file.contents) stale.push(`${displayPath(roots, file)}${current[i] === undefined ? " (missing)" : ""}`);
  });
  for (const p of leftovers(await readManifest(roots.out), files)) {
    const abs = path.join(roots.out, ...p.split("/"));
    if ((await readText(abs)) !== undefined) stale.push(`${displayPath(roots, { root: "out", path: p })} (no longer generated)`);
  }
  return stale;
}

/** Writes what changed (temp file + rename), then removes generated files that are no longer produced. */
export async function writeFiles(roots: Roots, files: readonly GeneratedFile[]): Promise<{ written: string[]; removed: string[] }> {
  const old = await readManifest(roots.out);
  const current = currentContents(roots, files);
  const changed = files.filter((file, i) => current[i] !== file.contents);
  for (const dir of new Set(changed.map((f) => path.dirname(absolutePath(roots, f))))) mkdirSync(dir, { recursive: true });
  const temps = changed.map((file) => {
    const target = absolutePath(roots, file);
    return { temp: `${target}.toolgen-tmp-${process.pid}`, target, contents: file.contents };
  });
  try {
    for (const t of temps) writeFileSync(t.temp, t.contents, "utf8");
  } catch (error) {
    for (const t of temps) rmSync(t.temp, { force: true });
    throw error;
  }
  // Every file is complete on disk before any is renamed into place. The manifest goes last, so an
  // interrupted build is seen as stale next time.
  for (const t of temps) if (!t.target.endsWith(MANIFEST)) renameSync(t.temp, t.target);
  for (const t of temps) if (t.target.endsWith(MANIFEST)) renameSync(t.temp, t.target);
  const removed: string[] = [];
  for (const p of leftovers(old, files)) {
    await rm(path.join(roots.out, ...p.split("/")), { force: true });
    removed.push(displayPath(roots, { root: "out", path: p }));
  }
  return { written: changed.map((f) => displayPath(roots, f)), removed };
}
