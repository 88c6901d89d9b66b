#!/usr/bin/env node
/**
 * Issue 15: what the request context and the timeout cost a dispatch that uses neither.
 *
 * Compiles two copies of src/runtime/ (TypeScript's transpileModule, into a temp folder): the
 * current one, and the one of a base commit (default 905586a, before `dispatch(block, options)`
 * existed). The same registry (one tool, a validator that accepts everything, so only dispatch's
 * own work is timed) and a trivial handler go through each, and rounds alternate A B B A ...:
 *
 *   base      `dispatch(block)` of the base commit
 *   current   `dispatch(block)` now (a handler context with a lazy signal, the options check)
 *   context   `dispatch(block, { context })` now (a context, no signal, no timeout)
 *   timeout   `dispatch(block, { timeoutMs: 60000 })` now (a timer and an AbortController per call:
 *             the cost when used, for information)
 *
 * Each round times a loop of awaited calls by CPU time (process.cpuUsage, user+sys: the work done,
 * which wall time on a shared machine blurs). Prints the per-call medians and the differences.
 *
 *   node bench/dispatch-context.mjs [--base 905586a] [--rounds 15] [--calls 200000]
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import ts from "typescript";

const { values: args } = parseArgs({
  options: {
    base: { type: "string", default: "905586a" },
    rounds: { type: "string", default: "15" },
    calls: { type: "string", default: "200000" },
  },
});
const ROUNDS = Number(args.rounds);
const CALLS = Number(args.calls);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dir = mkdtempSync(path.join(tmpdir(), "toolgen-dispatch-context-"));

function transpile(files, into) {
  mkdirSync(into, { recursive: true });
  for (const [name, text] of files) {
    const js = ts.transpileModule(text, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext } }).outputText;
    writeFileSync(path.join(into, name.replace(/\.ts$/, ".js")), js);
  }
}

const runtimeDir = path.join(root, "src", "runtime");
const current = readdirSync(runtimeDir).filter((f) => f.endsWith(".ts")).map((f) => [f, readFileSync(path.join(runtimeDir, f), "utf8")]);
const baseNames = execFileSync("git", ["ls-tree", "--name-only", `${args.base}:src/runtime`], { cwd: root, encoding: "utf8" })
  .split("\n")
  .filter((f) => f.endsWith(".ts"));
const base = baseNames.map((f) => [f, execFileSync("git", ["show", `${args.base}:src/runtime/${f}`], { cwd: root, encoding: "utf8" })]);
transpile(current, path.join(dir, "current"));
transpile(base, path.join(dir, "base"));

const load = async (which) => (await import(pathToFileURL(path.join(dir, which, "dispatch.js")).href)).createDispatcherFrom;
const registry = [{ name: "t", inputSchema: { type: "object" }, loadValidator: () => () => true }];
const handlers = { t: (input) => input.n };
const baseDispatcher = (await load("base"))(registry, handlers);
const currentDispatcher = (await load("current"))(registry, handlers);
const block = { type: "tool_use", id: "toolu_1", name: "t", input: { n: "ok" } };
const withContext = { context: { userId: "u" } };
const withTimeout = { timeoutMs: 60_000 };

const variants = {
  base: () => baseDispatcher.dispatch(block),
  current: () => currentDispatcher.dispatch(block),
  context: () => currentDispatcher.dispatch(block, withContext),
  timeout: () => currentDispatcher.dispatch(block, withTimeout),
};

async function round(run, calls) {
  const started = process.cpuUsage();
  for (let i = 0; i < calls; i++) {
    const r = await run();
    if (r.content !== "ok") throw new Error(`unexpected result ${JSON.stringify(r)}`);
  }
  const used = process.cpuUsage(started);
  return ((used.user + used.system) * 1000) / calls; // ns per call
}

const names = Object.keys(variants);
for (const name of names) await round(variants[name], Math.min(CALLS, 50_000)); // warm-up
const times = Object.fromEntries(names.map((n) => [n, []]));
for (let r = 0; r < ROUNDS; r++) {
  const order = r % 2 === 0 ? names : [...names].reverse();
  for (const name of order) times[name].push(await round(variants[name], name === "timeout" ? Math.ceil(CALLS / 10) : CALLS));
}
rmSync(dir, { recursive: true, force: true });

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};
const m = Object.fromEntries(names.map((n) => [n, median(times[n])]));
const paired = (a, b) => median(times[a].map((x, i) => x - times[b][i]));
const result = {
  base: args.base,
  rounds: ROUNDS,
  callsPerRound: CALLS,
  medianNsPerCall: Object.fromEntries(names.map((n) => [n, Math.round(m[n])])),
  addedNsWhenUnused: Math.round(paired("current", "base")),
  addedNsWithContextOnly: Math.round(paired("context", "base")),
  addedNsWithTimeout: Math.round(paired("timeout", "base")),
  target: "≤ 1000 ns added per dispatch when context and timeout are unused",
};
result.verdict = result.addedNsWhenUnused <= 1000 && result.addedNsWithContextOnly <= 1000 ? "meets" : "misses";
console.log(JSON.stringify(result, null, 2));
