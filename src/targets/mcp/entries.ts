/**
 * The transport files of the `mcp` output, the same for every tool set: `mcp/stdio-server.ts`
 * (`startStdioServer()`: stdio with a bound on each message, an oversized request answered with an
 * error while the others go on), `mcp/http-server.ts` (`startHttpServer()`: Streamable HTTP with the
 * request body bounded while it streams in, over fetch-entry.ts' stateless `mcp/fetch.ts`), and the
 * runnable entries `mcp/stdio.ts` and `mcp/http.ts`, which read their options from the environment. No file uses `import.meta`, so
 * they compile in an ES-module and a CommonJS package alike; only these files need `@types/node`.
 */
import { GENERATED_HEADER } from "../../emit/literal.js";

const header = `// ${GENERATED_HEADER}\n`;

/** Reads a positive number from the environment (entries only); a bad value stops the entry with exit 1. */
const FROM_ENV = String.raw`
/** A positive number from the environment variable, or undefined when it is unset or empty. */
function fromEnv(name: string): number | undefined {
  const text = process.env[name];
  if (text === undefined || text === "") return undefined;
  const value = Number(text);
  if (!(value > 0)) throw new RangeError(name + " must be a positive number (got " + JSON.stringify(text) + ")");
  return value;
}

function fail(error: unknown): void {
  process.stderr.write("mcp: " + (error instanceof Error ? error.message : String(error)) + "\n");
  process.exitCode = 1;
}
`;

export const STDIO_ENTRY =
  header +
  String.raw`// Serves the tools over stdio: node <out>/mcp/stdio.js (compiled), e.g. from Claude Code or Claude
// Desktop. MCP_MAX_MESSAGE_BYTES: the largest message read (default 10 MiB); MCP_TIMEOUT_MS: a call's
// time limit (default none).
import { startStdioServer } from "./stdio-server.js";
` +
  FROM_ENV +
  String.raw`
try {
  startStdioServer({
    maxMessageBytes: fromEnv("MCP_MAX_MESSAGE_BYTES"),
    timeoutMs: fromEnv("MCP_TIMEOUT_MS"),
  });
} catch (error) {
  fail(error);
}
`;

export const HTTP_ENTRY =
  header +
  String.raw`// Serves the tools over Streamable HTTP at http://127.0.0.1:<port>/mcp (PORT, default 3000; HOST,
// default 127.0.0.1). MCP_MAX_BODY_BYTES: the largest request body (default 4 MiB); MCP_TIMEOUT_MS: a
// call's time limit (default none).
// MCP_ALLOWED_HOSTS: the host names the Host header may carry, comma-separated (set it on a non-loopback HOST);
// MCP_BEARER_TOKEN: when set, every request must carry "Authorization: Bearer <it>".
import { bearerTokenIs, startHttpServer } from "./http-server.js";
` +
  FROM_ENV +
  String.raw`
const host = process.env["HOST"] ?? "127.0.0.1";
const port = Number(process.env["PORT"] ?? 3000);
try {
  const hosts = process.env["MCP_ALLOWED_HOSTS"];
  const token = process.env["MCP_BEARER_TOKEN"];
  startHttpServer({
    port,
    host,
    maxBodyBytes: fromEnv("MCP_MAX_BODY_BYTES"),
    timeoutMs: fromEnv("MCP_TIMEOUT_MS"),
    allowedHosts:
      hosts === undefined || hosts === "" ? undefined : hosts.split(",").map((h) => h.trim()).filter((h) => h !== ""),
    authorize: token === undefined || token === "" ? undefined : bearerTokenIs(token),
  }).then((server) => {
    const address = server.address();
    const where = typeof address === "object" && address !== null ? address.port : port;
    process.stderr.write("MCP server on http://" + host + ":" + where + "/mcp\n");
  }, fail);
} catch (error) {
  fail(error);
}
`;

export const HTTP_SERVER =
  header +
  String.raw`// startHttpServer(): the tools over Streamable HTTP, each request body bounded while it streams in.
// It wraps the stateless fetch handler of fetch.ts: any number of these processes can serve behind a load balancer.
import { createHash, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from "node:http";
import { localhostAllowedHostnames, localhostAllowedOrigins } from "@modelcontextprotocol/server";
import { createMcpFetchHandler, DEFAULT_MAX_BODY_BYTES, INTERNAL_ERROR_BODY, type Authorize } from "./fetch.js";
import type { McpServerOptions } from "./server.js";

export { DEFAULT_MAX_BODY_BYTES };

export interface HttpServerOptions extends McpServerOptions {
  /** Default 3000; 0 picks a free port (read the server's address()). */
  port?: number | undefined;
  /** Default 127.0.0.1. On a loopback address, requests whose Host or Origin is not local are refused. */
  host?: string | undefined;
  /** Default /mcp. */
  path?: string | undefined;
  /**
   * The largest request body in bytes (default 4 MiB): a larger one is answered 413 as soon as it passes
   * the bound, and not read further.
   */
  maxBodyBytes?: number | undefined;
  /**
   * The host names (no port) the Host header may carry, others answered 403 (DNS-rebinding protection):
   * set it whenever host is not a loopback address. Default: on a loopback host, the local names only
   * (and local Origins only); elsewhere, any.
   */
  allowedHosts?: readonly string[] | undefined;
  /** The bearer-token hook you fill (fetch.ts Authorize); bearerTokenIs(secret) is one. Default: none. */
  authorize?: Authorize | undefined;
  /**
   * Where an error while serving a request goes (the client gets a 500 with a fixed body); default: a line
   * on stderr.
   */
  onerror?: ((error: unknown) => void) | undefined;
}

/** An Authorize hook accepting exactly this secret token (compared in constant time). */
export function bearerTokenIs(secret: string): Authorize {
  if (secret === "") throw new RangeError("the bearer token must not be empty");
  const digest = (text: string): Buffer => createHash("sha256").update(text).digest();
  const expected = digest(secret);
  return (token) => token !== undefined && timingSafeEqual(digest(token), expected);
}

/** A request body read while it streams in, or undefined as soon as it passes maxBytes (nothing more is kept). */
function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer | undefined> {
  if (Number(req.headers["content-length"]) > maxBytes) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = (): void => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", reject);
      req.off("close", onClose);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size <= maxBytes) return void chunks.push(chunk);
      stop();
      chunks.length = 0;
      resolve(undefined);
    };
    const onEnd = (): void => {
      stop();
      resolve(Buffer.concat(chunks));
    };
    const onClose = (): void => {
      stop();
      reject(new Error("the client closed the connection before the request body ended"));
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", reject);
    req.on("close", onClose);
  });
}

function toRequest(req: IncomingMessage, base: string, body: Buffer, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value !== undefined) headers.set(key, value);
  }
  const init: RequestInit = { method: req.method ?? "GET", headers, signal };
  // JSON-RPC is UTF-8 text, which the SDK reads the body as.
  if (body.length > 0) init.body = body.toString("utf8");
  return new Request(new URL(req.url ?? "/", base), init);
}

/** How long the rest of a refused body is read (and dropped) before the connection is cut. */
const LINGER_MS = 5_000;

/**
 * The SDK's answer to a body over the bound (413, JSON-RPC -32000). The rest of the body is read and
 * dropped for a while, so that a client still sending it reads the answer rather than a reset.
 */
function tooLarge(req: IncomingMessage, res: ServerResponse, maxBytes: number): void {
  const error = { code: -32000, message: "Payload Too Large: Request body must not exceed " + maxBytes + " bytes" };
  res.writeHead(413, { "content-type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", id: null, error }));
  const linger = setTimeout(() => req.destroy(), LINGER_MS);
  req.once("close", () => clearTimeout(linger));
  req.resume();
}

async function send(res: ServerResponse, response: Response): Promise<void> {
  const headers: { [name: string]: string } = {};
  response.headers.forEach((value, key) => {
    headers[key] = value;
  });
  res.writeHead(response.status, headers);
  if (response.body === null) return void res.end();
  const reader = response.body.getReader();
  res.on("close", () => void reader.cancel().catch(() => undefined));
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    res.write(value);
  }
  res.end();
}

/** The default of onerror: the error, with its stack, as a line on stderr (the host's log). */
function logError(error: unknown): void {
  process.stderr.write("mcp: " + (error instanceof Error ? (error.stack ?? error.message) : String(error)) + "\n");
}

/**
 * Starts the HTTP server; resolves once it listens. A client that disconnects aborts its calls'
 * handlers (their context.signal), as a cancellation does.
 */
export function startHttpServer(options: HttpServerOptions = {}): Promise<HttpServer> {
  const { port = 3000, host = "127.0.0.1", path = "/mcp", maxBodyBytes = DEFAULT_MAX_BODY_BYTES } = options;
  if (!(Number.isInteger(maxBodyBytes) && maxBodyBytes > 0)) {
    throw new RangeError("maxBodyBytes must be a positive whole number of bytes (got " + String(maxBodyBytes) + ")");
  }
  const loopback = ["127.0.0.1", "localhost", "::1"].includes(host);
  const report = options.onerror ?? logError;
  // DNS-rebinding protection: the allowed hosts given, or on a loopback address only local Host and Origin headers.
  const handler = createMcpFetchHandler({
    name: options.name,
    version: options.version,
    timeoutMs: options.timeoutMs,
    maxBodyBytes,
    allowedHosts: options.allowedHosts ?? (loopback ? localhostAllowedHostnames() : undefined),
    allowedOrigins: options.allowedHosts === undefined && loopback ? localhostAllowedOrigins() : undefined,
    authorize: options.authorize,
    onerror: report,
  });
  const base = "http://" + (host.includes(":") ? "[" + host + "]" : host) + ":" + port;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", base);
    if (url.pathname !== path) {
      res.writeHead(404, { "content-type": "text/plain" }).end("Not found\n");
      return;
    }
    const disconnected = new AbortController();
    res.on("close", () => {
      if (!res.writableFinished) disconnected.abort(new Error("the client disconnected"));
    });
    const bodyless = req.method === "GET" || req.method === "HEAD";
    const body = bodyless ? Promise.resolve(Buffer.alloc(0)) : readBody(req, maxBodyBytes);
    body
      .then((bytes) => {
        if (bytes === undefined) return tooLarge(req, res, maxBodyBytes);
        return handler.fetch(toRequest(req, base, bytes, disconnected.signal)).then((response) => send(res, response));
      })
      .catch((error: unknown) => {
        if (res.destroyed) return;
        report(error);
        if (res.headersSent) return void res.end();
        res.writeHead(500, { "content-type": "application/json" }).end(INTERNAL_ERROR_BODY);
      });
  });
  server.on("close", () => void handler.close());
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(server));
  });
}
`;

export const STDIO_SERVER =
  header +
  String.raw`// startStdioServer(): the tools over stdio, with a bound on each message. A request larger than the
// bound is answered with a JSON-RPC error (-32600) and dropped as it streams in; the calls in flight and
// the messages after it go on. (The SDK's own stdio transport closes on such a message.)
import { Readable, type Writable } from "node:stream";
import { serveStdio, StdioServerTransport, type StdioServerHandle } from "@modelcontextprotocol/server/stdio";
import { checkedTimeout, createMcpServer, type McpServerOptions } from "./server.js";

/** The SDK's own default: 10 MiB. */
export const DEFAULT_MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

export interface StdioServerOptions extends McpServerOptions {
  /** The largest message read, in bytes (its newline excluded; default 10 MiB). */
  maxMessageBytes?: number | undefined;
  /** Default process.stdin and process.stdout. */
  stdin?: Readable | undefined;
  stdout?: Writable | undefined;
  /** Out-of-band errors (an oversized message, a broken pipe); default: a line on stderr. */
  onerror?: ((error: Error) => void) | undefined;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Finds the top-level "id" of a JSON-RPC message read piece by piece, keeping none of the rest. */
class IdScanner {
  id: string | number | undefined;
  private depth = 0;
  private inString = false;
  private escaped = false;
  /** The bytes of a top-level string (a key, when a colon follows) or of the id's value, as read so far. */
  private raw: number[] | undefined;
  private key: string | undefined;
  private inId = false;
  private done = false;

  feed(bytes: Uint8Array): void {
    for (let i = 0; i < bytes.length && !this.done; i++) this.byte(bytes[i]!);
  }

  private byte(b: number): void {
    if (this.raw !== undefined) {
      this.raw.push(b);
      if (this.raw.length > 256) {
        this.raw = undefined;
        this.inId = false;
      }
    }
    if (this.inString) {
      if (this.escaped) this.escaped = false;
      else if (b === BACKSLASH) this.escaped = true;
      else if (b === QUOTE) {
        this.inString = false;
        if (!this.inId && this.raw !== undefined) {
          const key = parsed(this.raw);
          this.key = typeof key === "string" ? key : undefined;
          this.raw = undefined;
        }
      }
      return;
    }
    if (b === QUOTE) {
      this.inString = true;
      if (this.depth === 1 && !this.inId) this.raw = [b];
    } else if (b === 0x3a && this.depth === 1 && !this.inId && this.key === "id") {
      this.inId = true;
      this.raw = [];
    } else if (b === 0x7b || b === 0x5b) this.depth++;
    else if (b === 0x7d || b === 0x5d || b === 0x2c) {
      if (this.depth === 1 && this.inId && this.raw !== undefined) {
        const value = parsed(this.raw.slice(0, -1));
        if (typeof value === "string" || typeof value === "number") this.id = value;
        this.done = true;
      }
      if (b !== 0x2c) this.depth--;
    }
  }
}

function parsed(bytes: number[]): unknown {
  try {
    return JSON.parse(Buffer.from(bytes).toString("utf8"));
  } catch {
    return undefined;
  }
}

/**
 * Reads stdin for the SDK's transport, holding back what is over the bound: a chunk of whole lines
 * no longer than the bound (the usual case: one request, one read) goes on as it came, neither copied
 * nor scanned; only a chunk ending inside a line, or longer than the bound, is cut into lines. A line
 * longer than limit bytes goes to onOversized instead, read and dropped as it streams in.
 */
class BoundedLines extends Readable {
  /** The start of a line not yet ended, kept until its newline comes (or until it passes the bound). */
  private parts: Buffer[] = [];
  private size = 0;
  /** Set while an oversized message is being dropped. */
  private scanner: IdScanner | undefined;

  constructor(
    private readonly limit: number,
    private readonly onOversized: (id: string | number | undefined) => void,
    private readonly resumeSource: () => void,
  ) {
    super();
  }

  override _read(): void {
    this.resumeSource();
  }

  /** Takes a chunk of stdin; false when the reader wants no more for now (pause the source). */
  accept(chunk: Buffer): boolean {
    const whole = chunk.length > 0 && chunk[chunk.length - 1] === 10 && chunk.length <= this.limit + 1;
    if (whole && this.parts.length === 0 && this.scanner === undefined) return this.push(chunk);
    let more = true;
    for (let start = 0; start < chunk.length; ) {
      const newline = chunk.indexOf(10, start);
      const end = newline === -1 ? chunk.length : newline;
      const piece = chunk.subarray(start, end);
      if (this.scanner !== undefined) this.scanner.feed(piece);
      else if (this.size + piece.length > this.limit) {
        this.scanner = new IdScanner();
        for (const part of this.parts) this.scanner.feed(part);
        this.scanner.feed(piece);
        this.parts = [];
        this.size = 0;
      } else if (newline === -1) {
        this.parts.push(piece);
        this.size += piece.length;
      }
      if (newline === -1) break;
      if (this.scanner !== undefined) {
        this.onOversized(this.scanner.id);
        this.scanner = undefined;
      } else if (this.parts.length === 0) {
        more = this.push(chunk.subarray(start, newline + 1));
      } else {
        this.parts.push(chunk.subarray(start, newline + 1));
        more = this.push(Buffer.concat(this.parts));
        this.parts = [];
        this.size = 0;
      }
      start = newline + 1;
    }
    return more;
  }

  /** The source ended: a last line without its newline is read as a message too. */
  sourceEnded(): void {
    if (this.scanner === undefined && this.size > 0) this.push(Buffer.concat(this.parts));
    this.parts = [];
    this.push(null);
  }
}

/** Serves the tools on stdin/stdout until stdin ends (the SDK's serveStdio over a bounded reader). */
export function startStdioServer(options: StdioServerOptions = {}): StdioServerHandle {
  const limit = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  if (!(Number.isInteger(limit) && limit > 0)) {
    throw new RangeError("maxMessageBytes must be a positive whole number of bytes (got " + String(limit) + ")");
  }
  checkedTimeout(options.timeoutMs);
  const report = options.onerror ?? ((error: Error) => void process.stderr.write("mcp: " + error.message + "\n"));
  const stdin = options.stdin ?? process.stdin;
  // No pipe: stdin's chunks go to the reader as they come, and stdin is held back while the reader's consumer lags.
  let held = false;
  const oversized = (id: string | number | undefined): void => {
    const message = "the message is larger than the server's limit of " + limit + " bytes";
    const what = id === undefined ? "it was dropped" : "request " + JSON.stringify(id) + " was answered with an error";
    report(new Error(message + "; " + what));
    if (id !== undefined) wire.send({ jsonrpc: "2.0", id, error: { code: -32600, message } }).catch(report);
  };
  const lines = new BoundedLines(limit, oversized, () => {
    if (!held) return;
    held = false;
    stdin.resume();
  });
  const onData = (chunk: Buffer | string): void => {
    if (lines.accept(typeof chunk === "string" ? Buffer.from(chunk) : chunk)) return;
    held = true;
    stdin.pause();
  };
  stdin.on("data", onData);
  stdin.on("end", () => lines.sourceEnded());
  stdin.on("error", (error) => lines.destroy(error));
  // The SDK's transport pauses its input when it closes: stop reading stdin then, as it would.
  lines.on("pause", () => {
    if (lines.listenerCount("data") > 0) return;
    stdin.off("data", onData);
    stdin.pause();
  });
  // Each chunk the SDK's transport reads is whole lines of at most limit bytes each, with their newlines, and
  // at most limit + 1 bytes in all.
  const wire = new StdioServerTransport(lines, options.stdout ?? process.stdout, { maxBufferSize: limit + 1 });
  const serverOptions: McpServerOptions = {
    name: options.name,
    version: options.version,
    timeoutMs: options.timeoutMs,
  };
  return serveStdio(() => createMcpServer(serverOptions), { transport: wire, onerror: report });
}
`;
