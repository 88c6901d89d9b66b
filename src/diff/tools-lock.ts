/**
 * The tools lock of `toolgen import mcp --lock` (`toolgen.mcp-lock.json`): an MCP server's tools exactly as
 * its `tools/list` gave them (name, title, description, input and output schemas, annotations), in its order.
 * `toolgen import mcp --check` diffs it against what the server lists now, and `toolgen diff` takes it as
 * either side: a side of `server:<name>` tools, loaded as a server's are (load/imported.ts). Unlike
 * build's `toolgen.lock.json` (a hash per tool), it keeps the schemas: a diff needs them for its classes
 * and witnesses.
 */
import { UserError } from "../errors.js";
import type { ImportedTool } from "../load/imported.js";
import { readGuarded } from "../load/guarded-read.js";
import { isPlainObject } from "../schema/pointer.js";

/** The lock's file name when `--lock`/`--check` name none. */
export const TOOLS_LOCK_FILE = "toolgen.mcp-lock.json";
/** What marks a file as a tools lock (its `lock` field). */
const KIND = "toolgen mcp tools";
const VERSION = 1;
/** The most bytes a lock is read to: import's own bound on what a server sends is 10 MiB a message. */
const MAX_BYTES = 64 * 1024 * 1024;

/** The lock's text: the tools as listed, with the transport they came over (never a URL or a command: they may hold secrets). */
export function toolsLockText(tools: readonly ImportedTool[], transport: "stdio" | "streamable-http"): string {
  // An ImportedTool read from a server has its fields as MCP names them (name, inputSchema, title, ...).
  return JSON.stringify({ lock: KIND, version: VERSION, transport, tools }, null, 2) + "\n";
}

/** The lock file's tools; a UserError (exit 2) naming `shown` when it is missing or not a tools lock this toolgen reads. */
export function readToolsLock(file: string, shown: string): ImportedTool[] {
  const read = readGuarded(file, MAX_BYTES);
  const fix = "write it with `toolgen import mcp --lock`";
  if (!read.ok) {
    const why = read.why === "missing" ? "not found" : read.why === "not-a-file" ? `is ${read.kind}, not a file` : read.why === "too-large" ? `larger than ${MAX_BYTES / 1024 / 1024} MiB` : `cannot be read (${read.code})`;
    throw new UserError(`${shown}: ${why}; ${fix}`, 2);
  }
  let data: unknown;
  try {
    data = JSON.parse(read.text);
  } catch (error) {
    throw new UserError(`${shown}: not JSON (${(error as Error).message}); ${fix}`, 2);
  }
  if (!isPlainObject(data) || data["lock"] !== KIND) throw new UserError(`${shown}: not a tools lock of toolgen import mcp; ${fix}`, 2);
  if (data["version"] !== VERSION) throw new UserError(`${shown}: tools lock version ${JSON.stringify(data["version"]) ?? "(none)"}, which this toolgen cannot read (it reads ${VERSION}); ${fix}`, 2);
  const tools = data["tools"];
  if (!Array.isArray(tools)) throw new UserError(`${shown}: its "tools" is not an array; ${fix}`, 2);
  return tools.map((t: unknown, i: number): ImportedTool => {
    if (!isPlainObject(t) || typeof t["name"] !== "string") throw new UserError(`${shown}: tools[${i}] is not a tool (an object with a name); ${fix}`, 2);
    const tool: ImportedTool = { name: t["name"], inputSchema: t["inputSchema"] };
    if (typeof t["title"] === "string") tool.title = t["title"];
    if (typeof t["description"] === "string") tool.description = t["description"];
    if (t["outputSchema"] !== undefined) tool.outputSchema = t["outputSchema"];
    if (t["annotations"] !== undefined) tool.annotations = t["annotations"];
    if (t["execution"] !== undefined) tool.execution = t["execution"];
    return tool;
  });
}
