/**
 * Tools read from elsewhere (an MCP server's `tools/list`, OpenAI function definitions) as tool
 * documents: the tool file `toolgen import` writes, and the same documents held in memory as a
 * folder that `toolgen lint --server` and `toolgen diff --base-server` load exactly as they load a
 * schemas folder. Such a folder has no files: each tool is shown as `server:<name>`, with no line or
 * column, and a `$ref` to another file resolves to nothing (a server's schema is self-contained).
 */
import os from "node:os";
import path from "node:path";
import type { SourceFile } from "../model.js";
import { assembleFolder, type LoadedFolder, type LoadOptions } from "./index.js";
import { parseSource } from "./read.js";

/** A tool as read from the source, before naming. */
export interface ImportedTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: unknown;
  outputSchema?: unknown;
  annotations?: unknown;
  execution?: unknown;
  /** OpenAI's `strict` flag (the tool file's `strict`). */
  strict?: boolean;
}

/** The tool file's object: Anthropic fields, then what MCP adds; `original_name` when the name changed. */
export function toolDocument(tool: ImportedTool, name: string, origin: string): Record<string, unknown> {
  const doc: Record<string, unknown> = { name };
  if (name !== tool.name) doc["original_name"] = tool.name;
  doc["x-imported-from"] = origin;
  if (tool.title !== undefined) doc["title"] = tool.title;
  if (tool.description !== undefined) doc["description"] = tool.description;
  if (tool.annotations !== undefined) doc["annotations"] = tool.annotations;
  doc["input_schema"] = tool.inputSchema;
  if (tool.strict !== undefined) doc["strict"] = tool.strict;
  if (tool.outputSchema !== undefined) doc["output_schema"] = tool.outputSchema;
  if (tool.execution !== undefined) doc["execution"] = tool.execution;
  return doc;
}

/** How a server's tool is shown where a folder's findings show a file: `server:<name>`. */
export const SERVER_PREFIX = "server:";

/**
 * A folder where nothing can be: under the null device, which is no directory, so no `$ref` and no
 * file search ever finds a file there.
 */
const NOWHERE = path.join(os.devNull, "toolgen-mcp-server");

/**
 * The server's tools as a loaded folder, one in-memory tool file each, in the server's order: the
 * document `toolgen import` would write (the name kept as the server gives it), parsed as the loader
 * parses a file (depth bound included). Each is shown as `server:<name>` (a name the server lists
 * more than once: `server:<name> (2)`, ...). A `$ref` may name no file: `lookup` says so.
 */
export async function importedFolder(tools: readonly ImportedTool[], origin: string, options: Pick<LoadOptions, "defaultDialect"> = {}): Promise<LoadedFolder> {
  const seen = new Map<string, number>();
  const files: SourceFile[] = [];
  for (let i = 0; i < tools.length; i++) {
    const tool = tools[i]!;
    const count = (seen.get(tool.name) ?? 0) + 1;
    seen.set(tool.name, count);
    const file = await parseSource(path.join(NOWHERE, `${i}.json`), JSON.stringify(toolDocument(tool, tool.name, origin), null, 2), "json");
    file.displayPath = `${SERVER_PREFIX}${tool.name}${count > 1 ? ` (${count})` : ""}`;
    files.push(file);
  }
  const folder = assembleFolder(NOWHERE, files, { refRoots: [], ...options });
  return { ...folder, lookup: (absPath) => Promise.resolve(noFile(absPath)), lookedUp: () => Promise.resolve(files.map((f) => f.absPath)) };
}

/** What a `$ref` to another file finds: a stand-in that "does not parse", saying why (the bundler words it as the ref's error). */
function noFile(absPath: string): SourceFile {
  const message = "a server's tool has no file beside it: its $ref may name only a place in its own schema (#/...)";
  const inside = absPath.startsWith(NOWHERE + path.sep);
  const displayPath = (inside ? path.relative(NOWHERE, absPath) : absPath).split(path.sep).join("/");
  return { absPath, displayPath, format: "json", text: "", parseError: { message, line: 1, column: 1 } };
}

/** The display paths of a folder importedFolder made (for the reports, which then show no file location). */
export function importedPaths(folder: LoadedFolder): Set<string> {
  return new Set(folder.files.map((f) => f.displayPath));
}
