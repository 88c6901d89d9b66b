#!/usr/bin/env node
/**
 * `toolgen diff` at scale (issue 26): two folders of N tools (the benchmark corpus, bench/corpus.mjs)
 * with C changes between them (every kind in turn: a description, a maxLength, a new required
 * parameter, a removed enum value, a parameter removed), timed as a whole process, against
 * `toolgen build --no-cache` of the same folder. The aim: the diff under 1 s for 1,000 tools and 50
 * changes on a quiet machine.
 *
 *   node bench/diff.mjs [--tools 1000] [--changes 50] [--runs 3]
 *
 * Prints the medians, and checks the report found every change (one finding or more per changed tool).
 */
import { spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { writeCorpus } from "./corpus.mjs";
import { ensureDist, PATHS } from "./lib/setup.mjs";

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const TOOLS = arg("tools", 1000);
const CHANGES = arg("changes", 50);
const RUNS = arg("runs", 3);

/** One edit of a tool file, by kind. */
const EDITS = [
  (t) => (t.description = `${t.description} It is now also audited.`),
  (t) => {
    const s = Object.values(t.input_schema.properties).find((p) => p.type === "string");
    if (s) s.maxLength = 8;
    else t.description += " Changed.";
  },
  (t) => {
    t.input_schema.properties.bench_new = { type: "string", description: "A new parameter." };
    t.input_schema.required = [...(t.input_schema.required ?? []), "bench_new"];
  },
  (t) => {
    const e = Object.values(t.input_schema.properties).find((p) => Array.isArray(p.enum) && p.enum.length > 1);
    if (e) e.enum = e.enum.slice(1);
    else t.input_schema.properties.bench_flag = { type: "boolean", description: "A flag." };
  },
  (t) => {
    const names = Object.keys(t.input_schema.properties);
    delete t.input_schema.properties[names[names.length - 1]];
    if (t.input_schema.required) t.input_schema.required = t.input_schema.required.filter((n) => n !== names[names.length - 1]);
    if (names.length === 1) t.input_schema.properties.bench_only = { type: "integer", description: "The only parameter." };
  },
];

function time(args, cwd) {
  const start = performance.now();
  const r = spawnSync(process.execPath, [PATHS.cli, ...args], { cwd, encoding: "utf8", maxBuffer: 1 << 28 });
  const ms = performance.now() - start;
  if (r.status !== 0 && r.status !== 1) throw new Error(`toolgen ${args.join(" ")} exited ${r.status}: ${r.stderr}`);
  return { ms, stdout: r.stdout };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  ensureDist(true);
  const work = await mkdtemp(path.join(os.tmpdir(), "toolgen-bench-diff-"));
  try {
    const base = path.join(work, "base");
    const head = path.join(work, "head");
    const names = await writeCorpus(base, TOOLS);
    await writeCorpus(head, TOOLS);
    const step = Math.max(1, Math.floor(TOOLS / CHANGES));
    const changed = [];
    for (let k = 0; k < CHANGES && k * step < TOOLS; k++) {
      const file = path.join(head, `${names[k * step]}.json`);
      const tool = JSON.parse(await readFile(file, "utf8"));
      EDITS[k % EDITS.length](tool);
      await writeFile(file, JSON.stringify(tool, null, 2) + "\n");
      changed.push(tool.name);
    }
    const diffs = [];
    const builds = [];
    let report;
    for (let run = 0; run < RUNS + 1; run++) {
      const d = time(["diff", "base", "head", "--format", "json", "--fail-on", "none"], work);
      const b = time(["build", "--no-cache", "--schemas", "base", "--out", `out-${run}`, "--handlers", `handlers-${run}`], work);
      // The first run warms the file cache, and is not counted.
      if (run === 0) continue;
      diffs.push(d.ms);
      builds.push(b.ms);
      report = JSON.parse(d.stdout);
    }
    const found = new Set(report.findings.map((f) => f.tool));
    const missed = changed.filter((n) => !found.has(n));
    const breaking = report.findings.filter((f) => f.verdict === "breaking").length;
    const possibly = report.findings.filter((f) => f.verdict === "possibly-breaking").length;
    console.log(`toolgen diff, ${TOOLS} tools, ${changed.length} changed (${RUNS} runs, medians, ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(2)})`);
    console.log(`  diff base head:        ${(median(diffs) / 1000).toFixed(3)} s  (${report.findings.length} findings: ${breaking} breaking with a witness, ${possibly} possibly breaking)`);
    console.log(`  build --no-cache base: ${(median(builds) / 1000).toFixed(3)} s`);
    console.log(`  ratio diff / build:    ${(median(diffs) / median(builds)).toFixed(2)}`);
    for (const f of report.findings.filter((x) => x.verdict === "possibly-breaking")) console.log(`  possibly: ${f.tool} ${f.rule} ${f.message}`);
    if (missed.length > 0) {
      console.log(`  MISSED: ${missed.join(", ")}`);
      process.exitCode = 1;
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

await main();
