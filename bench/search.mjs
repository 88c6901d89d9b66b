#!/usr/bin/env node
/**
 * Issue 28: the generated tool search at scale. Builds the index (src/search/index.ts, from dist/) over
 * N synthetic tools (bench/tool-catalog.mjs, default 10,000) and times each query of the eval cases
 * through the scorer the generated folder ships (src/runtime/search.ts): k = 5, every tool, then
 * within a toolset. Prints the index build time, its size as search.ts holds it, and the per-query
 * latency (median, p95, max over rounds). With --quality, issue 41's measure instead: recall@1, @3, @5 and
 * MRR of the search and of plain BM25 over name and description, on the public servers' tools for the dev
 * and held-out requests (bench/search-quality.mjs), with a verdict. Needs `npm run build` (dist/).
 *
 *   node bench/search.mjs [N] [ROUNDS]
 *   node bench/search.mjs --quality
 */
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { requestsFor, tools } from "./tool-catalog.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { buildSearchIndex } = await import(pathToFileURL(path.join(root, "dist", "src", "search", "index.js")).href);
const { search } = await import(pathToFileURL(path.join(root, "dist", "src", "runtime", "search.js")).href);

if (process.argv.includes("--quality")) {
  const { bm25, CASE_FILES, measure, publicTools, readCases } = await import("./search-quality.mjs");
  const folder = publicTools();
  const index = buildSearchIndex(folder);
  const ours = (request) => search(index, request, { k: folder.length }).map((h) => h.name);
  const plain = bm25(folder);
  const KS = ["recall@1", "recall@3", "recall@5"];
  console.log(`${folder.length} tools of public MCP servers (bench/search-cases/public-tools.json)\n`);
  console.log("| set | cases | search | recall@1 | recall@3 | recall@5 | MRR | verdict |");
  console.log("|---|---|---|---|---|---|---|---|");
  let beats = true;
  for (const [set, file] of Object.entries(CASE_FILES)) {
    const cases = readCases(file);
    const a = measure(ours, cases);
    const b = measure(plain, cases);
    const wins = KS.every((k) => a[k] > b[k]);
    if (set === "heldout") beats = wins;
    const row = (name, m, verdict) => `| ${set} | ${cases.length} | ${name} | ${[...KS, "mrr"].map((k) => m[k].toFixed(3)).join(" | ")} | ${verdict} |`;
    console.log(row("toolgen search", a, wins ? "beats BM25 at every k" : "does not beat BM25 at every k"));
    console.log(row("BM25 (name + description)", b, ""));
  }
  console.log(`\nheld-out verdict: ${beats ? "the search beats BM25 at recall@1, @3 and @5" : "MISSES: the search does not beat BM25 at every k"}`);
  process.exit(beats ? 0 : 1);
}

const n = Number(process.argv[2] ?? 10_000);
const rounds = Number(process.argv[3] ?? 5);
const folder = tools(n).map((t) => ({ name: t.name, description: t.description, bundledSchema: t.input_schema, tags: t.tags })).sort((a, b) => (a.name < b.name ? -1 : 1));
const billing = folder.filter((t) => t.name.startsWith("billing_")).map((t) => t.name);
let start = process.hrtime.bigint();
const index = buildSearchIndex(folder, [{ name: "billing", tools: billing }]);
const buildMs = Number(process.hrtime.bigint() - start) / 1e6;
const bytes = Buffer.byteLength(JSON.stringify(index));
const queries = requestsFor(Math.min(n, 300), 220).map((c) => c.request);

function time(options) {
  const each = [];
  for (let r = 0; r < rounds; r++) {
    for (const q of queries) {
      const t0 = process.hrtime.bigint();
      search(index, q, options);
      each.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
  }
  each.sort((a, b) => a - b);
  const at = (p) => each[Math.min(each.length - 1, Math.floor(p * each.length))];
  return { median: at(0.5), p95: at(0.95), max: each[each.length - 1] };
}

const ms = (v) => `${v.toFixed(3)} ms`;
const all = time({ k: 5 });
const set = time({ k: 5, toolset: "billing" });
console.log(`tools ${n}, terms ${Object.keys(index.postings).length}, index ${(bytes / 1e6).toFixed(2)} MB of JSON, built in ${buildMs.toFixed(0)} ms`);
console.log(`query (k=5, every tool): median ${ms(all.median)}, p95 ${ms(all.p95)}, max ${ms(all.max)} over ${queries.length * rounds} queries`);
console.log(`query (k=5, toolset of ${billing.length}): median ${ms(set.median)}, p95 ${ms(set.p95)}, max ${ms(set.max)}`);
start = process.hrtime.bigint();
JSON.parse(JSON.stringify(index));
console.log(`parsing the index on import (JSON.parse): ${(Number(process.hrtime.bigint() - start) / 1e6).toFixed(0)} ms`);
