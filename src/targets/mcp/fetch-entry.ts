/**
 * `mcp/fetch.ts` of the `mcp` output, the same for every tool set: `handleMcpRequest(request)`, the
 * tools over Streamable HTTP as one web-standard fetch handler (a `Request` in, a `Response` out), and
 * `createMcpFetchHandler(options)` with the protections a public host needs (allowed hosts and origins
 * against DNS rebinding, a bearer-token hook). It holds no session: every request is served by a fresh
 * server instance through the official SDK's `createMcpHandler` (its per-request transport for
 * 2026-07-28 requests, its stateless fallback for 2025-era ones), so any process, isolate or machine
 * answers any request. It imports nothing from Node: it runs on Node 20+, Cloudflare Workers (workerd),
 * Deno and Bun. The Node HTTP entry (`mcp/http-server.ts`, entries.ts) wraps it.
 */
import { GENERATED_HEADER } from "../../emit/literal.js";

export const FETCH_HANDLER =
  `// ${GENERATED_HEADER}\n` +
  String.raw`// handleMcpRequest(request): the tools over MCP's Streamable HTTP as a web-standard fetch handler, with no
// session state (each request gets a fresh server instance from the official SDK's createMcpHandler), so any
// instance answers any request: N Node processes behind a load balancer, or a Cloudflare Worker
// (export default { fetch: handleMcpRequest }). createMcpFetchHandler(options) adds allowed hosts and a
// bearer-token hook.
import {
  createMcpHandler,
  hostHeaderValidationResponse,
  originValidationResponse,
  type AuthInfo,
} from "@modelcontextprotocol/server";
import { checkedTimeout, createMcpServer, type McpServerOptions } from "./server.js";

/** The SDK's own default bound on a request body: 4 MiB. */
export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;

/**
 * The bearer-token hook, which you fill: it gets the token of the request's
 * "Authorization: Bearer <token>" header (undefined when there is none) and the request, and answers
 * true (or the token's AuthInfo: token, clientId and scopes) to serve the request. Anything else
 * (false, undefined, null, 0, "", NaN, a row that is not an AuthInfo) is answered 401; a hook that
 * throws or rejects is answered 500 with a fixed body, and the error goes to onerror. It fails closed.
 */
export type Authorize = (
  token: string | undefined,
  request: Request,
) => AuthInfo | boolean | null | undefined | Promise<AuthInfo | boolean | null | undefined>;

export interface McpFetchOptions extends McpServerOptions {
  /** The largest request body in bytes (default 4 MiB): a larger one is answered 413 before it is parsed. */
  maxBodyBytes?: number | undefined;
  /**
   * The host names (no port) a request's Host header may carry; others are answered 403. Set it on any
   * public or non-loopback host (DNS-rebinding protection). Default: any host.
   */
  allowedHosts?: readonly string[] | undefined;
  /** The host names a browser's Origin header may carry (a request without Origin passes). Default: allowedHosts. */
  allowedOrigins?: readonly string[] | undefined;
  /** The bearer-token check; default: none (every request is served). */
  authorize?: Authorize | undefined;
  /** Where an error of the authorize hook goes (the request is answered 500); default: console.error. */
  onerror?: ((error: unknown) => void) | undefined;
}

/** A fetch handler and the way to end the calls it has in flight. */
export interface McpFetchHandler {
  fetch: (request: Request) => Promise<Response>;
  close: () => Promise<void>;
}

/** The token of an "Authorization: Bearer <token>" header, or undefined. */
export function bearerToken(request: Request): string | undefined {
  const match = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(request.headers.get("authorization") ?? "");
  return match === null ? undefined : match[1];
}

function unauthorized(): Response {
  const error = { code: -32001, message: "Unauthorized: a valid bearer token is required" };
  const headers = { "content-type": "application/json", "www-authenticate": 'Bearer error="invalid_token"' };
  return new Response(JSON.stringify({ jsonrpc: "2.0", id: null, error }), { status: 401, headers });
}

/** The body of a 500: fixed, so that no exception's text reaches the client. */
export const INTERNAL_ERROR_BODY = JSON.stringify({
  jsonrpc: "2.0",
  id: null,
  error: { code: -32603, message: "Internal server error" },
});

function internalError(): Response {
  return new Response(INTERNAL_ERROR_BODY, { status: 500, headers: { "content-type": "application/json" } });
}

/** An AuthInfo as the SDK reads it: a token, a client id and a list of scopes, all strings. */
function isAuthInfo(value: unknown): value is AuthInfo {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const info = value as { token?: unknown; clientId?: unknown; scopes?: unknown };
  const scopes = info.scopes;
  if (!Array.isArray(scopes) || !scopes.every((s) => typeof s === "string")) return false;
  return typeof info.token === "string" && typeof info.clientId === "string";
}

/** A stateless fetch handler serving every tool, with the checks the options ask for. */
export function createMcpFetchHandler(options: McpFetchOptions = {}): McpFetchHandler {
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  if (!(Number.isInteger(maxBodyBytes) && maxBodyBytes > 0)) {
    throw new RangeError("maxBodyBytes must be a positive whole number of bytes (got " + String(maxBodyBytes) + ")");
  }
  checkedTimeout(options.timeoutMs);
  const serverOptions: McpServerOptions = {
    name: options.name,
    version: options.version,
    timeoutMs: options.timeoutMs,
  };
  const handler = createMcpHandler(() => createMcpServer(serverOptions), { maxRequestBodySize: maxBodyBytes });
  const hosts = options.allowedHosts === undefined ? undefined : [...options.allowedHosts];
  const origins = options.allowedOrigins === undefined ? hosts : [...options.allowedOrigins];
  const authorize = options.authorize;
  const onerror = options.onerror ?? ((error: unknown) => console.error("mcp: the authorize hook failed:", error));
  const fetch = async (request: Request): Promise<Response> => {
    const refused =
      (hosts === undefined ? undefined : hostHeaderValidationResponse(request, hosts)) ??
      (origins === undefined ? undefined : originValidationResponse(request, origins));
    if (refused !== undefined) return refused;
    if (authorize === undefined) return handler.fetch(request);
    let verdict: unknown;
    try {
      verdict = await authorize(bearerToken(request), request);
    } catch (error) {
      onerror(error);
      return internalError();
    }
    // Fails closed: only true or an AuthInfo serves the request (a hook's null, 0, "" or NaN is a refusal).
    if (verdict === true) return handler.fetch(request);
    if (isAuthInfo(verdict)) return handler.fetch(request, { authInfo: verdict });
    return unauthorized();
  };
  return { fetch, close: () => handler.close() };
}

let shared: McpFetchHandler | undefined;

/** Serves one MCP request over Streamable HTTP (no options: any host, no token; see createMcpFetchHandler). */
export function handleMcpRequest(request: Request): Promise<Response> {
  shared ??= createMcpFetchHandler();
  return shared.fetch(request);
}

/** The module shape Cloudflare Workers, Deno and Bun serve: export default { fetch }. */
export default { fetch: handleMcpRequest };
`;
