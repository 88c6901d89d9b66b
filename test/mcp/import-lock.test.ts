/**
 * Issue 42: `toolgen import mcp` has `--header` and `--server-timeout` as `lint --server` has (the connection
 * code of commands/mcp-server.ts), and the tools lock (`--lock`/`--check`, src/diff/tools-lock.ts) is written
 * from the tools as listed and read back as they were, refusing what is not one. No server is started: the
 * timeout, the HTTP credential and the whole round trip over stdio are in test/mcp/client-server.test.ts (heavy).
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runImport } from "../../src/commands/import.js";
import { readToolsLock, toolsLockText } from "../../src/diff/tools-lock.js";
import { loadSide } from "../../src/diff/sides.js";
import type { ImportedTool } from "../../src/load/imported.js";

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});
const sink = () => ({ text: "", write(t: string) { this.text += t; } });
const failure = (p: Promise<unknown>) => p.then(() => "no error", (e: Error & { exitCode?: number }) => `${e.exitCode ?? "?"} ${e.message}`);

const TOOLS: ImportedTool[] = [
  { name: "b.search", title: "Search", description: "Searches.", inputSchema: { type: "object", properties: { q: { type: "string" } }, required: ["q"] }, annotations: { readOnlyHint: true } },
  { name: "a", inputSchema: { type: "object" }, outputSchema: { type: "object", properties: { n: { type: "integer" } } } },
];

describe("toolgen import mcp: --header and --server-timeout", () => {
  it("refuses a header for a started server, and a timeout that is not a positive whole number, before starting anything", async () => {
    const flags = { source: "mcp", command: ["no-such-command-toolgen"], lint: false, stdout: sink(), stderr: sink() };
    expect(await failure(runImport({ ...flags, headers: ["Authorization: Bearer abcdefgh12"] }))).toBe(
      "2 --header is sent to a server at a URL; toolgen import mcp -- names a command (give it variables with --env KEY)",
    );
    expect(await failure(runImport({ ...flags, serverTimeout: 0 }))).toBe("2 --server-timeout must be a positive whole number of milliseconds");
    expect(await failure(runImport({ ...flags, url: undefined, headers: ["no colon"] }))).toMatch(/^2 --header no colon: give "Name: value"/);
    expect(await failure(runImport({ source: "openai", file: "x.json", lock: "" }))).toBe("2 --lock is for an MCP server's tools (toolgen import mcp ...)");
    expect(await failure(runImport({ ...flags, lock: "", check: "" }))).toMatch(/^2 give --lock .* or --check/);
  });
});

describe("the tools lock", () => {
  it("keeps the tools as listed, in the server's order, and reads them back as they were", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "toolgen-lock-"));
    dirs.push(dir);
    const file = path.join(dir, "toolgen.mcp-lock.json");
    const text = toolsLockText(TOOLS, "stdio");
    await writeFile(file, text);
    expect(JSON.parse(text)).toMatchObject({ lock: "toolgen mcp tools", version: 1, transport: "stdio" });
    expect(readToolsLock(file, "lock.json")).toEqual(TOOLS);
    // toolgen diff takes it as a side: the tools by the names the server lists, shown as server:<name>.
    const side = await loadSide(file, dir, { files: [], found: () => false, read: () => ({ schemas: dir }) });
    expect(side.tools.map((t) => [t.name, t.source.displayPath])).toEqual([["a", "server:a"], ["b.search", "server:b.search"]]);
  });

  it("refuses what is not a tools lock of this toolgen, naming the file (exit 2)", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "toolgen-lock-"));
    dirs.push(dir);
    const cases: [string, string][] = [
      ["{", "not JSON"],
      [JSON.stringify({ version: 1, tools: {} }), "not a tools lock of toolgen import mcp"],
      [JSON.stringify({ lock: "toolgen mcp tools", version: 2, tools: [] }), "tools lock version 2, which this toolgen cannot read (it reads 1)"],
      [JSON.stringify({ lock: "toolgen mcp tools", version: 1, tools: {} }), `its "tools" is not an array`],
      [JSON.stringify({ lock: "toolgen mcp tools", version: 1, tools: [{ title: "x" }] }), "tools[0] is not a tool"],
    ];
    for (const [i, [text, why]] of cases.entries()) {
      const file = path.join(dir, `${i}.json`);
      await writeFile(file, text);
      expect(() => readToolsLock(file, "lock.json")).toThrow(`lock.json: ${why}`);
    }
    expect(() => readToolsLock(path.join(dir, "none.json"), "none.json")).toThrow("none.json: not found; write it with `toolgen import mcp --lock`");
    expect(() => readToolsLock(dir, "dir")).toThrow(/^dir: is a folder, not a file/);
  });
});
