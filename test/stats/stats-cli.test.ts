/** `toolgen stats` as shipped: table, JSON, exit codes and bad input. */
import { cpSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { estimateTokens, toolSize } from "../../src/lint/stats.js";
import { fixture } from "../helpers.js";
import { projectWith, toolgen, toolJson } from "../load/cli-run.js";

interface Report {
  estimate: string;
  tools: { name: string; bytes: number; estimatedTokens: number; deferred: boolean }[];
  total: { tools: number; bytes: number; estimatedTokens: number };
  notDeferred: { tools: number; bytes: number; estimatedTokens: number };
}

async function fieldsProject(): Promise<string> {
  const dir = await projectWith({ ".git/HEAD": "" });
  cpSync(fixture("fields", "schemas"), path.join(dir, "schemas"), { recursive: true });
  return dir;
}

describe("toolgen stats", () => {
  it("prints one row per tool, the totals, and how tokens are estimated", async () => {
    const dir = await fieldsProject();
    const run = toolgen(dir, "stats");
    expect(run.code).toBe(0);
    expect(run.stderr).toBe("");
    const lines = run.stdout.split("\n");
    expect(lines[0]).toMatch(/^tool\s+bytes\s+~tokens\s+deferred$/);
    expect(lines.filter((l) => /^[a-d]_/.test(l)).map((l) => l.split(/\s+/)[0])).toEqual(["a_lookup", "b_search", "c_notify", "d_archive"]);
    expect(run.stdout).toMatch(/^b_search\s+\d+\s+~\d+\s+yes$/m);
    expect(run.stdout).toMatch(/^total \(4 tools\)\s+\d+\s+~\d+$/m);
    expect(run.stdout).toMatch(/^not deferred \(2 tools\)\s+\d+\s+~\d+$/m);
    expect(run.stdout).toContain("bytes / 3.5");
  });

  it("--format json: the same numbers, summing to the totals", async () => {
    const dir = await fieldsProject();
    const table = toolgen(dir, "stats").stdout;
    const run = toolgen(dir, "stats", "schemas", "--format", "json");
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as Report;
    expect(report.tools.map((t) => [t.name, t.deferred])).toEqual([["a_lookup", false], ["b_search", true], ["c_notify", false], ["d_archive", true]]);
    for (const t of report.tools) {
      expect(t.estimatedTokens).toBe(estimateTokens(t.bytes));
      expect(table).toMatch(new RegExp(`^${t.name}\\s+${t.bytes}\\s+~${t.estimatedTokens}`, "m"));
    }
    expect(report.total).toEqual({ tools: 4, bytes: report.tools.reduce((n, t) => n + t.bytes, 0), estimatedTokens: report.tools.reduce((n, t) => n + t.estimatedTokens, 0) });
    const loaded = report.tools.filter((t) => !t.deferred);
    expect(report.notDeferred).toEqual({ tools: 2, bytes: loaded.reduce((n, t) => n + t.bytes, 0), estimatedTokens: loaded.reduce((n, t) => n + t.estimatedTokens, 0) });
    expect(report.estimate).toContain("estimated");
  });

  it("measures the definition as tools.json holds it: the bytes of its compact JSON, in UTF-8", async () => {
    const dir = await projectWith({ "schemas/t.json": JSON.stringify({ name: "t", description: "é€😀 Does a thing. Use it for things. Returns a result.", input_schema: { type: "object" }, "x-note": "not sent" }) });
    const report = JSON.parse(toolgen(dir, "stats", "--format", "json").stdout) as Report;
    const sent = JSON.stringify({ name: "t", description: "é€😀 Does a thing. Use it for things. Returns a result.", input_schema: { type: "object" } });
    expect(report.tools[0]?.bytes).toBe(Buffer.byteLength(sent, "utf8"));
    expect(toolSize({ name: "t", bundledSchema: { type: "object" } }).bytes).toBe(Buffer.byteLength(`{"name":"t","input_schema":{"type":"object"}}`));
  });

  it("bundles external $refs before measuring", async () => {
    const dir = await projectWith({
      "schemas/t.json": JSON.stringify({ name: "t", description: "d", input_schema: { type: "object", properties: { a: { $ref: "defs.json#/$defs/a" } } } }),
      "schemas/defs.json": JSON.stringify({ $defs: { a: { type: "string", description: "x".repeat(1000) } } }),
    });
    const report = JSON.parse(toolgen(dir, "stats", "--format", "json").stdout) as Report;
    expect(report.tools.map((t) => t.name)).toEqual(["t"]);
    expect(report.tools[0]!.bytes).toBeGreaterThan(1000);
  });

  it("exit 1 with the errors on stderr when a file cannot be measured; the others are still measured", async () => {
    const dir = await projectWith({
      "schemas/good.json": toolJson("good", { type: "object" }),
      "schemas/broken.json": "{ not json",
      "schemas/typed.json": JSON.stringify({ name: "typed", input_schema: { type: "object" }, defer_loading: "yes" }),
      "schemas/dangling.json": JSON.stringify({ name: "dangling", input_schema: { $ref: "missing.json" } }),
    });
    const run = toolgen(dir, "stats");
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^good\s+\d+/m);
    expect(run.stdout).not.toMatch(/^typed/m);
    expect(run.stderr).toContain("schemas/broken.json:1:");
    expect(run.stderr).toContain("schemas/typed.json:1:");
    expect(run.stderr).toContain("`defer_loading` must be true or false");
    expect(run.stderr).toContain("schemas/dangling.json");
    expect(run.stderr).toMatch(/3 error\(s\)/);
    expect(run.stderr).not.toContain("internal");
  });

  it("usage errors exit 2: a missing folder, an empty one, two folders, an unknown format or flag", async () => {
    const dir = await projectWith({ "empty/readme.txt": "", "schemas/t.json": toolJson("t", { type: "object" }) });
    for (const args of [["stats", "nope"], ["stats", "empty"], ["stats", "schemas", "more"], ["stats", "--format", "xml"], ["stats", "--fromat", "json"]]) {
      const run = toolgen(dir, ...args);
      expect(run.code, args.join(" ")).toBe(2);
      expect(run.stdout, args.join(" ")).toBe("");
    }
    expect(toolgen(dir, "stats", "nope").stderr).toContain("schemas folder not found: nope");
    expect(toolgen(dir, "stats", "empty").stderr).toContain("no schema files");
    expect(toolgen(dir, "stats", "--fromat", "json").stderr).toContain("--format");
  });

  it("prints a tool name's control characters as escapes, never raw", async () => {
    const dir = await projectWith({ "schemas/t.json": toolJson("a\u001b[31mred\u202e", { type: "object" }) });
    const run = toolgen(dir, "stats");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("a\\u001b[31mred\\u202e");
    expect(run.stdout).not.toMatch(/[\u001b\u202e]/);
  });

  it("a folder of fragments only: no tools, totals of zero, exit 0", async () => {
    const dir = await projectWith({ "schemas/defs.json": JSON.stringify({ $defs: {} }) });
    const run = toolgen(dir, "stats", "--format", "json");
    expect(run.code).toBe(0);
    expect((JSON.parse(run.stdout) as Report).total).toEqual({ tools: 0, bytes: 0, estimatedTokens: 0 });
  });

  it("--help says the tokens are an estimate, and stats is listed among the commands", async () => {
    const dir = await projectWith({});
    const help = toolgen(dir, "stats", "--help");
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("ESTIMATED as bytes / 3.5");
    expect(toolgen(dir, "--help").stdout).toContain("stats");
  });

  it("reads the schemas folder from the config", async () => {
    const dir = await projectWith({ "toolgen.config.json": JSON.stringify({ schemas: "tools" }), "tools/t.json": toolJson("t", { type: "object" }) });
    const run = toolgen(dir, "stats");
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^t\s+\d+/m);
  });
});
