/**
 * `toolgen eval CASES`: how well the generated tool search finds the expected tool for each request
 * of a cases file (src/search/eval.ts): recall@1/3/5 and MRR over the folder or a toolset, as a table
 * or JSON; each case's expected arguments checked against the tool's schema. Offline and deterministic.
 * Exit codes: 0 measured (and at or over --fail-under); 1 under --fail-under, a case naming no tool,
 * expected arguments the schema rejects, or a tool file that does not load; 2 usage error (no cases
 * file, a malformed one, a bad flag or config, an unknown toolset).
 */
import { statSync } from "node:fs";
import path from "node:path";
import { loadConfig } from "./config.js";
import { UsageError, UserError } from "../errors.js";
import { readGuarded } from "../load/guarded-read.js";
import { bundleTools, loadFolder } from "../load/index.js";
import { describeLoadProblems, describeRefProblems } from "../lint/load-problems.js";
import { escapeControl } from "../lint/formatters/escape.js";
import { writeReport } from "../report/file.js";
import { standardError, standardOutput, type OutputStream } from "../report/std-output.js";
import { EVAL_METRICS, type EvalMetric, type EvalReport, type Scores } from "../search/eval.js";
import type { LiveFlags } from "./eval-live.js";

/** The most bytes a cases file is read to (a link to an endless device stops here). */
const MAX_CASES_BYTES = 64 * 1024 * 1024;

/**
 * The text of a cases file (`toolgen eval CASES`, `toolgen diff --eval CASES`), read without ever
 * blocking (load/guarded-read.ts): missing is "not found"; a folder, a FIFO or a device is named for
 * what it is; at most MAX_CASES_BYTES are read. Errors are usage errors that begin with `prefix`
 * (issue 38 item 17).
 */
export function readCasesText(file: string, shown: string, prefix = ""): string {
  const read = readGuarded(file, MAX_CASES_BYTES);
  if (read.ok) return read.text;
  const why =
    read.why === "missing" ? `cases file not found: ${shown}`
    : read.why === "not-a-file" ? `${shown}: is ${read.kind}, not a cases file (a regular JSONL or YAML file)`
    : read.why === "too-large" ? `${shown}: larger than ${read.maxBytes / 1024 / 1024} MiB; a cases file is smaller`
    : `${shown}: cannot be read (${read.code})`;
  throw new UsageError(`${prefix}${why}`);
}

// The metrics are the search's (src/search/eval.ts, below diff/, which reports them too).
export { EVAL_METRICS, type EvalMetric };

export interface EvalFlags extends LiveFlags {
  cases: string;
  schemas?: string;
  config?: string;
  toolset?: string;
  format?: string;
  /** Exit 1 when `metric` is under this (0 to 1). */
  failUnder?: number;
  metric?: string;
  cwd?: string;
  stdout?: OutputStream;
  stderr?: OutputStream;
}

export async function runEval(flags: EvalFlags): Promise<number> {
  const cwd = flags.cwd ?? process.cwd();
  const stdout = flags.stdout ?? standardOutput;
  const stderr = flags.stderr ?? standardError;
  const format = flags.format ?? "table";
  if (format !== "table" && format !== "json") throw new UsageError(`unknown format '${format}' (formats: table, json)`);
  const live = flags.model !== undefined || flags.replay !== undefined || flags.record !== undefined;
  const metric = (flags.metric ?? "recall@5") as EvalMetric;
  if (!live && !EVAL_METRICS.includes(metric)) throw new UsageError(`unknown metric '${String(flags.metric)}' (metrics: ${EVAL_METRICS.join(", ")})`);
  if (flags.failUnder !== undefined && !(flags.failUnder >= 0 && flags.failUnder <= 1)) throw new UsageError(`--fail-under must be a number from 0 to 1 (got ${String(flags.failUnder)})`);
  const casesPath = path.resolve(cwd, flags.cases);
  const casesText = readCasesText(casesPath, flags.cases);
  const config = await loadConfig({ ...(flags.schemas !== undefined ? { schemas: flags.schemas } : {}), ...(flags.config !== undefined ? { config: flags.config } : {}) }, cwd);
  const root = path.resolve(cwd, config.schemas);
  if (!statSync(root, { throwIfNoEntry: false })?.isDirectory()) throw new UsageError(`schemas folder not found: ${config.schemas}`);
  const { parseCases } = await import("../search/cases.js");
  const { evaluate } = await import("../search/eval.js");
  const cases = parseCases(casesText, flags.cases);
  const loaded = await loadFolder(root, { refRoots: config.refRoots ?? [cwd], ...(config.defaultDialect ? { defaultDialect: config.defaultDialect } : {}) });
  const bundled = await bundleTools(loaded);
  const loadErrors = [...describeLoadProblems(loaded.problems), ...describeRefProblems(bundled.problems)].filter((d) => d.severity === "error");
  const { resolveToolsets } = await import("../toolsets/resolve.js");
  const sets = resolveToolsets(config.toolsets ?? [], bundled.tools);
  if (flags.toolset !== undefined && !sets.some((s) => s.name === flags.toolset)) {
    throw new UsageError(`unknown toolset '${flags.toolset}' (the config's toolsets: ${sets.map((s) => s.name).join(", ") || "none"})`);
  }
  if (live) {
    if (loadErrors.length > 0) throw new UserError(`${loadErrors.length} tool file error(s): toolgen eval --model sends the folder only when it loads (toolgen lint says more)`, 1);
    const { runLiveEval } = await import("./eval-live.js");
    return runLiveEval(flags, {
      cwd, stdout, stderr, format, config, tools: bundled.tools, sets, cases, casesFile: flags.cases, readText: readCasesText,
      ...(flags.metric !== undefined ? { metric: flags.metric } : {}),
      ...(flags.failUnder !== undefined ? { failUnder: flags.failUnder } : {}),
      ...(flags.toolset !== undefined ? { toolset: flags.toolset } : {}),
    });
  }
  for (const key of ["repeat", "yes", "timeout"] as const) {
    if (flags[key] !== undefined) throw new UsageError(`--${key} is for a run with a model: give --model MODEL (or --replay FILE)`);
  }
  const { buildSearchIndex } = await import("../search/index.js");
  const index = buildSearchIndex(bundled.tools, sets, { synonyms: config.searchSynonyms ?? [] });
  const report = await evaluate(index, bundled.tools, cases, flags.toolset);
  writeReport(stdout, format === "json" ? JSON.stringify(report, null, 2) + "\n" : renderTable(report, metric));
  let code = 0;
  for (const problem of report.problems) stderr.write(`${escapeControl(problem)}\n`);
  if (report.problems.length > 0) code = 1;
  if (loadErrors.length > 0) {
    stderr.write(`toolgen eval: ${loadErrors.length} tool file error(s); those tools are not searched (toolgen lint says more)\n`);
    code = 1;
  }
  if (flags.failUnder !== undefined && report.scores[metric] < flags.failUnder) {
    stderr.write(`toolgen eval: ${metric} ${report.scores[metric]} is under --fail-under ${flags.failUnder}\n`);
    code = 1;
  }
  return code;
}

function scoreLine(label: string, s: Scores): string {
  return `${label.padEnd(20)}  ${EVAL_METRICS.map((m) => `${m} ${s[m].toFixed(3)}`).join("  ")}`;
}

/** The scores, then the misses (at most 20), then how it was measured. */
export function renderTable(report: EvalReport, metric: EvalMetric): string {
  const lines = [
    `${report.cases} case(s) over ${report.tools} tool(s)${report.toolset !== undefined ? ` (toolset '${report.toolset}')` : ""}`,
    scoreLine("search", report.scores),
    scoreLine("plain BM25F", report.plain),
    "",
  ];
  if (report.misses.length > 0) {
    lines.push(`not first (${report.misses.length}, worst first${report.misses.length > 20 ? "; the first 20" : ""}):`);
    for (const m of report.misses.slice(0, 20)) {
      lines.push(`  ${escapeControl(m.where)}: rank ${m.rank ?? "-"} for ${escapeControl(m.expected.join(" | "))}: "${escapeControl(m.request.slice(0, 100))}"; top: ${escapeControl(m.top.slice(0, 3).join(", "))}`);
    }
    lines.push("");
  }
  lines.push(`Note: the search is offline BM25F with a fixed synonym list (src/runtime/search.ts); --fail-under checks ${metric}.`, "");
  return lines.join("\n");
}
