/**
 * Issue 42 item 2: `toolgen lint --format matrix` on the matrix fixture (test/fixtures/matrix: six tools, the
 * config's targets anthropic, mcp, openai strict and gemini, the clients cursor, vscode and windsurf) matches
 * the golden table, test/fixtures/matrix/expected/matrix.md; and each cell is derived again here from the rules
 * alone: every rule that decides the column run by itself on the folder, and the targets' lowerings called
 * directly, give the cell's verdict and rule ids (with the config as written, and with Gemini's `parameters`
 * form and OpenAI non-strict). `diff --format markdown --matrix` adds the rows of the changed tools.
 */
import { readFileSync } from "node:fs";
import { cp, readFile, rm, writeFile } from "node:fs/promises";
import { isDeepStrictEqual } from "node:util";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { composeRules, RULES, settingValues, targetCaps } from "../../src/catalog.js";
import { configFor, type Config } from "../../src/commands/config.js";
import { lintLoaded } from "../../src/commands/lint-folder.js";
import { runDiff } from "../../src/commands/diff.js";
import { runLint } from "../../src/commands/lint.js";
import { lint } from "../../src/lint/index.js";
import type { RunFacts } from "../../src/lint/rule.js";
import { importedFolder } from "../../src/load/imported.js";
import { bundleTools, loadFolder, type LoadedFolder } from "../../src/load/index.js";
import type { BundledTool, Diagnostic, JsonObject } from "../../src/model.js";
import { formatMatrix, matrixOf, type Matrix, type Verdict } from "../../src/report/matrix.js";
import { decides, type MatrixColumn } from "../../src/report/matrix-columns.js";
import { lowerToOpenApi } from "../../src/schema/openapi.js";
import { declaredStrict, lowerStrict } from "../../src/targets/openai/strict.js";
import { fixture, repoRoot, tempDir } from "../helpers.js";

const PROJECT = fixture("matrix");
const GOLDEN = fixture("matrix", "expected", "matrix.md");

async function report(format: "matrix" | "json"): Promise<{ code: number; out: string }> {
  let out = "";
  const code = await runLint({ cwd: PROJECT, format, env: {}, stdout: { write: (t: string) => (out += t) } });
  return { code, out };
}

/** The run of `toolgen lint` in the fixture (the config as read, with `overrides`): the folder, its findings, its rule settings. */
async function lintRun(overrides: Partial<Config> = {}) {
  const config = { ...configFor(PROJECT, {}, PROJECT), ...overrides };
  const rules = composeRules({ rules: config.rules, ...(config.targets ? { targets: config.targets } : {}), settings: config, built: [] });
  const run: RunFacts = { settings: settingValues(Object.fromEntries(Object.entries(config))), caps: [], configFile: "toolgen.config.json" };
  const loaded = await loadFolder(path.join(PROJECT, config.schemas));
  const diagnostics = await lintLoaded(loaded, rules as Record<string, never>, undefined, undefined, run);
  return { loaded, rules, run, diagnostics, matrix: await matrixOf({ loaded, diagnostics, rules, settings: run.settings }) };
}

describe("toolgen lint --format matrix", () => {
  it("matches the golden table, with lint's exit code; the same findings as the json report", async () => {
    const matrix = await report("matrix");
    await expect(matrix.out).toMatchFileSnapshot(GOLDEN);
    const json = await report("json");
    expect(matrix.code).toBe(json.code);
    expect(matrix.code).toBe(1);
    // The command's table is the one built here from the same run (what the per-cell test below checks).
    expect(matrix.out).toBe(formatMatrix([(await lintRun()).matrix]));
    // docs/matrix.md shows the golden's table as it is.
    const table = matrix.out.split("\n").filter((line) => line.startsWith("|")).join("\n");
    expect(table.split("\n")).toHaveLength(8);
    expect(readFileSync(path.join(repoRoot, "docs", "matrix.md"), "utf8")).toContain(table);
  });

  for (const [name, overrides] of [
    ["the config as written", {}],
    ["Gemini's parameters form, OpenAI non-strict", { geminiSchemaField: "parameters", openaiStrict: false }],
  ] as const) {
    it(`each cell is what the rules that decide it, run alone, and the lowering say (${name})`, async () => {
      const { loaded, rules, run, matrix } = await lintRun(overrides as Partial<Config>);
      const cells = await checkCells({ loaded, rules, run, matrix });
      expect(cells.count).toBeGreaterThan(20);
      // The fixture shows each verdict.
      expect([...cells.verdicts].sort()).toEqual(["as-is", "lowered", "refused"]);
    });
  }
});

it("a tool an output leaves out is dropped there: the Claude Agent SDK and claude-agent-sdk/zod-exact (a warning in lint); each cell derived again", async () => {
  const input = (q: object) => ({ type: "object", properties: { q: { description: "What to look for.", ...q } }, required: ["q"] });
  const tools = [
    { name: "plain", description: "Finds things. Use it to look things up. It returns the matches.", inputSchema: input({ type: "string" }) },
    { name: "negated", description: "Finds things. Use it to look things up. It returns the matches.", inputSchema: input({ not: { type: "string" } }) },
  ];
  const loaded = await importedFolder(tools, "mcp:server");
  const settings = settingValues({});
  const rules = composeRules({ targets: ["anthropic", "claude-agent-sdk", "managed-agents"], settings });
  const run: RunFacts = { settings, caps: targetCaps(rules), configFile: "toolgen.config.json" };
  const diagnostics = await lintLoaded(loaded, rules as Record<string, never>, undefined, undefined, run);
  expect(diagnostics.find((d) => d.rule === "claude-agent-sdk/zod-exact")?.severity).toBe("warning");
  const matrix = await matrixOf({ loaded, diagnostics, rules, settings });
  const text = formatMatrix([matrix]);
  expect(text).toContain("| tool | Claude API | Claude Agent SDK | Claude Managed Agent |\n");
  expect(text).toContain("| `plain` | ✅ | ✅ | ✅ |\n");
  expect(text).toContain("| `negated` | ✅ | ❌ `claude-agent-sdk/zod-exact` | ✅ |\n");
  expect((await checkCells({ loaded, rules, run, matrix })).verdicts).toEqual(new Set(["as-is", "refused"]));
});

it("the footer: each cap against the tools listed, and what lint finds about them as a whole (a cap exceeded)", async () => {
  const input = { type: "object", properties: { q: { type: "string", description: "What to look for." } }, required: ["q"] };
  const tools = Array.from({ length: 101 }, (_, i) => ({ name: `find_${i}`, description: "Finds things. Use it to look things up. It returns the matches.", inputSchema: input }));
  const loaded = await importedFolder(tools, "mcp:server");
  const settings = settingValues({ clients: ["windsurf", "cursor"] });
  const rules = composeRules({ targets: ["mcp"], settings });
  const run: RunFacts = { settings, caps: targetCaps(rules), configFile: "toolgen.config.json" };
  const diagnostics = await lintLoaded(loaded, rules as Record<string, never>, undefined, undefined, run);
  const text = formatMatrix([await matrixOf({ loaded, diagnostics, rules, settings })]);
  expect(text).toContain("| tool | Claude Code | Windsurf | Cursor |\n");
  expect(text).toContain("- Windsurf: at most 100 tools (**over it**: send a toolset). Source: https://docs.windsurf.com/windsurf/cascade/mcp\n");
  expect(text).toContain("- Cursor: no documented cap. Source:");
  expect(text).toMatch(/About the tools as a whole:\n\n- ⚠️ `toolset-cap`: the folder has 101 tools, over Windsurf's cap of 100/);
});

describe("toolgen diff --format markdown --matrix", () => {
  it("adds the table of the changed tools the head still has, as lint --format matrix tables them; only with markdown and the working tree or a head server", async () => {
    const work = await tempDir("toolgen-matrix-diff-");
    await cp(PROJECT, work, { recursive: true });
    const base = path.join(work, "base");
    await cp(path.join(PROJECT, "schemas"), base, { recursive: true });
    // The base lacks search_orders' `status` and had another forecast description; filter_logs is removed on the head.
    const orders = JSON.parse(await readFile(path.join(base, "search_orders.json"), "utf8")) as { input_schema: { properties: Record<string, unknown> } };
    delete orders.input_schema.properties["status"];
    await writeFile(path.join(base, "search_orders.json"), JSON.stringify(orders));
    const forecast = JSON.parse(await readFile(path.join(base, "forecast.json"), "utf8")) as { description: string };
    await writeFile(path.join(base, "forecast.json"), JSON.stringify({ ...forecast, description: `${forecast.description} Old.` }));
    await rm(path.join(work, "schemas", "filter_logs.json"));
    let out = "";
    await runDiff({ base, cwd: work, format: "markdown", matrix: true, env: {}, stdout: { write: (t: string) => (out += t) } });
    const section = out.slice(out.indexOf("### Which clients take each tool"));
    expect(section.startsWith("### Which clients take each tool (2 tools)\n")).toBe(true);
    const golden = readFileSync(GOLDEN, "utf8").split("\n");
    const rows = section.split("\n").filter((line) => line.startsWith("| `"));
    expect(rows).toEqual(golden.filter((line) => line.startsWith("| `forecast`") || line.startsWith("| `search_orders`")));
    await expect(runDiff({ base, cwd: work, format: "stylish", matrix: true, env: {}, stdout: { write: () => undefined } })).rejects.toThrow(/--matrix adds a table to the markdown report/);
    await expect(runDiff({ base, head: base, cwd: work, format: "markdown", matrix: true, env: {}, stdout: { write: () => undefined } })).rejects.toThrow(/--matrix tables the head/);
  });
});

/**
 * Checks every cell of `matrix` against its derivation here (expectedCell): each rule run alone on the folder,
 * at the run's setting, and the lowerings called directly. Returns how many cells and which verdicts it saw.
 */
async function checkCells({ loaded, rules, run, matrix }: { loaded: LoadedFolder; rules: Record<string, unknown>; run: RunFacts; matrix: Matrix }) {
  const bundled = await bundleTools(loaded);
  const byName = new Map(bundled.tools.map((t) => [t.name, t]));
  // Each rule on alone, at the run's setting: its own findings, by tool.
  const alone = new Map<string, Diagnostic[]>();
  for (const rule of RULES) {
    const id = rule.meta.id;
    if (rules[id] === "off" || (rules[id] === undefined && rule.meta.defaultSeverity === "off")) continue;
    const only = Object.fromEntries(RULES.map((r) => [r.meta.id, r.meta.id === id ? (rules[id] ?? r.meta.defaultSeverity) : "off"]));
    alone.set(id, await lint(loaded, bundled, { registry: RULES, rules: only, run }));
  }
  const yieldsTo = new Map(RULES.map((r) => [r.meta.id, r.meta.yieldsTo]));
  let cells = 0;
  const verdicts = new Set<Verdict>();
  for (const row of matrix.rows) {
    matrix.columns.forEach((column, i) => {
      const cell = row.cells[i]!;
      const expected = expectedCell(column, [...alone].flatMap(([id, found]) => (decides(id, column) ? found.filter((d) => d.tool === row.tool).map((d) => ({ ...d, rule: id })) : [])), byName.get(row.tool)!, yieldsTo, run);
      expect({ tool: row.tool, column: column.title, ...cell, rules: [...cell.rules].sort() }).toEqual({ tool: row.tool, column: column.title, ...expected });
      verdicts.add(cell.verdict);
      cells++;
    });
  }
  expect(cells).toBe(matrix.rows.length * matrix.columns.length);
  return { count: cells, verdicts };
}

/** A cell as derived here: the findings of the rules that decide the column (each run alone), then the target's lowering called directly. */
function expectedCell(
  column: MatrixColumn,
  findings: readonly Diagnostic[],
  tool: BundledTool,
  yieldsTo: ReadonlyMap<string, string | undefined>,
  run: RunFacts,
): { verdict: Verdict; rules: string[]; warnings: string[] } {
  const refusing = new Set(findings.filter((d) => d.severity === "error" || column.refusedBy.includes(d.rule)).map((d) => d.rule));
  // A rule that yields to another (openai/keyword-unsupported to openai-strict-lowerable) says nothing the other says.
  for (const rule of refusing) if (refusing.has(yieldsTo.get(rule) ?? "")) refusing.delete(rule);
  if (refusing.size > 0) return { verdict: "refused", rules: [...refusing].sort(), warnings: [] };
  const lowered = lowering(column, tool, run);
  const own = (rule: string) => rule.startsWith(`${column.target}/`) || (column.target === "openai" && rule === "openai-strict-lowerable") || (column.target === "gemini" && rule === "gemini-parameters-lossless");
  const warnings = [...new Set(findings.filter((d) => own(d.rule) && !lowered.rules.includes(d.rule)).map((d) => d.rule))];
  return { ...lowered, warnings };
}

/** The lowering the column's output applies, called directly: OpenAI strict (for a strict tool), Gemini's parameters form. */
function lowering(column: MatrixColumn, tool: BundledTool, run: RunFacts): { verdict: Verdict; rules: string[] } {
  const schemas: JsonObject[] = [tool.bundledSchema, ...(tool.bundledOutputSchema ? [tool.bundledOutputSchema] : [])];
  if (column.target === "openai" && (column.title === "OpenAI (strict)" || declaredStrict(tool))) {
    const lowered = schemas.map((s) => ({ s, l: lowerStrict(s) }));
    if (lowered.every(({ l }) => l.problems.every((p) => p.severity !== "error")) && lowered.some(({ s, l }) => !isDeepStrictEqual(s, l.schema))) return { verdict: "lowered", rules: ["openai-strict-lowerable"] };
  }
  if (column.target === "gemini" && run.settings["geminiSchemaField"] === "parameters") {
    return { verdict: schemas.every((s) => lowerToOpenApi(s).ok) ? "lowered" : "refused", rules: ["gemini-parameters-lossless"] };
  }
  return { verdict: "as-is", rules: [] };
}
