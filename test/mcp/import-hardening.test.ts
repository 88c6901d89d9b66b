/**
 * `toolgen import` from the command line, against sources that are hostile or that need more than
 * the defaults: issue 24 N5 (parameters nested past the loader's bound are a user error naming the
 * tool and the bound, never exit 70), N6 (server-controlled names reach the terminal escaped), and
 * issue 23 item 8 (a stdio server gets the environment, `--env` narrows it; `"strict"` is kept).
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { MAX_NESTING } from "../../src/load/depth.js";
import { CI_LIMIT_MS, repoRoot } from "../helpers.js";

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "toolgen-import-hard-"));
  dirs.push(dir);
  return dir;
}

const CLI = path.join(repoRoot, "dist", "bin", "toolgen.cjs");
const FIXTURES = path.join(repoRoot, "test", "mcp", "fixtures");

function toolgen(cwd: string, args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: "utf8", timeout: CI_LIMIT_MS, env: { ...process.env, NO_COLOR: "1", ...env } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Parameters nesting `depth` objects, as JSON text (JSON.stringify overflows long before 100,000). */
function deepParameters(depth: number): string {
  return '{"type":"object","properties":{"a":'.repeat(depth) + '{"type":"string"}' + "}}".repeat(depth);
}

/** ESC (a colour and a title), BEL, the C1 CSI (U+009B) and a newline: each would act on a terminal. */
const HOSTILE_NAME = "get\u001b[31mred\u001b]0;pwned\u0007\u009b2J\nfake";
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

describe("N5: parameters nested too deep", () => {
  it("import openai: a user error naming the tool and the limit (exit 1), no file written", async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, "f.json"), `[{"type":"function","function":{"name":"deep_tool","parameters":${deepParameters(100_000)}}}]`);
    const r = toolgen(dir, ["import", "openai", "f.json"]);
    expect(r.stderr).not.toContain("internal error");
    expect(r.stderr).not.toContain("RangeError");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("'deep_tool'");
    expect(r.stderr).toContain(`${MAX_NESTING} levels`);
    expect(existsSync(path.join(dir, "schemas", "deep_tool.json"))).toBe(false);
  });

  it("import openai: just past the limit is refused the same way, at the limit it imports", async () => {
    const dir = await tempDir();
    // deepParameters(n) nests 2n + 1 levels (each object and its properties), the tool file one more.
    await writeFile(path.join(dir, "over.json"), `[{"name":"over","parameters":${deepParameters(MAX_NESTING / 2)}}]`);
    const over = toolgen(dir, ["import", "openai", "over.json"]);
    expect(over.code).toBe(1);
    expect(over.stderr).toMatch(new RegExp(`over\\.json: tool 'over': .*${MAX_NESTING} levels.*#/input_schema(/properties/a)+`));
    await writeFile(path.join(dir, "fits.json"), `[{"name":"fits","parameters":${deepParameters(MAX_NESTING / 2 - 1)}}]`);
    const fits = toolgen(dir, ["import", "openai", "fits.json"]);
    expect(fits.stderr).not.toContain("internal error");
    expect(existsSync(path.join(dir, "schemas", "fits.json"))).toBe(true);
  });

  it("import mcp: the same user error, from a server's tools/list (exit 1, nothing written)", async () => {
    for (const depth of [MAX_NESTING, 100_000]) {
      const dir = await tempDir();
      const r = toolgen(dir, ["import", "mcp", "--", process.execPath, path.join(FIXTURES, "raw-server.mjs")], { DEPTH: String(depth), TOOL_NAME: "deep_tool" });
      expect(r.stderr, String(depth)).not.toContain("internal error");
      expect(r.code, String(depth)).toBe(1);
      expect(r.stderr, String(depth)).toContain(`${MAX_NESTING} levels`);
      expect(existsSync(path.join(dir, "schemas")), String(depth)).toBe(false);
    }
  }, CI_LIMIT_MS);
});

describe("N6: server-controlled names are escaped on the terminal", () => {
  it("import mcp: the rename note shows the control characters as escapes", async () => {
    const dir = await tempDir();
    const r = toolgen(dir, ["import", "mcp", "--", process.execPath, path.join(FIXTURES, "raw-server.mjs")], { TOOL_NAME: HOSTILE_NAME });
    expect(r.stderr).not.toContain("internal error");
    expect(r.stdout).toContain("imported 1 tool(s)");
    expect(r.stderr).toContain("note: 'get\\u001b[31mred\\u001b]0;pwned\\u0007\\u009b2J\\nfake' is imported as");
    expect(r.stderr).not.toMatch(RAW_CONTROL);
    expect(r.stdout).not.toMatch(RAW_CONTROL);
  }, CI_LIMIT_MS);

  it("import openai: the same, and in the error for a tool of another type", async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, "f.json"), JSON.stringify([{ name: HOSTILE_NAME, parameters: { type: "object", properties: {} } }]));
    const r = toolgen(dir, ["import", "openai", "f.json"]);
    expect(r.stderr).toContain("note: 'get\\u001b[31mred");
    expect(r.stderr).not.toMatch(RAW_CONTROL);
    expect(r.stdout).not.toMatch(RAW_CONTROL);
    await writeFile(path.join(dir, "g.json"), JSON.stringify([{ type: "web\u001b[2Jsearch" }]));
    const bad = toolgen(dir, ["import", "openai", "g.json"]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("web\\u001b[2Jsearch");
    expect(bad.stderr).not.toMatch(RAW_CONTROL);
  });
});

describe("issue 23 item 8: the server's environment, and strict", () => {
  const server = path.join(FIXTURES, "env-server.mjs");
  const keys = { TOOLGEN_TEST_API_KEY: "secret-1", TOOLGEN_TEST_OTHER_KEY: "secret-2" };
  const listed = async (dir: string) => (await readdir(path.join(dir, "schemas"))).sort();

  it("import mcp passes the environment through to a stdio server", async () => {
    const dir = await tempDir();
    const r = toolgen(dir, ["import", "mcp", "--", process.execPath, server], keys);
    expect(r.stderr).not.toContain("internal error");
    expect(r.code).toBe(0);
    expect(await listed(dir)).toEqual(["always.json", "has_toolgen_test_api_key.json", "has_toolgen_test_other_key.json"]);
  }, CI_LIMIT_MS);

  it("--env KEY (repeatable) narrows it to the named keys; a key not set is a usage error", async () => {
    const one = await tempDir();
    expect(toolgen(one, ["import", "mcp", "--env", "TOOLGEN_TEST_API_KEY", "--", process.execPath, server], keys).code).toBe(0);
    expect(await listed(one)).toEqual(["always.json", "has_toolgen_test_api_key.json"]);
    const both = await tempDir();
    expect(toolgen(both, ["import", "mcp", "--env", "TOOLGEN_TEST_OTHER_KEY", "--env", "TOOLGEN_TEST_API_KEY", "--", process.execPath, server], keys).code).toBe(0);
    expect(await listed(both)).toEqual(["always.json", "has_toolgen_test_api_key.json", "has_toolgen_test_other_key.json"]);
    const missing = await tempDir();
    const r = toolgen(missing, ["import", "mcp", "--env", "TOOLGEN_TEST_UNSET_KEY", "--", process.execPath, server], keys);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--env TOOLGEN_TEST_UNSET_KEY");
    const url = toolgen(missing, ["import", "mcp", "--env", "TOOLGEN_TEST_API_KEY", "--url", "http://127.0.0.1:9/mcp"], keys);
    expect(url.code).toBe(2);
    expect(url.stderr).toContain("--env");
  }, CI_LIMIT_MS);

  it("import openai keeps \"strict\" (Chat Completions and Responses forms)", async () => {
    const dir = await tempDir();
    const params = { type: "object", properties: { q: { type: "string", description: "Q." } }, required: ["q"], additionalProperties: false };
    await writeFile(path.join(dir, "f.json"), JSON.stringify([
      { type: "function", function: { name: "chat_strict", description: "Chat form.", parameters: params, strict: true } },
      { type: "function", name: "responses_strict", description: "Responses form.", parameters: params, strict: true },
      { type: "function", name: "responses_loose", description: "Responses form.", parameters: params, strict: false },
      { type: "function", function: { name: "chat_plain", description: "Chat form.", parameters: params } },
    ]));
    const r = toolgen(dir, ["import", "openai", "f.json"]);
    expect(r.stderr).not.toContain("internal error");
    const read = async (name: string) => JSON.parse(await readFile(path.join(dir, "schemas", `${name}.json`), "utf8")) as Record<string, unknown>;
    expect((await read("chat_strict"))["strict"]).toBe(true);
    expect((await read("responses_strict"))["strict"]).toBe(true);
    expect((await read("responses_loose"))["strict"]).toBe(false);
    expect(Object.hasOwn(await read("chat_plain"), "strict")).toBe(false);
  });
});

describe("issue 38 item 14: a tools/list reply over the stdio bound", () => {
  it("says the reply was too large, gives the limit and the flag (not only 'Connection closed'); the flag raises it", async () => {
    const dir = await tempDir();
    const server = ["import", "mcp", "--", process.execPath, path.join(FIXTURES, "raw-server.mjs")];
    const big = { PAD_BYTES: String(10 * 1024 * 1024 + 1000), TOOL_NAME: "big_tool" };
    const r = toolgen(dir, server, big);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("could not list the MCP server's tools: the server's reply is larger than the limit of 10 MiB (10485760 bytes) on a message; raise it with --max-message-bytes");
    expect(existsSync(path.join(dir, "schemas"))).toBe(false);

    const small = toolgen(dir, ["import", "mcp", "--max-message-bytes", "1000", ...server.slice(2)], { PAD_BYTES: "2000", TOOL_NAME: "small_tool" });
    expect(small.code).toBe(1);
    expect(small.stderr).toContain("larger than the limit of 1000 bytes on a message; raise it with --max-message-bytes");

    // Raised past the reply (a small one: a 10 MiB tool takes a while to lint).
    const raised = toolgen(dir, ["import", "mcp", "--max-message-bytes", "5000", ...server.slice(2)], { PAD_BYTES: "2000", TOOL_NAME: "small_tool" });
    expect(raised.stderr).not.toContain("larger than the limit");
    expect(raised.stdout).toContain("imported 1 tool(s)");

    const bad = toolgen(dir, ["import", "mcp", "--max-message-bytes", "0", ...server.slice(2)]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--max-message-bytes must be a positive whole number of bytes");
  }, CI_LIMIT_MS);
});
