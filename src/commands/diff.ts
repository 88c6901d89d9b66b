/**
 * `toolgen diff BASE [HEAD]`: options in, report out. Loads both sides (src/diff/sides.ts), diffs
 * them (src/diff/engine.ts), prints the report in the chosen format and returns the exit code:
 * 0, or 1 when a finding of a class `--fail-on` names is there; usage errors throw UsageError (2).
 */
import path from "node:path";
import { UsageError } from "../errors.js";
import { diffTools, type DiffResult } from "../diff/engine.js";
import { DIFF_FORMATS, renderDiff, type DiffFormat } from "../diff/report.js";
import { FAIL_ON, failsOn, type FailOn } from "../diff/rules.js";
import { loadSide } from "../diff/sides.js";
import { repositoryRoot } from "../lint/formatters/locations.js";
import { packageVersion } from "../load/own-package.js";
import { writeReport, writeReportFile } from "../report/file.js";
import { standardOutput, type OutputStream } from "../report/std-output.js";
import { colorFromEnvironment } from "./lint.js";

export interface RunDiffOptions {
  base: string;
  /** A folder or revision; unset: the working tree. */
  head?: string;
  format?: string;
  failOn?: string;
  outputFile?: string;
  color?: boolean;
  cwd?: string;
  stdout?: OutputStream;
  env?: Readonly<Record<string, string | undefined>>;
}

/** `diff(base, head)` for the library: each a folder or a git revision (head unset: the working tree at `cwd`). */
export async function diff(base: string, head?: string, options: { cwd?: string } = {}): Promise<DiffResult> {
  const cwd = options.cwd ?? process.cwd();
  const [b, h] = [await loadSide(base, cwd), await loadSide(head, cwd)];
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
  const base = await loadSide(options.base, cwd);
  const head = await loadSide(options.head, cwd);
  const result = diffTools(base.tools, head.tools);
  const report = (color: boolean) => renderDiff(result, format, { base: base.label, head: head.label, color, cwd, root: repositoryRoot(cwd, env), version: packageVersion() });
  if (options.outputFile !== undefined) writeReportFile(path.resolve(cwd, options.outputFile), options.outputFile, report(false));
  else writeReport(stdout, report(options.color ?? colorFromEnvironment(stdout, env)));
  return result.findings.some((f) => failsOn(failOn, f.class)) ? 1 : 0;
}
