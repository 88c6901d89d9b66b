import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { cp, mkdtemp, readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { removeAfterFile } from "./file-cleanup.js";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const fixture = (...parts: string[]) => path.join(repoRoot, "test", "fixtures", ...parts);

/** The shipped bin (dist/, which the suite's setup builds). */
export const toolgenBin = path.join(repoRoot, "dist", "bin", "toolgen.cjs");

/**
 * Runs the shipped bin in `cwd` as a user's shell would, without colour (NO_COLOR set, FORCE_COLOR
 * removed) and with `env` over the environment: its exit code and output.
 */
export function toolgen(cwd: string, args: readonly string[], env: Record<string, string | undefined> = {}): { code: number | null; stdout: string; stderr: string } {
  const base: Record<string, string | undefined> = { ...process.env, NO_COLOR: "1" };
  delete base.FORCE_COLOR;
  const r = spawnSync(process.execPath, [toolgenBin, ...args], { cwd, encoding: "utf8", env: { ...base, ...env }, maxBuffer: 64 * 1024 * 1024 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The load recorder, preloaded with `node --import` (test/lint/helpers/record-loads.mjs). */
const LOAD_RECORDER = path.join(repoRoot, "test", "lint", "helpers", "record-loads.mjs");

/**
 * Runs `node --import <the load recorder> ...args` in `cwd`: its exit code and output, and every
 * module it loaded (`esm <url>` or `cjs <path>`, one per line of the recorder's log).
 */
export function recordLoads(args: readonly string[], cwd: string, env: Record<string, string> = {}): { code: number | null; stdout: string; stderr: string; loads: string[] } {
  const dir = mkdtempSync(path.join(tmpdir(), "toolgen-loads-"));
  const log = path.join(dir, "loads.log");
  try {
    const result = spawnSync(process.execPath, ["--import", LOAD_RECORDER, ...args], { cwd, encoding: "utf8", env: { ...process.env, ...env, TOOLGEN_LOAD_LOG: log } });
    const loads = existsSync(log) ? readFileSync(log, "utf8").split("\n").filter(Boolean) : [];
    return { code: result.status, stdout: result.stdout, stderr: result.stderr, loads };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * CI's own limit for one run of .ci/run (90 min). A child process that does real work (tsc, npm) gets
 * no fixed timeout shorter than this: on a loaded machine (two suites side by side, load 8-16) tsc
 * alone took 53 s where it takes 12 on a quiet one, and a 170 s limit ran out (issue 39).
 */
export const CI_LIMIT_MS = 5_400_000;

/**
 * Runs `fn` and returns its value with the CPU time it took (user + system, process.cpuUsage), in
 * milliseconds: the work done, which a loaded machine does not inflate as it does wall time. A test
 * that must be fast measures this, never the clock.
 */
export function cpuTime<T>(fn: () => T): { value: T; ms: number } {
  const started = process.cpuUsage();
  const value = fn();
  const used = process.cpuUsage(started);
  return { value, ms: (used.user + used.system) / 1000 };
}

/**
 * The CPU time (user + system, in milliseconds) of this process's children that have ended and been
 * waited for (spawnSync's, an exited child's), from /proc/self/stat (Linux, as CI). The difference around a spawnSync is that child's CPU time: a bound on a child's cost is put
 * on this, which a loaded machine does not inflate, never on the clock.
 */
export function childrenCpuMs(): number {
  const stat = readFileSync("/proc/self/stat", "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // cutime and cstime, in clock ticks of 10 ms.
  return (Number(fields[13]) + Number(fields[14])) * 10;
}

/** A fresh temporary folder, removed after the test file. */
export async function tempDir(prefix = "toolgen-test-"): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  removeAfterFile(dir);
  return dir;
}

/**
 * A temp project holding a copy of `schemasDir` as `schemas/` (and of its sibling folders, which
 * `$ref`s like `../shared/x.json` may name, except `expected/`); returns its folders.
 */
export async function project(schemasDir: string): Promise<{ dir: string; schemas: string; out: string; handlers: string }> {
  const dir = await tempDir();
  await cp(schemasDir, path.join(dir, "schemas"), { recursive: true });
  if (path.basename(schemasDir) === "schemas" && schemasDir.startsWith(fixture())) {
    for (const sibling of await readdir(path.dirname(schemasDir))) {
      if (sibling === "schemas" || sibling === "expected") continue;
      await cp(path.join(path.dirname(schemasDir), sibling), path.join(dir, sibling), { recursive: true });
    }
  }
  return { dir, schemas: path.join(dir, "schemas"), out: path.join(dir, "generated"), handlers: path.join(dir, "handlers") };
}

/** Every file under `dir` as relative path -> contents, sorted. */
export async function readTree(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const walk = async (sub: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(path.join(dir, sub), { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const rel = sub ? `${sub}/${e.name}` : e.name;
      if (e.isDirectory()) await walk(rel);
      else out.set(rel, await readFile(path.join(dir, rel), "utf8"));
    }
  };
  await walk("");
  return new Map([...out].sort(([a], [b]) => (a < b ? -1 : 1)));
}

export function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object") {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

/** mulberry32: a small fixed-seed generator of unsigned 32-bit integers (test data only). */
function uint32s(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/** Fixed-seed numbers in [0, 1) (mulberry32). */
export function mulberry32(seed: number): () => number {
  const next = uint32s(seed);
  return () => next() / 4294967296;
}

/** Fixed-seed choices: each call picks an index below `n` (mulberry32). */
export function chooser(seed: number): (n: number) => number {
  const next = uint32s(seed);
  return (n) => next() % n;
}
