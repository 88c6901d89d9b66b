/**
 * `toolgen eval CASES --model MODEL` (and `--replay FILE`): the cases sent to a model through the
 * official SDK (`@anthropic-ai/sdk`, the project's own; the key from ANTHROPIC_API_KEY, the endpoint
 * from ANTHROPIC_BASE_URL when set) with the tools the config sends, scored by src/search/live.ts.
 * Before it sends anything it prints how many requests and about how many input tokens, and asks;
 * `--yes` answers for CI, and a run that cannot ask (stdin is no terminal) without `--yes` is refused.
 * `--record FILE` keeps every exchange (src/search/recording.ts); `--replay FILE` scores them again
 * with no network and names the runs a change made stale. A missing key, an endpoint that cannot be
 * reached and an error answer are usage errors (exit 2) with the SDK's message, never a stack.
 */
import path from "node:path";
import { createInterface } from "node:readline";
import { UsageError } from "../errors.js";
import { escapeControl } from "../lint/formatters/escape.js";
import type { BundledTool } from "../model.js";
import { writeReport, writeReportFile } from "../report/file.js";
import type { OutputStream } from "../report/std-output.js";
import { buildSearchIndex } from "../search/index.js";
import { DEFAULT_MAX_TOKENS, firstRequest, LIVE_METRICS, runLive, type LiveMetric, type LiveReport, type LiveSetup, type Rate, type Send } from "../search/live.js";
import type { EvalCase } from "../search/eval.js";
import type { ResolvedToolset } from "../toolsets/resolve.js";
import { toolsSent } from "../toolsets/sent.js";
import type { Config } from "./config.js";

export interface LiveFlags {
  model?: string;
  /** `--record FILE`: the exchanges, as JSONL. */
  record?: string;
  /** `--replay FILE`: score a recording again, offline. */
  replay?: string;
  /** Runs per case (`--repeat`, default 1). */
  repeat?: number;
  /** `--yes`: send without asking. */
  yes?: boolean;
  /** Whether a person can be asked (default: stdin is a terminal). */
  interactive?: boolean;
  /** Asks the question and says whether the answer is yes (default: a line read from stdin). */
  confirm?: (question: string) => Promise<boolean>;
  /** Each request's time limit in seconds (default 120; one retry). */
  timeout?: number;
}

export interface LiveContext {
  cwd: string;
  stdout: OutputStream;
  stderr: OutputStream;
  format: "table" | "json";
  metric?: string;
  failUnder?: number;
  config: Config;
  tools: readonly BundledTool[];
  sets: readonly ResolvedToolset[];
  cases: readonly EvalCase[];
  toolset?: string;
  /** The cases file as given (the re-record hint names it). */
  casesFile: string;
  /** Reads a recording as a cases file is read (never blocking on a FIFO; ./eval.ts readCasesText). */
  readText: (file: string, shown: string, prefix: string) => string;
}

/** The requests' time limit when `--timeout` is not given: a request with hundreds of tools may take a while. */
const DEFAULT_TIMEOUT_SECONDS = 120;

export async function runLiveEval(flags: LiveFlags, ctx: LiveContext): Promise<number> {
  const model = flags.model;
  if (flags.record !== undefined && flags.replay !== undefined) throw new UsageError("--record and --replay do not go together: --replay scores a recording again, offline");
  if (flags.replay === undefined && (model === undefined || model === "")) throw new UsageError("--record needs --model (the model to send the cases to, e.g. claude-sonnet-5-5)");
  const repeat = flags.repeat ?? 1;
  if (!Number.isInteger(repeat) || repeat < 1 || repeat > 100) throw new UsageError(`--repeat must be a whole number from 1 to 100 (got ${String(flags.repeat)})`);
  if (flags.timeout !== undefined && !(Number.isFinite(flags.timeout) && flags.timeout > 0)) throw new UsageError(`--timeout must be a positive number of seconds (got ${String(flags.timeout)})`);
  const metric = (ctx.metric ?? "accuracy") as LiveMetric;
  if (!Object.hasOwn(LIVE_METRICS, metric)) throw new UsageError(`--metric '${ctx.metric}' is the search's; with --model or --replay: ${Object.keys(LIVE_METRICS).join(", ")}`);
  const toolsetNames = new Set(ctx.sets.map((s) => s.name));
  if (ctx.toolset !== undefined && !toolsetNames.has(ctx.toolset)) throw new UsageError(`unknown toolset '${ctx.toolset}' (the config's toolsets: ${[...toolsetNames].join(", ") || "none"})`);
  const cases = ctx.cases.map((c) => (c.toolset === undefined && ctx.toolset !== undefined ? { ...c, toolset: ctx.toolset } : c));
  const sent = toolsSent(ctx.config, ctx.tools, ctx.sets);
  // A misspelt tool would score every run as wrong (or never forbidden): said before anything is sent.
  const names = new Set(ctx.tools.map((t) => t.name));
  for (const c of cases) {
    const unknown = [...c.expected, ...(c.forbidden ?? [])].find((n) => !names.has(n));
    if (unknown !== undefined) throw new UsageError(`${c.where}: '${unknown.slice(0, 80)}' is no tool of the folder; the cases name the tools the model may call`);
    const set = sent.sets.get(c.toolset ?? "");
    if (set !== undefined && !c.expected.some((n) => set.some((t) => t.name === n))) {
      throw new UsageError(`${c.where}: no expected tool is in the toolset '${c.toolset ?? ""}' the case sends, so no run could be right`);
    }
  }
  const setupFor = (m: string, runs = repeat): LiveSetup => ({
    model: m,
    maxTokens: DEFAULT_MAX_TOKENS,
    tools: sent.sets,
    ...(sent.search ? { searchIndex: buildSearchIndex(ctx.tools, ctx.sets, { synonyms: ctx.config.searchSynonyms ?? [] }) } : {}),
    schemas: new Map(ctx.tools.map((t) => [t.name, t.bundledSchema])),
    repeat: runs,
  });

  let report: LiveReport;
  if (flags.replay !== undefined) {
    const { parseRecording, recordedRuns, replaySend } = await import("../search/recording.js");
    const recording = parseRecording(ctx.readText(path.resolve(ctx.cwd, flags.replay), flags.replay, "--replay: "), flags.replay);
    // As many runs of each case as were recorded, unless --repeat says otherwise.
    report = await runLive(cases, setupFor(model ?? recording.header.model, flags.repeat ?? recordedRuns(recording)), replaySend(recording));
  } else {
    const setup = setupFor(model!);
    for (const c of cases) firstRequest(c, setup);
    const { send, target } = await sdkSend(flags.timeout ?? DEFAULT_TIMEOUT_SECONDS);
    await confirmSending(cases, setup, sent.search, target, flags, ctx);
    let recorded: { send: Send; lines: () => string[] } | undefined;
    if (flags.record !== undefined) {
      const { recorder, recordingHeader } = await import("../search/recording.js");
      recorded = recorder(recordingHeader(setup.model, sent.sets), send);
    }
    try {
      report = await runLive(cases, setup, recorded?.send ?? send);
    } finally {
      // What was answered before a failure is kept.
      if (recorded !== undefined) writeReportFile(path.resolve(ctx.cwd, flags.record!), flags.record!, `${recorded.lines().join("\n")}\n`);
    }
  }
  writeReport(ctx.stdout, ctx.format === "json" ? `${JSON.stringify(report, null, 2)}\n` : renderLive(report));
  let code = 0;
  if (report.stale.length > 0) {
    for (const s of report.stale) ctx.stderr.write(`${escapeControl(s.where)}${report.repeat > 1 ? ` (run ${s.attempt})` : ""}: the recorded exchange is stale: ${escapeControl(s.why)}\n`);
    const where = [...new Set(report.stale.map((s) => s.where))];
    ctx.stderr.write(`toolgen eval: ${where.length} case(s) to record again (${where.slice(0, 10).map(escapeControl).join(", ")}${where.length > 10 ? ", ..." : ""}): toolgen eval ${ctx.casesFile} --model ${report.model} --record ${flags.replay}\n`);
    code = 1;
  }
  if (report.totals.forbidden.hits > 0) {
    ctx.stderr.write(`toolgen eval: ${report.totals.forbidden.hits} run(s) called a forbidden tool\n`);
    code = 1;
  }
  const value = report.totals[LIVE_METRICS[metric]].rate;
  if (ctx.failUnder !== undefined && value < ctx.failUnder) {
    ctx.stderr.write(`toolgen eval: ${metric} ${value} is under --fail-under ${ctx.failUnder}\n`);
    code = 1;
  }
  return code;
}

/** The SDK's client as a `Send`, with its errors turned into usage errors (exit 2) that say what happened. */
async function sdkSend(timeoutSeconds: number): Promise<{ send: Send; target: string }> {
  if (!process.env["ANTHROPIC_API_KEY"]) throw new UsageError("toolgen eval --model sends the cases to the Messages API: set ANTHROPIC_API_KEY (and ANTHROPIC_BASE_URL for another endpoint), or score a recording with --replay FILE");
  // The SDK is the project's own (an optional peer of toolgen): loaded only for --model.
  const sdk = await import("@anthropic-ai/sdk").catch(() => undefined);
  if (sdk === undefined) throw new UsageError("toolgen eval --model uses the official SDK: install @anthropic-ai/sdk in the project (npm install -D @anthropic-ai/sdk)");
  const client = new sdk.default({ maxRetries: 1, timeout: timeoutSeconds * 1000 });
  const target = client.baseURL;
  const send: Send = async (body, at) => {
    try {
      return await client.messages.create(body as unknown as Parameters<typeof client.messages.create>[0] & { stream?: false });
    } catch (error) {
      throw new UsageError(`${at.where}: ${describeSdkError(error, sdk, target, timeoutSeconds)}`);
    }
  };
  return { send, target };
}

/** One line for an SDK error: its HTTP status and the API's message, the connection's cause, or the time limit. */
function describeSdkError(error: unknown, sdk: typeof import("@anthropic-ai/sdk"), target: string, timeoutSeconds: number): string {
  const first = (text: string, max: number) => escapeControl(text.split("\n")[0]!.slice(0, max));
  if (error instanceof sdk.APIConnectionTimeoutError) return `the Messages API at ${target} did not answer within ${timeoutSeconds} s, twice (--timeout sets the limit)`;
  if (error instanceof sdk.APIConnectionError) {
    // fetch's "fetch failed" wraps the socket's error (ECONNREFUSED, ENOTFOUND, ...): the deepest cause says what happened.
    let root: unknown = error.cause;
    for (let i = 0; i < 5 && root instanceof Error && root.cause instanceof Error; i++) root = root.cause;
    const code = root instanceof Error && "code" in root && typeof root.code === "string" ? `${root.code}: ` : "";
    const cause = root instanceof Error ? ` (${first(code + root.message, 200)})` : "";
    return `cannot reach the Messages API at ${target}: ${first(error.message, 200)}${cause}`;
  }
  if (error instanceof sdk.APIError) {
    const body = error.error as { error?: { type?: unknown; message?: unknown } } | undefined;
    const type = typeof body?.error?.type === "string" ? ` ${body.error.type}` : "";
    const message = typeof body?.error?.message === "string" ? body.error.message : error.message;
    return `the Messages API answered HTTP ${String(error.status ?? "error")}${type}: ${first(message, 300)}`;
  }
  return `the request failed: ${first(error instanceof Error ? error.message : String(error), 300)}`;
}

/** Says what is about to be sent, and asks (or takes --yes). */
async function confirmSending(cases: readonly EvalCase[], setup: LiveSetup, search: boolean, target: string, flags: LiveFlags, ctx: LiveContext): Promise<void> {
  const { bytesPerToken } = await import("./token-estimate.js");
  const { readCountCache } = await import("./stats-exact.js");
  const { defaultCacheDir } = await import("../build/options.js");
  const ratio = bytesPerToken(setup.model, (await readCountCache(defaultCacheDir(ctx.cwd))).calibration);
  const bytes = cases.reduce((n, c) => n + Buffer.byteLength(JSON.stringify(firstRequest(c, setup)), "utf8"), 0) * setup.repeat;
  const tokens = Math.ceil(bytes / ratio.value);
  const requests = cases.length * setup.repeat;
  const more = search ? " at least (each tool search the model makes is one more request, with its results)" : "";
  ctx.stderr.write(
    `toolgen eval: ${requests} request(s)${more} to ${escapeControl(setup.model)} at ${escapeControl(target)} (${cases.length} case(s) x ${setup.repeat} run(s))\n` +
      `  ~${tokens.toLocaleString("en-US")} input tokens, estimated as ${ratio.source}\n`,
  );
  if (flags.yes === true) return;
  if (!(flags.interactive ?? process.stdin.isTTY === true)) {
    throw new UsageError("toolgen eval --model asks before it sends, and cannot ask here (stdin is not a terminal): pass --yes to send without asking (CI)");
  }
  const ask = flags.confirm ?? askOnTerminal;
  if (!(await ask("Send them? [y/N] "))) throw new UsageError("nothing sent (not confirmed)");
}

function askOnTerminal(question: string): Promise<boolean> {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close();
      resolve(/^y(es)?$/i.test(answer.trim()));
    });
    rl.on("close", () => resolve(false));
  });
}

const fixed = (n: number) => n.toFixed(3);

function rateLine(label: string, r: Rate): string {
  if (r.of === 0) return `${label.padEnd(18)}  -  (no run to count)`;
  return `${label.padEnd(18)}  ${fixed(r.rate)}  ${`${r.hits}/${r.of}`.padStart(7)}${r.interval !== undefined ? `  95% [${fixed(r.interval[0])}, ${fixed(r.interval[1])}]` : ""}`;
}

/** The totals, then the runs that went wrong (at most 20), then how it was measured. */
export function renderLive(report: LiveReport): string {
  const t = report.totals;
  const lines = [
    `${report.cases} case(s) x ${report.repeat} run(s) with ${report.model}, ${report.requests} request(s)${report.mode === "search" ? " (tool search, tools deferred)" : ""}`,
    rateLine("accuracy", t.accuracy),
    rateLine("forbidden calls", t.forbidden),
    rateLine("argument validity", t.argumentValidity),
    rateLine("argument match", t.argumentMatch),
    "",
  ];
  const wrong = report.runs.filter((r) => !r.right || r.forbidden.length > 0 || r.valid === false || r.argsMatch === false);
  if (wrong.length > 0) {
    lines.push(`runs that went wrong (${wrong.length}${wrong.length > 20 ? "; the first 20" : ""}):`);
    for (const r of wrong.slice(0, 20)) {
      const what = [
        r.right ? undefined : `called ${r.first === null ? "no tool" : `'${r.first}'`} first, expected ${r.expected.join(" | ")}`,
        r.forbidden.length > 0 ? `called forbidden ${r.forbidden.join(", ")}` : undefined,
        r.valid === false ? `invalid arguments: ${r.invalid ?? ""}` : undefined,
        r.right && r.argsMatch === false ? "arguments without expected_args" : undefined,
      ].filter((x) => x !== undefined);
      lines.push(`  ${escapeControl(r.where)}${report.repeat > 1 ? ` run ${r.attempt}` : ""}: ${escapeControl(what.join("; "))}`);
    }
    lines.push("");
  }
  if (report.stale.length > 0) lines.push(`${report.stale.length} run(s) stale, not counted (see stderr)`, "");
  lines.push(
    `Note: accuracy counts the first tool called (tool_search aside); forbidden calls, the runs of cases with "forbidden";`,
    `argument validity is toolgen's validator over the first call; argument match, "expected_args" contained in it.`,
    ...(report.repeat > 1 ? ["Intervals are 95% Wilson score intervals over all runs."] : []),
    "",
  );
  return lines.join("\n");
}
