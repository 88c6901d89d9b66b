/** The load stage: a schemas folder to parsed tool files, with positions and typed problems, then bundled. */
import path from "node:path";
import type { BundledTool, SourceFile, ToolSpec } from "../model.js";
import { UsageError } from "../errors.js";
import { bundleInPlace, bundleTool, type FileLookup } from "./bundle.js";
import { outputSchemaOf, withBundledOutputSchema } from "./bundle-output.js";
import { diskFiles, type FileInfo, type FileSource } from "./file-source.js";
import { discoverFiles, displayPathOf, formatOf, readSource, readSources, realOrIn, type SkippedPath } from "./read.js";
import { collectTools } from "./tools.js";
import type { LoadProblem, RefProblem } from "./problems.js";
import { DEFAULT_DIALECT, DIALECT_URI, type DialectName } from "../schema/dialect.js";
import { isPlainObject } from "../schema/pointer.js";

export interface LoadedFolder {
  root: string;
  /** Every file under the root, in stable order. */
  files: SourceFile[];
  /** Tools sorted by name (code-unit order). */
  tools: ToolSpec[];
  /** What the loader found wrong (parse, shape, duplicate names), as typed data (the lint stage words them: lint/load-problems.ts). */
  problems: LoadProblem[];
  /** Reads (once) any file a `$ref` names, inside the folder or not. */
  lookup(absPath: string): Promise<SourceFile | undefined>;
  /** Absolute paths of every file read so far that exists (the folder's, and those `$ref`s named). */
  lookedUp(): Promise<string[]>;
}

export interface LoadOptions {
  /**
   * Folders besides the schemas folder whose files a `$ref` may read (issue 10.15). Default: the
   * working directory (the CLI passes the folder holding the config file, and the config's
   * `refRoots`). A `$ref` to anything else, or to what is not a regular file, does not resolve.
   */
  refRoots?: readonly string[];
  /**
   * The dialect of a schema without `$schema` (the config's `defaultDialect`; schema/dialect.ts).
   * Other than 2020-12, each tool's input and output schema without one is given its `$schema`.
   */
  defaultDialect?: DialectName;
  /**
   * Where the folder's files, and those a `$ref` names, are read from (load/file-source.ts): the disk
   * by default, or files held in memory (a git revision `toolgen diff` reads).
   */
  files?: FileSource;
}

/** folder -> files -> ToolSpec[], with parse, shape and duplicate-name problems. */
export async function loadFolder(root: string, options: LoadOptions = {}): Promise<LoadedFolder> {
  const absRoot = path.resolve(root);
  const source = options.files ?? diskFiles;
  let info: FileInfo | undefined;
  try {
    info = source.stat(absRoot);
  } catch {
    info = undefined;
  }
  if (!info?.isDirectory()) throw new UsageError(`schemas folder not found: ${root}`);
  const skipped: SkippedPath[] = [];
  const paths = await discoverFiles(absRoot, options.refRoots ?? [process.cwd()], skipped, source);
  const files = await readSources(paths, undefined, source);
  // A path that looks like a schema but is not read is reported where it is (as a file that does not parse).
  const unread = skipped.map((s): SourceFile => ({ ...refusedFile(s.absPath, s.why), format: formatOf(s.absPath) ?? "json" }));
  if (unread.length > 0) {
    files.push(...unread);
    files.sort((a, b) => (a.absPath < b.absPath ? -1 : a.absPath > b.absPath ? 1 : 0));
  }
  return assembleFolder(absRoot, files, options);
}

/**
 * A LoadedFolder from files already read (used by `loadFolder`, by `toolgen lint` for files named
 * outside the schemas folder, and by tests that build a folder in memory).
 */
export function assembleFolder(root: string, files: SourceFile[], options: LoadOptions = {}): LoadedFolder {
  const absRoot = path.resolve(root);
  const byPath = new Map<string, SourceFile>();
  for (let i = 0; i < files.length; i++) byPath.set(files[i]!.absPath, files[i]!);
  /** Files read for a `$ref`, outside `files`. */
  const cache = new Map<string, Promise<SourceFile | undefined>>();
  /** Files a `$ref` named that may not be read: never opened. */
  const refused = new Set<string>();
  const source = options.files ?? diskFiles;
  const confinement = refConfinement([absRoot, ...(options.refRoots ?? [process.cwd()])], source);
  const lookup = (absPath: string) => {
    const known = byPath.get(absPath);
    if (known) return Promise.resolve(known);
    let hit = cache.get(absPath);
    if (!hit) {
      const why = confinement(absPath);
      if (why === null) hit = Promise.resolve(undefined);
      else if (why !== undefined) {
        refused.add(absPath);
        hit = Promise.resolve(refusedFile(absPath, why));
      } else hit = readSource(absPath, undefined, source).catch(() => undefined);
      cache.set(absPath, hit);
    }
    return hit;
  };
  const { tools, problems } = collectTools(files);
  if (options.defaultDialect !== undefined && options.defaultDialect !== DEFAULT_DIALECT) withDefaultDialect(tools, options.defaultDialect);
  // Files come sorted by path, and tools are most often named as their files: sorted already.
  if (!sortedByName(tools)) tools.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const lookedUp = async () => {
    const entries = await Promise.all([...cache].map(async ([p, f]) => ((await f) && !refused.has(p) ? p : undefined)));
    return [...byPath.keys(), ...entries.filter((p): p is string => p !== undefined && !byPath.has(p))].sort();
  };
  return { root: absRoot, files, tools, problems, lookup, lookedUp };
}

/**
 * Gives each tool's input and output schema without `$schema` the default dialect's, first among its
 * keys (as a person would write it), so that every stage, every output and the client read it alike.
 * The schemas are the loader's own parse of the files (never a caller's objects); pointers and
 * positions of the other keys are unchanged.
 */
function withDefaultDialect(tools: readonly ToolSpec[], dialect: DialectName): void {
  const declare = (schema: unknown) => {
    if (!isPlainObject(schema) || Object.hasOwn(schema, "$schema")) return;
    const entries = Object.entries(schema);
    for (const [key] of entries) delete schema[key];
    schema["$schema"] = DIALECT_URI[dialect];
    for (const [key, value] of entries) Object.defineProperty(schema, key, { value, enumerable: true, writable: true, configurable: true });
  };
  for (const tool of tools) {
    declare(tool.inputSchema);
    const data = tool.source.data;
    if (isPlainObject(data)) declare(data["output_schema"] ?? data["outputSchema"]);
  }
}

/**
 * Whether a `$ref` may read `absPath`: `undefined` when it may, `null` when there is no such file,
 * otherwise why not. Checked with `stat` (following links) before anything is opened, so a FIFO or a
 * device is never read; and with the real path, so a link cannot lead out of the allowed folders.
 */
function refConfinement(roots: readonly string[], files: FileSource): (absPath: string) => string | undefined | null {
  let real: string[] | undefined;
  const cwd = process.cwd();
  const realOr = (p: string) => realOrIn(files, p);
  return (absPath) => {
    let info: FileInfo | undefined;
    try {
      info = files.stat(absPath);
    } catch {
      return null;
    }
    if (!info) return null;
    if (!info.isFile()) return "it is not a regular file";
    real ??= roots.map((r) => realOr(path.resolve(r)));
    const target = realOr(absPath);
    if (real.some((r) => target === r || target.startsWith(r.endsWith(path.sep) ? r : r + path.sep))) return undefined;
    const shown = roots.map((r) => displayPathOf(path.resolve(r), cwd) || ".");
    return `it is outside the folders a $ref may read (${[...new Set(shown)].join(", ")}); add its folder to "refRoots" in toolgen.config.json to allow it`;
  };
}

function sortedByName(tools: readonly ToolSpec[]): boolean {
  for (let i = 1; i < tools.length; i++) if (tools[i - 1]!.name > tools[i]!.name) return false;
  return true;
}

/** A stand-in for a file a `$ref` may not read: never opened, it "does not parse" for the reason given. */
function refusedFile(absPath: string, why: string): SourceFile {
  return { absPath, displayPath: displayPathOf(absPath), format: "json", text: "", parseError: { message: why, line: 1, column: 1 } };
}

/** Bundles every tool; tools whose references cannot be resolved are left out, with typed problems (lint/load-problems.ts words them). */
export async function bundleTools(
  loaded: LoadedFolder,
): Promise<{ tools: BundledTool[]; problems: RefProblem[] }> {
  const list = loaded.tools;
  // Most tools are bundled on the spot (bundleInPlace: no copy, no promise); the others all start
  // at once (they may read files), are awaited together, and every result is taken in the tools' order.
  const now: (BundledTool | readonly RefProblem[] | undefined)[] = new Array<undefined>(list.length);
  let pending: Promise<Bundled>[] | undefined;
  for (let i = 0; i < list.length; i++) {
    const result = bundledNow(list[i]!);
    now[i] = result;
    if (result === undefined) (pending ??= []).push(bundleFully(list[i]!, loaded.lookup));
  }
  const later = pending === undefined ? undefined : await Promise.all(pending);
  const tools: BundledTool[] = [];
  const problems: RefProblem[] = [];
  for (let i = 0, k = 0; i < now.length; i++) {
    const result = now[i];
    if (result === undefined) {
      const r = later![k++]!;
      if (r.tool) tools.push(r.tool);
      if (r.problems.length > 0) problems.push(...r.problems);
    } else if ("bundledSchema" in result) tools.push(result);
    else problems.push(...result);
  }
  return { tools, problems };
}

type Bundled = { tool?: BundledTool; problems: readonly RefProblem[] };

/**
 * A tool's bundle (its input schema, and its MCP output schema when it has one), or why it has none,
 * when bundleInPlace can say it; `undefined` when the full bundler must.
 */
function bundledNow(tool: ToolSpec): BundledTool | readonly RefProblem[] | undefined {
  const input = bundleInPlace(tool, { schema: tool.inputSchema, pointer: "/input_schema" });
  if (input === undefined) return undefined;
  if (input.length > 0) return input;
  const output = outputSchemaOf(tool);
  if (output === undefined) return { ...tool, bundledSchema: tool.inputSchema };
  const found = bundleInPlace(tool, output);
  if (found === undefined) return undefined;
  if (found.length > 0) return found;
  return { ...tool, bundledSchema: tool.inputSchema, bundledOutputSchema: output.schema };
}

async function bundleFully(tool: ToolSpec, lookup: FileLookup): Promise<Bundled> {
  const r = await bundleTool(tool, lookup);
  // An MCP output schema is bundled the same way (bundle-output.ts).
  if (!r.tool) return r;
  const o = await withBundledOutputSchema(r.tool, lookup);
  return { ...o, problems: [...r.problems, ...o.problems] };
}
