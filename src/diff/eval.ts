/**
 * `toolgen diff --eval CASES`: `toolgen eval`'s measure (src/search/eval.ts) run on both sides with
 * the same cases file, and its change: recall@1/3/5 and MRR before and after with their deltas, the
 * cases whose rank changed, and whether the metric `--eval-fail-drop` watches dropped by more than it
 * allows. Each side is searched with its own index and its own config's toolsets. Offline and
 * deterministic. The pieces each diff format shows (report.ts puts them in place) are here too.
 */
import { UsageError } from "../errors.js";
import type { Diagnostic } from "../model.js";
import type { Rule } from "../lint/rule.js";
import { escapeControl } from "../lint/formatters/escape.js";
import { caseRanks, EVAL_METRICS, evaluate, type EvalCase, type EvalMetric, type Scores } from "../search/eval.js";
import { buildSearchIndex } from "../search/index.js";
import { resolveToolsets } from "../toolsets/resolve.js";
import type { Recording } from "../search/recording.js";
import { REPLAY_RULE_DESCRIPTION, replayChange, replayDiagnostics, replayMarkdown, replayStylish, type ReplayChange } from "./eval-replay.js";
import type { Side } from "./sides.js";

export interface EvalSideResult {
  /** Tools searched (the toolset's, with `--eval-toolset`). */
  tools: number;
  scores: Scores;
  /** Expected tools that are no tool of this side (or not in the toolset), expected arguments its schema rejects. */
  problems: string[];
}

export interface RankChange {
  /** `cases.jsonl:12` or `cases.yaml: case 3`. */
  where: string;
  /** Its line in a JSONL file. */
  line?: number;
  request: string;
  expected: string[];
  /** 1-based rank of the first expected tool on each side; null: not found. */
  base: number | null;
  head: number | null;
}

export interface EvalChange {
  /** The cases file, as messages show it (relative to the working directory). */
  file: string;
  cases: number;
  toolset?: string;
  /** What `--eval-fail-drop` watches. */
  metric: EvalMetric;
  failDrop?: number;
  base: EvalSideResult;
  head: EvalSideResult;
  /** head - base, each metric. */
  delta: Scores;
  /** The cases whose rank changed: those that got worse first, then those that got better, each in file order. */
  changed: RankChange[];
  /** `metric` dropped by more than `failDrop`. */
  failed: boolean;
  /** `--eval-replay`: a recording of `toolgen eval --model` scored again on both sides (./eval-replay.ts). */
  replay?: ReplayChange;
}

export interface EvalOptions {
  file: string;
  toolset?: string;
  metric: EvalMetric;
  failDrop?: number;
  /** `--eval-replay`: the recording and its name in messages. */
  replay?: { recording: Recording; file: string };
}

const round = (n: number) => Math.round(n * 10_000) / 10_000;
const worse = (c: RankChange) => (c.head ?? Infinity) > (c.base ?? Infinity);

async function evalSide(side: Side, cases: readonly EvalCase[], toolset: string | undefined) {
  const sets = resolveToolsets(side.toolsets, side.tools);
  if (toolset !== undefined && !sets.some((s) => s.name === toolset)) {
    throw new UsageError(`--eval-toolset: ${side.label} has no toolset '${toolset}' (its toolsets: ${sets.map((s) => s.name).join(", ") || "none"})`);
  }
  const index = buildSearchIndex(side.tools, sets, { synonyms: side.sent.searchSynonyms ?? [] });
  const report = await evaluate(index, side.tools, cases, toolset);
  return { result: { tools: report.tools, scores: report.scores, problems: report.problems }, ranks: caseRanks(index, cases, toolset) };
}

/** The eval's change from `base` to `head` over `cases`. */
export async function evalChange(base: Side, head: Side, cases: readonly EvalCase[], options: EvalOptions): Promise<EvalChange> {
  const b = await evalSide(base, cases, options.toolset);
  const h = await evalSide(head, cases, options.toolset);
  const delta = Object.fromEntries(EVAL_METRICS.map((m) => [m, round(h.result.scores[m] - b.result.scores[m])])) as unknown as Scores;
  const changed: RankChange[] = [];
  cases.forEach((c, i) => {
    const before = b.ranks[i]!.rank;
    const after = h.ranks[i]!.rank;
    if (before !== after) changed.push({ where: c.where, ...(c.line !== undefined ? { line: c.line } : {}), request: c.request, expected: c.expected, base: before, head: after });
  });
  const drop = -delta[options.metric];
  return {
    file: options.file,
    cases: cases.length,
    ...(options.toolset !== undefined ? { toolset: options.toolset } : {}),
    metric: options.metric,
    ...(options.failDrop !== undefined ? { failDrop: options.failDrop } : {}),
    base: b.result,
    head: h.result,
    delta,
    changed: [...changed.filter(worse), ...changed.filter((c) => !worse(c))],
    failed: options.failDrop !== undefined && drop > options.failDrop,
    ...(options.replay !== undefined ? { replay: await replayChange(base, head, cases, options.replay.recording, options.replay.file) } : {}),
  };
}

const fixed = (n: number) => n.toFixed(3);
const signed = (n: number) => (n > 0 ? `+${fixed(n)}` : fixed(n));
const rank = (r: number | null) => (r === null ? "not found" : String(r));
const clip = (text: string) => (text.length > 100 ? `${text.slice(0, 100)}…` : text);
const scoreText = (e: EvalChange, m: EvalMetric) => `${m} ${fixed(e.base.scores[m])} -> ${fixed(e.head.scores[m])}${e.delta[m] === 0 ? "" : ` (${signed(e.delta[m])})`}`;
const title = (e: EvalChange) => `${e.file}: ${e.cases} case(s)${e.toolset !== undefined ? `, toolset '${e.toolset}'` : ""}`;

/** Each problem once, with the side or sides it is on. */
function problems(e: EvalChange): string[] {
  const all = [...new Set([...e.base.problems, ...e.head.problems])];
  return all.map((p) => `${p} (${e.base.problems.includes(p) ? (e.head.problems.includes(p) ? "both sides" : "base") : "head"})`);
}

/** Why the exit code is 1, when it is for the eval. */
export function evalFailure(e: EvalChange): string | undefined {
  return e.failed ? `${e.metric} dropped by ${fixed(-e.delta[e.metric])} (${fixed(e.base.scores[e.metric])} -> ${fixed(e.head.scores[e.metric])}), more than --eval-fail-drop ${e.failDrop}` : undefined;
}

/** The stylish report's section: the scores, then the changed cases, then the cases' problems. */
export function evalStylish(e: EvalChange, paint: { title: (t: string) => string; bad: (t: string) => string; good: (t: string) => string; dim: (t: string) => string }): string {
  let out = `\n${paint.title(`Tool search eval (${title(e)})`)}\n`;
  for (const m of EVAL_METRICS) {
    const d = e.delta[m];
    out += `  ${m.padEnd(8)}  ${fixed(e.base.scores[m])} -> ${fixed(e.head.scores[m])}  ${d < 0 ? paint.bad(signed(d)) : d > 0 ? paint.good(signed(d)) : paint.dim("no change")}\n`;
  }
  if (e.changed.length > 0) {
    out += `  rank changed (${e.changed.length}):\n`;
    for (const c of e.changed) {
      out += `    ${worse(c) ? paint.bad("worse ") : paint.good("better")}  ${escapeControl(c.where)}  ${escapeControl(c.expected.join(" | "))}: rank ${rank(c.base)} -> ${rank(c.head)}  ${paint.dim(`"${escapeControl(clip(c.request))}"`)}\n`;
    }
  }
  for (const p of problems(e)) out += `  ${paint.dim("problem")}  ${escapeControl(p)}\n`;
  const failure = evalFailure(e);
  if (failure !== undefined) out += `  ${paint.bad("failed")}  ${failure}\n`;
  return out + (e.replay !== undefined ? replayStylish(e.replay, paint) : "");
}

/** The stylish summary line's part. */
export function evalSummary(e: EvalChange): string {
  const moved = EVAL_METRICS.some((m) => e.delta[m] !== 0) || e.changed.length > 0;
  return moved ? `eval ${scoreText(e, e.metric)}, ${e.changed.length} case(s) changed rank` : `eval ${e.metric} ${fixed(e.head.scores[e.metric])}, no change`;
}

/** The markdown report's section. `cell` escapes a table cell. */
export function evalMarkdown(e: EvalChange, cell: (text: string) => string): string {
  let out = `\n### Tool search eval (${cell(title(e))})\n\n| metric | base | head | change |\n|---|---|---|---|\n`;
  for (const m of EVAL_METRICS) out += `| ${m} | ${fixed(e.base.scores[m])} | ${fixed(e.head.scores[m])} | ${e.delta[m] === 0 ? "no change" : signed(e.delta[m])} |\n`;
  if (e.changed.length === 0) out += `\nNo case changed rank.\n`;
  else {
    out += `\n| case | request | expected | rank before | rank after |\n|---|---|---|---|---|\n`;
    for (const c of e.changed) out += `| ${cell(c.where)} | ${cell(clip(c.request))} | ${c.expected.map((x) => `\`${cell(x)}\``).join(", ")} | ${rank(c.base)} | ${rank(c.head)}${worse(c) ? " (worse)" : " (better)"} |\n`;
  }
  const listed = problems(e);
  if (listed.length > 0) out += `\n${listed.map((p) => `- ${cell(p)}`).join("\n")}\n`;
  const failure = evalFailure(e);
  if (failure !== undefined) out += `\n**Failed:** ${cell(failure)}.\n`;
  return out + (e.replay !== undefined ? replayMarkdown(e.replay, cell) : "");
}

const RULE_DESCRIPTIONS: ReadonlyArray<readonly [string, string]> = [
  ["diff/eval-score-changed", "The tool search eval's recall@1/3/5 or MRR over the cases file changed between the sides (an error when it dropped by more than --eval-fail-drop)."],
  ["diff/eval-rank-changed", "A case of the cases file finds its expected tool at another rank."],
  ["diff/eval-case-problem", "A case names a tool a side does not have (or outside the toolset), or arguments its schema rejects."],
  ["diff/eval-replay-stale", REPLAY_RULE_DESCRIPTION],
];

/** The eval's rules, for SARIF's rule list. */
export const EVAL_RULES: readonly Rule[] = RULE_DESCRIPTIONS.map(([id, description]) => ({ meta: { id, defaultSeverity: "warning", description, messages: {} }, check: () => undefined }));

/** The eval's change as diagnostics on the cases file (the sarif and github reports). */
export function evalDiagnostics(e: EvalChange): Diagnostic[] {
  const out: Diagnostic[] = [];
  if (EVAL_METRICS.some((m) => e.delta[m] !== 0)) {
    out.push({ file: e.file, rule: "diff/eval-score-changed", severity: e.failed ? "error" : "warning", pointer: "", message: `tool search eval (${title(e)}): ${EVAL_METRICS.map((m) => scoreText(e, m)).join(", ")}${e.failed ? `; ${evalFailure(e)}` : ""}` });
  }
  for (const c of e.changed) {
    out.push({ file: e.file, ...(c.line !== undefined ? { line: c.line } : {}), tool: c.expected[0]!, rule: "diff/eval-rank-changed", severity: "warning", pointer: "", message: `${c.where}: "${clip(c.request)}" finds ${c.expected.join(" | ")} at rank ${rank(c.base)} -> ${rank(c.head)} (${worse(c) ? "worse" : "better"})` });
  }
  for (const p of problems(e)) out.push({ file: e.file, rule: "diff/eval-case-problem", severity: "warning", pointer: "", message: p });
  if (e.replay !== undefined) out.push(...replayDiagnostics(e.replay, e.file));
  return out;
}
