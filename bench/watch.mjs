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
 * Runs alternate (no-change build, then one watch rebuild); the table gives medians and the ratio of
 * medians; the target is a ratio of at most 2. Prints a Markdown table; nothing is written.
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
  for (let run = 0; run < RUNS; run++) {
    const t0 = performance.now();
    const r = spawnSync(process.execPath, [bin, "build"], { cwd: dir, encoding: "utf8" });
    noChange.push(performance.now() - t0);
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
    const start = performance.now();
    writeFileSync(file, JSON.stringify(data, null, 2));
    rebuild.push((await seen) - start);
    await untilDone(before + 1);
  }
  child.kill("SIGINT");
  await new Promise((r) => child.on("exit", r));

  const ratio = median(rebuild) / median(noChange);
  console.log(`| N | no-change build (fresh process) | watch: write -> new tools.json | ratio | target |`);
  console.log(`| --- | --- | --- | --- | --- |`);
  console.log(
    `| ${N} | ${median(noChange).toFixed(0)} ms (${Math.min(...noChange).toFixed(0)}-${Math.max(...noChange).toFixed(0)}) | ` +
      `${median(rebuild).toFixed(0)} ms (${Math.min(...rebuild).toFixed(0)}-${Math.max(...rebuild).toFixed(0)}) | ${ratio.toFixed(2)} | ${ratio <= 2 ? "meets" : "misses"} (<= 2) |`,
  );
  console.log(`\n${RUNS} runs, Node ${process.version}, load average at the end ${loadavg().map((l) => l.toFixed(1)).join(" ")}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

function readdirJson(folder) {
  return spawnSync("find", [folder, "-name", "*.json", "-type", "f"], { encoding: "utf8" }).stdout.split("\n").filter(Boolean).sort();
}
