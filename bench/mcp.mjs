#!/usr/bin/env node
/**
 * The generated MCP server (toolgen's `mcp` output) vs a hand-written server with the SDK's
 * `McpServer.registerTool` and zod schemas, as the SDK's docs show, on the same four seed tools and
 * the same handler bodies, both over stdio, both driven by the official client:
 *
 *   cold start   spawn the server, connect, first tools/list reply (median of --starts runs)
 *   round trips  sequential tools/call per second on one connection (median of --rounds rounds)
 *   in process   both servers in this process over InMemoryTransport: CPU per call (--in-process-rounds)
 *   HTTP         the stateless fetch handler (generated mcp/http.js) against a stateful sessionful
 *                server, cold start and calls per second as ratios (bench/lib/mcp-http.mjs; --http-starts,
 *                --http-rounds, --http-concurrency; --calls calls per round)
 *
 * Runs alternate between the two servers. Besides wall time, the server process's own CPU time
 * (user + sys, from /proc/<pid>/stat on Linux): to its first tools/list reply, and per call over a
 * round; on a shared, loaded machine the CPU figures move less. Needs dist/ (npm run build).
 *
 *   node bench/mcp.mjs [--starts 15] [--calls 2000] [--rounds 3] [--http-starts 9] [--http-rounds 3] [--http-concurrency 10]
 *                      [--parts starts,stdio,in-process,http]   (the parts to run; default all)
 */
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath, pathToFileURL } from "node:url";
import ts from "typescript";
import { Client, InMemoryTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { httpComparison } from "./lib/mcp-http.mjs";
import { processCpuMs as cpuMs } from "./lib/measure.mjs";

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const STARTS = arg("starts", 15);
const CALLS = arg("calls", 2000);
const ROUNDS = arg("rounds", 3);
const IN_ROUNDS = arg("in-process-rounds", 10);
const PARTS = new Set((process.argv.includes("--parts") ? process.argv[process.argv.indexOf("--parts") + 1] : "starts,stdio,in-process,http").split(","));

const HAND = `
import { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";

const result = (tool, input) => ({ content: [{ type: "text", text: JSON.stringify({ tool, input }) }] });

export function makeHand() {
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
}
`;
const HAND_STDIO = `import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { makeHand } from "./hand-server.mjs";
serveStdio(() => makeHand());
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
  await writeFile(path.join(dir, "hand-server.mjs"), HAND);
  await writeFile(path.join(dir, "hand.mjs"), HAND_STDIO);
  return { generated: path.join(p.out, "mcp", "stdio.js"), hand: path.join(dir, "hand.mjs"), dir };
}

/**
 * Both servers in this process, each linked to a client by the SDK's InMemoryTransport: CPU time
 * (process.cpuUsage, client and server together; the client's share is the same for both) per call,
 * over alternating rounds. No pipes and no second process: the steadiest comparison on a loaded machine.
 */
async function inProcess(dir) {
  const { createMcpServer } = await import(pathToFileURL(path.join(dir, "generated", "mcp", "server.js")).href);
  const { makeHand } = await import(pathToFileURL(path.join(dir, "hand-server.mjs")).href);
  const link = async (server) => {
    const [a, b] = InMemoryTransport.createLinkedPair();
    await server.connect(b);
    const client = new Client({ name: "bench", version: "1.0.0" });
    await client.connect(a);
    return client;
  };
  const clients = { generated: await link(createMcpServer()), hand: await link(makeHand()) };
  const round = async (client, n) => {
    const c0 = process.cpuUsage();
    for (let i = 0; i < n; i++) {
      const r = await client.callTool({ name: NAMES[i % 4], arguments: ARGS[NAMES[i % 4]] });
      if (r.isError) throw new Error(JSON.stringify(r));
    }
    const d = process.cpuUsage(c0);
    return (d.user + d.system) / n;
  };
  for (const k of ["generated", "hand"]) await round(clients[k], 500);
  const perCall = { generated: [], hand: [] };
  for (let i = 0; i < IN_ROUNDS; i++) {
    for (const k of i % 2 === 0 ? ["generated", "hand"] : ["hand", "generated"]) perCall[k].push(await round(clients[k], CALLS));
  }
  for (const c of Object.values(clients)) await c.close();
  return perCall;
}

async function connect(entry) {
  const client = new Client({ name: "bench", version: "1.0.0" });
  const transport = new StdioClientTransport({ command: process.execPath, args: [entry] });
  await client.connect(transport);
  return { client, pid: transport.pid };
}

async function coldStart(entry) {
  const t0 = performance.now();
  const { client, pid } = await connect(entry);
  const { tools } = await client.listTools();
  const ms = performance.now() - t0;
  const cpu = cpuMs(pid);
  await client.close();
  if (tools.length !== 4) throw new Error(`${entry}: ${tools.length} tools`);
  return { ms, cpu };
}

const ARGS = { get_weather: { location: "Paris", unit: "celsius" }, get_ticker_symbol: { company_name: "GM" }, get_current_stock_price: { symbol: "GM" }, get_stock_price: { ticker: "GM" } };
const NAMES = Object.keys(ARGS);

async function roundTrips(entry) {
  const { client, pid } = await connect(entry);
  for (let i = 0; i < 200; i++) await client.callTool({ name: NAMES[i % 4], arguments: ARGS[NAMES[i % 4]] });
  const c0 = cpuMs(pid);
  const t0 = performance.now();
  for (let i = 0; i < CALLS; i++) {
    const r = await client.callTool({ name: NAMES[i % 4], arguments: ARGS[NAMES[i % 4]] });
    if (r.isError) throw new Error(JSON.stringify(r));
  }
  const perSecond = CALLS / ((performance.now() - t0) / 1000);
  const cpuPerCall = ((cpuMs(pid) - c0) * 1000) / CALLS;
  await client.close();
  return { perSecond, cpuPerCall };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  await mkdir(path.join(ROOT, "bench", ".work"), { recursive: true });
  const dir = await mkdtemp(path.join(ROOT, "bench", ".work", "mcp-"));
  try {
    const entries = await prepare(dir);
    const range = (xs, digits) => `${median(xs).toFixed(digits)} (${Math.min(...xs).toFixed(digits)}-${Math.max(...xs).toFixed(digits)})`;
    const ratio = (a, b) => (median(a) / median(b)).toFixed(2);
    const starts = { generated: [], hand: [] };
    const startCpu = { generated: [], hand: [] };
    if (PARTS.has("starts")) {
      await coldStart(entries.generated);
      await coldStart(entries.hand);
      for (let i = 0; i < STARTS; i++) {
        for (const k of i % 2 === 0 ? ["generated", "hand"] : ["hand", "generated"]) {
          const { ms, cpu } = await coldStart(entries[k]);
          starts[k].push(ms);
          startCpu[k].push(cpu);
        }
      }
      process.stdout.write(
        `MCP over stdio, 4 seed tools (node ${process.version}), ${STARTS} cold starts to the first tools/list, medians (min-max): ` +
          `generated ${range(starts.generated, 1)} ms wall, ${range(startCpu.generated, 0)} ms CPU; ` +
          `hand-written ${range(starts.hand, 1)} ms wall, ${range(startCpu.hand, 0)} ms CPU; ` +
          `ratio wall ${ratio(starts.generated, starts.hand)}x, CPU ${ratio(startCpu.generated, startCpu.hand)}x\n`,
      );
    }
    if (PARTS.has("stdio")) {
      const rates = { generated: [], hand: [] };
      const callCpu = { generated: [], hand: [] };
      for (let i = 0; i < ROUNDS; i++) {
        for (const k of i % 2 === 0 ? ["generated", "hand"] : ["hand", "generated"]) {
          const { perSecond, cpuPerCall } = await roundTrips(entries[k]);
          rates[k].push(perSecond);
          callCpu[k].push(cpuPerCall);
        }
      }
      const row = (k) =>
        `| ${k === "generated" ? "toolgen mcp output" : "hand-written McpServer + zod"} | ${range(rates[k], 0)} /s | ${range(callCpu[k], 0)} µs |`;
      const text = [
        "",
        `MCP over stdio, 4 seed tools (node ${process.version}; ${ROUNDS} rounds of ${CALLS} sequential calls, alternating; medians, min-max)`,
        "",
        "| server | tools/call round trips (wall) | server CPU per call |",
        "|---|---|---|",
        row("generated"),
        row("hand"),
        "",
        `ratio (generated / hand): round trips per s ${ratio(rates.generated, rates.hand)}x, CPU per call ${ratio(callCpu.generated, callCpu.hand)}x`,
      ].join("\n");
      process.stdout.write(text + "\n");
    }
    if (PARTS.has("in-process")) {
      const perCall = await inProcess(entries.dir);
      const inText = [
        "",
        `In one process (InMemoryTransport, ${IN_ROUNDS} alternating rounds of ${CALLS} calls): CPU per call, client and server together, median (min-max):`,
        `generated ${range(perCall.generated, 1)} µs, hand-written ${range(perCall.hand, 1)} µs; ratio ${ratio(perCall.generated, perCall.hand)}x`,
      ].join("\n");
      process.stdout.write(inText + "\n");
    }
    if (PARTS.has("http")) {
      const http = await httpComparison(entries.dir, { starts: arg("http-starts", 9), calls: CALLS, rounds: arg("http-rounds", 3), concurrency: arg("http-concurrency", 10) });
      process.stdout.write(http.join("\n") + "\n");
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
