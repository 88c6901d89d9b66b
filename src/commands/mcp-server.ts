/**
 * An MCP server's tools, listed with the official client (@modelcontextprotocol/client): over stdio
 * (a command toolgen starts) or Streamable HTTP (a URL). `toolgen import mcp`, `toolgen lint --server`
 * and `toolgen diff --base-server/--head-server` all list through here, with the same bounds: a
 * start-up timeout (the client's request timeout on `initialize` and on each `tools/list` page) and
 * the largest message read from a stdio server. Credentials (`--server-env KEY=VAL`, `--header
 * "Name: value"`) are handed to the server and kept out of everything toolgen prints (`redactor`).
 * Names and messages from the server are untrusted: printed escaped (lint's escapeControl).
 */
import { UsageError, UserError } from "../errors.js";
import { MAX_NESTING } from "../load/depth.js";
import type { ImportedTool } from "../load/imported.js";
import { escapeControl } from "../lint/formatters/escape.js";
import type { OutputStream } from "../report/std-output.js";

async function loadClient(command: string): Promise<typeof import("@modelcontextprotocol/client")> {
  try {
    return await import("@modelcontextprotocol/client");
  } catch {
    throw new UserError(`\`${command}\` needs the MCP client SDK: npm install @modelcontextprotocol/client`, 2);
  }
}

/** A server message, for the terminal: control characters escaped; the cause's words too (fetch's "fetch failed" says only that). */
function messageOf(error: unknown): string {
  if (!(error instanceof Error)) return escapeControl(String(error));
  const cause = error.cause instanceof Error && error.cause.message !== "" && !error.message.includes(error.cause.message) ? ` (${error.cause.message})` : "";
  return escapeControl(`${error.message}${cause}`);
}

/**
 * The environment of a stdio server: all of toolgen's (servers read their API keys from it), or with
 * `keys` only those (the SDK adds its defaults: HOME, PATH, ...). A named key that is not set is a
 * usage error: the server would start without it and perhaps list fewer tools, silently.
 */
export function serverEnvironment(keys: readonly string[] | undefined, from: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const env: Record<string, string> = {};
  if (keys === undefined) {
    for (const [key, value] of Object.entries(from)) if (value !== undefined) env[key] = value;
    return env;
  }
  for (const key of keys) {
    if (key === "" || key.includes("=")) throw new UsageError(`--env ${escapeControl(key)}: name a variable (--env API_KEY), and export its value`);
    const value = from[key];
    if (value === undefined) throw new UsageError(`--env ${escapeControl(key)}: not set in toolgen's environment, so the server cannot get it`);
    env[key] = value;
  }
  return env;
}

/** The MCP client SDK's own bound on a message read over stdio (its STDIO_DEFAULT_MAX_BUFFER_SIZE): 10 MiB. */
export const DEFAULT_MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

/** The MCP client SDK's own request timeout (its DEFAULT_REQUEST_TIMEOUT_MSEC, test/facts/drift.test.ts): 60 s. */
export const DEFAULT_START_TIMEOUT_MS = 60_000;

/** A byte count as people read it: "10 MiB (10485760 bytes)", or "1000 bytes". */
function bytesText(bytes: number): string {
  const mib = bytes / 1024 / 1024;
  return Number.isInteger(mib) ? `${mib} MiB (${bytes} bytes)` : `${bytes} bytes`;
}

/** Where the tools come from: a URL, or a command started over stdio. */
export type ServerTarget = ({ url: string; headers?: Record<string, string> } | { command: readonly string[]; env?: Record<string, string>; maxMessageBytes?: number }) & {
  /** The bound on `initialize` and on each `tools/list` page, in milliseconds (default: the SDK's 60 s). */
  timeoutMs?: number;
  /** Where a stdio server's own stderr goes, line by line (default: toolgen's stderr, as it is). */
  serverStderr?: (line: string) => void;
};

/** The flags beside a server (`--server-env`, `--header`, `--server-timeout`, `--max-message-bytes`), as given. */
export interface ConnectionFlags {
  serverEnv?: readonly string[];
  headers?: readonly string[];
  serverTimeout?: number;
  maxMessageBytes?: number;
}

/**
 * A server's target from where it is (a URL, or a command) and the flags beside it, checked (shared by
 * `lint --server`, `diff --base-server/--head-server` and `import mcp`): `env` is the environment a started
 * server gets before `--server-env`'s variables.
 */
export function connectionTarget(
  where: { url: string } | { command: readonly string[] },
  flags: ConnectionFlags,
  flag: string,
  env: Record<string, string>,
  /** How the command names a started server's variables (import's own flag is `--env KEY`). */
  envFlag = "--server-env KEY=VAL",
): { target: ServerTarget; redact: (text: string) => string } {
  const given = parseServerEnv(flags.serverEnv ?? []);
  const headers = parseHeaders(flags.headers ?? []);
  const redact = redactor([...Object.values(given), ...Object.values(headers)]);
  if ("url" in where && Object.keys(given).length > 0) throw new UsageError(`--server-env sets variables of a server toolgen starts; ${flag} names a URL (send credentials with --header "Name: value")`);
  if ("command" in where && Object.keys(headers).length > 0) throw new UsageError(`--header is sent to a server at a URL; ${flag} names a command (give it variables with ${envFlag})`);
  if ("url" in where && flags.maxMessageBytes !== undefined) throw new UsageError(`--max-message-bytes bounds what a stdio server sends; ${flag} names a URL`);
  if (flags.maxMessageBytes !== undefined && !(Number.isSafeInteger(flags.maxMessageBytes) && flags.maxMessageBytes > 0)) throw new UsageError("--max-message-bytes must be a positive whole number of bytes");
  if (flags.serverTimeout !== undefined && !(Number.isSafeInteger(flags.serverTimeout) && flags.serverTimeout > 0)) throw new UsageError("--server-timeout must be a positive whole number of milliseconds");
  const timeout = flags.serverTimeout !== undefined ? { timeoutMs: flags.serverTimeout } : {};
  const target: ServerTarget =
    "url" in where
      ? { url: where.url, ...(Object.keys(headers).length > 0 ? { headers } : {}), ...timeout }
      : { command: where.command, env: { ...env, ...given }, ...(flags.maxMessageBytes !== undefined ? { maxMessageBytes: flags.maxMessageBytes } : {}), ...timeout };
  return { target, redact };
}

/** Lists every tool of an MCP server, following `nextCursor`. Failures are UserErrors (exit 1) worded for the terminal. */
export async function listMcpTools(target: ServerTarget, commandName = "toolgen import mcp"): Promise<ImportedTool[]> {
  const { Client, StreamableHTTPClientTransport } = await loadClient(commandName);
  const client = new Client({ name: "toolgen", version: "1.0.0" });
  // The stdio transport drops a message over its bound and closes, and the request then fails with
  // only "Connection closed": the bound's error is kept here to say what happened.
  let tooLarge = false;
  const limit = "url" in target ? DEFAULT_MAX_MESSAGE_BYTES : (target.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES);
  const timeout = target.timeoutMs ?? DEFAULT_START_TIMEOUT_MS;
  client.onerror = (error) => {
    if (/ReadBuffer exceeded maximum size/.test(messageOf(error))) tooLarge = true;
  };
  const failure = (doing: string, error: unknown): UserError => {
    if (tooLarge) return new UserError(`${doing}: the server's reply is larger than the limit of ${bytesText(limit)} on a message; raise it with --max-message-bytes`);
    if (isTimeout(error)) return new UserError(`${doing}: the server did not answer within ${timeout} ms (the start-up timeout)`);
    const code = (error as { code?: unknown } | null)?.code;
    if ("command" in target && code === "CONNECTION_CLOSED") {
      return new UserError(`${doing}: the server closed its output or exited before it answered (what it wrote to stderr, if anything, is above)`);
    }
    if ("command" in target && (code === "ENOENT" || code === "EACCES")) {
      return new UserError(`${doing}: cannot start '${escapeControl(target.command[0] ?? "")}': ${code === "ENOENT" ? "no such command" : "not allowed to run it"} (${code})`);
    }
    return new UserError(`${doing}: ${messageOf(error)}`);
  };
  let transport;
  let stderrLines: LineSplitter | undefined;
  if ("url" in target) {
    let url: URL;
    try {
      url = new URL(target.url);
    } catch {
      throw new UsageError(`not a URL: ${escapeControl(target.url)}`);
    }
    transport = new StreamableHTTPClientTransport(url, target.headers !== undefined ? { requestInit: { headers: target.headers } } : {});
  } else {
    const [command, ...args] = target.command;
    if (command === undefined) throw new UsageError("name the server's command, e.g. toolgen import mcp -- npx my-server");
    const { StdioClientTransport } = await import("@modelcontextprotocol/client/stdio");
    const pipe = target.serverStderr !== undefined;
    transport = new StdioClientTransport({ command, args, stderr: pipe ? "pipe" : "inherit", maxBufferSize: limit, ...(target.env !== undefined ? { env: target.env } : {}) });
    if (pipe) {
      stderrLines = new LineSplitter(target.serverStderr!);
      transport.stderr?.on("data", (chunk: Buffer) => stderrLines!.push(chunk.toString("utf8")));
    }
  }
  try {
    try {
      await client.connect(transport, { timeout });
    } catch (error) {
      throw failure("could not connect to the MCP server", error);
    }
    const tools: ImportedTool[] = [];
    const seen = new Set<string>();
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor === undefined ? undefined : { cursor }, { timeout });
      for (const t of page.tools) {
        const tool: ImportedTool = { name: t.name, inputSchema: t.inputSchema };
        if (t.title !== undefined) tool.title = t.title;
        if (t.description !== undefined) tool.description = t.description;
        if (t.annotations !== undefined) tool.annotations = t.annotations;
        if (t.outputSchema !== undefined) tool.outputSchema = t.outputSchema;
        if (t.execution !== undefined) tool.execution = t.execution;
        tools.push(tool);
      }
      cursor = page.nextCursor;
      if (cursor !== undefined) {
        if (seen.has(cursor)) throw new UserError(`the MCP server repeated the cursor '${escapeControl(cursor)}' (pagination loop)`);
        seen.add(cursor);
      }
    } while (cursor !== undefined);
    return tools;
  } catch (error) {
    if (error instanceof UserError) throw error;
    // The SDK's checks recurse: a schema nested thousands deep overflows the stack before toolgen sees it.
    if (!tooLarge && (error instanceof RangeError || /call stack/i.test(messageOf(error)))) {
      throw new UserError(`could not list the MCP server's tools: a tool's schema nests too deep to read (${messageOf(error)}); a tool file may nest at most ${MAX_NESTING} levels`);
    }
    throw failure("could not list the MCP server's tools", error);
  } finally {
    await client.close();
    stderrLines?.end();
  }
}

/** The client's timeout (SdkError with code REQUEST_TIMEOUT), known by its code rather than its words. */
function isTimeout(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "REQUEST_TIMEOUT";
}

/** Text in chunks to whole lines (the last one, unfinished, when it ends). */
class LineSplitter {
  private rest = "";
  constructor(private readonly line: (text: string) => void) {}
  push(chunk: string): void {
    const parts = (this.rest + chunk).split("\n");
    this.rest = parts.pop()!;
    for (const part of parts) this.line(part);
  }
  end(): void {
    if (this.rest !== "") this.line(this.rest);
    this.rest = "";
  }
}

/** A server named on the command line: a URL (http: or https:) or a command, split as a shell splits words (quotes, `\`), never run by a shell. */
export function parseServer(spec: string, flag: string): { url: string } | { command: string[] } {
  if (/^https?:\/\//i.test(spec.trim())) return { url: spec.trim() };
  const command = splitWords(spec, flag);
  if (command.length === 0) throw new UsageError(`${flag}: name the server's command (--server "node server.js") or its URL (--server http://127.0.0.1:3000/mcp)`);
  return { command };
}

/** Words of a command line: spaces separate, '...' and "..." quote, `\` escapes the next character (not inside '...'). */
export function splitWords(text: string, flag: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let quote: "'" | '"' | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote !== undefined) {
      if (c === quote) quote = undefined;
      else if (c === "\\" && quote === '"' && i + 1 < text.length) word += text[++i]!;
      else word += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      word ??= "";
    } else if (c === "\\" && i + 1 < text.length) {
      word = (word ?? "") + text[++i]!;
    } else if (/\s/.test(c)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else word = (word ?? "") + c;
  }
  if (quote !== undefined) throw new UsageError(`${flag}: the command has an unclosed ${quote}`);
  if (word !== undefined) words.push(word);
  return words;
}

/** `--server-env KEY=VAL` (repeatable): the variables a stdio server gets beside toolgen's environment. */
export function parseServerEnv(list: readonly string[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const item of list) {
    const eq = item.indexOf("=");
    const key = eq < 0 ? item : item.slice(0, eq);
    if (eq <= 0 || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) {
      throw new UsageError(`--server-env ${escapeControl(key)}${eq < 0 ? "" : "=..."}: give KEY=VALUE, a variable's name, then = and its value`);
    }
    env[key] = item.slice(eq + 1);
  }
  return env;
}

/** `--header "Name: value"` (repeatable): HTTP headers sent with every request to a Streamable HTTP server. */
export function parseHeaders(list: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const item of list) {
    const colon = item.indexOf(":");
    const name = colon < 0 ? item.trim() : item.slice(0, colon).trim();
    // RFC 9110's token characters.
    if (colon <= 0 || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) {
      throw new UsageError(`--header ${escapeControl(name)}${colon < 0 ? "" : ": ..."}: give "Name: value", a header's name, a colon and its value`);
    }
    headers[name] = item.slice(colon + 1).trim();
  }
  return headers;
}

/**
 * What keeps credentials out of every report and message: each value given with --server-env or
 * --header (and a header's credentials after its scheme, `Bearer <token>`), 8 characters or more
 * (shorter ones, `1`, `on` or `silent`, are settings, not secrets, and would mangle the text), replaced by `***` wherever
 * it appears.
 */
export function redactor(secrets: readonly string[]): (text: string) => string {
  // A header's value is often `<scheme> <credentials>` (Bearer, Basic, token): the credentials alone are hidden too.
  secrets = secrets.flatMap((s) => {
    const scheme = /^[A-Za-z][\w-]*\s+(\S.*)$/.exec(s.trim());
    return scheme ? [s, scheme[1]!] : [s];
  });
  // Each also as JSON writes it inside a string, and as a URI component (SARIF's location of a server's tool).
  const spelled = secrets.filter((s) => s.length >= 8).flatMap((s) => [s, JSON.stringify(s).slice(1, -1), encodeURIComponent(s)]);
  const values = [...new Set(spelled)].sort((a, b) => b.length - a.length);
  if (values.length === 0) return (text) => text;
  return (text) => {
    let out = text;
    for (const value of values) out = out.split(value).join("***");
    return out;
  };
}

/** A stream whose text goes through `redact` first. */
export function redacted(stream: OutputStream, redact: (text: string) => string): OutputStream {
  return { write: (text: string) => stream.write(redact(text)), ...(stream.isTTY !== undefined ? { isTTY: stream.isTTY } : {}) };
}
