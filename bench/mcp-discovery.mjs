#!/usr/bin/env node
/**
 * Issue 41: what a client reads before its first call, the `tools/list` answer of a generated MCP
 * server, with every tool listed (`"mcpDiscovery": "list"`, the default) and with progressive discovery
 * (`"search"`: search_tools and call_tool, and with a deferLoading plan the tools it keeps loaded). The
 * same N catalogue tools (bench/tool-catalog.mjs, default 500) are built with dist/'s `build()` in each
 * mode, transpiled, and served by the stateless fetch handler in this process to the official MCP client;
 * the figure is the bytes of the HTTP body answering tools/list, as the wire carries it. Also the bytes a
 * search_tools answer adds when the model looks a tool up (limit 5). Bytes are deterministic: one run.
 * Prints rows as `npm run bench` does (bench/lib/report.mjs), with a verdict against the target. Needs dist/.
 *
 *   node bench/mcp-discovery.mjs [--tools 500] [--budget 2000]
 */
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { buildSync } from "esbuild";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { renderTable } from "./lib/report.mjs";
import { tools as catalog } from "./tool-catalog.mjs";

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const N = arg("tools", 500);
const BUDGET = arg("budget", 2000);
/** The aim, "85-96% context token reduction" as the proxies that do this report it: at most a tenth. */
const TARGET = 0.1;
const OUTPUTS = ["native", "types", "validators", "handlers", "runtime", "index", "search", "mcp"];

/** Every .ts file under `dir` transpiled to .js beside it, by esbuild, unbundled. */
async function transpileTree(dir) {
  const entryPoints = (await readdir(dir, { recursive: true })).filter((f) => f.endsWith(".ts")).map((f) => path.join(dir, f));
  buildSync({ entryPoints, outdir: dir, outbase: dir, format: "esm", target: "es2022", logLevel: "error" });
}

/** A server of the folder built with `settings`, and the bytes of its tools/list answer and of a search. */
async function measure(work, name, schemas, settings) {
  const { build } = await import(pathToFileURL(path.join(ROOT, "dist", "src", "index.js")).href);
  const dir = path.join(work, name);
  const p = { schemas, out: path.join(dir, "generated"), handlers: path.join(dir, "handlers") };
  await build({ ...p, cache: false, lint: false, outputs: OUTPUTS, ...settings });
  await writeFile(path.join(dir, "package.json"), JSON.stringify({ type: "module" }));
  await transpileTree(dir);
  const { createMcpFetchHandler } = await import(pathToFileURL(path.join(p.out, "mcp", "fetch.js")).href);
  const handler = createMcpFetchHandler();
  const bodies = new Map();
  const fetch = async (input, init) => {
    const request = new Request(input, init);
    const method = request.method === "POST" ? JSON.parse(await request.clone().text()).method : undefined;
    const response = await handler.fetch(request);
    if (method === undefined) return response;
    const text = await response.text();
    bodies.set(method, Buffer.byteLength(text));
    return new Response(text, { status: response.status, headers: response.headers });
  };
  const client = new Client({ name: "bench", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL("http://127.0.0.1/mcp"), { fetch }));
  const { tools } = await client.listTools();
  const listBytes = bodies.get("tools/list");
  let searchBytes;
  if (tools.some((t) => t.name === "search_tools")) {
    await client.callTool({ name: "search_tools", arguments: { query: "refund a customer's payment", limit: 5 } });
    searchBytes = bodies.get("tools/call");
  }
  await client.close();
  await handler.close();
  return { listed: tools.length, listBytes, searchBytes };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

async function main() {
  await mkdir(path.join(ROOT, "bench", ".work"), { recursive: true });
  const work = await mkdtemp(path.join(ROOT, "bench", ".work", "mcp-discovery-"));
  try {
    const schemas = path.join(work, "schemas");
    await mkdir(schemas, { recursive: true });
    const folder = catalog(N);
    await Promise.all(folder.map((t) => writeFile(path.join(schemas, `${t.name}.json`), JSON.stringify(t, null, 2))));
    const list = await measure(work, "list", schemas, {});
    const search = await measure(work, "search", schemas, { mcpDiscovery: "search" });
    const alwaysLoad = [folder[0].name];
    const deferred = await measure(work, "search-defer", schemas, { mcpDiscovery: "search", deferLoading: { budgetTokens: BUDGET, alwaysLoad } });
    const row = (no, what, m) => {
      const ratio = m.listBytes / list.listBytes;
      return {
        no,
        what,
        n: N,
        a: `${kb(m.listBytes)} (${m.listed} tools)`,
        b: `${kb(list.listBytes)} (${list.listed} tools)`,
        ratio: `${ratio.toFixed(4)}x`,
        target: `≤ ${TARGET}x`,
        verdict: ratio <= TARGET ? "meets" : "misses",
        runs: 1,
      };
    };
    const rows = [
      row("41a", "MCP tools/list bytes, mcpDiscovery search vs list", search),
      row("41b", `... search with deferLoading (budget ${BUDGET} tokens) vs list`, deferred),
      {
        no: "41c",
        what: "a search_tools answer (limit 5), per lookup",
        n: N,
        a: kb(search.searchBytes),
        b: kb(list.listBytes),
        ratio: `${(search.searchBytes / list.listBytes).toFixed(4)}x`,
        target: "—",
        verdict: "(no target)",
        runs: 1,
      },
    ];
    process.stdout.write(`MCP tools/list over the stateless fetch handler, ${N} catalogue tools (node ${process.version}); bytes of the HTTP body\n\n`);
    process.stdout.write(renderTable(rows) + "\n");
    if (rows.some((r) => r.verdict === "misses")) process.exitCode = 1;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

await main();
