import path from "node:path";
import { statSync, type Stats } from "node:fs";
import type { BundledTool, Diagnostic, SourceFile, ToolSpec } from "../model.js";
import { UsageError } from "../errors.js";
import { bundleTool } from "./bundle.js";
import { discoverFiles, readSource, readSources } from "./read.js";
import { collectTools } from "./tools.js";

export interface LoadedFolder {
  root: string;
  /** Every file under the root, in stable order. */
  files: SourceFile[];
  /** Tools sorted by name (code-unit order). */
  tools: ToolSpec[];
  diagnostics: Diagnostic[];
  /** Reads (once) any file a `$ref` names, inside the folder or not. */
  lookup(absPath: string): Promise<SourceFile | undefined>;
  /** Absolute paths of every file read so far that exists (the folder's, and those `$ref`s named). */
  lookedUp(): Promise<string[]>;
}

/** folder -> files -> ToolSpec[], with parse, shape and duplicate-name diagnostics. */
export async function loadFolder(root: string): Promise<LoadedFolder> {
  const absRoot = path.resolve(root);
  let info: Stats | undefined;
  try {
    info = statSync(absRoot, { throwIfNoEntry: false });
  } catch {
    info = undefined;
  }
  if (!info?.isDirectory()) throw new UsageError(`schemas folder not found: ${root}`);
  const paths = await discoverFiles(absRoot);
  const files = await readSources(paths);
  return assembleFolder(absRoot, files);
}

/**
 * A LoadedFolder from files already read (used by `loadFolder`, by `toolgen lint` for files named
 * outside the schemas folder, and by tests that build a folder in memory).
 */
export function assembleFolder(root: string, files: SourceFile[]): LoadedFolder {
  const absRoot = path.resolve(root);
  const byPath = new Map<string, SourceFile>(files.map((f) => [f.absPath, f]));
  /** Files read for a `$ref`, outside `files`. */
  const cache = new Map<string, Promise<SourceFile | undefined>>();
  const lookup = (absPath: string) => {
    const known = byPath.get(absPath);
    if (known) return Promise.resolve(known);
    let hit = cache.get(absPath);
    if (!hit) {
      hit = readSource(absPath).catch(() => undefined);
      cache.set(absPath, hit);
    }
    return hit;
  };
  const { tools, diagnostics } = collectTools(files);
  tools.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const lookedUp = async () => {
    const entries = await Promise.all([...cache].map(async ([p, f]) => ((await f) ? p : undefined)));
    return [...byPath.keys(), ...entries.filter((p): p is string => p !== undefined && !byPath.has(p))].sort();
  };
  return { root: absRoot, files, tools, diagnostics, lookup, lookedUp };
}

/** Bundles every tool; tools whose references cannot be resolved are left out and reported. */
export async function bundleTools(
  loaded: LoadedFolder,
): Promise<{ tools: BundledTool[]; diagnostics: Diagnostic[] }> {
  // bundleTool shares the input schema of a tool that references no other file (it walks the parsed data).
  const results = await Promise.all(loaded.tools.map((t) => bundleTool(t, loaded.lookup)));
  const tools: BundledTool[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const r of results) {
    if (r.tool) tools.push(r.tool);
    if (r.diagnostics.length > 0) diagnostics.push(...r.diagnostics);
  }
  return { tools, diagnostics };
}
