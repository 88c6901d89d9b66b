/**
 * The clients' own code as the judge (issue 37 item 7): each client's acceptance code runs on the tools
 * as toolgen serves them, for every fixture folder and the bench corpus, and its verdict is compared
 * with toolgen's lint verdict for that target (a tool fails lint when a finding of severity `error`
 * names it). Both verdicts are read from the code, not from a list: rules added to a target, or a new
 * default dialect, flow through. A disagreement is either fixed or listed, with its reason, in
 * docs/lint.md's section "The clients' own verdicts"; the test fails on any other, and on a listed one
 * that no longer occurs.
 *
 * - mcp: the MCP client SDK's `tools/list` result schema (`isSpecType.ListToolsResult`) and its Ajv
 *   provider over a 2020-12 engine (`AjvJsonSchemaValidator(new Ajv2020(...))`), compiling each tool's
 *   input and output schema, as Claude Code does: a schema it cannot compile drops the tool.
 * - openai-agents: `@openai/agents-core`'s `tool()` with the parameters and `strict` the output gives
 *   it (where the tool file says `"strict": true`: toolgen's strict lowering when it is faithful, else
 *   the schema as written; not strict otherwise); `tool()` runs the SDK's strict schema checks.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { isSpecType } from "@modelcontextprotocol/client";
import { AjvJsonSchemaValidator, addFormats } from "@modelcontextprotocol/client/validators/ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import { tool as agentsTool } from "@openai/agents-core";
import { afterAll, describe, expect, it } from "vitest";
import { bundleTools, lint, loadFolder } from "../../src/index.js";
import type { BundledTool, JsonObject } from "../../src/model.js";
import { declaredStrict, lowerStrict } from "../../src/targets/openai/strict.js";
// @ts-expect-error: bench/corpus.mjs is plain JavaScript without declarations
import { writeCorpus } from "../../bench/corpus.mjs";
import { fixture, repoRoot, tempDir } from "../helpers.js";

const BENCH_TOOLS = 100;

interface Folder {
  label: string;
  dir: string;
}

function folders(): Folder[] {
  return readdirSync(fixture()).flatMap((c) => {
    try {
      return readdirSync(fixture(c, "schemas")).length > 0 ? [{ label: c, dir: fixture(c, "schemas") }] : [];
    } catch {
      return [];
    }
  });
}

/** Why a client refuses a tool, or undefined when it takes it. */
type Judge = (tool: BundledTool) => string | undefined;

const mcpValidator = new AjvJsonSchemaValidator(
  (() => {
    const ajv = new Ajv2020({ strict: false, validateSchema: false, allErrors: true });
    addFormats(ajv as never);
    return ajv;
  })() as never,
);

const mcpClient: Judge = (tool) => {
  const listed: Record<string, unknown> = { name: tool.name, inputSchema: tool.bundledSchema };
  if (tool.description !== undefined) listed["description"] = tool.description;
  const output = (tool as { outputSchema?: unknown }).outputSchema;
  if (output !== undefined) listed["outputSchema"] = output;
  if (!isSpecType.ListToolsResult({ tools: [listed] })) return "tools/list result schema";
  for (const [what, schema] of [["inputSchema", tool.bundledSchema], ["outputSchema", output]] as const) {
    if (schema === undefined) continue;
    try {
      mcpValidator.getValidator(schema as never);
    } catch (error) {
      return `${what} does not compile: ${(error as Error).message.split("\n")[0]}`;
    }
  }
  return undefined;
};

const openaiAgents: Judge = (t) => {
  // A tool the file declares strict goes strict: lowered by toolgen when the lowering is faithful,
  // else as written (what a user would hand the SDK; toolgen's build stops on the lint error instead).
  const strict = declaredStrict(t);
  const lowered = strict ? lowerStrict(t.bundledSchema as JsonObject) : undefined;
  const faithful = lowered !== undefined && !lowered.problems.some((p) => p.severity === "error");
  try {
    const parameters = (faithful ? lowered.schema : t.bundledSchema) as never;
    agentsTool({ name: t.name, description: t.description ?? "", parameters, strict, execute: () => "" } as never);
    return undefined;
  } catch (error) {
    return `tool() throws: ${(error as Error).message.split("\n")[0]}`;
  }
};

const CLIENTS: Array<{ client: string; target: string; judge: Judge }> = [
  { client: "mcp", target: "mcp", judge: mcpClient },
  { client: "openai-agents", target: "openai-agents", judge: openaiAgents },
];

/** The listed disagreements: `- client \`folder/tool\`: reason` lines of docs/lint.md's section. */
function listed(): Map<string, string> {
  const text = readFileSync(path.join(repoRoot, "docs", "lint.md"), "utf8");
  const section = /^## The clients' own verdicts\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(text)?.[1] ?? "";
  const out = new Map<string, string>();
  for (const m of section.matchAll(/^- (\S+) `([^`]+)`: (.+)$/gm)) out.set(`${m[1]} ${m[2]}`, m[3]!);
  return out;
}

const found = new Map<string, string>();
const dirs: Folder[] = [];

describe("the clients' own verdicts against toolgen's", async () => {
  const bench = await tempDir();
  await writeCorpus(bench, BENCH_TOOLS);
  dirs.push(...folders(), { label: "bench", dir: bench });
  afterAll(() => {
    const expected = listed();
    const unexplained = [...found].filter(([key]) => !expected.has(key)).map(([key, why]) => `${key}: ${why}`);
    const stale = [...expected.keys()].filter((key) => !found.has(key));
    expect({ unexplained, stale }).toEqual({ unexplained: [], stale: [] });
  });

  for (const { client, target, judge } of CLIENTS) {
    it(`${client}: every disagreement is listed in docs/lint.md`, async () => {
      let judged = 0;
      for (const { label, dir } of dirs) {
        const loaded = await loadFolder(dir);
        const { tools } = await bundleTools(loaded);
        const { diagnostics } = await lint({ schemas: dir, targets: [target] });
        for (const tool of tools) {
          if (tool.bundledSchema === undefined) continue;
          judged++;
          const refused = judge(tool);
          const errors = diagnostics.filter((d) => d.severity === "error" && d.tool === tool.name).map((d) => d.rule);
          if ((refused === undefined) === (errors.length === 0)) continue;
          found.set(`${client} ${label}/${tool.name}`, refused !== undefined ? `the client refuses (${refused}); lint passes` : `lint fails (${[...new Set(errors)].join(", ")}); the client takes it`);
        }
      }
      expect(judged).toBeGreaterThan(BENCH_TOOLS);
    }, 120_000);
  }
});
