/**
 * Issue 24 N3: the generated Streamable HTTP entry bounds a request body while it streams in (the
 * SDK's 4 MiB by default, MCP_MAX_BODY_BYTES / `maxBodyBytes` otherwise): a larger body is answered
 * 413 as soon as it passes the bound and is not read further. A load test on loopback: concurrent
 * huge bodies (chunked, and with a declared Content-Length) keep the server's resident memory under
 * 400 MB, and it goes on serving: 20 bodies of 256 MB (about 130 MB at peak and 4 s here; the old
 * entry read them whole). A watchdog kills the server the moment it passes the bound, and every
 * request is given up after a deadline, so the test stops by itself.
 */
import type { ChildProcess } from "node:child_process";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { request } from "node:http";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { httpClient, type McpCase } from "./harness.js";
import { buildLifecycleCase, textOf } from "./lifecycle-harness.js";

const MB = 1024 * 1024;
const BODIES = 20;
const BODY_BYTES = 256 * MB;
const RSS_LIMIT = 400 * MB;

let c: McpCase & { diagnostics: string[] };
beforeAll(async () => {
  c = await buildLifecycleCase();
});

/** The resident memory of a process, in bytes (Linux's /proc, else ps). */
function rss(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    if (kb) return Number(kb[1]) * 1024;
  } catch {
    // not Linux: ps below
  }
  return Number(execFileSync("ps", ["-o", "rss=", "-p", String(pid)], { encoding: "utf8" }).trim()) * 1024;
}

/** Samples the server's memory every 20 ms; kills it the moment it passes the limit. */
function watchdog(child: ChildProcess): { stop: () => number } {
  let peak = 0;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rss(child.pid!));
    } catch {
      return;
    }
    if (peak > RSS_LIMIT) child.kill("SIGKILL");
  }, 20);
  return {
    stop: () => {
      clearInterval(timer);
      return peak;
    },
  };
}

/**
 * POSTs `size` bytes of a JSON-RPC-looking body in 64 KiB chunks, as fast as the server reads them,
 * and stops at the first answer or error; resolves with the status (or the error's code).
 */
function hugePost(url: string, size: number, declareLength: boolean): Promise<number | string> {
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  chunk.write(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"measure_text","arguments":{"text":"`);
  const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-06-18" };
  if (declareLength) headers["content-length"] = String(size);
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: number | string) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      req.destroy();
      resolve(outcome);
    };
    const deadline = setTimeout(() => finish("deadline"), 60_000);
    const req = request(url, { method: "POST", headers }, (res) => {
      res.resume();
      finish(res.statusCode ?? 0);
    });
    req.on("error", (error: NodeJS.ErrnoException) => finish(error.code ?? error.message));
    let sent = 0;
    const pump = () => {
      while (!settled && sent < size) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!settled) req.end();
    };
    pump();
  });
}

describe("request bodies over the HTTP entry's bound", () => {
  it("compiles", () => {
    expect(c.diagnostics).toEqual([]);
  });

  it(`${BODIES} concurrent bodies of ${BODY_BYTES / MB} MB: each is answered 413, the server stays under 400 MB, and it goes on serving`, async () => {
    const { client, child, url } = await httpClient(path.join(c.dist, "generated", "mcp", "http.js"));
    const dog = watchdog(child);
    try {
      const started = Date.now();
      const outcomes = await Promise.all(Array.from({ length: BODIES }, (_, i) => hugePost(url, BODY_BYTES, i % 2 === 1)));
      const peak = dog.stop();
      expect(peak, `peak RSS ${Math.round(peak / MB)} MB`).toBeLessThan(RSS_LIMIT);
      expect(outcomes).toEqual(Array.from({ length: BODIES }, () => 413));
      // Answered, not left waiting: the bound only tells the two apart (a loaded machine is slow).
      expect(Date.now() - started).toBeLessThan(300_000);
      const result = await client.callTool({ name: "measure_text", arguments: { text: "still here" } });
      expect(JSON.parse(textOf(result))).toEqual({ length: 10 });
    } finally {
      dog.stop();
      await client.close().catch(() => undefined);
      child.kill();
    }
  });

  it("MCP_MAX_BODY_BYTES sets the bound: 1 MB refuses a 2 MB call, and 8 MB accepts a 6 MB one", async () => {
    const text = (n: number) => "a".repeat(n);
    const low = await httpClient(path.join(c.dist, "generated", "mcp", "http.js"), { MCP_MAX_BODY_BYTES: String(MB) });
    try {
      await expect(low.client.callTool({ name: "measure_text", arguments: { text: text(2 * MB) } })).rejects.toThrow(/413|Payload Too Large/);
      const ok = await low.client.callTool({ name: "measure_text", arguments: { text: text(MB / 2) } });
      expect(JSON.parse(textOf(ok))).toEqual({ length: MB / 2 });
    } finally {
      await low.client.close().catch(() => undefined);
      low.child.kill();
    }
    const high = await httpClient(path.join(c.dist, "generated", "mcp", "http.js"), { MCP_MAX_BODY_BYTES: String(8 * MB) });
    try {
      const ok = await high.client.callTool({ name: "measure_text", arguments: { text: text(6 * MB) } });
      expect(JSON.parse(textOf(ok))).toEqual({ length: 6 * MB });
    } finally {
      await high.client.close().catch(() => undefined);
      high.child.kill();
    }
  });
});
