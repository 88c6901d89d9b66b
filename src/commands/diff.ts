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
import { SERVER_PREFIX } from "../load/imported.js";
import { loadedSide, loadSide, type ProjectConfigs, type Side } from "../diff/sides.js";
import type { LoadedFolder } from "../load/index.js";
import { configFor, CONFIG_FILES, findConfig } from "./config.js";
import { repositoryRoot } from "../lint/formatters/locations.js";
import { packageDocsUrl, packageVersion } from "../load/own-package.js";
import { writeReport, writeReportFile } from "../report/file.js";
import { standardError, standardOutput, type OutputStream } from "../report/std-output.js";
import { changedToolsMatrix, colorFromEnvironment, strayServerFlag } from "./lint.js";
import { EVAL_METRICS, type EvalMetric } from "./eval.js";

/** How diff/ finds and reads a side's config: this command layer's reader, handed down (diff/ imports nothing from commands/). */
const PROJECT_CONFIGS: ProjectConfigs = {
  files: CONFIG_FILES,
  found: (dir, files) => findConfig(dir, files) !== undefined,
  read: (dir, files) => configFor(dir, {}, dir, files),
};

export interface RunDiffOptions {
  /** A folder, a revision or a tools lock (`toolgen import mcp --lock`); unset only with `baseServer`. */
  base?: string;
  /** A folder, a revision or a tools lock; unset: the working tree (or `headServer`). */
  head?: string;
  /** `--base-server`: the base is the tools this MCP server lists (a command started over stdio, or a URL). */
  baseServer?: string;
  /** `--head-server`: the head is the tools this MCP server lists. */
  headServer?: string;
  /** `--server-env KEY=VAL`, for a server toolgen starts (either side); never shown. */
  serverEnv?: readonly string[];
  /** `--header "Name: value"`, for a server at a URL (either side); never shown. */
  headers?: readonly string[];
  /** `--server-timeout MS`: each server's start-up timeout. */
  serverTimeout?: number;
  /** `--max-message-bytes N`: the largest message read from a stdio server. */
  maxMessageBytes?: number;
  format?: string;
  /** `--matrix` (with `--format markdown`): also the table of which clients take each changed tool, as `lint --format matrix` prints it, for the head (the working tree or `--head-server`). */
  matrix?: boolean;
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
  if (options.matrix === true && format !== "markdown") throw new UsageError(`--matrix adds a table to the markdown report: give --format markdown (not ${format})`);
  if (options.matrix === true && options.head !== undefined) throw new UsageError("--matrix tables the head as `toolgen lint` reads it: the working tree (no head given) or --head-server");
  const replay = options.evalReplay === undefined ? undefined : await readRecording(options.evalReplay, cwd);
  const cases = options.eval === undefined ? undefined : await readCases(options.eval, cwd);
  const servers = await serverSides(options);
  const base = servers.base ?? (await loadSide(options.base, cwd, PROJECT_CONFIGS, "base"));
  const head = servers.head ?? (await loadSide(options.head, cwd, PROJECT_CONFIGS, "head"));
  const result = diffTools(base.tools, head.tools);
  let evaluated: EvalChange | undefined;
  if (cases !== undefined) {
    evaluated = await evalChange(base, head, cases.cases, { file: cases.file, metric, ...(options.evalToolset !== undefined ? { toolset: options.evalToolset } : {}), ...(options.evalFailDrop !== undefined ? { failDrop: options.evalFailDrop } : {}), ...(replay !== undefined ? { replay } : {}) });
  }
  // A server's tools have no file to locate a finding in (server:<name>).
  // Nor do a tools lock's (`toolgen import mcp --lock`): both are shown as server:<name>.
  const listed = [...base.tools, ...head.tools].map((t) => t.source.displayPath).filter((p) => p.startsWith(SERVER_PREFIX));
  const notFiles = new Set([...(servers.base?.notFiles ?? []), ...(servers.head?.notFiles ?? []), ...listed]);
  const sources = new Map([...base.tools, ...head.tools].filter((t) => !notFiles.has(t.source.displayPath)).map((t) => [t.source.displayPath, t.source]));
  const rulesUrl = packageDocsUrl("docs/diff.md#the-rules");
  // The changed tools the head still has, tabled under the working tree's config (lint.ts, as --format matrix).
  const changed = new Set(result.findings.map((f) => f.tool).filter((name) => head.tools.some((t) => t.name === name)));
  const matrix = options.matrix === true && changed.size > 0 ? `\n${await changedToolsMatrix(cwd, changed, servers.head?.folder)}` : "";
  const report = (color: boolean) =>
    servers.redact(
      renderDiff(result, format, {
        base: base.label,
        head: head.label,
        color,
        cwd,
        root: repositoryRoot(cwd, env),
        version: packageVersion(),
        sources,
        ...(notFiles.size > 0 ? { notFiles } : {}),
        ...(rulesUrl ? { rulesUrl } : {}),
        ...(evaluated ? { eval: evaluated } : {}),
      }) + matrix,
    );
  if (options.outputFile !== undefined) writeReportFile(path.resolve(cwd, options.outputFile), options.outputFile, report(false));
  else writeReport(stdout, report(options.color ?? colorFromEnvironment(stdout, env)));
  return result.findings.some((f) => failsOn(failOn, f.class)) || evaluated?.failed === true ? 1 : 0;
}

/**
 * The sides `--base-server` and `--head-server` name, listed with the MCP client (lint-server.ts, loaded
 * only then), and the redactor that keeps `--server-env` and `--header` values out of the report.
 */
async function serverSides(options: RunDiffOptions): Promise<{ base?: ServerSide; head?: ServerSide; redact: (text: string) => string }> {
  const given = { base: options.baseServer, head: options.headServer };
  if (given.base === undefined && given.head === undefined) {
    const stray = strayServerFlag(options);
    if (stray !== undefined) throw new UsageError(`${stray} is for a server's tools: it needs --base-server or --head-server`);
    if (options.base === undefined) throw new UsageError("diff needs a base: a folder, a git revision or --base-server (see toolgen diff --help)");
    return { redact: (text) => text };
  }
  if (given.base !== undefined && options.base !== undefined) throw new UsageError("give the base once: a folder or revision, or --base-server");
  if (given.head !== undefined && options.head !== undefined) throw new UsageError("give the head once: a folder or revision, or --head-server");
  if (given.base === undefined && options.base === undefined) throw new UsageError("diff needs a base: a folder, a git revision or --base-server (see toolgen diff --help)");
  const { listServerFolder } = await import("./lint-server.js");
  const { parseServer } = await import("./mcp-server.js");
  const specs = (["base", "head"] as const).flatMap((which) => (given[which] === undefined ? [] : [{ which, spec: given[which]!, flag: `--${which}-server` }]));
  // Each side takes the credentials that fit it: variables a started server, headers a URL.
  const isUrl = specs.map((s) => "url" in parseServer(s.spec, s.flag));
  if (options.serverEnv !== undefined && !isUrl.includes(false)) throw new UsageError("--server-env sets variables of a server toolgen starts; both servers are URLs (send credentials with --header)");
  if (options.headers !== undefined && !isUrl.includes(true)) throw new UsageError("--header is sent to a server at a URL; no side names one (give a started server variables with --server-env)");
  const out: { base?: ServerSide; head?: ServerSide; redact: (text: string) => string } = { redact: (text) => text };
  for (let i = 0; i < specs.length; i++) {
    const { which, spec, flag } = specs[i]!;
    const fits = isUrl[i]
      ? { ...(options.headers !== undefined ? { headers: options.headers } : {}) }
      : { ...(options.serverEnv !== undefined ? { serverEnv: options.serverEnv } : {}), ...(options.maxMessageBytes !== undefined ? { maxMessageBytes: options.maxMessageBytes } : {}) };
    const flags = { server: spec, ...fits, ...(options.serverTimeout !== undefined ? { serverTimeout: options.serverTimeout } : {}) };
    const { folder, redact } = await listServerFolder(flags, standardError, `toolgen diff ${flag}`, flag);
    const before = out.redact;
    out.redact = (text) => redact(before(text));
    out[which] = { ...(await loadedSide(out.redact(spec), folder)), notFiles: new Set(folder.files.map((f) => f.displayPath)), folder };
  }
  return out;
}

/** A side listed from a server, with the locations of its tools (no files) and its folder (for --matrix). */
type ServerSide = Side & { notFiles: ReadonlySet<string>; folder: LoadedFolder };

/** A file `--eval` or `--eval-replay` names, from the working tree (the same for both sides), named relative to `cwd`. */
async function readEvalFile(file: string, cwd: string, flag: string) {
  const abs = path.resolve(cwd, file);
  const shown = (path.relative(cwd, abs) || file).split(path.sep).join("/");
  // Read as `toolgen eval` reads it: a FIFO or a folder is named for what it is, never waited on.
  return { shown, text: (await import("./eval.js")).readCasesText(abs, file, `${flag}: `) };
}

async function readCases(file: string, cwd: string) {
  const { shown, text } = await readEvalFile(file, cwd, "--eval");
  return { file: shown, cases: (await import("../search/cases.js")).parseCases(text, shown) };
}

/** The recording of `--eval-replay` (`toolgen eval --record` writes it). */
async function readRecording(file: string, cwd: string) {
  const { shown, text } = await readEvalFile(file, cwd, "--eval-replay");
  return { file: shown, recording: (await import("../search/recording.js")).parseRecording(text, shown) };
}
