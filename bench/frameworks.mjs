#!/usr/bin/env node
/**
 * The framework outputs against what users write instead: for each framework (a row of CASES),
 * validation plus execute per call, the way the framework runs a tool call, of the tool toolgen
 * generates and of a hand-written Zod tool, on the same four seed tools, the same inputs and the
 * same handler bodies, in the same run, alternating rounds; printed as CPU µs/call (user + system of
 * this process, which holds up on a busy machine where wall time does not) and the ratio (toolgen /
 * Zod: the aim is ≤ 1.0). `--before <git-ref>`: also the same generated tools over that commit's
 * src/runtime/ (transpiled, put in place of runtime/ in a copy of the folder), timed in the same
 * rounds, so a change to the runtime is measured before and after in one run. Then the cost of the
 * `standard-schema` output's eager load:
 * importing `standard-schema.js` (every validator, so that `validate` is synchronous) against
 * `index.js` (validators loaded on first use) for a folder of --import-tools tools (bench/corpus.mjs).
 *
 *   node bench/frameworks.mjs [--calls 20000] [--rounds 7] [--import-tools 1000] [--import-runs 7] [--before <git-ref>] [--only <name,...>]
 *
 * Needs dist/ (npm run build). To add a framework: a row in CASES (its outputs, how the framework
 * runs one call of a tool, and the hand-written Zod tools).
 */
import { spawnSync } from "node:child_process";
import { cp, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build as esbuild } from "esbuild";
import { z } from "zod";

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const CALLS = arg("calls", 20_000);
const ROUNDS = arg("rounds", 7);
const IMPORT_TOOLS = arg("import-tools", 1000);
const IMPORT_RUNS = arg("import-runs", 7);
const option = (name) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const BEFORE = option("before");
const ONLY = option("only")?.split(",");

/** The four seed tools' inputs, cycled through by every case. */
const INPUTS = [
  ["get_weather", { location: "San Francisco, CA", unit: "celsius" }],
  ["get_ticker_symbol", { company_name: "General Motors" }],
  ["get_stock_price", { ticker: "GM" }],
  ["get_current_stock_price", { symbol: "GM" }],
];

/** The handler body of every tool, toolgen's and hand-written: what dispatch sends for it is the same text. */
const answer = (tool, input) => JSON.stringify({ tool, input });

/** The seed tools as a Zod user writes them (descriptions as in schemas/). */
async function zodShapes() {
  const doc = async (name) => JSON.parse(await readFile(path.join(ROOT, "schemas", `${name}.json`), "utf8"));
  const d = async (name, key) => (await doc(name)).input_schema.properties[key].description;
  return {
    get_weather: z.object({ location: z.string().describe(await d("get_weather", "location")), unit: z.enum(["celsius", "fahrenheit"]).describe(await d("get_weather", "unit")).optional() }),
    get_ticker_symbol: z.object({ company_name: z.string().describe(await d("get_ticker_symbol", "company_name")) }),
    get_stock_price: z.object({ ticker: z.string().describe(await d("get_stock_price", "ticker")) }),
    get_current_stock_price: z.object({ symbol: z.string().describe(await d("get_current_stock_price", "symbol")) }),
  };
}

/**
 * One row per framework output. `outputs`: what the build adds to the neutral outputs. `load(out)`:
 * the generated tools' `call(name, input, i)`, one call as the framework runs it (its validation, then
 * execute). `zod()`: the same over hand-written Zod tools.
 */
const CASES = [
  {
    name: "ai-sdk",
    outputs: ["standard-schema", "ai-sdk"],
    async load(out) {
      const { tools } = await import(pathToFileURL(path.join(out, "ai-sdk.js")).href);
      return aiSdkCall(tools);
    },
    async zod() {
      const { tool } = await import("ai");
      const shapes = await zodShapes();
      const tools = Object.fromEntries(Object.entries(shapes).map(([name, inputSchema]) => [name, tool({ inputSchema, execute: async (input) => answer(name, input) })]));
      return aiSdkCall(tools);
    },
  },
  {
    // As generateText runs a call when the application passes `abortSignal` (the handler's context.signal).
    name: "ai-sdk, with an abortSignal",
    outputs: ["standard-schema", "ai-sdk"],
    async load(out) {
      const { tools } = await import(pathToFileURL(path.join(out, "ai-sdk.js")).href);
      return aiSdkCall(tools, new AbortController().signal);
    },
    async zod() {
      const { tool } = await import("ai");
      const shapes = await zodShapes();
      const tools = Object.fromEntries(Object.entries(shapes).map(([name, inputSchema]) => [name, tool({ inputSchema, execute: async (input) => answer(name, input) })]));
      return aiSdkCall(tools, new AbortController().signal);
    },
  },
  {
    name: "claude-agent-sdk",
    outputs: ["claude-agent-sdk"],
    async load(out) {
      const { claudeAgentTools } = await import(pathToFileURL(path.join(out, "claude-agent-sdk", "tools.js")).href);
      return claudeAgentCall(claudeAgentTools);
    },
    async zod() {
      const { tool } = await import("@anthropic-ai/claude-agent-sdk");
      const shapes = await zodShapes();
      return claudeAgentCall(Object.entries(shapes).map(([name, schema]) => tool(name, name, schema.shape, async (input) => ({ content: [{ type: "text", text: answer(name, input) }] }))));
    },
  },
  {
    name: "langchain",
    outputs: ["standard-schema", "langchain"],
    async load(out) {
      const { langchainToolsByName } = await import(pathToFileURL(path.join(out, "langchain", "tools.js")).href);
      return (name, input) => langchainToolsByName[name].invoke(input);
    },
    async zod() {
      const { tool } = await import("@langchain/core/tools");
      const shapes = await zodShapes();
      const tools = Object.fromEntries(Object.entries(shapes).map(([name, schema]) => [name, tool(async (input) => answer(name, input), { name, description: name, schema })]));
      return (name, input) => tools[name].invoke(input);
    },
  },
  {
    name: "openai-agents",
    outputs: ["openai", "openai-agents"],
    async load(out) {
      const { tools } = await import(pathToFileURL(path.join(out, "openai-agents.js")).href);
      return agentsCall(Object.fromEntries(tools.map((t) => [t.name, t])));
    },
    async zod() {
      const { tool } = await import("@openai/agents");
      const shapes = await zodShapes();
      return agentsCall(Object.fromEntries(Object.entries(shapes).map(([name, parameters]) => [name, tool({ name, description: name, parameters, execute: async (input) => answer(name, input) })])));
    },
  },
  {
    name: "anthropic-helpers",
    outputs: ["standard-schema", "anthropic-helpers"],
    async load(out) {
      const { tools } = await import(pathToFileURL(path.join(out, "anthropic-helpers.js")).href);
      return runnerCall(Object.fromEntries(tools.map((t) => [t.name, t])));
    },
    async zod() {
      const { betaZodTool } = await import("@anthropic-ai/sdk/helpers/beta/zod");
      const shapes = await zodShapes();
      return runnerCall(Object.fromEntries(Object.entries(shapes).map(([name, inputSchema]) => [name, betaZodTool({ name, description: name, inputSchema, run: async (input) => answer(name, input) })])));
    },
  },
  {
    name: "mastra",
    outputs: ["standard-schema", "mastra"],
    async load(out) {
      const { tools } = await import(pathToFileURL(path.join(out, "mastra.js")).href);
      return (name, input) => tools[name].execute(input);
    },
    async zod() {
      const { createTool } = await import("@mastra/core/tools");
      const shapes = await zodShapes();
      const tools = Object.fromEntries(Object.entries(shapes).map(([name, inputSchema]) => [name, createTool({ id: name, description: name, inputSchema, execute: async (input) => answer(name, input) })]));
      // Mastra's Tool.execute: its validation with inputSchema, then execute.
      return (name, input) => tools[name].execute(input);
    },
  },
];

/**
 * The Claude Agent SDK's path for one call, as its MCP server (createSdkMcpServer) runs it: the
 * arguments parsed by `z.object(shape)`, then the handler; the answer's text.
 */
function claudeAgentCall(tools) {
  const byName = new Map(tools.map((t) => [t.name, { schema: z.object(t.inputSchema), handler: t.handler }]));
  return async (name, input, i) => {
    const t = byName.get(name);
    const parsed = await t.schema.safeParseAsync(input);
    if (!parsed.success) throw parsed.error;
    const result = await t.handler(parsed.data, { requestId: i, signal: undefined });
    return result.content.map((c) => c.text).join("");
  };
}

/** The OpenAI Agents SDK's path for one call: `invoke` with the arguments' JSON text (the SDK parses, validates, executes). */
async function agentsCall(tools) {
  const { RunContext, setTracingDisabled } = await import("@openai/agents");
  setTracingDisabled(true);
  return (name, input, i) => tools[name].invoke(new RunContext({}), JSON.stringify(input), { toolCall: { type: "function_call", callId: `call_${i}`, name, arguments: "" } });
}

/** The Anthropic SDK tool runner's path for one call (runRunnableTool): `parse`, then `run`. */
function runnerCall(tools) {
  return (name, input, i) => {
    const t = tools[name];
    return t.run(t.parse(input), { toolUse: { type: "tool_use", id: `toolu_${i}`, name, input } });
  };
}

/** The AI SDK's path for one call: `safeValidateTypes` over the tool's `inputSchema` (as generateText parses a call), then `execute`. */
async function aiSdkCall(tools, abortSignal) {
  const { asSchema, safeValidateTypes } = await import("@ai-sdk/provider-utils");
  const schemas = Object.fromEntries(Object.entries(tools).map(([name, t]) => [name, asSchema(t.inputSchema)]));
  return async (name, input, i) => {
    const parsed = await safeValidateTypes({ value: input, schema: schemas[name] });
    if (!parsed.success) throw parsed.error;
    return tools[name].execute(parsed.value, { toolCallId: `call_${i}`, messages: [], abortSignal });
  };
}

/** Builds `schemasDir` with the neutral outputs and `outputs` into a temp folder, handlers filled, transpiled to JS; returns the JS generated folder. */
async function prepare(schemasDir, outputs) {
  const dir = await mkdtemp(path.join(ROOT, "bench", ".frameworks-"));
  const { build } = await import(pathToFileURL(path.join(ROOT, "dist", "src", "index.js")).href);
  const neutral = ["native", "types", "validators", "handlers", "runtime", "index"];
  await build({ schemas: schemasDir, out: path.join(dir, "generated"), handlers: path.join(dir, "handlers"), outputs: [...neutral, ...outputs], cache: false, lint: false });
  for (const file of await readdir(path.join(dir, "handlers"))) {
    const full = path.join(dir, "handlers", file);
    const text = await readFile(full, "utf8");
    await writeFile(full, text.replace("_context:", "context:").replace(/  void input;.*\n/, "").replace(/  throw new Error\(.*\);\n/, "  return { tool: context.toolName, input };\n"));
  }
  const files = [];
  const walk = async (sub) => {
    for (const e of await readdir(path.join(dir, sub), { withFileTypes: true })) {
      if (e.isDirectory()) await walk(path.join(sub, e.name));
      else if (e.name.endsWith(".ts")) files.push(path.join(dir, sub, e.name));
    }
  };
  await walk("generated");
  await walk("handlers");
  await esbuild({ entryPoints: files, outdir: path.join(dir, "js"), outbase: dir, format: "esm", platform: "node", logLevel: "error" });
  await writeFile(path.join(dir, "js", "package.json"), JSON.stringify({ type: "module" }));
  return { dir, out: path.join(dir, "js", "generated") };
}

/** `ref`'s src/runtime/*.ts transpiled to JS in a temp folder (for --before); returns the folder. */
async function runtimeAt(ref) {
  const dir = await mkdtemp(path.join(tmpdir(), "toolgen-frameworks-runtime-"));
  const git = (...args) => {
    const run = spawnSync("git", args, { cwd: ROOT, encoding: "utf8", maxBuffer: 64 << 20 });
    if (run.status !== 0) throw new Error(`git ${args.join(" ")}: ${run.stderr}`);
    return run.stdout;
  };
  const files = git("ls-tree", "--name-only", `${ref}:src/runtime`).split("\n").filter((f) => f.endsWith(".ts"));
  for (const f of files) await writeFile(path.join(dir, f), git("show", `${ref}:src/runtime/${f}`));
  await esbuild({ entryPoints: files.map((f) => path.join(dir, f)), outdir: path.join(dir, "js"), format: "esm", platform: "node", logLevel: "error" });
  return dir;
}

/** A copy of the JS folder `out` belongs to, with `runtimeDir`'s runtime in place of its own; returns the copy's generated folder. */
async function withRuntime(out, runtimeDir) {
  const js = path.dirname(out);
  const copy = `${js}-before`;
  await cp(js, copy, { recursive: true });
  for (const f of await readdir(path.join(copy, "generated", "runtime"))) {
    if (f.endsWith(".js")) await cp(path.join(runtimeDir, "js", f), path.join(copy, "generated", "runtime", f));
  }
  return path.join(copy, "generated");
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const load = () => loadavg().map((x) => x.toFixed(1)).join(", ");

/** CPU µs (user + system) per call of `call` over CALLS calls (sequential, awaited). */
async function timeCalls(call) {
  const start = process.cpuUsage();
  for (let i = 0; i < CALLS; i++) {
    const [name, input] = INPUTS[i % INPUTS.length];
    await call(name, input, i);
  }
  const used = process.cpuUsage(start);
  return (used.user + used.system) / CALLS;
}

/** Import time (ms) of `module` in a fresh Node process. */
function importMs(module) {
  const code = `const t = performance.now(); await import(${JSON.stringify(pathToFileURL(module).href)}); console.log(performance.now() - t);`;
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", code], { encoding: "utf8" });
  if (run.status !== 0) throw new Error(run.stderr);
  return Number(run.stdout);
}

async function main() {
  const loadAtStart = load();
  const lines = [`Framework outputs, per call: validation + execute as the framework runs a call, on the four seed tools (${CALLS} calls a round, ${ROUNDS} alternating rounds, median CPU µs/call):`, ""];
  const beforeHead = BEFORE === undefined ? "" : ` toolgen at ${BEFORE} µs/call | ratio at ${BEFORE} |`;
  lines.push(`| framework | toolgen µs/call | hand-written Zod µs/call | ratio (toolgen / Zod) |${beforeHead}`, `|---|---|---|---|${BEFORE === undefined ? "" : "---|---|"}`);
  const made = [];
  try {
    const beforeRuntime = BEFORE === undefined ? undefined : await runtimeAt(BEFORE);
    if (beforeRuntime !== undefined) made.push(beforeRuntime);
    for (const c of CASES.filter((x) => ONLY === undefined || ONLY.includes(x.name))) {
      const { dir, out } = await prepare(path.join(ROOT, "schemas"), c.outputs);
      made.push(dir);
      const variants = [await c.load(out), await c.zod()];
      if (beforeRuntime !== undefined) variants.push(await c.load(await withRuntime(out, beforeRuntime)));
      // All must answer alike before they are timed.
      for (const [name, input] of INPUTS) {
        const answers = [];
        for (const v of variants) answers.push(await v(name, input, 0));
        if (answers.some((a) => a !== answers[1])) throw new Error(`${c.name}: ${name} answers ${JSON.stringify(answers)} (toolgen, the Zod tool, before)`);
      }
      for (const v of variants) await timeCalls(v);
      const times = variants.map(() => []);
      for (let r = 0; r < ROUNDS; r++) {
        for (const [k, v] of variants.entries()) times[k].push(await timeCalls(v));
      }
      const [ma, mb, mc] = times.map(median);
      const before = mc === undefined ? "" : ` ${mc.toFixed(2)} | ${(mc / mb).toFixed(2)}x |`;
      lines.push(`| ${c.name} | ${ma.toFixed(2)} | ${mb.toFixed(2)} | ${(ma / mb).toFixed(2)}x |${before}`);
    }
    lines.push("", `Load average (1, 5, 15 min) ${loadAtStart} at the start, ${load()} after the calls.`);
    if (IMPORT_TOOLS > 0) {
      const corpus = await mkdtemp(path.join(tmpdir(), "toolgen-frameworks-corpus-"));
      made.push(corpus);
      const run = spawnSync(process.execPath, [path.join(ROOT, "bench", "corpus.mjs"), corpus, String(IMPORT_TOOLS)], { encoding: "utf8" });
      if (run.status !== 0) throw new Error(run.stderr);
      const { dir, out } = await prepare(corpus, ["standard-schema"]);
      made.push(dir);
      const index = [];
      const std = [];
      for (let r = 0; r < IMPORT_RUNS; r++) {
        index.push(importMs(path.join(out, "index.js")));
        std.push(importMs(path.join(out, "standard-schema.js")));
      }
      lines.push(
        "",
        `Importing the generated folder of ${IMPORT_TOOLS} tools (bench/corpus.mjs; fresh process, ${IMPORT_RUNS} alternating runs, median ms):`,
        `index.js (validators on first use) ${median(index).toFixed(0)} ms; standard-schema.js (every validator, so validate is synchronous) ${median(std).toFixed(0)} ms.`,
      );
    }
  } finally {
    if (process.env.KEEP !== "1") await Promise.all(made.map((d) => rm(d, { recursive: true, force: true })));
  }
  process.stdout.write(lines.join("\n") + "\n");
}

await main();
