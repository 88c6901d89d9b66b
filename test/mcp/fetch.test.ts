/**
 * Issue 27: `generated/mcp/fetch.ts` (handleMcpRequest, the stateless web-standard handler) driven by the
 * official MCP client over loopback. Two separate Node processes serve one client whose requests go to
 * them in turn (no affinity), at a 2025 revision and at 2026-07-28; the Node HTTP entry's protections:
 * an allowed-hosts list and the bearer-token hook.
 */
import type { ChildProcess } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { repoRoot } from "../helpers.js";
import { sharedMcpCase, startHttpEntry, type McpCase } from "./harness.js";

const CALLS: Array<[string, Record<string, unknown>]> = [
  ["get_weather", { location: "Paris" }],
  ["get_ticker_symbol", { company_name: "GM" }],
  ["get_stock_price", { ticker: "GM" }],
];

/** A fetch that sends each request to the next of `urls` in turn (a round-robin balancer in the client), counting them. */
function roundRobin(urls: string[]): { fetch: (input: string | URL | Request, init?: RequestInit) => Promise<Response>; sent: number[] } {
  const sent = urls.map(() => 0);
  let next = 0;
  const fetch = (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const i = next++ % urls.length;
    sent[i]!++;
    const url = new URL(input instanceof Request ? input.url : input);
    const target = new URL(urls[i]!);
    url.host = target.host;
    return globalThis.fetch(input instanceof Request ? new Request(url, input) : url, init);
  };
  return { fetch, sent };
}

describe("the stateless fetch handler behind two processes", () => {
  let c: McpCase & { diagnostics: string[] };
  const children: ChildProcess[] = [];
  const urls: string[] = [];
  beforeAll(async () => {
    c = await sharedMcpCase(path.join(repoRoot, "schemas"));
    expect(c.diagnostics).toEqual([]);
    for (let i = 0; i < 2; i++) {
      const { child, url } = await startHttpEntry(path.join(c.dist, "generated", "mcp", "http.js"));
      children.push(child);
      urls.push(url);
    }
  });
  afterAll(() => children.forEach((child) => child.kill()));

  for (const [era, options] of [
    ["2025-11-25 (initialize, then stateless requests)", {}],
    ["2026-07-28 (server/discover, per-request envelope)", { versionNegotiation: { mode: { pin: "2026-07-28" } } }],
  ] as const) {
    it(`${era}: one client's requests alternate between the processes and every answer is right`, async () => {
      const balancer = roundRobin(urls);
      const client = new Client({ name: "toolgen-test", version: "1.0.0" }, options);
      await client.connect(new StreamableHTTPClientTransport(new URL(urls[0]!), { fetch: balancer.fetch }));
      try {
        const { tools } = await client.listTools();
        const native = JSON.parse(await readFile(path.join(c.out, "tools.json"), "utf8")) as Array<{ name: string }>;
        expect(tools.map((t) => t.name)).toEqual(native.map((t) => t.name));
        for (let round = 0; round < 3; round++) {
          for (const [name, input] of CALLS) {
            const result = await client.callTool({ name, arguments: input });
            expect(result.isError).toBeFalsy();
            const content = result.content as Array<{ type: string; text: string }>;
            expect(JSON.parse(content[0]!.text)).toEqual({ tool: name, input });
          }
        }
        // Both processes answered requests of the one client (no session ties it to either).
        expect(Math.min(...balancer.sent)).toBeGreaterThanOrEqual(5);
      } finally {
        await client.close();
      }
    });
  }
});

describe("the Node HTTP entry's protections around the fetch handler", () => {
  let c: McpCase & { diagnostics: string[] };
  beforeAll(async () => {
    c = await sharedMcpCase(path.join(repoRoot, "schemas"));
    expect(c.diagnostics).toEqual([]);
  });
  const entry = () => path.join(c.dist, "generated", "mcp", "http.js");
  const initialize = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "x", version: "1" } } });
  const post = async (url: string, headers: Record<string, string>): Promise<Response> => {
    const { request } = await import("node:http");
    return new Promise((resolve, reject) => {
      const req = request(url, { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve(new Response(Buffer.concat(chunks), { status: res.statusCode ?? 0, headers: res.headers as Record<string, string> })));
      });
      req.on("error", reject);
      req.end(initialize);
    });
  };

  it("MCP_BEARER_TOKEN: no token or a wrong one is answered 401 with a Bearer challenge; the right one is served", async () => {
    const { child, url } = await startHttpEntry(entry(), { MCP_BEARER_TOKEN: "s3cret-token" });
    try {
      const none = await post(url, {});
      expect(none.status).toBe(401);
      expect(none.headers.get("www-authenticate")).toMatch(/^Bearer /);
      expect((await post(url, { authorization: "Bearer wrong" })).status).toBe(401);
      expect((await post(url, { authorization: "Basic czNjcmV0LXRva2Vu" })).status).toBe(401);
      expect((await post(url, { authorization: "Bearer s3cret-token" })).status).toBe(200);
      const client = new Client({ name: "toolgen-test", version: "1.0.0" });
      await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: "Bearer s3cret-token" } } }));
      expect((await client.listTools()).tools).toHaveLength(4);
      await client.close();
    } finally {
      child.kill();
    }
  });

  it("MCP_ALLOWED_HOSTS: only the listed host names are served (DNS-rebinding protection for a public host)", async () => {
    const { child, url } = await startHttpEntry(entry(), { MCP_ALLOWED_HOSTS: "mcp.example.com, other.example" });
    try {
      expect((await post(url, { host: "mcp.example.com" })).status).toBe(200);
      expect((await post(url, { host: "other.example:8443" })).status).toBe(200);
      expect((await post(url, { host: "evil.example" })).status).toBe(403);
      // The list replaces the loopback default.
      expect((await post(url, {})).status).toBe(403);
      expect((await post(url, { host: "mcp.example.com", origin: "https://evil.example" })).status).toBe(403);
    } finally {
      child.kill();
    }
  });
});
