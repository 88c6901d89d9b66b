#!/usr/bin/env node
/**
 * Issue 25's bench for the openai-agents, anthropic-helpers and mastra outputs: validation plus
 * execute per call, as each framework runs a call, for toolgen's generated tools against a
 * hand-written Zod tool of the same framework, on the same four seed tools, the same inputs and the
 * same handler bodies (each returns the JSON text of `{ tool, input }`), in the same process:
 *
 *   openai-agents      tool.invoke(runContext, argumentsJson)     (the SDK parses, validates, executes)
 *   anthropic-helpers  tool.run(tool.parse(input), context)      (what the runner's runRunnableTool does)
 *   mastra             tool.execute(input)                        (Mastra validates, then executes)
 *
 * Rounds alternate between the two; each figure is the median over rounds of CPU microseconds per
 * call (process.cpuUsage), and the ratio is toolgen's over the hand tool's (below 1: toolgen is
 * faster). Needs dist/ (npm run build).
 *
 *   node bench/framework-calls.mjs [--calls 2000] [--rounds 9]
 */
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import ts from "typescript";

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const CALLS = arg("calls", 2000);
const ROUNDS = arg("rounds", 9);

const ARGS = { get_weather: { location: "Paris", unit: "celsius" }, get_ticker_symbol: { company_name: "GM" }, get_current_stock_price: { symbol: "GM" }, get_stock_price: { ticker: "GM" } };
const NAMES = Object.keys(ARGS);

/** The hand-written tools: each framework's own Zod form of the seed tools, as its docs show. */
const HAND = `
import { z } from "zod";
import { tool } from "@openai/agents";
import { betaZodTool } from "@anthropic-ai/sdk/helpers/beta/zod";
import { createTool } from "@mastra/core/tools";

const body = (tool, input) => JSON.stringify({ tool, input });
const SEEDS = {
  get_current_stock_price: { description: "Gets the current stock price of a company.", schema: z.object({ symbol: z.string().describe("The stock ticker symbol of the company, e.g. GM.") }) },
  get_stock_price: { description: "Gets the stock price for a ticker.", schema: z.object({ ticker: z.string().describe("The stock ticker symbol, e.g. AAPL for Apple Inc.") }) },
  get_ticker_symbol: { description: "Gets the ticker symbol of a company.", schema: z.object({ company_name: z.string().describe("The name of the company, e.g. General Motors.") }) },
  get_weather: {
    description: "Gets the current weather for a given location.",
    schema: z.object({
      location: z.string().describe("The city and state or country, e.g. San Francisco, CA or Paris, France."),
      unit: z.enum(["celsius", "fahrenheit"]).optional().describe("The temperature unit of the answer, either 'celsius' or 'fahrenheit'."),
    }),
  },
};
const entries = Object.entries(SEEDS);
export const agents = Object.fromEntries(entries.map(([name, s]) => [name, tool({ name, description: s.description, parameters: s.schema, execute: async (input) => body(name, input) })]));
export const anthropic = Object.fromEntries(entries.map(([name, s]) => [name, betaZodTool({ name, description: s.description, inputSchema: s.schema, run: async (input) => body(name, input) })]));
export const mastra = Object.fromEntries(entries.map(([name, s]) => [name, createTool({ id: name, description: s.description, inputSchema: s.schema, execute: async (input) => body(name, input) })]));
`;

async function prepare(dir) {
  const { build } = await import(pathToFileURL(path.join(ROOT, "dist", "src", "index.js")).href);
  const p = { schemas: path.join(ROOT, "schemas"), out: path.join(dir, "generated"), handlers: path.join(dir, "handlers") };
  const outputs = ["native", "legacy", "types", "validators", "handlers", "runtime", "index", "standard-schema", "openai", "openai-agents", "anthropic-helpers", "mastra"];
  await build({ ...p, cache: false, outputs });
  for (const f of await readdir(p.handlers)) {
    const file = path.join(p.handlers, f);
    const text = await readFile(file, "utf8");
    await writeFile(file, text.replace(/ {2}void input;.*\n/, "").replace(/ {2}throw new Error\(.*\);\n/, "  return { tool: _context.toolName, input };\n"));
  }
  // Transpile only (test/targets/*.test.ts type-checks the same code).
  const walk = async (d) => (await Promise.all((await readdir(d, { withFileTypes: true })).map((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)])))).flat();
  for (const file of [...(await walk(p.out)), ...(await walk(p.handlers))]) {
    if (!file.endsWith(".ts")) continue;
    const js = ts.transpileModule(await readFile(file, "utf8"), { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
    await writeFile(file.replace(/\.ts$/, ".js"), js);
  }
  await writeFile(path.join(dir, "package.json"), JSON.stringify({ type: "module" }));
  await writeFile(path.join(dir, "hand.mjs"), HAND);
  const load = async (file) => import(pathToFileURL(path.join(dir, file)).href);
  const byName = (list, key) => Object.fromEntries(list.map((t) => [t[key], t]));
  return {
    generated: {
      agents: byName((await load("generated/openai-agents.js")).tools, "name"),
      anthropic: byName((await load("generated/anthropic-helpers.js")).tools, "name"),
      mastra: (await load("generated/mastra.js")).tools,
    },
    hand: await load("hand.mjs"),
  };
}

/** One call as each framework runs it; every result is checked to be the handler's text. */
const CALL = {
  agents: async (tools, name, RunContext) => tools[name].invoke(new RunContext({}), JSON.stringify(ARGS[name]), { toolCall: { type: "function_call", callId: "call_1", name, arguments: "" } }),
  anthropic: async (tools, name) => {
    const t = tools[name];
    return t.run(t.parse(ARGS[name]), { toolUse: { type: "tool_use", id: "toolu_1", name, input: ARGS[name] } });
  },
  mastra: async (tools, name) => tools[name].execute(ARGS[name]),
};

async function round(framework, tools, n, RunContext) {
  const c0 = process.cpuUsage();
  for (let i = 0; i < n; i++) {
    const name = NAMES[i % 4];
    const out = await CALL[framework](tools, name, RunContext);
    if (out !== JSON.stringify({ tool: name, input: ARGS[name] })) throw new Error(`${framework} ${name}: ${JSON.stringify(out)}`);
  }
  const d = process.cpuUsage(c0);
  return (d.user + d.system) / n;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  await mkdir(path.join(ROOT, "bench", ".work"), { recursive: true });
  const dir = await mkdtemp(path.join(ROOT, "bench", ".work", "frameworks-"));
  try {
    const { generated, hand } = await prepare(dir);
    const { RunContext, setTracingDisabled } = await import("@openai/agents");
    setTracingDisabled(true);
    const rows = [];
    for (const framework of ["agents", "anthropic", "mastra"]) {
      const sides = { toolgen: generated[framework], zod: hand[framework] };
      for (const tools of Object.values(sides)) await round(framework, tools, 500, RunContext);
      const perCall = { toolgen: [], zod: [] };
      for (let i = 0; i < ROUNDS; i++) {
        for (const k of i % 2 === 0 ? ["toolgen", "zod"] : ["zod", "toolgen"]) perCall[k].push(await round(framework, sides[k], CALLS, RunContext));
      }
      const t = median(perCall.toolgen);
      const z = median(perCall.zod);
      rows.push({ framework, toolgen: t, zod: z, ratio: t / z });
    }
    const label = { agents: "openai-agents", anthropic: "anthropic-helpers", mastra: "mastra" };
    process.stdout.write(`Validation plus execute per call, CPU microseconds (median of ${ROUNDS} rounds of ${CALLS} calls; Node ${process.version})\n\n`);
    process.stdout.write("| output | toolgen | hand-written Zod tool | ratio |\n|---|---|---|---|\n");
    for (const r of rows) process.stdout.write(`| ${label[r.framework]} | ${r.toolgen.toFixed(1)} | ${r.zod.toFixed(1)} | ${r.ratio.toFixed(2)} |\n`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
