#!/usr/bin/env node
/**
 * Type-checking the generated code (issue 11 item 2): `tsc --noEmit --extendedDiagnostics` over what
 * `toolgen build` writes for N tools (the generated folder and the handler stubs, as a user's project
 * compiles them), against `tsc` over json-schema-to-typescript's types of the same schemas alone
 * (one file per tool, default options). Both run in the same process tree, one after the other,
 * `--runs` times in alternation; the ratios (toolgen / types alone) are per run, and the table gives
 * their median. The verdict is issue 39's goal (CPU ≤ 2x, peak memory ≤ 1.5x); with two sizes or more
 * it also states the fixed and per-tool costs (a line through the smallest and largest N).
 *
 *   node bench/typecheck.mjs [--sizes 1000,5000] [--runs 1] [--keep]
 *
 * Needs dist/ (`npm run build`). Writes nothing outside a temporary folder, which it removes.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { compile } from "json-schema-to-typescript";
import { writeCorpus } from "./corpus.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CLI = path.join(ROOT, "dist", "bin", "toolgen.cjs");
const TSC = path.join(ROOT, "node_modules", "typescript", "bin", "tsc");

function option(name, fallback) {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : fallback;
}
const sizes = option("sizes", "1000,5000").split(",").map(Number);
const runs = Number(option("runs", "1"));
const keep = process.argv.includes("--keep");

const COMPILER_OPTIONS = {
  strict: true,
  noEmit: true,
  target: "ES2022",
  lib: ["ES2022"],
  module: "NodeNext",
  moduleResolution: "NodeNext",
  skipLibCheck: true,
  types: [],
};

async function project(dir, include) {
  await writeFile(path.join(dir, "package.json"), JSON.stringify({ type: "module", private: true }));
  await writeFile(path.join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: COMPILER_OPTIONS, include }));
}

/** Runs tsc in `dir`; its wall time, check time and memory (tsc's own figure, and peak RSS where /usr/bin/time exists). */
function typecheck(dir) {
  const timed = existsSync("/usr/bin/time");
  const [cmd, args] = timed
    ? ["/usr/bin/time", ["-f", "maxrss=%M cpu=%U+%S", process.execPath, TSC, "-p", dir, "--extendedDiagnostics"]]
    : [process.execPath, [TSC, "-p", dir, "--extendedDiagnostics"]];
  const start = performance.now();
  const r = spawnSync(cmd, args, { cwd: dir, encoding: "utf8", maxBuffer: 64 << 20 });
  const wall = (performance.now() - start) / 1000;
  const out = `${r.stdout}\n${r.stderr}`;
  const errors = out.split("\n").filter((l) => /error TS\d+/.test(l));
  if (r.status !== 0 || errors.length > 0) {
    throw new Error(`tsc failed in ${dir} (exit ${r.status}):\n${errors.slice(0, 5).join("\n") || out.slice(-2000)}`);
  }
  const num = (re) => Number((re.exec(out) ?? [])[1]);
  return {
    wall,
    check: num(/Check time:\s+([\d.]+)s/),
    memory: num(/Memory used:\s+(\d+)K/) / 1024,
    rss: timed ? num(/maxrss=(\d+)/) / 1024 : NaN,
    cpu: timed ? num(/cpu=([\d.]+)\+/) + num(/cpu=[\d.]+\+([\d.]+)/) : NaN,
  };
}

async function prepare(base, size) {
  const dir = path.join(base, String(size));
  const schemas = path.join(dir, "schemas");
  const standalone = path.join(dir, "input-schemas");
  await writeCorpus(schemas, size, { standaloneDir: standalone });
  const built = spawnSync(process.execPath, [CLI, "build", "--no-cache", "--no-lint"], { cwd: dir, encoding: "utf8" });
  if (built.status !== 0) throw new Error(`toolgen build failed at N=${size}:\n${built.stderr}`);
  await project(dir, ["generated/**/*.ts", "handlers/**/*.ts"]);
  const typesDir = path.join(dir, "types-alone");
  await mkdir(typesDir, { recursive: true });
  for (const file of (await readdir(standalone)).sort()) {
    const schema = JSON.parse(await readFile(path.join(standalone, file), "utf8"));
    const name = file.replace(/\.json$/, "");
    const code = await compile(schema, name, { bannerComment: "", format: false });
    await writeFile(path.join(typesDir, `${name}.ts`), code);
  }
  await project(typesDir, ["*.ts"]);
  return { toolgen: dir, alone: typesDir };
}

const KEYS = ["wall", "cpu", "check", "memory", "rss"];
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const fmt = (x, digits = 2) => (Number.isFinite(x) ? x.toFixed(digits) : "—");

if (!existsSync(CLI)) {
  process.stderr.write("dist/bin/toolgen.cjs is missing: run `npm run build` first\n");
  process.exit(1);
}
const base = await mkdtemp(path.join(os.tmpdir(), "toolgen-typecheck-"));
try {
  const rows = [];
  for (const size of sizes) {
    const dirs = await prepare(base, size);
    const samples = { toolgen: [], alone: [] };
    for (let run = 0; run < runs; run++) {
      const order = run % 2 === 0 ? ["toolgen", "alone"] : ["alone", "toolgen"];
      for (const who of order) samples[who].push(typecheck(dirs[who]));
    }
    const ratio = (key) => median(samples.toolgen.map((s, i) => s[key] / samples.alone[i][key]));
    const med = (who, key) => median(samples[who].map((s) => s[key]));
    rows.push({
      size,
      toolgen: Object.fromEntries(KEYS.map((k) => [k, med("toolgen", k)])),
      alone: Object.fromEntries(KEYS.map((k) => [k, med("alone", k)])),
      ratios: Object.fromEntries(KEYS.map((k) => [k, ratio(k)])),
    });
  }
  const lines = [
    `Type-checking generated code vs json-schema-to-typescript's types alone (tsc ${spawnSync(process.execPath, [TSC, "-v"], { encoding: "utf8" }).stdout.trim()}, strict, NodeNext; ${runs} run(s), medians; load ${os.loadavg().map((l) => l.toFixed(1)).join(" ")})`,
    "",
    "| N | toolgen: wall s / CPU s / check s / tsc MB / RSS MB | types alone: wall s / CPU s / check s / tsc MB / RSS MB | ratio wall | ratio CPU | ratio check | ratio tsc MB | ratio RSS | goal: CPU ≤ 2x, peak memory ≤ 1.5x |",
    "|---|---|---|---|---|---|---|---|---|",
  ];
  for (const r of rows) {
    const t = r.toolgen;
    const a = r.alone;
    const q = r.ratios;
    // Time is judged on CPU time (user + system) where /usr/bin/time gives it: wall time on a shared machine is noise.
    const time = Number.isFinite(q.cpu) ? q.cpu : q.wall;
    // Issue 39's goals: CPU ≤ 2x, peak memory (RSS where measured, else tsc's own figure) ≤ 1.5x.
    const memory = Number.isFinite(q.rss) ? q.rss : q.memory;
    const meets = time <= 2 && memory <= 1.5 ? "meets" : "misses";
    const cells = (x) => `${fmt(x.wall)} / ${fmt(x.cpu)} / ${fmt(x.check)} / ${fmt(x.memory, 0)} / ${fmt(x.rss, 0)}`;
    lines.push(
      `| ${r.size} | ${cells(t)} | ${cells(a)} | ${fmt(q.wall)}x | ${fmt(q.cpu)}x | ${fmt(q.check)}x | ${fmt(q.memory)}x | ${fmt(q.rss)}x | ${meets} |`,
    );
  }
  if (rows.length > 1) {
    const [first, last] = [rows[0], rows[rows.length - 1]];
    const n = last.size / first.size;
    // Linear through the two ends: what every compile pays whatever N (fixed), and what each tool adds.
    const perTool = (who, key) => (last[who][key] - first[who][key]) / (last.size - first.size);
    const fixed = (who, key) => first[who][key] - perTool(who, key) * first.size;
    lines.push(
      "",
      `Fixed and per-tool costs (linear through N=${first.size} and N=${last.size}): toolgen CPU ${fmt(fixed("toolgen", "cpu"))} s + ${fmt(perTool("toolgen", "cpu") * 1000)} ms a tool, RSS ${fmt(fixed("toolgen", "rss"), 0)} MB + ${fmt(perTool("toolgen", "rss") * 1000)} KB a tool; types alone CPU ${fmt(fixed("alone", "cpu"))} s + ${fmt(perTool("alone", "cpu") * 1000)} ms a tool, RSS ${fmt(fixed("alone", "rss"), 0)} MB + ${fmt(perTool("alone", "rss") * 1000)} KB a tool.`,
    );
    lines.push("", `Growth from N=${first.size} to N=${last.size} (${fmt(n, 1)}x the tools): toolgen CPU ${fmt(last.toolgen.cpu / first.toolgen.cpu)}x, tsc MB ${fmt(last.toolgen.memory / first.toolgen.memory)}x; types alone CPU ${fmt(last.alone.cpu / first.alone.cpu)}x, tsc MB ${fmt(last.alone.memory / first.alone.memory)}x.`);
  }
  process.stdout.write(lines.join("\n") + "\n");
  if (keep) process.stdout.write(`kept: ${base}\n`);
} finally {
  if (!keep) await rm(base, { recursive: true, force: true });
}
