/**
 * `toolgen stats [DIR]`: each tool's size in bytes (its tools.json entry as compact JSON, UTF-8) and
 * its estimated tokens (src/lint/stats.ts says how they are estimated), and the totals, as a table or JSON.
 * Exit codes: 0 measured; 1 some file could not be measured (a parse, shape or `$ref` error, printed on
 * stderr: the tools that load are still measured); 2 usage error (no schemas folder, no schema file,
 * a bad flag or config).
 */
import { statSync } from "node:fs";
import path from "node:path";
import { loadConfig } from "./config.js";
import { UsageError } from "../errors.js";
import { bundleTools, loadFolder } from "../load/index.js";
import { describeLoadProblems, describeRefProblems } from "../lint/load-problems.js";
import type { Diagnostic } from "../model.js";
import { escapeControl } from "../lint/formatters/escape.js";
import { BYTES_PER_TOKEN, sizeTotals, toolSize, type SizeTotals, type ToolSize } from "../lint/stats.js";
import { writeReport } from "../report/file.js";
import { standardError, standardOutput, type OutputStream } from "../report/std-output.js";
import { defaultCacheDir } from "../build/options.js";
import type { ExactCounts } from "./stats-exact.js";

export const STATS_FORMATS = ["table", "json"] as const;
export type StatsFormat = (typeof STATS_FORMATS)[number];

export interface StatsFlags {
  /** The schemas folder (the positional DIR, else `--schemas`, else the config's). */
  schemas?: string;
  /** The model whose family's estimate to use (and, with `exact`, to count for). */
  model?: string;
  /** Count with Anthropic's count_tokens endpoint (stats-exact.ts). */
  exact?: boolean;
  /** `--exact`: each request's time limit in seconds (default 30; one retry). */
  timeout?: number;
  config?: string;
  format?: string;
  cwd?: string;
  stdout?: OutputStream;
  stderr?: OutputStream;
}

/** How the estimate is made, in one line (the JSON report and the table's footnote). */
export const ESTIMATE_NOTE = `tokens are estimated as UTF-8 bytes / ${BYTES_PER_TOKEN}, rounded up (no offline tokenizer for current Claude models exists); expect them to be off by up to a third either way`;

export interface StatsReport {
  estimate: string;
  tools: ToolSize[];
  total: Omit<SizeTotals, "loaded">;
  /** The tools that are not deferred: what every request carries. */
  notDeferred: SizeTotals["loaded"];
  /** The config's deferLoading budget, when it has one (notDeferred's estimate fits it). */
  budget?: { budgetTokens: number; alwaysLoad: string[] };
  /** `--exact`: the counts of Anthropic's count_tokens endpoint. */
  exact?: ExactCounts;
}

export async function runStats(flags: StatsFlags): Promise<number> {
  const cwd = flags.cwd ?? process.cwd();
  const stdout = flags.stdout ?? standardOutput;
  const stderr = flags.stderr ?? standardError;
  const format = flags.format ?? "table";
  if (!(STATS_FORMATS as readonly string[]).includes(format)) throw new UsageError(`unknown format '${format}' (formats: ${STATS_FORMATS.join(", ")})`);
  if (flags.exact === true && (flags.model === undefined || flags.model === "")) throw new UsageError("stats --exact needs --model (the model to count for, e.g. claude-sonnet-5-5)");
  if (flags.timeout !== undefined && !(Number.isFinite(flags.timeout) && flags.timeout > 0)) throw new UsageError(`--timeout must be a positive number of seconds (got ${String(flags.timeout)})`);
  const config = await loadConfig({ ...(flags.schemas !== undefined ? { schemas: flags.schemas } : {}), ...(flags.config !== undefined ? { config: flags.config } : {}) }, cwd);
  const schemasShown = config.schemas;
  const root = path.resolve(cwd, schemasShown);
  if (!statSync(root, { throwIfNoEntry: false })?.isDirectory()) throw new UsageError(`schemas folder not found: ${schemasShown}`);
  const loaded = await loadFolder(root, { refRoots: config.refRoots ?? [cwd], ...(config.defaultDialect ? { defaultDialect: config.defaultDialect } : {}) });
  if (loaded.files.length === 0) throw new UsageError(`no schema files (*.json, *.yaml, *.yml) in the schemas folder: ${schemasShown}`);
  const bundled = await bundleTools(loaded);
  const problems: Diagnostic[] = [...describeLoadProblems(loaded.problems), ...describeRefProblems(bundled.problems)].filter((d) => d.severity === "error");
  // The deferLoading budget (issue 28) defers what the build would: the same plan (src/toolsets/defer.ts).
  const { withDeferral } = await import("../toolsets/index.js");
  const tools = withDeferral(bundled.tools, config);
  // Issue 28: the estimate per model family (token-estimate.ts), calibrated by earlier --exact runs.
  const cacheDir = defaultCacheDir(cwd);
  const { readCountCache } = await import("./stats-exact.js");
  const { bytesPerToken } = await import("./token-estimate.js");
  const ratio = bytesPerToken(flags.model, (await readCountCache(cacheDir)).calibration);
  const sizes = tools.map((t) => toolSize(t)).map((s) => (flags.model === undefined ? s : { ...s, estimatedTokens: Math.ceil(s.bytes / ratio.value) }));
  const totals = sizeTotals(sizes);
  const estimate = flags.model === undefined ? ESTIMATE_NOTE : `tokens are estimated for ${flags.model} as ${ratio.source}, rounded up; expect them to be off by up to a third either way without a calibration`;
  const report: StatsReport = { estimate, tools: sizes, total: { tools: totals.tools, bytes: totals.bytes, estimatedTokens: totals.estimatedTokens }, notDeferred: totals.loaded };
  if (flags.exact === true) {
    const { exactCounts, CountError } = await import("./stats-exact.js");
    try {
      report.exact = await exactCounts(tools, flags.model!, cacheDir, flags.timeout);
    } catch (error) {
      if (!(error instanceof CountError)) throw error;
      stderr.write(`toolgen stats: ${escapeControl(error.message)}\n`);
      return 1;
    }
  }
  if (config.deferLoading) report.budget = { budgetTokens: config.deferLoading.budgetTokens, alwaysLoad: [...config.deferLoading.alwaysLoad] };
  writeReport(stdout, format === "json" ? JSON.stringify(report, null, 2) + "\n" : renderTable(report));
  if (problems.length === 0) return 0;
  const { compareDiagnostics, withPositions } = await import("../load/positions.js");
  const { formatDiagnosticsPlain } = await import("../report/plain.js");
  const sources = new Map(loaded.files.map((f) => [f.displayPath, f]));
  stderr.write(formatDiagnosticsPlain(withPositions(problems, sources).sort(compareDiagnostics)));
  stderr.write(`toolgen stats: ${problems.length} error(s); the tools in those files are not measured (toolgen lint says more)\n`);
  return 1;
}

/** A plain table: tool, bytes, estimated tokens, deferred; then the totals and how tokens are estimated. */
export function renderTable(report: StatsReport): string {
  if (report.exact !== undefined) return renderExact(report, report.exact);
  const rows: string[][] = [["tool", "bytes", "~tokens", "deferred"]];
  // Tool names are untrusted text: control characters are printed as visible escapes (JSON escapes them itself).
  for (const t of report.tools) rows.push([escapeControl(t.name), String(t.bytes), `~${t.estimatedTokens}`, t.deferred ? "yes" : ""]);
  rows.push([`total (${report.total.tools} tools)`, String(report.total.bytes), `~${report.total.estimatedTokens}`, ""]);
  const deferred = report.total.tools - report.notDeferred.tools;
  if (deferred > 0) rows.push([`not deferred (${report.notDeferred.tools} tools)`, String(report.notDeferred.bytes), `~${report.notDeferred.estimatedTokens}`, ""]);
  if (report.budget !== undefined) rows.push([`deferLoading budget`, "", `${report.budget.budgetTokens}`, ""]);
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => [...r[i]!].length)));
  const line = (r: string[]) => r.map((cell, i) => (i === 0 || i === 3 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  ").trimEnd();
  const rule = widths.map((w) => "-".repeat(w)).join("  ");
  const body = rows.slice(1, 1 + report.tools.length).map(line);
  const foot = rows.slice(1 + report.tools.length).map(line);
  return [line(rows[0]!), rule, ...body, rule, ...foot, "", `Note: ${report.estimate}.`, ""].join("\n");
}

/** The table with --exact: each tool's counted tokens beside the estimate, then the system prompt and the totals. */
function renderExact(report: StatsReport, exact: ExactCounts): string {
  const counted = new Map(exact.tools.map((t) => [t.name, t.tokens]));
  const rows: string[][] = [["tool", "bytes", "tokens", "~estimate"]];
  for (const t of report.tools) rows.push([escapeControl(t.name), String(t.bytes), String(counted.get(t.name) ?? ""), `~${t.estimatedTokens}`]);
  const body = rows.slice(1).map((r) => r);
  const foot = [
    ["tool-use system prompt", "", String(exact.systemPromptTokens), ""],
    [`total (${report.total.tools} tools, with the system prompt)`, String(report.total.bytes), String(exact.totalTokens), `~${report.total.estimatedTokens}`],
  ];
  const all = [rows[0]!, ...body, ...foot];
  const widths = rows[0]!.map((_, i) => Math.max(...all.map((r) => [...r[i]!].length)));
  const line = (r: string[]) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  ").trimEnd();
  const rule = widths.map((w) => "-".repeat(w)).join("  ");
  return [
    line(rows[0]!),
    rule,
    ...body.map(line),
    rule,
    ...foot.map(line),
    "",
    `Counted by Anthropic's count_tokens for ${escapeControl(exact.model)} (${exact.requested} request(s), ${exact.cached} from the cache); ${exact.bytesPerToken} bytes per token.`,
    `Note: ~estimate: ${report.estimate}.`,
    "",
  ].join("\n");
}
