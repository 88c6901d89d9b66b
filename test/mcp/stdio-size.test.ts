/**
 * Issue 24 N10: over stdio, a message larger than the bound (the SDK's 10 MiB by default,
 * MCP_MAX_MESSAGE_BYTES / `maxMessageBytes` otherwise) is answered with a JSON-RPC error and
 * dropped; the calls in flight and the messages after it are served, and the server stays up.
 * Driven by the official MCP client against the compiled stdio entry.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Client } from "@modelcontextprotocol/client";
import { stdioClient, type McpCase } from "./harness.js";
import { buildLifecycleCase, textOf } from "./lifecycle-harness.js";

const MiB = 1024 * 1024;

let c: McpCase & { diagnostics: string[] };
const stdio = (env: Record<string, string> = {}) => stdioClient(path.join(c.dist, "generated", "mcp", "stdio.js"), env);

beforeAll(async () => {
  c = await buildLifecycleCase();
});

const measure = (client: Client, text: string) => client.callTool({ name: "measure_text", arguments: { text } }).then((r) => JSON.parse(textOf(r)) as unknown);

/** One call in flight, one oversized message, one call after it: the oversized one alone fails. */
async function oversizedAmongOthers(client: Client, size: number, limit: number): Promise<void> {
  const before = measure(client, "in flight");
  const big = measure(client, "x".repeat(size));
  const after = measure(client, "after");
  await expect(big).rejects.toMatchObject({ code: -32600, message: expect.stringContaining(`the message is larger than the server's limit of ${limit} bytes`) });
  expect(await before).toEqual({ length: 9 });
  expect(await after).toEqual({ length: 5 });
  expect((await client.listTools()).tools.length).toBe(3);
}

describe("a message over the stdio size bound", () => {
  it("compiles", () => {
    expect(c.diagnostics).toEqual([]);
  });

  it("the server ends when stdin ends, answering what it was sent first", () => {
    const messages = [
      { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } } },
      { jsonrpc: "2.0", method: "notifications/initialized" },
      { jsonrpc: "2.0", id: 2, method: "tools/list" },
    ];
    const input = messages.map((m) => JSON.stringify(m) + "\n").join("");
    const run = spawnSync(process.execPath, [path.join(c.dist, "generated", "mcp", "stdio.js")], { input, encoding: "utf8", timeout: 300_000 });
    expect(run.status).toBe(0);
    expect(run.stdout.split("\n").filter((l) => l !== "").map((l) => (JSON.parse(l) as { id: number }).id)).toEqual([1, 2]);
  });

  it("by default (10 MiB): an 11 MiB call gets an error; the call in flight and the next one are answered", async () => {
    const client = await stdio();
    try {
      await oversizedAmongOthers(client, 11 * MiB, 10 * MiB);
    } finally {
      await client.close();
    }
  });

  it("MCP_MAX_MESSAGE_BYTES lowers the bound (a 2 MiB call over a 1 MiB bound) and raises it (11 MiB under 16 MiB)", async () => {
    const low = await stdio({ MCP_MAX_MESSAGE_BYTES: String(MiB) });
    try {
      await oversizedAmongOthers(low, 2 * MiB, MiB);
      expect(await measure(low, "y".repeat(MiB - 200))).toEqual({ length: MiB - 200 });
    } finally {
      await low.close();
    }
    const high = await stdio({ MCP_MAX_MESSAGE_BYTES: String(16 * MiB) });
    try {
      expect(await measure(high, "z".repeat(11 * MiB))).toEqual({ length: 11 * MiB });
    } finally {
      await high.close();
    }
  });
});
