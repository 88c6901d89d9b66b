/**
 * Where the loader reads files from: the disk (the default, node:fs as it is), or a set of files held
 * in memory under a folder that is nowhere on disk (a git revision `toolgen diff` reads with
 * `git cat-file --batch`: src/diff/sides.ts). The schemas folder's walk (read.ts discoverFiles), its
 * reads (readSources), the `$ref` lookups and their confinement (index.ts), and the config search
 * (commands/config.ts) all ask through it, so a revision loads exactly as a folder does, with no
 * scratch copy on disk.
 */
import { readdirSync, readFileSync, realpathSync, statSync } from "node:fs";
import path from "node:path";
import { readGuarded, type GuardedRead } from "./guarded-read.js";

/** A folder entry, as `readdirSync(dir, { withFileTypes: true })` gives it. */
export interface FileEntry {
  name: string;
  isFile(): boolean;
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
}

/** What is at a path (links followed), as `statSync` gives it. */
export interface FileInfo {
  isFile(): boolean;
  isDirectory(): boolean;
}

export interface FileSource {
  /** The entries of a folder; throws when it is none (as readdirSync does). */
  list(dir: string): readonly FileEntry[];
  /** What is at `p` (links followed); undefined when nothing is. May throw (EACCES, a loop of links). */
  stat(p: string): FileInfo | undefined;
  /** A file's text (UTF-8); throws when it cannot be read. */
  readText(p: string): string;
  /** The path with every link resolved; throws when nothing is there. */
  realpath(p: string): string;
  /** A small file's text, never blocking and at most `maxBytes` (guarded-read.ts); throws nothing. */
  readGuarded(p: string, maxBytes: number): GuardedRead;
}

const UTF8 = { encoding: "utf8" } as const;
const WITH_TYPES = { withFileTypes: true } as const;
const NO_THROW = { throwIfNoEntry: false } as const;

/** The disk, through node:fs: what the loader reads when told nothing else. */
export const diskFiles: FileSource = {
  list: (dir) => readdirSync(dir, WITH_TYPES),
  stat: (p) => statSync(p, NO_THROW),
  readText: (p) => readFileSync(p, UTF8),
  realpath: (p) => realpathSync(p),
  readGuarded,
};

/** Whether anything is at `p` (as existsSync: an error counts as nothing). */
export function exists(files: FileSource, p: string): boolean {
  try {
    return files.stat(p) !== undefined;
  } catch {
    return false;
  }
}

const FILE: FileEntry & FileInfo = { name: "", isFile: () => true, isDirectory: () => false, isSymbolicLink: () => false };
const FOLDER: FileEntry & FileInfo = { name: "", isFile: () => false, isDirectory: () => true, isSymbolicLink: () => false };

function missing(p: string): Error {
  return Object.assign(new Error(`ENOENT: no such file or directory, '${p}'`), { code: "ENOENT" });
}

/**
 * Files held in memory, under the folder `root` (an absolute path that need not exist on disk): each
 * file by its path from `root` (`/`-separated) with its bytes, and `folders` that exist even when
 * empty. Every folder on the way to a file exists. Nothing outside `root` exists; there are no links.
 */
export function memoryFiles(root: string, files: Iterable<readonly [string, Uint8Array]>, folders: readonly string[] = []): FileSource {
  const absRoot = path.resolve(root);
  const bodies = new Map<string, Uint8Array>();
  /** Each folder's entries, by name. */
  const tree = new Map<string, Map<string, FileEntry>>([[absRoot, new Map()]]);
  const addFolder = (abs: string): Map<string, FileEntry> => {
    let entries = tree.get(abs);
    if (entries) return entries;
    entries = new Map();
    tree.set(abs, entries);
    addFolder(path.dirname(abs)).set(path.basename(abs), { ...FOLDER, name: path.basename(abs) });
    return entries;
  };
  const at = (rel: string) => path.join(absRoot, ...rel.split("/").filter(Boolean));
  for (const folder of folders) addFolder(at(folder));
  for (const [rel, body] of files) {
    const abs = at(rel);
    bodies.set(abs, body);
    addFolder(path.dirname(abs)).set(path.basename(abs), { ...FILE, name: path.basename(abs) });
  }
  const stat = (p: string): FileInfo | undefined => {
    const abs = path.resolve(p);
    return bodies.has(abs) ? FILE : tree.has(abs) ? FOLDER : undefined;
  };
  return {
    list: (dir) => {
      const entries = tree.get(path.resolve(dir));
      if (!entries) throw missing(dir);
      return [...entries.values()];
    },
    stat,
    readText: (p) => {
      const body = bodies.get(path.resolve(p));
      if (!body) throw missing(p);
      return Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString("utf8");
    },
    realpath: (p) => {
      if (!stat(p)) throw missing(p);
      return path.resolve(p);
    },
    readGuarded: (p, maxBytes) => {
      const abs = path.resolve(p);
      const body = bodies.get(abs);
      if (!body) return tree.has(abs) ? { ok: false, why: "not-a-file", kind: "a folder" } : { ok: false, why: "missing" };
      if (body.byteLength > maxBytes) return { ok: false, why: "too-large", maxBytes };
      return { ok: true, text: Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString("utf8") };
    },
  };
}
