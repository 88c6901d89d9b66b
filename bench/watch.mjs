#!/usr/bin/env node
/**
 * Watch mode's rebuild after a one-file change (issue 12.8), against a no-change build, at N tools.
 *
 *   node bench/watch.mjs [--tools 1000] [--runs 5]
 *
 * Builds `dist/` first if missing (`npm run build`). In a temporary project holding the corpus of N
 * tools (bench/corpus.mjs):
 *   - no-change build: `toolgen build` in a fresh process with nothing changed since the last build
 *     (what CI and an editor's on-save task pay), wall clock from spawn to exit;
 *   - watch rebuild: `toolgen build --watch` runs; one tool file's description is rewritten; the time
 *     from that write to the new generated/tools.json on disk (seen through fs.watch on the output
 *     folder, then its content checked), the watcher's 100 ms debounce included.
 * Runs alternate (no-change build, then one watch rebuild); the table gives medians (min-max) and the
 * ratio of medians; the target is a ratio of at most 2. The first change is made as soon as the watcher
 * says it is watching plus one no-change build (it is run 0, so a warm-up still in progress is paid for).
 * Besides wall time, CPU time (user + sys, from /proc on Linux: the no-change build's process, and the
 * watcher's own from the write until the new output is seen), which a loaded machine disturbs less.
 * Prints a Markdown table; nothing is written.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, watch, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { writeCorpus } from "./corpus.mjs";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const N = arg("tools", 1000);
const RUNS = arg("runs", 5);
const bin = path.join(root, "dist", "bin", "toolgen.cjs");
if (!existsSync(bin)) spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });

const dir = mkdtempSync(path.join(tmpdir(), "toolgen-bench-watch-"));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
/** CPU ms (user + sys) of a process from /proc/<pid>/stat (fields 14-15, or 16-17 for its waited-for children); NaN elsewhere. */
const TICK_MS = 1000 / Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim() || 100);
function cpuMs(pid, children = false) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").replace(/^.*\) /, "").split(" ");
    // After "(comm) ", field 3 (state) is index 0: utime is field 14 -> index 11.
    const at = children ? 13 : 11;
    return (Number(fields[at]) + Number(fields[at + 1])) * TICK_MS;
  } catch {
    return Number.NaN;
  }
}
try {
  await writeCorpus(path.join(dir, "schemas"), N);
  // As in a real project: the build cache lives in node_modules/.cache/toolgen.
  mkdirSync(path.join(dir, "node_modules"));
  const first = spawnSync(process.execPath, [bin, "build"], { cwd: dir, encoding: "utf8" });
  if (first.status !== 0) throw new Error(`first build failed: ${first.stderr}`);
  const schemaFiles = readdirJson(path.join(dir, "schemas"));
  const tools = path.join(dir, "generated", "tools.json");

  const child = spawn(process.execPath, [bin, "build", "--watch"], { cwd: dir, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  const waiters = [];
  child.stderr.on("data", (d) => {
    stderr += d;
    for (const w of waiters.splice(0)) w();
  });
  const doneCount = () => stderr.split("; watching").length - 1;
  const untilDone = (n) =>
    new Promise((resolve, reject) => {
      const check = () => (doneCount() >= n ? resolve() : /build failed \(exit/.test(stderr) ? reject(new Error(stderr)) : waiters.push(check));
      check();
    });
  await untilDone(1);

  const noChange = [];
  const rebuild = [];
  const noChangeCpu = [];
  const rebuildCpu = [];
  for (let run = 0; run < RUNS; run++) {
    const c0 = cpuMs("self", true);
    const t0 = performance.now();
    const r = spawnSync(process.execPath, [bin, "build"], { cwd: dir, encoding: "utf8" });
    noChange.push(performance.now() - t0);
    noChangeCpu.push(cpuMs("self", true) - c0);
    if (!/nothing changed/.test(r.stdout)) throw new Error(`expected a no-change build: ${r.stdout}${r.stderr}`);

    const file = schemaFiles[(run * 37) % schemaFiles.length];
    const data = JSON.parse(readFileSync(file, "utf8"));
    const marker = `Watch run ${run} changed this.`;
    data.description = `${data.description} ${marker}`;
    const before = doneCount();
    const seen = new Promise((resolve) => {
      const watcher = watch(path.dirname(tools), () => {
        let text = "";
        try {
          text = readFileSync(tools, "utf8");
        } catch {
          return;
        }
        if (text.includes(marker)) {
          watcher.close();
          resolve(performance.now());
        }
      });
    });
    const w0 = cpuMs(child.pid);
    const start = performance.now();
    writeFileSync(file, JSON.stringify(data, null, 2));
    rebuild.push((await seen) - start);
    rebuildCpu.push(cpuMs(child.pid) - w0);
    await untilDone(before + 1);
  }
  child.kill("SIGINT");
  await new Promise((r) => child.on("exit", r));

  const cell = (xs) => `${median(xs).toFixed(0)} ms (${Math.min(...xs).toFixed(0)}-${Math.max(...xs).toFixed(0)})`;
  const row = (what, a, b) => {
    const ratio = median(b) / median(a);
    return `| ${N} | ${what} | ${cell(a)} | ${cell(b)} | ${ratio.toFixed(2)} | ${ratio <= 2 ? "meets" : "misses"} (<= 2) |`;
  };
  console.log(`| N | measure | no-change build (fresh process) | watch: write -> new tools.json | ratio | target |`);
  console.log(`| --- | --- | --- | --- | --- | --- |`);
  console.log(row("wall", noChange, rebuild));
  if (noChangeCpu.every(Number.isFinite) && rebuildCpu.every(Number.isFinite)) console.log(row("CPU (user+sys)", noChangeCpu, rebuildCpu));
  console.log(`\nmedian (min-max) of ${RUNS} alternating runs, the first rebuild (run 0, right after start-up) included: ` +
    `wall ${rebuild.map((x) => x.toFixed(0)).join(", ")} ms; CPU ${rebuildCpu.map((x) => x.toFixed(0)).join(", ")} ms`);
  console.log(`Node ${process.version}, load average at the end ${loadavg().map((l) => l.toFixed(1)).join(" ")}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

function readdirJson(folder) {
  return spawnSync("find", [folder, "-name", "*.json", "-type", "f"], { encoding: "utf8" }).stdout.split("\n").filter(Boolean).sort();
}
