/**
 * `toolgen diff BASE [HEAD]`: options in, report out. Loads both sides (src/diff/sides.ts), diffs
 * them (src/diff/engine.ts), with `--eval CASES` runs the tool search eval on both (src/diff/eval.ts),
 * prints the report in the chosen format and returns the exit code: 0, or 1 when a finding of a class
 * `--fail-on` names is there or the eval's metric dropped by more than `--eval-fail-drop`; usage
 * errors throw UsageError (2).
 */
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { UsageError } from "../errors.js";
import { diffTools, type DiffResult } from "../diff/engine.js";
import { evalChange, type EvalChange } from "../diff/eval.js";
import { DIFF_FORMATS, renderDiff, type DiffFormat } from "../diff/report.js";
import { FAIL_ON, failsOn, type FailOn } from "../diff/rules.js";
import { loadSide, type ProjectConfigs } from "../diff/sides.js";
import { configFor, CONFIG_FILES, findConfig } from "./config.js";
import { repositoryRoot } from "../lint/formatters/locations.js";
import { packageDocsUrl, packageVersion } from "../load/own-package.js";
import { writeReport, writeReportFile } from "../report/file.js";
import { standardOutput, type OutputStream } from "../report/std-output.js";
import { colorFromEnvironment } from "./lint.js";
import { EVAL_METRICS, type EvalMetric } from "./eval.js";

/** How diff/ finds and reads a side's config: this command layer's reader, handed down (diff/ imports nothing from commands/). */
const PROJECT_CONFIGS: ProjectConfigs = {
  files: CONFIG_FILES,
  found: (dir) => findConfig(dir) !== undefined,
  read: (dir) => configFor(dir, {}, dir),
};

export interface RunDiffOptions {
  base: string;
  /** A folder or revision; unset: the working tree. */
  head?: string;
  format?: string;
  failOn?: string;
  outputFile?: string;
  color?: boolean;
  /** `--eval`: a cases file (as `toolgen eval` reads it) run on both sides. */
  eval?: string;
  /** `--eval-toolset`: search only this toolset (each side's config defines it). */
  evalToolset?: string;
  /** `--eval-metric`: what `--eval-fail-drop` watches (default recall@5). */
  evalMetric?: string;
  /** `--eval-fail-drop`: exit 1 when the metric drops by more than this (0 to 1). */
  evalFailDrop?: number;
  /** `--eval-replay`: a recording of `toolgen eval --model` over the `--eval` cases, scored again on both sides. */
  evalReplay?: string;
  cwd?: string;
  stdout?: OutputStream;
  env?: Readonly<Record<string, string | undefined>>;
}

/** `diff(base, head)` for the library: each a folder or a git revision (head unset: the working tree at `cwd`). */
export async function diff(base: string, head?: string, options: { cwd?: string } = {}): Promise<DiffResult> {
  const cwd = options.cwd ?? process.cwd();
  const [b, h] = [await loadSide(base, cwd, PROJECT_CONFIGS, "base"), await loadSide(head, cwd, PROJECT_CONFIGS, "head")];
  return diffTools(b.tools, h.tools);
}

export async function runDiff(options: RunDiffOptions): Promise<number> {
  const cwd = options.cwd ?? process.cwd();
  const env = options.env ?? process.env;
  const stdout = options.stdout ?? standardOutput;
  const format = (options.format ?? "stylish") as DiffFormat;
  if (!DIFF_FORMATS.includes(format)) throw new UsageError(`unknown format '${format}' (formats: ${DIFF_FORMATS.join(", ")})`);
  const failOn = (options.failOn ?? "breaking") as FailOn;
  if (!FAIL_ON.includes(failOn)) throw new UsageError(`unknown --fail-on '${failOn}' (one of: ${FAIL_ON.join(", ")})`);
  const metric = (options.evalMetric ?? "recall@5") as EvalMetric;
  if (!EVAL_METRICS.includes(metric)) throw new UsageError(`unknown --eval-metric '${String(options.evalMetric)}' (metrics: ${EVAL_METRICS.join(", ")})`);
  if (options.evalFailDrop !== undefined && !(options.evalFailDrop >= 0 && options.evalFailDrop <= 1)) throw new UsageError(`--eval-fail-drop must be a number from 0 to 1 (got ${String(options.evalFailDrop)})`);
  if (options.eval === undefined && (options.evalToolset !== undefined || options.evalFailDrop !== undefined || options.evalMetric !== undefined)) {
    throw new UsageError("--eval-toolset, --eval-metric and --eval-fail-drop need --eval CASES (a cases file, as toolgen eval reads it)");
  }
  if (options.eval === undefined && options.evalReplay !== undefined) throw new UsageError("--eval-replay needs --eval CASES (the cases file the recording was made from)");
  const replay = options.evalReplay === undefined ? undefined : await readRecording(options.evalReplay, cwd);
  const cases = options.eval === undefined ? undefined : await readCases(options.eval, cwd);
  const base = await loadSide(options.base, cwd, PROJECT_CONFIGS, "base");
  const head = await loadSide(options.head, cwd, PROJECT_CONFIGS, "head");
  const result = diffTools(base.tools, head.tools);
  let evaluated: EvalChange | undefined;
  if (cases !== undefined) {
    evaluated = await evalChange(base, head, cases.cases, { file: cases.file, metric, ...(options.evalToolset !== undefined ? { toolset: options.evalToolset } : {}), ...(options.evalFailDrop !== undefined ? { failDrop: options.evalFailDrop } : {}), ...(replay !== undefined ? { replay } : {}) });
  }
  const sources = new Map([...base.tools, ...head.tools].map((t) => [t.source.displayPath, t.source]));
  const rulesUrl = packageDocsUrl("docs/diff.md#the-rules");
  const report = (color: boolean) =>
    renderDiff(result, format, { base: base.label, head: head.label, color, cwd, root: repositoryRoot(cwd, env), version: packageVersion(), sources, ...(rulesUrl ? { rulesUrl } : {}), ...(evaluated ? { eval: evaluated } : {}) });
  if (options.outputFile !== undefined) writeReportFile(path.resolve(cwd, options.outputFile), options.outputFile, report(false));
  else writeReport(stdout, report(options.color ?? colorFromEnvironment(stdout, env)));
  return result.findings.some((f) => failsOn(failOn, f.class)) || evaluated?.failed === true ? 1 : 0;
}

/** A file `--eval` or `--eval-replay` names, from the working tree (the same for both sides), named relative to `cwd`. */
async function readEvalFile(file: string, cwd: string, flag: string) {
  const abs = path.resolve(cwd, file);
  const shown = (path.relative(cwd, abs) || file).split(path.sep).join("/");
  // Read as `toolgen eval` reads it: a FIFO or a folder is named for what it is, never waited on.
  return { shown, text: (await import("./eval.js")).readCasesText(abs, file, `${flag}: `) };
}

async function readCases(file: string, cwd: string) {
  const { shown, text } = await readEvalFile(file, cwd, "--eval");
  return { file: shown, cases: (await import("../search/eval.js")).parseCases(text, shown) };
}

/** The recording of `--eval-replay` (`toolgen eval --record` writes it). */
async function readRecording(file: string, cwd: string) {
  const { shown, text } = await readEvalFile(file, cwd, "--eval-replay");
  return { file: shown, recording: (await import("../search/recording.js")).parseRecording(text, shown) };
}
