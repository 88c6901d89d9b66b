/**
 * Issue 24 N9: the generated MCP server ends a call's handler when the call ends. A handler's
 * `context.signal` aborts on the client's `notifications/cancelled` (stdio and HTTP), on an HTTP
 * client's disconnect, and after `timeoutMs` (MCP_TIMEOUT_MS for the entries); nothing stays pending.
 * Driven by the official MCP client against the compiled entries.
 */
import { request } from "node:http";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { beforeAll, describe, expect, it } from "vitest";
import type { Client } from "@modelcontextprotocol/client";
import { httpClient, stdioClient, type McpCase } from "./harness.js";
import { buildLifecycleCase, tally, tallyUntil, textOf } from "./lifecycle-harness.js";

const CALLS = 200;

let c: McpCase & { diagnostics: string[] };
const entry = (name: string) => path.join(c.dist, "generated", "mcp", name);

beforeAll(async () => {
  c = await buildLifecycleCase();
});

/** Starts CALLS never-answering calls, waits until all run, cancels them all; returns the tally after. */
async function cancelAll(client: Client): Promise<{ running: number; aborted: number }> {
  const controllers = Array.from({ length: CALLS }, () => new AbortController());
  const calls = controllers.map((controller, i) =>
    client.callTool({ name: "wait_forever", arguments: { label: `call ${i}` } }, { signal: controller.signal }).then(
      () => "answered",
      () => "rejected",
    ),
  );
  expect((await tallyUntil(client, (t) => t.running === CALLS)).running).toBe(CALLS);
  for (const controller of controllers) controller.abort();
  expect(new Set(await Promise.all(calls))).toEqual(new Set(["rejected"]));
  return tallyUntil(client, (t) => t.running === 0);
}

describe("cancelling MCP calls", () => {
  it("compiles", () => {
    expect(c.diagnostics).toEqual([]);
  });

  it(`stdio: ${CALLS} cancelled calls abort their handlers, and none stays pending`, async () => {
    const client = await stdioClient(entry("stdio.js"));
    try {
      expect(await cancelAll(client)).toEqual({ running: 0, aborted: CALLS });
    } finally {
      await client.close();
    }
  });

  // A 2026-era client cancels a call over HTTP by ending its exchange. (A 2025-era client sends
  // notifications/cancelled in a POST of its own, which the stateless server cannot match to a call:
  // such a call ends when its client disconnects, or at MCP_TIMEOUT_MS; see docs/mcp.md.)
  it(`HTTP (2026 revision): ${CALLS} cancelled calls abort their handlers, and none stays pending`, async () => {
    const { client, child } = await httpClient(entry("http.js"), {}, true);
    try {
      expect(await cancelAll(client)).toEqual({ running: 0, aborted: CALLS });
    } finally {
      await client.close();
      child.kill();
    }
  });

  it("HTTP: a client that disconnects aborts its calls' handlers", async () => {
    const { client, child, url } = await httpClient(entry("http.js"));
    try {
      const headers = { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-06-18" };
      const sockets = Array.from({ length: 20 }, (_, i) => {
        const body = JSON.stringify({ jsonrpc: "2.0", id: i + 1, method: "tools/call", params: { name: "wait_forever", arguments: { label: `raw ${i}` } } });
        const req = request(url, { method: "POST", headers });
        req.on("error", () => undefined);
        req.end(body);
        return req;
      });
      expect((await tallyUntil(client, (t) => t.running === 20)).running).toBe(20);
      for (const req of sockets) req.destroy();
      expect(await tallyUntil(client, (t) => t.running === 0)).toEqual({ running: 0, aborted: 20 });
    } finally {
      await client.close();
      child.kill();
    }
  });

  for (const transport of ["stdio", "HTTP"]) {
    it(`${transport}: MCP_TIMEOUT_MS answers a call that runs too long with isError, and aborts its handler`, async () => {
      const env = { MCP_TIMEOUT_MS: "300" };
      const http = transport === "HTTP" ? await httpClient(entry("http.js"), env) : undefined;
      const client = http?.client ?? (await stdioClient(entry("stdio.js"), env));
      try {
        const started = Date.now();
        const result = await client.callTool({ name: "wait_forever", arguments: { label: "slow" } });
        expect(result.isError).toBe(true);
        expect(textOf(result)).toBe("Error: the tool 'wait_forever' timed out after 300 ms");
        // Answered by the 300 ms limit, not never: the bound only tells the two apart (a loaded machine is slow).
        expect(Date.now() - started).toBeLessThan(120_000);
        expect(await tally(client)).toEqual({ running: 0, aborted: 1 });
        const quick = await client.callTool({ name: "measure_text", arguments: { text: "four" } });
        expect(JSON.parse(textOf(quick))).toEqual({ length: 4 });
      } finally {
        await client.close();
        http?.child.kill();
      }
    });
  }

  it("a bad MCP_TIMEOUT_MS stops either entry with exit 1 and says why", () => {
    for (const name of ["stdio.js", "http.js"]) {
      const run = spawnSync(process.execPath, [entry(name)], { env: { ...process.env, MCP_TIMEOUT_MS: "soon", PORT: "0" }, encoding: "utf8", timeout: 300_000, input: "" });
      expect(run.status, name).toBe(1);
      expect(run.stderr).toBe(`mcp: MCP_TIMEOUT_MS must be a positive number (got "soon")\n`);
    }
  });
});
