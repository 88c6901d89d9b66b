/**
 * The clients' own code as the judge (issue 37 item 7): each client's acceptance code runs on the tools
 * as toolgen serves them, for every fixture folder and the bench folders (100 tools each of
 * bench/corpus.mjs and bench/tool-catalog.mjs), and its verdict is compared
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
 * - anthropic: the Anthropic SDK's `betaTool()` (an object root), and for a tool whose file says
 *   `"strict": true` the SDK's strict-schema transform (`transformJSONSchema`): it throws on a node it
 *   cannot type, and writes what strict mode cannot enforce into a description, which counts as a
 *   refusal (the bound would no longer be checked).
 * - ai-sdk: the AI SDK's own path to Anthropic: `generateText` with `tool({ inputSchema: jsonSchema(s) })`
 *   and `@ai-sdk/anthropic` over a fake fetch; the tool is refused when the request does not carry its
 *   schema unchanged or a warning names it.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { isSpecType } from "@modelcontextprotocol/client";
import { AjvJsonSchemaValidator, addFormats } from "@modelcontextprotocol/client/validators/ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import { betaTool } from "@anthropic-ai/sdk/helpers/beta/json-schema";
import { transformJSONSchema } from "@anthropic-ai/sdk/lib/transform-json-schema";
import { createAnthropic } from "@ai-sdk/anthropic";
import { tool as agentsTool } from "@openai/agents-core";
import { generateText, jsonSchema, tool as aiTool } from "ai";
import { afterAll, describe, expect, it } from "vitest";
import { bundleTools, lint, loadFolder } from "../../src/index.js";
import type { BundledTool, JsonObject } from "../../src/model.js";
import { mcpExtras } from "../../src/targets/mcp/emit.js";
import { declaredStrict, lowerStrict } from "../../src/targets/openai/strict.js";
// @ts-expect-error: bench/corpus.mjs is plain JavaScript without declarations
import { writeCorpus } from "../../bench/corpus.mjs";
import { tools as catalogTools } from "../../bench/tool-catalog.mjs";
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
type Judge = (tool: BundledTool) => string | undefined | Promise<string | undefined>;

// Claude Code's engine: Ajv2020 with its meta-schema check on, so that a schema declaring another
// dialect fails to compile ("no schema with key or ref ...draft-07/schema#"): the tool is dropped.
// Source: modelcontextprotocol/typescript-sdk #2721, anthropics/claude-code #88882 (checked on 2026-11-29).
const mcpValidator = new AjvJsonSchemaValidator(
  (() => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv as never);
    return ajv;
  })() as never,
);

const mcpClient: Judge = (tool) => {
  // The tool as the mcp output lists it: its input schema and the MCP fields of its file (mcpExtras).
  const extras = mcpExtras(tool);
  const listed: Record<string, unknown> = { name: tool.name, inputSchema: tool.bundledSchema, ...extras };
  if (tool.description !== undefined) listed["description"] = tool.description;
  const output = extras.outputSchema;
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

/** A copy of a schema without its `description` keywords (a property named `description` stays). */
function withoutDescriptions(schema: unknown, inNames = false): unknown {
  if (Array.isArray(schema)) return schema.map((s) => withoutDescriptions(s));
  if (schema === null || typeof schema !== "object") return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "description" && !inNames) continue;
    out[key] = key === "enum" || key === "const" || key === "default" || key === "examples" ? value : withoutDescriptions(value, key === "properties" || key === "$defs" || key === "definitions");
  }
  return out;
}

/** Whether a transformed schema holds a `description` keyword anywhere (the transform wrote one). */
function hasDescription(schema: unknown, inNames = false): boolean {
  if (Array.isArray(schema)) return schema.some((s) => hasDescription(s));
  if (schema === null || typeof schema !== "object") return false;
  return Object.entries(schema).some(([key, value]) => (key === "description" && !inNames) || (key !== "enum" && key !== "const" && hasDescription(value, key === "properties" || key === "$defs")));
}

const anthropicSdk: Judge = (t) => {
  try {
    betaTool({ name: t.name, description: t.description ?? "", inputSchema: t.bundledSchema as never, run: () => "" });
    if (t.fields?.strict !== true) return undefined;
    const transformed = transformJSONSchema(withoutDescriptions(t.bundledSchema) as never);
    if (hasDescription(transformed)) return `transformJSONSchema moves keywords strict mode cannot enforce into a description: ${JSON.stringify(transformed).slice(0, 200)}`;
    return undefined;
  } catch (error) {
    return `the SDK throws: ${(error as Error).message.split("\n")[0]}`;
  }
};

const RESPONSE = { id: "msg_1", type: "message", role: "assistant", model: "claude-test", content: [{ type: "text", text: "ok" }], stop_reason: "end_turn", stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 } };

const aiSdk: Judge = async (t) => {
  let sent: { tools?: Array<{ name: string; input_schema?: unknown }> } = {};
  const fetch = async (_url: unknown, init?: { body?: unknown }) => {
    sent = JSON.parse(String(init?.body)) as typeof sent;
    return new Response(JSON.stringify(RESPONSE), { status: 200, headers: { "content-type": "application/json" } });
  };
  const model = createAnthropic({ apiKey: "test-key", fetch: fetch as never })("claude-test");
  const strict = t.fields?.strict;
  const tools = { [t.name]: aiTool({ description: t.description ?? "", inputSchema: jsonSchema(t.bundledSchema as never), ...(strict === undefined ? {} : { strict }) }) };
  try {
    const result = await generateText({ model, prompt: "hi", tools });
    const named = result.warnings?.filter((w) => JSON.stringify(w).includes(`'${t.name}'`)) ?? [];
    if (named.length > 0) return `a warning: ${JSON.stringify(named[0])}`;
  } catch (error) {
    return `generateText throws: ${(error as Error).message.split("\n")[0]}`;
  }
  const got = sent.tools?.find((x) => x.name === t.name);
  if (got === undefined) return "the request leaves the tool out";
  if (JSON.stringify(got.input_schema) !== JSON.stringify(t.bundledSchema)) return "the request's input_schema is not the tool's";
  return undefined;
};

const CLIENTS: Array<{ client: string; target: string; judge: Judge }> = [
  { client: "anthropic", target: "anthropic", judge: anthropicSdk },
  { client: "ai-sdk", target: "ai-sdk", judge: aiSdk },
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
  const catalog = await tempDir();
  for (const t of catalogTools(BENCH_TOOLS)) writeFileSync(path.join(catalog, `${t.name}.json`), JSON.stringify(t, null, 2));
  dirs.push(...folders(), { label: "bench", dir: bench }, { label: "bench-catalog", dir: catalog });
  afterAll(() => {
    const expected = listed();
    const unexplained = [...found].filter(([key]) => !expected.has(key)).map(([key, why]) => `${key}: ${why}`);
    const stale = [...expected.keys()].filter((key) => !found.has(key));
    expect({ unexplained, stale }).toEqual({ unexplained: [], stale: [] });
  });

  // The judges can refuse: each on a tool its client refuses.
  it("each client's code refuses a tool it cannot take", async () => {
    const input = { type: "object", properties: { n: { type: "integer", minimum: 1 } } };
    const make = (data: Record<string, unknown>, extra: Partial<BundledTool> = {}) => ({ name: "t", description: "d", bundledSchema: data["input_schema"], source: { data }, ...extra }) as unknown as BundledTool;
    const draft07Output = make({ name: "t", input_schema: input, outputSchema: { $schema: "http://json-schema.org/draft-07/schema#", type: "object" } });
    expect(await mcpClient(draft07Output)).toMatch(/^outputSchema does not compile/);
    expect(await mcpClient(make({ name: "t", input_schema: input }))).toBeUndefined();
    const strictBound = make({ name: "t", input_schema: input, strict: true }, { fields: { strict: true } });
    expect(await anthropicSdk(strictBound)).toMatch(/moves keywords/);
    expect(await anthropicSdk(make({ name: "t", input_schema: input }))).toBeUndefined();
    const strictAllOf = make({ name: "t", input_schema: { type: "object", properties: { p: { allOf: [{ type: "string" }, { minLength: 2 }] } } }, strict: true }, { fields: { strict: true } });
    expect(await openaiAgents(strictAllOf)).toMatch(/^tool\(\) throws/);
    expect(await aiSdk(make({ name: "t", input_schema: input }))).toBeUndefined();
    // The AI SDK's path to Anthropic refuses nothing here: it sends any schema as it is (a root that is
    // not an object included) and leaves the verdict to the API, so only a changed request or a warning refuses.
    expect(await aiSdk(make({ name: "t", input_schema: { type: "string" } }))).toBeUndefined();
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
          const refused = await judge(tool);
          const errors = diagnostics.filter((d) => d.severity === "error" && d.tool === tool.name).map((d) => d.rule);
          if ((refused === undefined) === (errors.length === 0)) continue;
          found.set(`${client} ${label}/${tool.name}`, refused !== undefined ? `the client refuses (${refused}); lint passes` : `lint fails (${[...new Set(errors)].join(", ")}); the client takes it`);
        }
      }
      expect(judged).toBeGreaterThan(2 * BENCH_TOOLS);
    });
  }
});
