#!/usr/bin/env node
/**
 * Issue 28's cold-build target, in CPU time: `toolgen build --no-lint --no-cache` (default outputs) on
 * N synthetic tools, against json-schema-to-typescript's CLI writing the types alone for the same
 * input schemas (each with its tool's description, as toolgen compiles it), in the same run. Each
 * round runs both, into empty folders, in an order that alternates round by round; the CPU time of
 * each child (user + sys, from /usr/bin/time) gives a ratio per round, and the figure is the median
 * ratio. CPU rather than wall time: the machine is shared, and another process's load lengthens the
 * wall time of whichever command it overlaps. The load average is printed at the start and the end.
 *
 *   node bench/cold-build-cpu.mjs [--tools 1000] [--rounds 5] [--keep]
 *
 * Needs dist/ (`npm run build`) and /usr/bin/time. Writes nothing outside a temporary folder, which it
 * removes (unless --keep).
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { writeCorpus } from "./corpus.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CLI = path.join(ROOT, "dist", "bin", "toolgen.cjs");
const JSON2TS = path.join(ROOT, "node_modules", "json-schema-to-typescript", "dist", "src", "cli.js");

function option(name, fallback) {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : fallback;
}
const tools = Number(option("tools", "1000"));
const rounds = Number(option("rounds", "5"));
const keep = process.argv.includes("--keep");

/** Runs `args` under /usr/bin/time in a fresh folder; its CPU seconds (user + sys), peak RSS (MB) and wall seconds. */
export function timed(args, cwd, env = process.env) {
  const start = performance.now();
  const r = spawnSync("/usr/bin/time", ["-f", "toolgen-bench-time %U %S %M", process.execPath, ...args], {
    cwd,
    env,
    encoding: "utf8",
    maxBuffer: 256 << 20,
  });
  const wall = (performance.now() - start) / 1000;
  const m = /toolgen-bench-time ([\d.]+) ([\d.]+) (\d+)\s*$/.exec(r.stderr);
  if (r.status !== 0 || m === null) {
    throw new Error(`${args.map((a) => path.basename(a)).join(" ")} failed (exit ${r.status}): ${r.stderr.slice(-2000)}`);
  }
  return { cpu: Number(m[1]) + Number(m[2]), maxRssMb: Number(m[3]) / 1024, wall };
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function main() {
  if (!existsSync(CLI)) throw new Error("dist/bin/toolgen.cjs is missing: run `npm run build` first");
  if (!existsSync("/usr/bin/time")) throw new Error("needs /usr/bin/time to read each child's CPU time");
  const dir = await mkdtemp(path.join(os.tmpdir(), "toolgen-cold-cpu-"));
  try {
    const schemas = path.join(dir, "schemas");
    const standalone = path.join(dir, "standalone");
    await writeCorpus(schemas, tools, { standaloneDir: standalone });
    const loadStart = os.loadavg()[0];
    const toolgen = (round) => {
      const out = path.join(dir, `out-${round}`);
      return timed([CLI, "build", "--schemas", schemas, "--out", path.join(out, "generated"), "--handlers", path.join(out, "handlers"), "--no-lint", "--no-cache"], dir);
    };
    const json2ts = (round) => timed([JSON2TS, "-i", `${standalone}/*.json`, "-o", path.join(dir, `json2ts-${round}`)], dir);
    // One untimed run of each first: the file cache and the disk are warm for both.
    toolgen("warm");
    json2ts("warm");
    const rows = [];
    for (let round = 0; round < rounds; round++) {
      const pair = round % 2 === 0 ? [["toolgen", toolgen], ["json2ts", json2ts]] : [["json2ts", json2ts], ["toolgen", toolgen]];
      const got = {};
      for (const [name, run] of pair) got[name] = run(round);
      rows.push({ round, toolgen: got.toolgen, json2ts: got.json2ts, ratio: got.toolgen.cpu / got.json2ts.cpu });
      process.stdout.write(
        `round ${round + 1}/${rounds} (${pair.map((p) => p[0]).join(" then ")}): toolgen ${got.toolgen.cpu.toFixed(2)} s CPU, ` +
          `json2ts ${got.json2ts.cpu.toFixed(2)} s CPU, ratio ${(got.toolgen.cpu / got.json2ts.cpu).toFixed(2)}x\n`,
      );
    }
    const loadEnd = os.loadavg()[0];
    const ratios = rows.map((r) => r.ratio);
    const cpuT = median(rows.map((r) => r.toolgen.cpu));
    const cpuJ = median(rows.map((r) => r.json2ts.cpu));
    const wallRatio = median(rows.map((r) => r.toolgen.wall / r.json2ts.wall));
    process.stdout.write(
      `\ncold build, ${tools} tools, ${rounds} alternating rounds (load ${loadStart.toFixed(2)} at start, ${loadEnd.toFixed(2)} at end, ${os.cpus().length} cores):\n` +
        `  toolgen build --no-lint --no-cache: median ${cpuT.toFixed(2)} s CPU (peak RSS ${median(rows.map((r) => r.toolgen.maxRssMb)).toFixed(0)} MB)\n` +
        `  json2ts CLI, types alone:           median ${cpuJ.toFixed(2)} s CPU\n` +
        `  CPU ratio: median ${median(ratios).toFixed(2)}x (${Math.min(...ratios).toFixed(2)}x-${Math.max(...ratios).toFixed(2)}x); wall ratio median ${wallRatio.toFixed(2)}x\n` +
        `  target <= 1.0x: ${median(ratios) <= 1 ? "meets" : "misses"}\n`,
    );
  } finally {
    if (keep) process.stdout.write(`kept ${dir}\n`);
    else await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
