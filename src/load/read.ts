/** Reads the schemas folder: which files are tool files, their text, and each parsed with its positions. */
import path from "node:path";
import type { SourceFile, SourceFormat } from "../model.js";
import { fewBrackets, MAX_NESTING, tooDeep } from "./depth.js";
import { diskFiles, type FileSource } from "./file-source.js";
import { locatePointer } from "./positions.js";
import { markParsed } from "./text-facts.js";

const EXTENSIONS: Record<string, SourceFormat> = { ".json": "json", ".yaml": "yaml", ".yml": "yaml" };

/** By extension, as `path.extname` finds it (a dotfile such as `.json` has none), without its cost. */
export function formatOf(file: string): SourceFormat | undefined {
  const dot = file.lastIndexOf(".");
  if (dot <= 0) return undefined;
  const before = file.charCodeAt(dot - 1);
  if (before === 0x2f || (before === 0x5c && path.sep === "\\")) return undefined; // `/.json`: a dotfile
  const extension = file.slice(dot);
  if (extension === ".json") return "json";
  const lower = extension.toLowerCase();
  return Object.hasOwn(EXTENSIONS, lower) ? EXTENSIONS[lower] : undefined;
}

/** A path under the schemas folder that looks like a schema (or a folder of them) but is not read, and why. */
export interface SkippedPath {
  absPath: string;
  why: string;
}

/**
 * Every schema file under `root`, recursively, sorted by path (code-unit order, `/` separators).
 * Symbolic links are followed (issue 10.16) when their real path is inside `root` or one of
 * `allowed` (the folders a `$ref` may read): a link to a file is read like the file, a link to a
 * folder walked like the folder (once: a link cycle ends there). A link leading elsewhere, a dangling
 * link, and a schema-named path that is not a regular file (a FIFO, a device) are not read, and are
 * listed in `skipped` when given. Read from `files` (default: the disk).
 */
export async function discoverFiles(root: string, allowed: readonly string[] = [], skipped?: SkippedPath[], files: FileSource = diskFiles): Promise<string[]> {
  /** Each file's path from the root, `/`-separated: what the files are sorted by, and (after the root) their path. */
  const found: string[] = [];
  const absRoot = path.resolve(root);
  let realRoots: string[] | undefined;
  const realOr = (p: string) => realOrIn(files, p);
  const seen = new Set<string>([realOr(absRoot)]);
  const inside = (real: string) => {
    realRoots ??= [absRoot, ...allowed].map((r) => realOr(path.resolve(r)));
    return realRoots.some((r) => real === r || real.startsWith(r.endsWith(path.sep) ? r : r + path.sep));
  };
  // Synchronous: a CLI has nothing to do meanwhile, and each thread-pool round trip costs more than the call.
  function walk(dir: string, keyPrefix: string): void {
    const entries = files.list(dir);
    for (const entry of entries) {
      const name = entry.name;
      if (name.startsWith(".") || name === "node_modules") continue;
      const full = dir.endsWith(path.sep) ? dir + name : dir + path.sep + name;
      if (entry.isDirectory()) walk(full, `${keyPrefix}${name}/`);
      else if (entry.isFile()) {
        if (formatOf(name)) found.push(keyPrefix + name);
      } else if (entry.isSymbolicLink()) {
        const info = files.stat(full);
        if (!info) {
          if (formatOf(name)) skipped?.push({ absPath: full, why: "a symbolic link to nothing (dangling): not read" });
          continue;
        }
        const real = realOr(full);
        if (!info.isDirectory() && !formatOf(name)) continue;
        if (!inside(real)) {
          skipped?.push({ absPath: full, why: `a symbolic link to ${real}, outside the schemas folder and the folders a $ref may read: not read (add its folder to "refRoots" to allow it)` });
        } else if (info.isDirectory()) {
          if (seen.has(real)) continue;
          seen.add(real);
          walk(full, `${keyPrefix}${name}/`);
        } else if (info.isFile()) found.push(keyPrefix + name);
        else skipped?.push({ absPath: full, why: "a symbolic link to something that is not a regular file: not read" });
      } else if (formatOf(name)) {
        skipped?.push({ absPath: full, why: "not a regular file (a FIFO, a socket or a device): not read" });
      }
    }
  }
  walk(absRoot, "");
  // The default order is code-unit order, as the keys are all strings.
  found.sort();
  // The walk builds a file's path as the root, then each folder and the name joined with path.sep.
  const prefix = absRoot.endsWith(path.sep) ? absRoot : absRoot + path.sep;
  for (let i = 0; i < found.length; i++) found[i] = prefix + (path.sep === "/" ? found[i]! : found[i]!.replaceAll("/", path.sep));
  return found;
}

/** The real path of `p` in `files`, or `p` when it has none. */
export function realOrIn(files: FileSource, p: string): string {
  try {
    return files.realpath(p);
  } catch {
    return p;
  }
}

export function displayPathOf(absPath: string, cwd: string = process.cwd()): string {
  const rel = path.relative(cwd, absPath);
  return (rel.startsWith("..") || path.isAbsolute(rel) ? absPath : rel).split(path.sep).join("/");
}

/**
 * Reads many files at once. Synchronous reads: for thousands of small files they cost a third of
 * what the thread pool's round trips do, and a CLI has nothing else to do meanwhile. JSON that
 * parses is handled on the spot; YAML and JSON that does not parse take the general path.
 */
export async function readSources(absPaths: readonly string[], cwd?: string, source: FileSource = diskFiles): Promise<SourceFile[]> {
  const display = displayPaths(absPaths, cwd);
  const files: (SourceFile | Promise<SourceFile>)[] = new Array<SourceFile>(absPaths.length);
  let pending = false;
  for (let i = 0; i < absPaths.length; i++) {
    const absPath = absPaths[i]!;
    const text = source.readText(absPath);
    const format = formatOf(absPath) ?? "json";
    if (format === "json") {
      try {
        const file: SourceFile = { absPath, displayPath: display[i]!, format, text, data: JSON.parse(stripBom(text)) };
        markParsed(file);
        files[i] = boundDepth(file);
        continue;
      } catch {
        // Located by parseSource, below.
      }
    }
    files[i] = parseSource(absPath, text, format, cwd);
    pending = true;
  }
  return pending ? Promise.all(files) : (files as SourceFile[]);
}

/**
 * displayPathOf for many files, most of them in one folder: `path.relative` once per folder, and
 * the file name appended (what `path.relative` would give, for a fraction of the cost).
 */
export function displayPaths(absPaths: readonly string[], cwd: string = process.cwd()): string[] {
  const byFolder = new Map<string, string>();
  return absPaths.map((absPath) => {
    // The folder is everything before the last separator (path.dirname, for a file at a root).
    const cut = absPath.lastIndexOf(path.sep);
    const folder = cut > 0 && absPath.charCodeAt(cut - 1) !== 0x3a ? absPath.slice(0, cut) : path.dirname(absPath);
    const name = absPath.slice(folder.length + (folder.endsWith(path.sep) ? 0 : 1));
    let shown = byFolder.get(folder);
    if (shown === undefined) {
      shown = displayPathOf(folder, cwd);
      byFolder.set(folder, shown);
    }
    return shown === "" || shown.endsWith("/") ? shown + name : `${shown}/${name}`;
  });
}

/** Reads and parses one file (from `files`, default the disk). Parse failures are recorded on the result, never thrown. */
export async function readSource(absPath: string, cwd?: string, files: FileSource = diskFiles): Promise<SourceFile> {
  const format = formatOf(absPath) ?? "json";
  if (files !== diskFiles) return parseSource(absPath, files.readText(absPath), format, cwd);
  // node:fs/promises loads here (read-async.ts), not with this module: ~2 ms of every lint start-up.
  const { readText } = await import("./read-async.js");
  const text = await readText(absPath);
  return parseSource(absPath, text, format, cwd);
}

export async function parseSource(
  absPath: string,
  text: string,
  format: SourceFormat,
  cwd?: string,
): Promise<SourceFile> {
  const file: SourceFile = { absPath, displayPath: displayPathOf(absPath, cwd), format, text };
  if (format === "json") {
    try {
      file.data = JSON.parse(stripBom(text));
      markParsed(file);
    } catch (error) {
      file.parseError = await jsonErrorPosition(text, error);
    }
  } else {
    const { parseYaml } = await import("./yaml.js");
    const result = parseYaml(text);
    if ("error" in result) file.parseError = result.error;
    else file.data = result.data;
  }
  return file.parseError ? file : boundDepth(file);
}

/**
 * A document nested deeper than MAX_NESTING (or cyclic, through YAML aliases) loses its data and
 * becomes a parse error at the first value too deep: nothing downstream ever walks it.
 */
function boundDepth(file: SourceFile): SourceFile {
  if (file.format === "json" && fewBrackets(file.text)) return file;
  const pointer = tooDeep(file.data);
  if (pointer === undefined) return file;
  const position = locatePointer(file, pointer);
  delete file.data;
  file.parseError = {
    message: `nested deeper than ${MAX_NESTING} levels of objects and arrays${file.format === "yaml" ? " (or an alias inside its own anchor)" : ""}: no schema needs that much, flatten it`,
    ...position,
  };
  return file;
}

function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Line and column of a JSON syntax error, found with a parser that keeps offsets. */
async function jsonErrorPosition(
  text: string,
  error: unknown,
): Promise<{ message: string; line: number; column: number }> {
  const { locateJsonSyntaxError } = await import("./json-syntax.js");
  const located = locateJsonSyntaxError(text);
  const fallback = error instanceof Error ? error.message : String(error);
  return located ?? { message: fallback, line: 1, column: 1 };
}
