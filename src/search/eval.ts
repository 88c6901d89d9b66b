/**
 * `toolgen eval`'s measure: does the generated search (./index.ts, scored by src/runtime/search.ts)
 * still put the right tool first? A cases file (JSONL, one case a line, or YAML, a list) holds
 * requests with the tool or tools expected and, optionally, the arguments expected (which must
 * validate against that tool's schema). Reported: recall@1, @3 and @5 (a case counts when an expected
 * tool is among the first k) and MRR (the mean of 1/rank of the first expected tool; 0 when none is
 * found), for the search as shipped and for plain BM25F (no synonyms), over the folder or a toolset.
 * Deterministic and offline.
 */
import { UsageError } from "../errors.js";
import type { EvalCase } from "./cases.js";
import { exampleCompiler } from "../lint/meta/example-compiler.js";
import type { BundledTool, JsonObject } from "../model.js";
import { search, type SearchIndex } from "../runtime/search.js";

export type { EvalCase } from "./cases.js";

/** The metrics `toolgen eval` and `toolgen diff --eval` report (Scores' keys). */
export const EVAL_METRICS = ["recall@1", "recall@3", "recall@5", "mrr"] as const;
export type EvalMetric = (typeof EVAL_METRICS)[number];

export interface Scores {
  "recall@1": number;
  "recall@3": number;
  "recall@5": number;
  mrr: number;
}

export interface CaseResult {
  where: string;
  request: string;
  expected: string[];
  /** 1-based rank of the first expected tool; null when the search does not return one. */
  rank: number | null;
  top: string[];
}

export interface EvalReport {
  cases: number;
  tools: number;
  toolset?: string;
  scores: Scores;
  /** The same cases by plain BM25F (no synonym expansion), to show what the expansion adds. */
  plain: Scores;
  /** Cases whose expected tool is not first, worst first. */
  misses: CaseResult[];
  /** Expected tools that are no tool (or not in the toolset), and expected arguments the schema rejects. */
  problems: string[];
}

const round = (n: number) => Math.round(n * 10_000) / 10_000;

/** Each case's rank by the search as shipped (synonyms on), in the cases' order: what `toolgen diff --eval` compares. */
export function caseRanks(index: SearchIndex, cases: readonly EvalCase[], toolset?: string): CaseResult[] {
  return score(index, cases, toolset, true).results;
}

function score(index: SearchIndex, cases: readonly EvalCase[], toolset: string | undefined, synonyms: boolean): { scores: Scores; results: CaseResult[] } {
  const results = cases.map((c) => {
    const set = c.toolset ?? toolset;
    const ranked = search(index, c.request, { k: index.tools.length, synonyms, ...(set !== undefined ? { toolset: set } : {}) }).map((h) => h.name);
    const at = ranked.findIndex((n) => c.expected.includes(n));
    return { where: c.where, request: c.request, expected: c.expected, rank: at < 0 ? null : at + 1, top: ranked.slice(0, 5) };
  });
  const recall = (k: number) => round(results.filter((r) => r.rank !== null && r.rank <= k).length / Math.max(1, results.length));
  const mrr = round(results.reduce((sum, r) => sum + (r.rank === null ? 0 : 1 / r.rank), 0) / Math.max(1, results.length));
  return { scores: { "recall@1": recall(1), "recall@3": recall(3), "recall@5": recall(5), mrr }, results };
}

export async function evaluate(index: SearchIndex, tools: readonly BundledTool[], cases: readonly EvalCase[], toolset?: string): Promise<EvalReport> {
  const problems: string[] = [];
  const byName = new Map(tools.map((t) => [t.name, t]));
  const membersOf = (set: string | undefined) => (set === undefined ? undefined : new Set((index.toolsets[set] ?? []).map((i) => index.tools[i])));
  const members = membersOf(toolset);
  for (const c of cases) {
    if (c.toolset !== undefined && !Object.hasOwn(index.toolsets, c.toolset)) {
      throw new UsageError(`${c.where}: unknown toolset '${c.toolset.slice(0, 64)}' (the config's toolsets: ${Object.keys(index.toolsets).join(", ") || "none"})`);
    }
  }
  let compile: Awaited<ReturnType<typeof exampleCompiler>> | undefined;
  for (const c of cases) {
    const set = c.toolset ?? toolset;
    const inSet = c.toolset === undefined ? members : membersOf(c.toolset);
    for (const name of [...c.expected, ...(c.forbidden ?? [])]) {
      const role = c.expected.includes(name) ? "expected" : "forbidden";
      if (!byName.has(name)) problems.push(`${c.where}: ${role} tool '${name.slice(0, 80)}' is no tool of the folder`);
      else if (role === "expected" && inSet !== undefined && !inSet.has(name)) problems.push(`${c.where}: expected tool '${name.slice(0, 80)}' is not in the toolset '${set}'`);
    }
    const tool = byName.get(c.expected[0]!);
    if (c.arguments === undefined || tool === undefined) continue;
    compile ??= await exampleCompiler();
    const validate = compile(tool.bundledSchema);
    if (validate === undefined || validate(c.arguments) === true) continue;
    const error = validate.errors?.[0];
    problems.push(`${c.where}: the expected arguments do not validate against ${tool.name}'s input_schema: ${error ? `${error.instancePath || "(root)"} ${error.message ?? "is not valid"}` : "invalid"}`);
  }
  const shipped = score(index, cases, toolset, true);
  const plain = score(index, cases, toolset, false);
  const misses = shipped.results.filter((r) => r.rank !== 1).sort((a, b) => (b.rank ?? Infinity) - (a.rank ?? Infinity) || (a.where < b.where ? -1 : 1));
  return { cases: cases.length, tools: members?.size ?? index.tools.length, ...(toolset !== undefined ? { toolset } : {}), scores: shipped.scores, plain: plain.scores, misses, problems };
}
