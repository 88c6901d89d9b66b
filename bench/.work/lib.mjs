#!/usr/bin/env node
/**
 * The generated MCP server (toolgen's `mcp` output) vs a hand-written server with the SDK's
 * `McpServer.registerTool` and zod schemas, as the SDK's docs show, on the same four seed tools and
 * the same handler bodies, both over stdio, both driven by the official client:
 *
 *   cold start   spawn the server, connect, first tools/list reply (median of --starts runs)
 *   round trips  sequential tools/call per second on one connection (median of --rounds rounds)
 *
 * Runs alternate between the two servers. Needs dist/ (npm run build).
 *
 *   node bench/mcp.mjs [--starts 15] [--calls 2000] [--rounds 3]
 */
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath, pathToFileURL } from "node:url";
import ts from "typescript";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";

const ROOT = "/work/wt/perf-watch-mcp";
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const STARTS = arg("starts", 15);
const CALLS = arg("calls", 2000);
const ROUNDS = arg("rounds", 3);

const HAND = `
import { McpServer } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { z } from "zod";

const result = (tool, input) => ({ content: [{ type: "text", text: JSON.stringify({ tool, input }) }] });

serveStdio(() => {
  const server = new McpServer({ name: "hand", version: "1.0.0" });
  server.registerTool("get_current_stock_price", {
    description: "Gets the current stock price of a company.",
    inputSchema: z.object({ symbol: z.string().describe("The stock ticker symbol of the company, e.g. GM.") }),
  }, async (input) => result("get_current_stock_price", input));
  server.registerTool("get_stock_price", {
    description: "Gets the stock price for a ticker.",
    inputSchema: z.object({ ticker: z.string().describe("The stock ticker symbol, e.g. AAPL for Apple Inc.") }),
  }, async (input) => result("get_stock_price", input));
  server.registerTool("get_ticker_symbol", {
    description: "Gets the ticker symbol of a company.",
    inputSchema: z.object({ company_name: z.string().describe("The name of the company, e.g. General Motors.") }),
  }, async (input) => result("get_ticker_symbol", input));
  server.registerTool("get_weather", {
    description: "Gets the current weather for a given location.",
    inputSchema: z.object({
      location: z.string().describe("The city and state or country, e.g. San Francisco, CA or Paris, France."),
      unit: z.enum(["celsius", "fahrenheit"]).optional().describe("The temperature unit of the answer, either 'celsius' or 'fahrenheit'."),
    }),
  }, async (input) => result("get_weather", input));
  return server;
});
`;

async function prepare(dir) {
  const { build } = await import(pathToFileURL(path.join(ROOT, "dist", "src", "index.js")).href);
  const p = { schemas: path.join(ROOT, "schemas"), out: path.join(dir, "generated"), handlers: path.join(dir, "handlers") };
  await build({ ...p, cache: false, outputs: ["native", "legacy", "types", "validators", "handlers", "runtime", "index", "mcp"] });
  for (const f of await readdir(p.handlers)) {
    const file = path.join(p.handlers, f);
    const text = await readFile(file, "utf8");
    await writeFile(file, text.replace(/ {2}throw new Error\(.*\);\n/, "  return { tool: _context.toolName, input };\n"));
  }
  // Transpile only (the test suite type-checks the same code).
  const walk = async (d) => (await readdir(d, { withFileTypes: true })).flatMap((e) => (e.isDirectory() ? [] : [path.join(d, e.name)]));
  const dirs = [p.out, path.join(p.out, "runtime"), path.join(p.out, "validators"), path.join(p.out, "mcp"), p.handlers];
  for (const d of dirs) {
    for (const file of await walk(d)) {
      if (!file.endsWith(".ts")) continue;
      const js = ts.transpileModule(await readFile(file, "utf8"), { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
      await writeFile(file.replace(/\.ts$/, ".js"), js);
    }
  }
  await writeFile(path.join(dir, "package.json"), JSON.stringify({ type: "module" }));
  await writeFile(path.join(dir, "hand.mjs"), HAND);
  return { generated: path.join(p.out, "mcp", "stdio.js"), hand: path.join(dir, "hand.mjs") };
}

async function connect(entry) {
  const client = new Client({ name: "bench", version: "1.0.0" });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [entry] }));
  return client;
}

async function coldStart(entry) {
  const t0 = performance.now();
  const client = await connect(entry);
  const { tools } = await client.listTools();
  const ms = performance.now() - t0;
  await client.close();
  if (tools.length !== 4) throw new Error(`${entry}: ${tools.length} tools`);
  return ms;
}

const ARGS = { get_weather: { location: "Paris", unit: "celsius" }, get_ticker_symbol: { company_name: "GM" }, get_current_stock_price: { symbol: "GM" }, get_stock_price: { ticker: "GM" } };
const NAMES = Object.keys(ARGS);

async function roundTrips(entry) {
  const client = await connect(entry);
  for (let i = 0; i < 200; i++) await client.callTool({ name: NAMES[i % 4], arguments: ARGS[NAMES[i % 4]] });
  const t0 = performance.now();
  for (let i = 0; i < CALLS; i++) {
    const r = await client.callTool({ name: NAMES[i % 4], arguments: ARGS[NAMES[i % 4]] });
    if (r.isError) throw new Error(JSON.stringify(r));
  }
  const perSecond = CALLS / ((performance.now() - t0) / 1000);
  await client.close();
  return perSecond;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  await mkdir(path.join(ROOT, "bench", ".work"), { recursive: true });
  const dir = await mkdtemp(path.join(ROOT, "bench", ".work", "mcp-"));
  try {
    const entries = await prepare(dir);
    const starts = { generated: [], hand: [] };
    await coldStart(entries.generated);
    await coldStart(entries.hand);
    for (let i = 0; i < STARTS; i++) {
      for (const k of i % 2 === 0 ? ["generated", "hand"] : ["hand", "generated"]) starts[k].push(await coldStart(entries[k]));
    }
    const rates = { generated: [], hand: [] };
    for (let i = 0; i < ROUNDS; i++) {
      for (const k of i % 2 === 0 ? ["generated", "hand"] : ["hand", "generated"]) rates[k].push(await roundTrips(entries[k]));
    }
    const row = (k) => `| ${k === "generated" ? "toolgen mcp output" : "hand-written McpServer + zod"} | ${median(starts[k]).toFixed(1)} ms | ${Math.round(median(rates[k]))} /s |`;
    const text = [
      `MCP over stdio, 4 seed tools (node ${process.version}; ${STARTS} cold starts, ${ROUNDS} rounds of ${CALLS} sequential calls; medians)`,
      "",
      "| server | cold start to first tools/list | tools/call round trips |",
      "|---|---|---|",
      row("generated"),
      row("hand"),
      "",
      `ratio (generated / hand): cold start ${(median(starts.generated) / median(starts.hand)).toFixed(2)}x, round trips ${(median(rates.generated) / median(rates.hand)).toFixed(2)}x`,
    ].join("\n");
    process.stdout.write(text + "\n");
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export { prepare, ARGS, NAMES };
