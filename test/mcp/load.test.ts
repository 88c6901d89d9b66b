/**
 * Issue 27 load test (heavy suite): the generated stateless HTTP entry scaled out on loopback. Two Node
 * processes behind a small round-robin proxy (each request to the next process, no affinity) serve
 * 20,000 `tools/call` requests from 50 concurrent official MCP clients, with 0 errors and 0 mixed-up
 * answers (each call carries its own value and must get it back), then one process serves the same
 * load: the throughput of 2 against 1 is printed (the proxy and the 50 clients share this process, and
 * the machine's 2 cores with both servers: the ratio measures the whole loopback set-up, not a server alone). Bounded in count and in time: each phase stops at
 * its count, or fails at its deadline.
 */
import type { ChildProcess } from "node:child_process";
import { createServer, request, type Server } from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { repoRoot } from "../helpers.js";
import { buildMcpCase, startHttpEntry } from "./harness.js";

const CALLS = 20_000;
const CLIENTS = 50;
/** A phase still running after this long fails (the machine has 2 cores shared with other work). */
const PHASE_DEADLINE_MS = 600_000;

/** A round-robin HTTP proxy: each request goes to the next backend, counted. */
async function roundRobinProxy(backends: string[]): Promise<{ server: Server; url: string; served: number[] }> {
  const served = backends.map(() => 0);
  let next = 0;
  const server = createServer((req, res) => {
    const i = next++ % backends.length;
    served[i]!++;
    const target = new URL(req.url ?? "/", backends[i]!);
    const upstream = request(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address !== null ? address.port : 0;
  return { server, url: `http://127.0.0.1:${port}/mcp`, served };
}

interface PhaseResult {
  calls: number;
  errors: string[];
  mixedUp: number;
  seconds: number;
  served: number[];
}

/** CLIENTS clients share CALLS calls of get_weather, each with its own location; every answer must echo it. */
async function phase(backends: string[]): Promise<PhaseResult> {
  const proxy = await roundRobinProxy(backends);
  const deadline = Date.now() + PHASE_DEADLINE_MS;
  const errors: string[] = [];
  let mixedUp = 0;
  let issued = 0;
  let done = 0;
  const clients: Client[] = [];
  try {
    for (let i = 0; i < CLIENTS; i++) {
      const client = new Client({ name: `load-${i}`, version: "1.0.0" });
      await client.connect(new StreamableHTTPClientTransport(new URL(proxy.url)));
      clients.push(client);
    }
    const start = performance.now();
    await Promise.all(
      clients.map(async (client, c) => {
        while (issued < CALLS && Date.now() < deadline) {
          const location = `city-${c}-${issued++}`;
          try {
            const result = await client.callTool({ name: "get_weather", arguments: { location } });
            const text = (result.content as Array<{ text?: string }>)[0]?.text ?? "";
            if (result.isError === true) errors.push(text);
            else if (text !== JSON.stringify({ tool: "get_weather", input: { location } })) mixedUp++;
          } catch (error) {
            errors.push(error instanceof Error ? error.message : String(error));
          }
          done++;
        }
      }),
    );
    const seconds = (performance.now() - start) / 1000;
    if (done < CALLS) throw new Error(`the phase passed its deadline of ${PHASE_DEADLINE_MS / 1000} s after ${done} of ${CALLS} calls`);
    return { calls: done, errors, mixedUp, seconds, served: proxy.served };
  } finally {
    await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
    proxy.server.closeAllConnections();
    await new Promise((resolve) => proxy.server.close(resolve));
  }
}

describe("load: the stateless HTTP entry, 2 processes behind a round-robin proxy", () => {
  const children: ChildProcess[] = [];
  const urls: string[] = [];
  beforeAll(async () => {
    const c = await buildMcpCase(path.join(repoRoot, "schemas"));
    expect(c.diagnostics).toEqual([]);
    for (let i = 0; i < 2; i++) {
      const { child, url } = await startHttpEntry(path.join(c.dist, "generated", "mcp", "http.js"));
      children.push(child);
      urls.push(url);
    }
  });
  afterAll(() => children.forEach((child) => child.kill()));

  it(`${CALLS} tools/call from ${CLIENTS} clients: 0 errors, 0 mixed-up answers, spread over both; then 1 process for the ratio`, async () => {
    const two = await phase(urls);
    expect(two.errors.slice(0, 3)).toEqual([]);
    expect(two.errors).toHaveLength(0);
    expect(two.mixedUp).toBe(0);
    expect(two.calls).toBe(CALLS);
    // Round robin without affinity: each process got about half of the HTTP requests.
    const [a, b] = two.served as [number, number];
    expect(Math.abs(a - b)).toBeLessThanOrEqual(1);
    expect(a + b).toBeGreaterThanOrEqual(CALLS);
    const one = await phase(urls.slice(0, 1));
    expect(one.errors).toHaveLength(0);
    expect(one.mixedUp).toBe(0);
    const rate = (p: PhaseResult) => p.calls / p.seconds;
    process.stderr.write(
      `mcp load: 2 processes ${rate(two).toFixed(0)} calls/s (${two.seconds.toFixed(1)} s; requests ${a} + ${b}), ` +
        `1 process ${rate(one).toFixed(0)} calls/s (${one.seconds.toFixed(1)} s); 2 vs 1: ${(rate(two) / rate(one)).toFixed(2)}x\n`,
    );
  }, 2 * PHASE_DEADLINE_MS + 60_000);
});
