/**
 * What is on disk now for the files a build writes (the writer's half that reads, which the build stage
 * also needs for the handlers folder): each file or the end of its chain of links, read only when it is
 * a regular file, and a watch session's rebuild trusts its memory of a file whose stat did not change
 * (disk-memo.ts). A failure is a `WriteError` naming the file, never an internal error.
 */
import { closeSync, constants, fstatSync, lstatSync, openSync, readdirSync, readFileSync, realpathSync, statSync } from "node:fs";
import path from "node:path";
import { UserError } from "../errors.js";
import type { GeneratedFile } from "../model.js";
import { recalled, remember, statBeforeRead } from "./disk-memo.js";
import { absolutePath, show, type Roots } from "./roots.js";

/** A file-system failure while writing (no space, permissions, a folder in the way...): exit 1, with the file named. */
export class WriteError extends UserError {
  override name = "WriteError";
  constructor(message: string) {
    super(message, 1);
  }
}

export function errno(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

/** A readable reason for a file-system error. */
export function reason(error: unknown): string {
  const code = errno(error);
  const known: Record<string, string> = {
    ENOSPC: "no space left on the device",
    EDQUOT: "disk quota exceeded",
    EACCES: "permission denied",
    EPERM: "operation not permitted (is the file immutable or locked?)",
    EROFS: "the file system is read-only",
    EISDIR: "a folder is in the way",
    ENOTDIR: "a file is in the way of a folder",
    ENOENT: "no such file or folder",
    EBUSY: "the file is busy",
    ENOTREG: "it is not a regular file (a FIFO, socket or device)",
  };
  // ENOTREG is this module's own code (readRegularSync), not the system's: not shown.
  return code && known[code] ? `${known[code]}${code === "ENOTREG" ? "" : ` (${code})`}` : error instanceof Error ? error.message : String(error);
}

/** Opens non-blocking (a FIFO opens at once) and reads only what fstat says is a regular file (links followed). */
const READ_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

export function readRegularSync(file: string): string {
  const fd = openSync(file, READ_FLAGS);
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) {
      const code = stat.isDirectory() ? "EISDIR" : "ENOTREG";
      throw Object.assign(new Error(`${code}: not a regular file, read '${file}'`), { code, path: file });
    }
    return readFileSync(fd, "utf8");
  } finally {
    closeSync(fd);
  }
}

export async function readText(file: string): Promise<string | undefined> {
  return readTextSync(file);
}

export function readTextSync(file: string): string | undefined {
  try {
    return readRegularSync(file);
  } catch (error) {
    if (errno(error) === "ENOENT") return undefined;
    throw error;
  }
}

/** Relative paths (forward slashes) of every file or link under `dir`; empty when it does not exist. */
export function listTree(dir: string, recursive: boolean): Set<string> {
  try {
    return new Set(
      readdirSync(dir, { recursive, withFileTypes: true })
        .filter((e) => e.isFile() || e.isSymbolicLink())
        .map((e) => relativeName(dir, e.parentPath, e.name)),
    );
  } catch {
    return new Set();
  }
}

/** `name` in `parent`, relative to `dir`, with forward slashes (by slicing when it can: every build lists thousands). */
function relativeName(dir: string, parent: string, name: string): string {
  if (parent === dir) return name;
  if (parent.startsWith(dir + path.sep)) return `${parent.slice(dir.length + 1).split(path.sep).join("/")}/${name}`;
  return path.relative(dir, path.join(parent, name)).split(path.sep).join("/");
}

/** Where a file's bytes live: the file itself, or the end of its chain of links. */
export interface Place {
  /** The path the build names. */
  target: string;
  /** The path to write (the link's destination for a link). */
  real: string;
  /** The current text; undefined when missing. */
  text: string | undefined;
  /** The current permission bits; undefined when missing. */
  mode: number | undefined;
}

export function place(abs: string, listed: boolean): Place {
  if (!listed) {
    // Not listed as a file or link: missing, or something else (a folder) is in the way.
    let stat;
    try {
      stat = lstatSync(abs);
    } catch (error) {
      if (errno(error) === "ENOENT" || errno(error) === "ENOTDIR") return { target: abs, real: abs, text: undefined, mode: undefined };
      throw new WriteError(`cannot write ${show(abs)}: ${reason(error)}; nothing was written`);
    }
    if (stat.isDirectory()) throw new WriteError(`cannot write ${show(abs)}: a folder is in the way; move it, then build again (nothing was written)`);
    throw new WriteError(`cannot write ${show(abs)}: it is not a regular file; nothing was written`);
  }
  // A watch session's rebuild: an unchanged regular file, verified by its stat, is not read again (disk-memo.ts).
  const before = statBeforeRead(abs);
  const known = recalled(abs, before);
  if (known !== undefined) return { target: abs, real: abs, text: known.text, mode: known.mode };
  let real: string;
  try {
    real = realpathSync.native(abs); // one system call (the JS version lstat()s every path component)
  } catch (error) {
    if (errno(error) === "ENOENT") {
      throw new WriteError(`${show(abs)} is a symbolic link to a file that does not exist (dangling link); remove or fix it, then build again (nothing was written)`);
    }
    throw new WriteError(`cannot read ${show(abs)}: ${reason(error)}; nothing was written`);
  }
  try {
    const stat = statSync(real);
    if (stat.isDirectory()) throw new WriteError(`cannot write ${show(abs)}: a folder is in the way; move it, then build again (nothing was written)`);
    const text = readRegularSync(real);
    remember(abs, before, text);
    return { target: abs, real, text, mode: stat.mode & 0o7777 };
  } catch (error) {
    if (error instanceof WriteError) throw error;
    throw new WriteError(`cannot read ${show(abs)}: ${reason(error)}; nothing was written`);
  }
}

/**
 * What is on disk now for each file. The folders are listed once and only files that exist are
 * read: opening thousands of files that a first build has not written yet costs more than the
 * build's own work. Synchronous: a CLI has nothing else to do meanwhile.
 */
export function currentPlaces(roots: Roots, files: readonly GeneratedFile[]): Place[] {
  const listings = { out: listTree(roots.out, true), handlers: listTree(roots.handlers, false) };
  return files.map((file) => place(absolutePath(roots, file), listings[file.root].has(file.path)));
}

/** Reads what is on disk for `files` now, and nothing else (a watch session's warm-up: disk-memo.ts records it); never throws. */
export function readCurrent(roots: Roots, files: readonly GeneratedFile[]): void {
  try {
    currentPlaces(roots, files);
  } catch {
    // The next build reports it.
  }
}

/** Every handler file's text, by file stem; a dangling link or an unreadable file is a WriteError naming it. */
export function readHandlerTexts(dir: string, names: readonly string[]): Map<string, string | undefined> {
  return new Map(names.map((name) => [name.slice(0, -3), place(path.join(dir, name), true).text]));
}
