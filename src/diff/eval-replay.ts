/**
 * `toolgen diff --eval CASES --eval-replay FILE`: a recording of `toolgen eval --model` (src/search/
 * recording.ts) scored again on both sides, offline, as `toolgen eval --replay` scores it: each side
 * sends what its own config says (its toolsets, `search` output and deferLoading plan), so a run whose
 * requests no longer hash as recorded is stale on that side. The report shows accuracy, forbidden
 * calls, argument validity and argument match before -> after, and the cases the change makes stale
 * (to record again). The pieces each diff format shows are here too.
 */
import type { Diagnostic } from "../model.js";
import { escapeControl } from "../lint/formatters/escape.js";
import type { EvalCase } from "../search/eval.js";
import { buildSearchIndex } from "../search/index.js";
import { DEFAULT_MAX_TOKENS, runLive, type LiveReport } from "../search/live.js";
import { recordedRuns, replaySend, type Recording } from "../search/recording.js";
import { resolveToolsets } from "../toolsets/resolve.js";
import { toolsSent } from "../toolsets/sent.js";
import type { Side } from "./sides.js";

export interface ReplaySide {
  totals: LiveReport["totals"];
  stale: LiveReport["stale"];
}

export interface ReplayChange {
  /** The recording, as messages show it. */
  file: string;
  model: string;
  base: ReplaySide;
  head: ReplaySide;
}

const TOTALS = [
  ["accuracy", "accuracy"],
  ["forbidden", "forbidden calls"],
  ["argumentValidity", "argument validity"],
  ["argumentMatch", "argument match"],
] as const;

async function replaySide(side: Side, cases: readonly EvalCase[], recording: Recording): Promise<ReplaySide> {
  const sets = resolveToolsets(side.toolsets, side.tools);
  const sent = toolsSent(side.sent, side.tools, sets);
  const repeat = recordedRuns(recording);
  const report = await runLive(
    cases.filter((c) => c.toolset === undefined || sent.sets.has(c.toolset)),
    {
      model: recording.header.model,
      maxTokens: DEFAULT_MAX_TOKENS,
      tools: sent.sets,
      ...(sent.search ? { searchIndex: buildSearchIndex(side.tools, sets, { synonyms: side.sent.searchSynonyms ?? [] }) } : {}),
      schemas: new Map(side.tools.map((t) => [t.name, t.bundledSchema])),
      repeat,
    },
    replaySend(recording),
  );
  return { totals: report.totals, stale: report.stale };
}

/** The recording scored on `base` and on `head`. */
export async function replayChange(base: Side, head: Side, cases: readonly EvalCase[], recording: Recording, file: string): Promise<ReplayChange> {
  return { file, model: recording.header.model, base: await replaySide(base, cases, recording), head: await replaySide(head, cases, recording) };
}

const fixed = (n: number) => n.toFixed(3);
const share = (r: { hits: number; of: number; rate: number }) => (r.of === 0 ? "-" : `${fixed(r.rate)} (${r.hits}/${r.of})`);
/** Stale on head and not on base: what the change makes stale. */
const newlyStale = (r: ReplayChange) => r.head.stale.filter((s) => !r.base.stale.some((b) => b.where === s.where && b.attempt === s.attempt));
const title = (r: ReplayChange) => `${r.file}, recorded with ${r.model}`;

/** The stylish report's section. */
export function replayStylish(r: ReplayChange, paint: { title: (t: string) => string; bad: (t: string) => string; dim: (t: string) => string }): string {
  let out = `\n${paint.title(`Model eval replayed (${escapeControl(title(r))})`)}\n`;
  for (const [key, label] of TOTALS) out += `  ${label.padEnd(18)}  ${share(r.base.totals[key])} -> ${share(r.head.totals[key])}\n`;
  for (const s of newlyStale(r)) out += `  ${paint.bad("stale ")}  ${escapeControl(s.where)}: ${escapeControl(s.why)}; record it again\n`;
  const before = r.base.stale.length;
  if (before > 0) out += `  ${paint.dim(`${before} run(s) were stale on the base already`)}\n`;
  return out;
}

/** The markdown report's section. `cell` escapes a table cell. */
export function replayMarkdown(r: ReplayChange, cell: (text: string) => string): string {
  let out = `\n### Model eval replayed (${cell(title(r))})\n\n| total | base | head |\n|---|---|---|\n`;
  for (const [key, label] of TOTALS) out += `| ${label} | ${share(r.base.totals[key])} | ${share(r.head.totals[key])} |\n`;
  const stale = newlyStale(r);
  if (stale.length > 0) out += `\nTo record again (the change makes them stale):\n\n${stale.map((s) => `- ${cell(s.where)}: ${cell(s.why)}`).join("\n")}\n`;
  return out;
}

/** Each case the change makes stale, as a diagnostic on the cases file (sarif, github). */
export function replayDiagnostics(r: ReplayChange, casesFile: string): Diagnostic[] {
  return newlyStale(r).map((s) => ({
    file: casesFile,
    ...(s.line !== undefined ? { line: s.line } : {}),
    rule: "diff/eval-replay-stale",
    severity: "warning",
    pointer: "",
    message: `${s.where}: the recorded exchange (${r.file}) is stale on the head: ${s.why}; record it again`,
  }));
}

export const REPLAY_RULE_DESCRIPTION = "A case's recorded exchange with a model (--eval-replay) no longer matches what the head sends: record it again.";
