/**
 * Issue 28, `toolgen stats --exact`: counts from a fake count_tokens endpoint on 127.0.0.1 (the
 * official SDK talks to it: ANTHROPIC_BASE_URL), once without tools, once with all, then per tool;
 * the tool-use system prompt comes out of the arithmetic; a second run is answered from the cache
 * (no request reaches the server); the family's bytes per token then calibrates the offline estimate.
 * The bin in a child process, as users run it.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "../helpers.js";
import { catalogProject, toolgenAsync as toolgen } from "../toolsets/project.js";

/** The fake's tokenizer: 10 for the request, 300 for the tool-use system prompt, and ceil(bytes / 3) per tool. */
const SYSTEM = 300;
const toolTokens = (tool: unknown) => Math.ceil(Buffer.byteLength(JSON.stringify(tool)) / 3);

let server: Server;
let base: string;
const seen: { path: string; key: string | undefined; tools: number }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      const parsed = JSON.parse(body) as { model: string; tools?: unknown[] };
      seen.push({ path: req.url ?? "", key: (req.headers["x-api-key"] as string | undefined) ?? req.headers.authorization?.replace(/^Bearer /, ""), tools: parsed.tools?.length ?? 0 });
      if (parsed.model === "claude-broken") {
        res.writeHead(401, { "content-type": "application/json" });
        res.end(JSON.stringify({ type: "error", error: { type: "authentication_error", message: "invalid x-api-key" } }));
        return;
      }
      const tools = parsed.tools ?? [];
      const tokens = 10 + (tools.length > 0 ? SYSTEM : 0) + tools.reduce<number>((n, t) => n + toolTokens(t), 0);
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ input_tokens: tokens }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

interface Report {
  tools: { name: string; bytes: number; estimatedTokens: number }[];
  exact: { systemPromptTokens: number; totalTokens: number; tools: { name: string; tokens: number }[]; cached: number; requested: number; bytesPerToken: number };
  estimate: string;
}

describe("stats --exact (issue 28)", () => {
  it("counts per tool and the system prompt, caches by content hash, and calibrates the estimate", async () => {
    const dir = await tempDir("toolgen-exact-");
    await catalogProject(dir, 12, {});
    await mkdir(path.join(dir, "node_modules"));
    const env = { ANTHROPIC_API_KEY: "sk-test", ANTHROPIC_BASE_URL: base };
    const first = await toolgen(dir, ["stats", "--exact", "--model", "claude-sonnet-4-5-20250929", "--format", "json"], env);
    expect(first.code, first.stderr).toBe(0);
    const report = JSON.parse(first.stdout) as Report;
    expect(seen.length).toBe(14);
    expect(seen.every((s) => s.path === "/v1/messages/count_tokens?beta=true" || s.path === "/v1/messages/count_tokens")).toBe(true);
    expect(seen.every((s) => s.key === "sk-test")).toBe(true);
    expect(report.exact.systemPromptTokens).toBe(SYSTEM);
    expect(report.exact.requested).toBe(14);
    expect(report.exact.cached).toBe(0);
    const entries = JSON.parse((await toolgen(dir, ["stats", "--format", "json"])).stdout) as Report;
    for (const t of report.exact.tools) {
      const bytes = entries.tools.find((e) => e.name === t.name)!.bytes;
      // The fake counts the compact JSON of the entry sent: the same bytes stats measures.
      expect(t.tokens).toBe(Math.ceil(bytes / 3));
    }
    expect(report.exact.totalTokens).toBe(SYSTEM + report.exact.tools.reduce((n, t) => n + t.tokens, 0));

    // The cache holds: the same run again sends nothing.
    const again = await toolgen(dir, ["stats", "--exact", "--model", "claude-sonnet-4-5-20250929", "--format", "json"], env);
    expect(again.code, again.stderr).toBe(0);
    expect(seen.length).toBe(14);
    const cachedReport = JSON.parse(again.stdout) as Report;
    expect(cachedReport.exact).toEqual({ ...report.exact, cached: 14, requested: 0 });

    // The family's estimate is now calibrated by the counts (bytes per token near 3 here).
    const estimated = JSON.parse((await toolgen(dir, ["stats", "--model", "claude-sonnet-4-5", "--format", "json"])).stdout) as Report;
    expect(estimated.estimate).toContain(`calibrated for claude-sonnet-4-5`);
    for (const t of estimated.tools) expect(t.estimatedTokens).toBe(Math.ceil(t.bytes / report.exact.bytesPerToken));
    // A later model's default: about 30% more tokens than bytes / 3.5.
    const later = JSON.parse((await toolgen(dir, ["stats", "--model", "claude-opus-4-7", "--format", "json"])).stdout) as Report;
    expect(later.estimate).toContain("2.69");
    const table = await toolgen(dir, ["stats", "--exact", "--model", "claude-sonnet-4-5-20250929"], env);
    expect(table.stdout).toMatch(/tool-use system prompt\s+300/);
    expect(table.stdout).toContain("(0 request(s), 14 from the cache)");
  });

  it("without a key or a model it is a usage error (exit 2); an API error exits 1 with its message, no stack", async () => {
    const dir = await tempDir("toolgen-exact-");
    await catalogProject(dir, 3, {});
    const noKey = await toolgen(dir, ["stats", "--exact", "--model", "claude-sonnet-4-5"], { ANTHROPIC_API_KEY: "", ANTHROPIC_BASE_URL: base });
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toContain("set ANTHROPIC_API_KEY");
    const noModel = await toolgen(dir, ["stats", "--exact"], { ANTHROPIC_API_KEY: "sk-test", ANTHROPIC_BASE_URL: base });
    expect(noModel.code).toBe(2);
    expect(noModel.stderr).toContain("needs --model");
    const broken = await toolgen(dir, ["stats", "--exact", "--model", "claude-broken"], { ANTHROPIC_API_KEY: "sk-test", ANTHROPIC_BASE_URL: base });
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/count_tokens failed \(HTTP 401\): .*invalid x-api-key/);
    expect(broken.stderr).not.toMatch(/\n\s+at /);
  });

  // Issue 38 item 11: an endpoint that accepts the connection and never answers.
  it("an endpoint that never answers: --timeout per request, one retry, then exit 1 saying so (no 'HTTP undefined')", async () => {
    const silent = createServer(() => undefined);
    let requests = 0;
    silent.on("request", () => requests++);
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    try {
      const dir = await tempDir("toolgen-exact-");
      await catalogProject(dir, 2, {});
      const env = { ANTHROPIC_API_KEY: "sk-test", ANTHROPIC_BASE_URL: url };
      const started = Date.now();
      const r = await toolgen(dir, ["stats", "--exact", "--model", "claude-sonnet-4-5", "--timeout", "1"], env);
      const elapsed = Date.now() - started;
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).toContain("count_tokens failed: no answer within 1 s, twice (the request and one retry); --timeout sets the limit in seconds");
      expect(r.stderr).not.toContain("undefined");
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect(requests).toBe(2);
      // The 1 s limit twice, not the SDK's default of minutes: the bound only tells the two apart.
      expect(elapsed).toBeLessThan(60_000);
      const bad = await toolgen(dir, ["stats", "--exact", "--model", "claude-sonnet-4-5", "--timeout", "0"], env);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain("--timeout must be a positive number of seconds (got 0)");
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it("an endpoint that refuses the connection: the SDK's message and its cause, no 'HTTP undefined'", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const dir = await tempDir("toolgen-exact-");
    await catalogProject(dir, 2, {});
    const r = await toolgen(dir, ["stats", "--exact", "--model", "claude-sonnet-4-5", "--timeout", "2"], { ANTHROPIC_API_KEY: "sk-test", ANTHROPIC_BASE_URL: url });
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/count_tokens failed: Connection error\./);
    expect(r.stderr).not.toContain("HTTP undefined");
  });
});
