/**
 * `toolgen import`: writes one tool file per tool of an existing MCP server (stdio or Streamable
 * HTTP) or of an OpenAI function-definition file into the schemas folder, then prints a lint report.
 * Names are sanitised to a portable pattern (Anthropic's characters, OpenAI's 64); the original name is kept in
 * `original_name`.
 * An existing file is never overwritten without `force`. A stdio server gets toolgen's environment
 * (its API keys), or with `env` only the named keys beside the SDK's defaults (HOME, PATH, ...).
 * Names and messages from the source are untrusted: printed escaped (lint's escapeControl).
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { loadConfig } from "./config.js";
import { UsageError, UserError } from "../errors.js";
import { MAX_NESTING, tooDeep } from "../load/depth.js";
import { escapeControl } from "../lint/formatters/escape.js";
import type { GeneratedFile } from "../model.js";
import { isPlainObject as isRecord } from "../schema/pointer.js";
import { writeUserFiles } from "../write.js";
import { writeReport } from "../report/file.js";
import { standardError, standardOutput, type OutputStream } from "../report/std-output.js";
import { toolDocument, type ImportedTool } from "../load/imported.js";
import { connectionTarget, listMcpTools, redacted, serverEnvironment } from "./mcp-server.js";
import { TOOLS_LOCK_FILE, toolsLockText } from "../diff/tools-lock.js";

export interface ImportFlags {
  source: string;
  /** `openai`: the JSON file. */
  file?: string;
  /** `mcp`: a Streamable HTTP endpoint. */
  url?: string;
  /** `mcp`: the command (and its arguments) that starts a stdio server. */
  command?: readonly string[];
  /** `mcp` over stdio: pass only these variables (beside the SDK's defaults), not the whole environment. */
  env?: readonly string[];
  /** `mcp` over stdio: the largest message read from the server (default: the SDK's 10 MiB). */
  maxMessageBytes?: number;
  /** `mcp` over Streamable HTTP: `--header "Name: value"` (repeatable), sent with every request; never shown. */
  headers?: readonly string[];
  /** `mcp`: `--server-timeout MS`, the bound on the server's start and on each tools/list page (default: the SDK's 60 s). */
  serverTimeout?: number;
  /** `mcp`: `--lock [file]`: also write the tools lock, the server's tools as listed ("": toolgen.mcp-lock.json). */
  lock?: string;
  /**
   * `mcp`: `--check [file]`: write nothing; diff the server's tools against the tools lock and fail (exit 1) on a
   * change that breaks a client generated from the lock ("": toolgen.mcp-lock.json).
   */
  check?: string;
  /** Where a relative lock file is (default: the process's working directory). */
  cwd?: string;
  schemas?: string;
  config?: string;
  force?: boolean;
  /** Skip the closing lint report (tests). */
  lint?: boolean;
  stdout?: OutputStream;
  stderr?: OutputStream;
}

/**
 * The portable tool-name pattern: the Anthropic API's characters (its own limit is 128, src/lint/name-format.ts)
 * within 64, which OpenAI's function names, Claude Desktop and `tool_reference` blocks allow
 * (targets/openai/facts.ts, targets/anthropic/facts.ts `portableToolNameMax`): an imported name works for every target.
 */
export const PORTABLE_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/** A name matching the portable pattern: other characters become `_`, at most 64 characters. */
export function sanitiseName(name: string): string {
  const cleaned = name.replace(/[^a-zA-Z0-9_-]/g, "_").slice(0, 64);
  return cleaned === "" ? "tool" : cleaned;
}

/** Reads OpenAI function definitions: Chat Completions `{type, function: {...}}` or the Responses flat form. */
export function readOpenAiTools(data: unknown, display: string): ImportedTool[] {
  const list = Array.isArray(data) ? data : isRecord(data) && "tools" in data ? data["tools"] : isRecord(data) ? [data] : undefined;
  if (!Array.isArray(list)) throw new UserError(`${display}: expected an array of function definitions, or an object with a "tools" array`);
  return (list as unknown[]).map((item: unknown, i: number) => {
    if (!isRecord(item)) throw new UserError(`${display}: tools[${i}] is not an object`);
    if (item["type"] !== undefined && item["type"] !== "function") {
      throw new UserError(`${display}: tools[${i}] has type '${escapeControl(String(item["type"]))}'; only "function" tools can be imported`);
    }
    const fn = isRecord(item["function"]) ? item["function"] : item;
    const name = fn["name"];
    if (typeof name !== "string" || name === "") throw new UserError(`${display}: tools[${i}] has no name`);
    const tool: ImportedTool = { name, inputSchema: fn["parameters"] ?? { type: "object", properties: {} } };
    if (typeof fn["description"] === "string") tool.description = fn["description"];
    // Chat Completions puts `strict` beside `parameters`, the Responses form beside `name`: both in `fn`.
    if (typeof fn["strict"] === "boolean") tool.strict = fn["strict"];
    return tool;
  });
}

/**
 * The tool file's text. A document nested deeper than the loader's bound would be refused by every
 * later command (and overflows JSON.stringify long before 100,000 levels): a user error here, naming
 * the tool, the bound and where it is passed, checked without recursion.
 */
export function toolFile(tool: ImportedTool, name: string, origin: string, source: string = origin): string {
  const doc = toolDocument(tool, name, origin);
  const deep = tooDeep(doc, MAX_NESTING);
  if (deep !== undefined) {
    throw new UserError(`${source}: tool '${escapeControl(tool.name)}': nested deeper than ${MAX_NESTING} levels (toolgen's limit for a tool file) at #${escapeControl(deep)}`);
  }
  return JSON.stringify(doc, null, 2) + "\n";
}

/** Runs the import; returns the exit code (0; 1 when an existing file was kept). */
export async function runImport(flags: ImportFlags): Promise<number> {
  let stdout = flags.stdout ?? standardOutput;
  let stderr = flags.stderr ?? standardError;
  let tools: ImportedTool[];
  /** The tools lock's text, with `--lock`. */
  let lockText: string | undefined;
  let origin: string;
  /** What a message names as the tools' source. */
  let source: string;
  if (flags.maxMessageBytes !== undefined) {
    if (flags.source !== "mcp" || flags.url !== undefined) throw new UsageError("--max-message-bytes bounds what a stdio MCP server sends (toolgen import mcp --max-message-bytes N -- <command>)");
    if (!(Number.isSafeInteger(flags.maxMessageBytes) && flags.maxMessageBytes > 0)) throw new UsageError("--max-message-bytes must be a positive whole number of bytes");
  }
  if (flags.env !== undefined && (flags.source !== "mcp" || flags.url !== undefined)) {
    throw new UsageError("--env names the variables a stdio MCP server gets (toolgen import mcp --env KEY -- <command>)");
  }
  if (flags.source !== "mcp") {
    const stray = [["--header", flags.headers], ["--server-timeout", flags.serverTimeout], ["--lock", flags.lock], ["--check", flags.check]].find(([, v]) => v !== undefined);
    if (stray !== undefined) throw new UsageError(`${String(stray[0])} is for an MCP server's tools (toolgen import mcp ...)`);
  }
  if (flags.source === "openai") {
    if (flags.file === undefined) throw new UsageError("name the file: toolgen import openai <file.json>");
    let text: string;
    try {
      text = await readFile(flags.file, "utf8");
    } catch (error) {
      throw new UserError(`cannot read ${flags.file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
    }
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (error) {
      throw new UserError(`${flags.file}: not JSON (${error instanceof Error ? error.message : String(error)})`);
    }
    tools = readOpenAiTools(data, flags.file);
    origin = `openai:${path.basename(flags.file)}`;
    source = flags.file;
  } else if (flags.source === "mcp") {
    if (flags.url !== undefined && (flags.command?.length ?? 0) > 0) throw new UsageError("give either --url or a command after --, not both");
    if (flags.lock !== undefined && flags.check !== undefined) throw new UsageError("give --lock (write the tools lock) or --check (compare the server with it), not both");
    const where = flags.url !== undefined ? { url: flags.url } : { command: flags.command ?? [] };
    const connection = { ...(flags.headers !== undefined ? { headers: flags.headers } : {}), ...(flags.serverTimeout !== undefined ? { serverTimeout: flags.serverTimeout } : {}), ...(flags.maxMessageBytes !== undefined ? { maxMessageBytes: flags.maxMessageBytes } : {}) };
    const { target, redact } = connectionTarget(where, connection, flags.url !== undefined ? "--url" : "toolgen import mcp --", flags.url !== undefined ? {} : serverEnvironment(flags.env), "--env KEY");
    // A credential given with --header never appears in what import prints (a server may echo it in a tool's name).
    stdout = redacted(stdout, redact);
    stderr = redacted(stderr, redact);
    try {
      tools = await listMcpTools(target);
    } catch (error) {
      if (error instanceof UserError) throw new UserError(redact(error.message), error.exitCode);
      throw error;
    }
    origin = flags.url !== undefined ? `mcp:${redact(flags.url)}` : `mcp:stdio`;
    source = flags.url !== undefined ? `the MCP server at ${escapeControl(redact(flags.url))}` : "the MCP server";
    if (flags.check !== undefined) return checkToolsLock(tools, flags.check, flags.cwd ?? process.cwd(), stdout, redact);
    if (flags.lock !== undefined) lockText = toolsLockText(tools, flags.url !== undefined ? "streamable-http" : "stdio");
  } else {
    throw new UsageError(`unknown import source '${flags.source}' (sources: mcp, openai)`);
  }
  const config = await loadConfig({ ...(flags.schemas !== undefined ? { schemas: flags.schemas } : {}), ...(flags.config !== undefined ? { config: flags.config } : {}) });
  const dir = config.schemas;
  const used = new Set<string>();
  let kept = 0;
  const files: GeneratedFile[] = [];
  for (const tool of tools) {
    const base = sanitiseName(tool.name);
    let name = base;
    for (let n = 2; used.has(name.toLowerCase()); n++) name = `${base.slice(0, 64 - String(n).length - 1)}_${n}`;
    used.add(name.toLowerCase());
    // Every file's text first: a tool that cannot be written stops the import before anything is written.
    const contents = toolFile(tool, name, origin, source);
    if (name !== tool.name) stderr.write(`note: '${escapeControl(tool.name)}' is imported as '${name}' (letters, digits, _ and -, at most 64: a name every target takes); the original is kept in "original_name"\n`);
    const file = path.join(dir, `${name}.json`);
    if (existsSync(file) && flags.force !== true) {
      stderr.write(`kept: ${file} exists (--force overwrites it)\n`);
      kept++;
      continue;
    }
    files.push({ root: "out", path: `${name}.json`, contents, ownership: "user" });
  }
  // write.ts writes (temp files, then renames): tool files are the user's, with no manifest.
  writeUserFiles(dir, files);
  if (lockText !== undefined) {
    const lock = lockPath(flags.lock!, flags.cwd ?? process.cwd());
    writeUserFiles(path.dirname(lock.abs), [{ path: path.basename(lock.abs), contents: lockText }]);
    writeReport(stdout, `toolgen: wrote the tools lock ${lock.shown} (${tools.length} tool(s) as the server lists them); \`toolgen import mcp --check\` compares the server with it\n`);
  }
  const written = files.length;
  writeReport(stdout, `toolgen: imported ${written} tool(s) into ${dir}/${kept > 0 ? `, kept ${kept} existing file(s)` : ""}\n`);
  if (flags.lint !== false && written + kept > 0) {
    const { runLint } = await import("./lint.js");
    writeReport(stdout, "\nLint report for the imported tools:\n");
    await runLint({ paths: [dir], schemas: dir, ...(flags.config !== undefined ? { config: flags.config } : {}), stdout, stderr });
  }
  return kept > 0 ? 1 : 0;
}

/** The tools lock `--lock`/`--check` name ("" for the default, toolgen.mcp-lock.json), absolute and as shown. */
function lockPath(given: string, cwd: string): { abs: string; shown: string } {
  const abs = path.resolve(cwd, given === "" ? TOOLS_LOCK_FILE : given);
  return { abs, shown: (path.relative(cwd, abs) || abs).split(path.sep).join("/") };
}

/**
 * `--check`: the server's tools now against the tools lock, with diff's engine. A change that breaks a client
 * generated from the lock fails (exit 1): every class `toolgen diff --fail-on breaking` fails on (a tool gone or
 * renamed, an input the lock's schema accepted that the server's now rejects, with its witness), and a changed
 * output schema (the client checks structuredContent against the locked one). The report is diff's.
 */
async function checkToolsLock(tools: readonly ImportedTool[], given: string, cwd: string, stdout: OutputStream, redact: (text: string) => string): Promise<number> {
  const lock = lockPath(given, cwd);
  const [{ readToolsLock }, { listedSide }, { diffTools }, { renderDiff }, { failsOn }] = await Promise.all([
    import("../diff/tools-lock.js"),
    import("../diff/sides.js"),
    import("../diff/engine.js"),
    import("../diff/report.js"),
    import("../diff/rules.js"),
  ]);
  const base = await listedSide(lock.shown, readToolsLock(lock.abs, lock.shown));
  const head = await listedSide("the server", tools);
  const result = diffTools(base.tools, head.tools);
  const breaks = result.findings.filter((f) => failsOn("breaking", f.class) || f.rule === "diff/output-schema-changed");
  const notFiles = new Set([...base.tools, ...head.tools].map((t) => t.source.displayPath));
  const report = renderDiff(result, "stylish", { base: lock.shown, head: "the server", color: false, cwd, root: cwd, notFiles });
  writeReport(stdout, redact(report));
  if (breaks.length === 0) {
    writeReport(stdout, `toolgen: the server's tools keep what ${lock.shown} promised a client generated from it\n`);
    return 0;
  }
  const rules = [...new Set(breaks.map((f) => f.rule))].join(", ");
  writeReport(stdout, `toolgen: ${breaks.length} change(s) since ${lock.shown} break a client generated from it (${rules}); review them, then import again with --lock\n`);
  return 1;
}
