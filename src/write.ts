/**
 * The only module that touches the output folders. Everything to write is computed before anything
 * is written, and files whose bytes did not change are not touched. `--check` compares and writes
 * nothing. A manifest (`<out>/.toolgen-manifest.json`) lists the generated files, so files toolgen
 * generated earlier and no longer generates are removed, and nothing else in the folder is.
 *
 * What it promises, and how:
 * - Only files toolgen wrote are replaced or removed: in the output folder a file that exists, is not
 *   in the previous manifest and does not carry the generated header stops the build (nothing is
 *   written); a listed file whose bytes are no longer what toolgen wrote is kept when it would be removed.
 * - A handler edited while the build ran is never reverted: each handler update records the text it
 *   was computed from (`GeneratedFile.basedOn`), and the file is re-read just before it is replaced;
 *   when it changed, that update is skipped and a note says so (the next build redoes it).
 * - The set of files switches as one (a journal, `<out>/.toolgen-journal.json`):
 *   1. the journal is written in state `writing`, listing every temporary file;
 *   2. each new file is written to `<target>.toolgen-tmp-<pid>` (with the old file's mode);
 *   3. the journal switches to state `commit` (one rename: the commit point);
 *   4. the temporary files are renamed over their targets (the manifest last), leftovers are
 *      removed, and the journal is deleted.
 *   A failure in 1-2 removes the temporary files: nothing changed. A failure in 4 (a folder where a
 *   file should be, an immutable file) puts back what was already replaced, from the old bytes held in
 *   memory: nothing changed. A build killed anywhere is finished by the next build (`recover`), which
 *   rolls a `writing` journal back (removes its temporary files) and a `commit` journal forward, and
 *   removes temporary files that dead builds left. So the folders hold the old set or the new one.
 * - A symlinked file is written through its link (the link stays a link); a file keeps its mode
 *   (a read-only handler stays read-only).
 * - Builds writing to the same output folder take turns (`<out>/.toolgen-lock`).
 * - File-system failures (no space left, permissions, dangling links) are a `WriteError` naming the
 *   file, never an internal error.
 * What the build stage needs too lives beside it, in write/: where files go (roots.ts), what is on disk
 * now (read.ts) and a watch session's memory of it (disk-memo.ts). None of them imports build/.
 */
import {
  chmodSync,
  closeSync,
  mkdirSync,
  openSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import path from "node:path";
import { sha256 } from "./emit/hash.js";
import { textHash } from "./emit/hash-memo.js";
import type { GeneratedFile } from "./model.js";
import { GENERATED_HEADER } from "./emit/literal.js";
import { UserError } from "./errors.js";
import { currentPlaces, errno, listTree, place, readRegularSync, readText, readTextSync, reason, WriteError, type Place } from "./write/read.js";
import { absolutePath, checkRoots, displayPath, show, within, type Roots } from "./write/roots.js";

export { WriteError };
export type { Roots };

export const MANIFEST = ".toolgen-manifest.json";
export const JOURNAL = ".toolgen-journal.json";
export const LOCK = ".toolgen-lock";
const TEMP_MARK = ".toolgen-tmp-";
const TEMP_RE = /\.toolgen-tmp-(\d+)$/;

export interface Manifest {
  toolgen: string;
  /** Generated file path (relative to out) -> sha256 of its contents. */
  files: Record<string, string>;
}

/**
 * Test seam: called before every file-system change this module makes (`op` is `write`, `rename`,
 * `remove`, `mkdir`, `chmod`), and before a handler is re-read for the final comparison (`recheck`).
 * Tests inject failures (ENOSPC), a crash at the k-th operation, or a save made during the build.
 */
export const writeHooks: { beforeOp?: (op: string, file: string) => void } = {};

function fsOp<T>(op: string, file: string, run: () => T): T {
  writeHooks.beforeOp?.(op, file);
  return run();
}


export async function readManifest(out: string): Promise<Manifest | undefined> {
  const text = await readText(path.join(out, MANIFEST)).catch(() => undefined);
  if (text === undefined) return undefined;
  try {
    const data = JSON.parse(text) as Manifest;
    return data && typeof data.files === "object" && data.files !== null ? data : undefined;
  } catch {
    return undefined;
  }
}

export function manifestFile(toolgenVersion: string, files: readonly GeneratedFile[]): GeneratedFile {
  const manifest: Manifest = { toolgen: toolgenVersion, files: {} };
  for (const f of [...files].filter((f) => f.root === "out").sort((a, b) => (a.path < b.path ? -1 : 1))) {
    manifest.files[f.path] = textHash(f.contents);
  }
  return { root: "out", path: MANIFEST, contents: JSON.stringify(manifest, null, 2) + "\n", ownership: "generated" };
}

/** Generated files listed in the old manifest that the new build does not produce. */
function leftovers(old: Manifest | undefined, files: readonly GeneratedFile[]): string[] {
  if (!old) return [];
  const now = new Set(files.filter((f) => f.root === "out").map((f) => f.path));
  return Object.keys(old.files)
    .filter((p) => !now.has(p) && p !== MANIFEST && p !== "" && !p.split("/").some((s) => s === ".." || s === "." || s === "") && !path.isAbsolute(p))
    .sort();
}

/** True when `text` starts with toolgen's generated header (within its first lines). */
export function hasGeneratedHeader(text: string): boolean {
  return text.slice(0, 400).split("\n", 3).some((line) => line.includes(GENERATED_HEADER));
}

/** May the build replace this output file? Only if toolgen wrote it: listed in its manifest, or with its header. */
function mayOverwrite(relPath: string, text: string, old: Manifest | undefined): boolean {
  return relPath === MANIFEST || old?.files[relPath] !== undefined || hasGeneratedHeader(text);
}

/** May the build remove this file it no longer generates? Only if it still holds what toolgen wrote, or its header. */
function mayRemove(relPath: string, text: string, old: Manifest): boolean {
  return old.files[relPath] === sha256(text) || hasGeneratedHeader(text);
}

/** Every file that differs from what is on disk, is missing, or should no longer exist. */
export async function staleFiles(roots: Roots, files: readonly GeneratedFile[]): Promise<string[]> {
  const stale: string[] = [];
  const current = currentPlaces(roots, files);
  files.forEach((file, i) => {
    const text = current[i]!.text;
    if (text !== file.contents) stale.push(`${displayPath(roots, file)}${text === undefined ? " (missing)" : ""}`);
  });
  for (const p of leftovers(await readManifest(roots.out), files)) {
    const abs = path.join(roots.out, ...p.split("/"));
    if ((await readText(abs).catch(() => undefined)) !== undefined) stale.push(`${displayPath(roots, { root: "out", path: p })} (no longer generated)`);
  }
  if (listTree(roots.out, false).has(JOURNAL)) stale.push(`${show(path.join(roots.out, JOURNAL))} (an interrupted build; run \`toolgen build\`)`);
  return stale;
}

interface JournalEntry {
  /** The path the build names, and the path it writes (they differ for a link). */
  target: string;
  real: string;
  temp: string;
  /** For handlers: sha256 of the text the update was computed from ("" = must not exist). */
  basedOn?: string;
}

interface Journal {
  state: "writing" | "commit";
  pid: number;
  entries: JournalEntry[];
  remove: string[];
}

function writeJournal(out: string, journal: Journal): void {
  const file = path.join(out, JOURNAL);
  const temp = `${file}${TEMP_MARK}${process.pid}`;
  fsOp("write", temp, () => writeFileSync(temp, JSON.stringify(journal), "utf8"));
  fsOp("rename", temp, () => renameSync(temp, file));
}

function removeFile(file: string): void {
  fsOp("remove", file, () => {
    try {
      rmSync(file, { force: true });
    } catch (error) {
      // A path through a file (ENOTDIR) names nothing, as a missing one does.
      if (errno(error) !== "ENOTDIR") throw error;
    }
  });
}

/** Removes `folder` and its parents up to (not including) `out` while they are empty (a narrowed `outputs` leaves none behind). */
function removeEmptyFolders(folder: string, out: string): void {
  for (let at = folder; at !== out && within(out, at); at = path.dirname(at)) {
    try {
      rmdirSync(at);
    } catch {
      return; // not empty (or gone, or not ours to remove): the folders above it are not empty either
    }
  }
}

function alive(pid: number): boolean {
  if (pid === process.pid) return false; // this process holds no lock or temp file between calls
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errno(error) === "EPERM";
  }
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Takes `<out>/.toolgen-lock` (waiting up to `waitMs` for a live build); returns its release. */
function lock(out: string, waitMs = 30_000): () => void {
  const file = path.join(out, LOCK);
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      const fd = fsOp("write", file, () => openSync(file, "wx"));
      try {
        writeSync(fd, String(process.pid));
      } finally {
        closeSync(fd);
      }
      return () => {
        try {
          removeFile(file);
        } catch {
          // A lock left behind names a dead process: the next build takes it over.
        }
      };
    } catch (error) {
      if (errno(error) !== "EEXIST") throw new WriteError(`cannot write in ${show(out)}: ${reason(error)}; nothing was written`);
    }
    const owner = Number.parseInt(readTextSync(file) ?? "", 10);
    // An empty lock may be one another build has just created and not yet signed.
    const young = !Number.isInteger(owner) && Date.now() - (statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0) < 2_000;
    if (!young && (!Number.isInteger(owner) || !alive(owner))) {
      removeFile(file);
      continue;
    }
    if (Date.now() > deadline) throw new WriteError(`another toolgen build (pid ${Number.isInteger(owner) ? owner : "unknown"}) is writing to ${show(out)}; try again when it is done`);
    sleepSync(50);
  }
}

/**
 * Finishes what an interrupted build left: rolls its journal back or forward, and removes dead
 * builds' temporary files from the folders toolgen writes in (the output folder and the folders of
 * the files its manifest and `files` list, the handlers folder; not the whole tree, which may be a
 * project root with node_modules).
 */
function recoverLocked(roots: Roots, files: readonly GeneratedFile[] = []): string[] {
  const notes: string[] = [];
  const journalFile = path.join(roots.out, JOURNAL);
  const text = readTextSync(journalFile);
  if (text !== undefined) {
    let journal: Journal | undefined;
    try {
      journal = JSON.parse(text) as Journal;
    } catch {
      journal = undefined;
    }
    // Only what a journal of ours can say: a temp file next to its target, removals inside the output folder.
    const entries = (Array.isArray(journal?.entries) ? journal.entries : []).filter(
      (e) => typeof e?.temp === "string" && typeof e.real === "string" && TEMP_RE.test(e.temp) && e.temp.replace(TEMP_RE, "") === e.real,
    );
    if (journal?.state === "commit") {
      for (const e of entries) {
        if (readTextSync(e.temp) === undefined) continue; // already renamed
        if (e.basedOn !== undefined) {
          const now = readTextSync(e.real);
          if ((now === undefined ? "" : sha256(now)) !== e.basedOn) {
            removeFile(e.temp);
            notes.push(`${show(e.target)} changed after an interrupted build; its signature update was not applied (the next build redoes it)`);
            continue;
          }
        }
        fsOp("rename", e.temp, () => renameSync(e.temp, e.real));
      }
      for (const r of Array.isArray(journal.remove) ? journal.remove : []) {
        if (typeof r === "string" && within(roots.out, r) && r !== roots.out) removeFile(r);
      }
    } else {
      for (const e of entries) removeFile(e.temp);
    }
    removeFile(journalFile);
  }
  for (const temp of deadTemps(roots, files)) removeFile(temp);
  return notes;
}

/** Temporary files of dead builds in the folders toolgen writes in (see `recoverLocked`). */
function deadTemps(roots: Roots, files: readonly GeneratedFile[]): string[] {
  const dirs = new Set([roots.out, roots.handlers]);
  // The folders (relative) first: thousands of files live in a handful of folders.
  const relDirs = new Set<string>();
  for (const p of [...Object.keys(readManifestSync(roots.out)?.files ?? {}), ...files.filter((f) => f.root === "out").map((f) => f.path)]) {
    relDirs.add(p.slice(0, Math.max(0, p.lastIndexOf("/"))));
  }
  for (const rel of relDirs) {
    if (!rel.split("/").includes("..")) dirs.add(path.join(roots.out, ...rel.split("/")));
  }
  const found: string[] = [];
  for (const dir of dirs) {
    for (const name of listTree(dir, false)) {
      const m = TEMP_RE.exec(name);
      if (m && !alive(Number(m[1]))) found.push(path.join(dir, name));
    }
  }
  return found;
}

/**
 * Finishes an interrupted build, if any (see the module comment); returns notes for the user.
 * Reads only (no lock) when there is nothing to finish, as on almost every build.
 */
export function recover(roots: Roots): string[] {
  const top = listTree(roots.out, false);
  if (!top.has(JOURNAL) && !top.has(LOCK) && deadTemps(roots, []).length === 0) return [];
  const release = lock(roots.out);
  try {
    return recoverLocked(roots);
  } catch (error) {
    throw error instanceof UserError ? error : new WriteError(`cannot finish the interrupted build in ${show(roots.out)}: ${reason(error)}`);
  } finally {
    release();
  }
}

export interface WriteResult {
  written: string[];
  removed: string[];
  /** What the user should know: handler updates skipped because the file changed, files kept. */
  notes: string[];
  /** Files whose update was skipped (the next build must not be skipped by the cache). */
  skipped: string[];
}

/** Writes what changed, as one set (see the module comment), then removes generated files that are no longer produced. */
export async function writeFiles(roots: Roots, files: readonly GeneratedFile[]): Promise<WriteResult> {
  checkRoots(roots);
  // Nothing to do (the usual rebuild): no lock, no write, so a read-only up-to-date output is fine.
  if (upToDate(roots, files)) return { written: [], removed: [], notes: [], skipped: [] };
  // Folders this build made, outermost first: a failed build removes them again (when they are empty).
  const made: string[] = [];
  try {
    makeFolder(roots.out, made);
  } catch (error) {
    removeMade(made);
    throw new WriteError(`cannot create ${show(roots.out)}: ${reason(error)}; nothing was written`);
  }
  let release: (() => void) | undefined;
  try {
    release = lock(roots.out);
    return writeLocked(roots, files, made);
  } catch (error) {
    release?.();
    release = undefined;
    removeMade(made);
    throw error instanceof UserError ? error : new WriteError(`cannot write in ${show(roots.out)}: ${reason(error)}`);
  } finally {
    release?.();
  }
}

/** `mkdir -p`, adding to `made` each folder it created. */
function makeFolder(dir: string, made: string[]): void {
  const first = fsOp("mkdir", dir, () => mkdirSync(dir, { recursive: true }));
  if (first === undefined) return;
  const top = path.resolve(first);
  const created = [path.resolve(dir)];
  while (created[0] !== top) {
    const parent = path.dirname(created[0]!);
    if (parent === created[0]) return void made.push(path.resolve(dir)); // not an ancestor: claim the folder itself only
    created.unshift(parent);
  }
  made.push(...created);
}

/** Removes the folders a failed build made, innermost first, each only when empty (something else may have come in). */
function removeMade(made: readonly string[]): void {
  for (const dir of [...made].sort((a, b) => b.length - a.length)) {
    try {
      rmdirSync(dir);
    } catch {
      // Not empty, or gone: left as it is.
    }
  }
}

function writeLocked(roots: Roots, files: readonly GeneratedFile[], made: string[]): WriteResult {
  const notes = recoverLocked(roots, files);
  const skipped: string[] = [];
  const old = readManifestSync(roots.out);
  const current = currentPlaces(roots, files);

  // Only files toolgen wrote are replaced.
  const foreign = files.filter((f, i) => {
    const text = current[i]!.text;
    return f.root === "out" && text !== undefined && text !== f.contents && !mayOverwrite(f.path, text, old);
  });
  if (foreign.length > 0) {
    const them = foreign.length === 1 ? "it" : "them";
    throw new WriteError(
      `${foreign.map((f) => displayPath(roots, f)).sort().join(", ")}: not written by toolgen (not in its manifest, no generated header), so toolgen does not overwrite ${them}. ` +
        `Move ${them} out of the output folder or choose another --out; nothing was written`,
    );
  }

  const changed: { file: GeneratedFile; at: Place; temp: string }[] = [];
  files.forEach((file, i) => {
    const at = current[i]!;
    if (at.text === file.contents) return;
    if (file.basedOn !== undefined && (at.text ?? null) !== file.basedOn) {
      skipped.push(displayPath(roots, file));
      notes.push(`${displayPath(roots, file)} changed while the build ran; its update was skipped, so your edit is kept (build again to update its signature)`);
      return;
    }
    changed.push({ file, at, temp: `${at.real}${TEMP_MARK}${process.pid}` });
  });
  // The manifest goes last, so an interrupted build is seen as stale next time.
  changed.sort((a, b) => Number(a.file.path === MANIFEST && a.file.root === "out") - Number(b.file.path === MANIFEST && b.file.root === "out"));

  const toRemove: { abs: string; rel: string }[] = [];
  for (const p of leftovers(old, files)) {
    const abs = path.join(roots.out, ...p.split("/"));
    const text = readTextSync(abs);
    if (text === undefined) continue;
    if (old && mayRemove(p, text, old)) toRemove.push({ abs, rel: p });
    else notes.push(`${show(abs)}: no longer generated, but changed since toolgen wrote it, so it is kept; delete it yourself if it is not needed`);
  }
  if (changed.length === 0 && toRemove.length === 0) return { written: [], removed: [], notes, skipped };

  const journal: Journal = {
    state: "writing",
    pid: process.pid,
    entries: changed.map(({ file, at, temp }) => ({
      target: at.target,
      real: at.real,
      temp,
      ...(file.basedOn !== undefined ? { basedOn: file.basedOn === null ? "" : sha256(file.basedOn) } : {}),
    })),
    remove: toRemove.map((r) => r.abs),
  };

  // 1-2: the journal, then every new file next to its target.
  try {
    writeJournal(roots.out, journal);
    for (const dir of new Set(changed.map((c) => path.dirname(c.temp)))) makeFolder(dir, made);
    for (const c of changed) {
      fsOp("write", c.temp, () => writeFileSync(c.temp, c.file.contents, "utf8"));
      const mode = c.at.mode;
      if (mode !== undefined) fsOp("chmod", c.temp, () => chmodSync(c.temp, mode));
    }
    // 3: the commit point.
    writeJournal(roots.out, { ...journal, state: "commit" });
  } catch (error) {
    const where = error instanceof Error && "path" in error ? ` ${show(String((error as NodeJS.ErrnoException).path).replace(TEMP_RE, ""))}` : "";
    cleanUp(() => {
      for (const c of changed) removeFile(c.temp);
      removeFile(path.join(roots.out, JOURNAL));
    });
    throw new WriteError(`cannot write${where}: ${reason(error)}; nothing was changed`);
  }

  // 4: rename into place; on failure, put back what was replaced.
  const done: typeof changed = [];
  const written: string[] = [];
  let failed: (typeof changed)[number] | undefined;
  try {
    for (const c of changed) {
      failed = c;
      if (c.file.basedOn !== undefined) {
        writeHooks.beforeOp?.("recheck", c.at.real);
        const now = readTextSync(c.at.real);
        if ((now ?? null) !== c.file.basedOn) {
          removeFile(c.temp);
          skipped.push(displayPath(roots, c.file));
          notes.push(`${displayPath(roots, c.file)} changed while the build ran; its update was skipped, so your edit is kept (build again to update its signature)`);
          continue;
        }
      }
      fsOp("rename", c.temp, () => renameSync(c.temp, c.at.real));
      done.push(c);
      written.push(displayPath(roots, c.file));
    }
  } catch (error) {
    cleanUp(() => {
      for (const c of done.reverse()) restore(c.at);
      for (const c of changed) removeFile(c.temp);
      removeFile(path.join(roots.out, JOURNAL));
    });
    throw new WriteError(`cannot replace ${failed ? displayPath(roots, failed.file) : "a file"}: ${reason(error)}; the files already replaced were put back, nothing was changed`);
  }
  const removed: string[] = [];
  try {
    for (const r of toRemove) {
      removeFile(r.abs);
      removed.push(show(r.abs));
    }
    removeFile(path.join(roots.out, JOURNAL));
    for (const r of toRemove) removeEmptyFolders(path.dirname(r.abs), roots.out);
  } catch (error) {
    throw new WriteError(`the new files are in place, but removing an old one failed: ${reason(error)}; the next build finishes the job`);
  }
  return { written, removed, notes, skipped };
}

function upToDate(roots: Roots, files: readonly GeneratedFile[]): boolean {
  const top = listTree(roots.out, false);
  if (top.has(JOURNAL) || [...top].some((n) => TEMP_RE.test(n))) return false;
  try {
    // File by file, stopping at the first that differs (a rebuild then reads the rest once, under the lock).
    const listings = { out: listTree(roots.out, true), handlers: listTree(roots.handlers, false) };
    if (files.some((f) => place(absolutePath(roots, f), listings[f.root].has(f.path)).text !== f.contents)) return false;
    return leftovers(readManifestSync(roots.out), files).every((p) => readTextSync(path.join(roots.out, ...p.split("/"))) === undefined);
  } catch {
    return false; // the locked pass reports it
  }
}

function readManifestSync(out: string): Manifest | undefined {
  try {
    const data = JSON.parse(readRegularSync(path.join(out, MANIFEST))) as Manifest;
    return data && typeof data.files === "object" && data.files !== null ? data : undefined;
  } catch {
    return undefined;
  }
}

/** Puts a replaced file's old bytes (and mode) back; removes it if it did not exist. */
function restore(at: Place): void {
  if (at.text === undefined) {
    removeFile(at.real);
    return;
  }
  const temp = `${at.real}${TEMP_MARK}${process.pid}`;
  const text = at.text;
  fsOp("write", temp, () => writeFileSync(temp, text, "utf8"));
  if (at.mode !== undefined) {
    const mode = at.mode;
    fsOp("chmod", temp, () => chmodSync(temp, mode));
  }
  fsOp("rename", temp, () => renameSync(temp, at.real));
}

/** Runs a clean-up whose own failure must not hide the error being reported (the next build's `recover` finishes it). */
function cleanUp(run: () => void): void {
  try {
    run();
  } catch {
    // Left for the next build: the journal says what to do.
  }
}

/**
 * Writes new files a user owns from then on, into one folder (`toolgen import`'s tool files): each to
 * a temporary name first, then all renamed into place, so a failure leaves none of them half-written
 * (the temporary files are removed). No manifest, no journal: these are not generated files.
 */
export function writeUserFiles(dir: string, files: readonly { path: string; contents: string }[]): string[] {
  if (files.length === 0) return [];
  const temps: string[] = [];
  try {
    fsOp("mkdir", dir, () => mkdirSync(dir, { recursive: true }));
    for (const f of files) {
      const temp = `${path.join(dir, f.path)}${TEMP_MARK}${process.pid}`;
      fsOp("write", temp, () => writeFileSync(temp, f.contents));
      temps.push(temp);
    }
    for (const f of files) {
      const target = path.join(dir, f.path);
      fsOp("rename", target, () => renameSync(`${target}${TEMP_MARK}${process.pid}`, target));
    }
  } catch (error) {
    for (const temp of temps) rmSync(temp, { force: true });
    throw new WriteError(`cannot write in ${show(dir)}: ${reason(error)}`);
  }
  return files.map((f) => path.join(dir, f.path));
}
