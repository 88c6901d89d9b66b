/**
 * Issue 13: `toolgen import` from OpenAI function definitions and from MCP servers (stdio with
 * pagination, Streamable HTTP), and the round trip: a real MCP server from npm
 * (@modelcontextprotocol/server-memory) -> import -> build with the mcp output -> the generated
 * server's listTools equals the original's.
 */
import { spawnSync } from "node:child_process";
import { mkdtemp, readFile, readdir, rm, writeFile, mkdir } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { runImport, sanitiseName } from "../../src/commands/import.js";
import { repoRoot } from "../helpers.js";
import { repoTempDir } from "../e2e/compile.js";
import { buildMcpCase, httpClient, stdioClient } from "./harness.js";

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "toolgen-import-"));
  dirs.push(dir);
  return dir;
}
function sink() {
  let text = "";
  return { write: (t: string) => (text += t), get text() { return text; } };
}
async function readTools(dir: string): Promise<Record<string, Record<string, unknown>>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const f of (await readdir(dir)).sort()) out[f] = JSON.parse(await readFile(path.join(dir, f), "utf8")) as Record<string, unknown>;
  return out;
}

const PARAMS = { type: "object", properties: { city: { type: "string", description: "The city." } }, required: ["city"] };
const MEMORY_SERVER = createRequire(import.meta.url).resolve("@modelcontextprotocol/server-memory/dist/index.js");

describe("toolgen import openai", () => {
  it("reads the Chat Completions and the Responses forms; sanitises names and keeps the original; ends with a lint report", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "functions.json");
    await writeFile(file, JSON.stringify([
      { type: "function", function: { name: "get_weather", description: "Gets the weather.", parameters: PARAMS } },
      { type: "function", name: "weather.forecast v2", description: "Gets a forecast.", parameters: PARAMS, strict: true },
    ]));
    const stdout = sink();
    const stderr = sink();
    const code = await runImport({ source: "openai", file, schemas: path.join(dir, "schemas"), stdout, stderr });
    expect(code).toBe(0);
    const tools = await readTools(path.join(dir, "schemas"));
    expect(Object.keys(tools)).toEqual(["get_weather.json", "weather_forecast_v2.json"]);
    expect(tools["get_weather.json"]).toMatchObject({ name: "get_weather", description: "Gets the weather.", input_schema: PARAMS });
    expect(tools["get_weather.json"]!["original_name"]).toBeUndefined();
    expect(tools["weather_forecast_v2.json"]).toMatchObject({ name: "weather_forecast_v2", original_name: "weather.forecast v2", input_schema: PARAMS });
    expect(stderr.text).toContain("'weather.forecast v2' is imported as 'weather_forecast_v2'");
    expect(stdout.text).toContain("imported 2 tool(s)");
    expect(stdout.text).toContain("Lint report");
    expect(stdout.text).toMatch(/description/); // the short descriptions are reported
  });

  it("never overwrites an existing file without --force", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "f.json");
    const schemas = path.join(dir, "schemas");
    await writeFile(file, JSON.stringify({ tools: [{ type: "function", function: { name: "a", description: "New.", parameters: PARAMS } }] }));
    await mkdir(schemas);
    await writeFile(path.join(schemas, "a.json"), "mine\n");
    const stderr = sink();
    expect(await runImport({ source: "openai", file, schemas, lint: false, stdout: sink(), stderr })).toBe(1);
    expect(await readFile(path.join(schemas, "a.json"), "utf8")).toBe("mine\n");
    expect(stderr.text).toContain("exists (--force overwrites it)");
    expect(await runImport({ source: "openai", file, schemas, lint: false, force: true, stdout: sink(), stderr: sink() })).toBe(0);
    expect(JSON.parse(await readFile(path.join(schemas, "a.json"), "utf8"))).toMatchObject({ name: "a", description: "New." });
  });

  it("gives distinct names to tools that sanitise to the same one, and rejects hostile input as a user error", async () => {
    expect(sanitiseName("a.b")).toBe("a_b");
    expect(sanitiseName("")).toBe("tool");
    expect(sanitiseName("x".repeat(100))).toHaveLength(64);
    const dir = await tempDir();
    const file = path.join(dir, "f.json");
    await writeFile(file, JSON.stringify([{ name: "a.b", parameters: PARAMS }, { name: "a b", parameters: PARAMS }]));
    await runImport({ source: "openai", file, schemas: path.join(dir, "s"), lint: false, stdout: sink(), stderr: sink() });
    expect(Object.keys(await readTools(path.join(dir, "s")))).toEqual(["a_b.json", "a_b_2.json"]);
    await writeFile(file, "[{\"type\": \"web_search\"}]");
    await expect(runImport({ source: "openai", file, schemas: path.join(dir, "s"), lint: false, stdout: sink(), stderr: sink() })).rejects.toThrow(/only "function" tools/);
    await writeFile(file, JSON.stringify({ tools: 5 }));
    await expect(runImport({ source: "openai", file, schemas: path.join(dir, "s"), lint: false, stdout: sink(), stderr: sink() })).rejects.toThrow(/an object with a "tools" array/);
    await writeFile(file, "not json");
    await expect(runImport({ source: "openai", file, schemas: path.join(dir, "s"), lint: false, stdout: sink(), stderr: sink() })).rejects.toThrow(/not JSON/);
  });

  it("runs from the command line", async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, "f.json"), JSON.stringify([{ type: "function", function: { name: "x", parameters: PARAMS } }]));
    const r = spawnSync(process.execPath, [path.join(repoRoot, "dist", "bin", "toolgen.cjs"), "import", "openai", "f.json"], { cwd: dir, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
    expect(r.stderr).not.toContain("internal error");
    expect(r.stdout).toContain("imported 1 tool(s)");
    expect(JSON.parse(await readFile(path.join(dir, "schemas", "x.json"), "utf8"))).toMatchObject({ name: "x", input_schema: PARAMS });
  });
});

describe("toolgen import mcp", () => {
  it("follows pagination over stdio (from the command line, after --)", async () => {
    const dir = await tempDir();
    const server = path.join(repoRoot, "test", "mcp", "fixtures", "paged-server.mjs");
    const r = spawnSync(process.execPath, [path.join(repoRoot, "dist", "bin", "toolgen.cjs"), "import", "mcp", "--", process.execPath, server], { cwd: dir, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
    expect(r.stderr).not.toContain("internal error");
    expect(r.stdout).toContain("imported 5 tool(s)");
    expect(Object.keys(await readTools(path.join(dir, "schemas")))).toEqual(["alpha.json", "beta_v2.json", "delta.json", "epsilon.json", "gamma.json"]);
  });

  it("round trip: server-memory -> import -> build with the mcp output -> the same listTools (stdio), and import --url from the generated HTTP server", async () => {
    const original = new Client({ name: "t", version: "1" });
    const memoryDir = await tempDir();
    await original.connect(new StdioClientTransport({ command: process.execPath, args: [MEMORY_SERVER], env: { MEMORY_FILE_PATH: path.join(memoryDir, "m.jsonl") } }));
    const expected = (await original.listTools()).tools;
    await original.close();
    expect(expected.length).toBeGreaterThan(3);

    const dir = await repoTempDir();
    const schemas = path.join(dir, "imported");
    expect(await runImport({ source: "mcp", command: [process.execPath, MEMORY_SERVER], schemas, lint: false, stdout: sink(), stderr: sink() })).toBe(0);
    const c = await buildMcpCase(schemas);
    expect(c.diagnostics).toEqual([]);
    const generated = await stdioClient(path.join(c.dist, "generated", "mcp", "stdio.js"));
    const got = (await generated.listTools()).tools;
    await generated.close();
    const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : 1);
    expect(got).toEqual([...expected].sort(byName));

    const { client, child, url } = await httpClient(path.join(c.dist, "generated", "mcp", "http.js"));
    try {
      await client.close();
      const viaUrl = path.join(dir, "via-url");
      expect(await runImport({ source: "mcp", url, schemas: viaUrl, lint: false, stdout: sink(), stderr: sink() })).toBe(0);
      const a = await readTools(schemas);
      const b = await readTools(viaUrl);
      for (const t of [...Object.values(a), ...Object.values(b)]) delete t["x-imported-from"];
      expect(b).toEqual(a);
    } finally {
      child.kill();
    }
  });
});
