/**
 * Flags `pattern`s and `patternProperties` keys that a backtracking engine (JavaScript's RegExp,
 * Python's re, most JSON Schema validators) can take exponential or high polynomial time on:
 * `^(a+)+$` on 41 characters did not finish in 30 s. toolgen's own dispatch runs patterns on RE2,
 * in linear time, and the messages say so; the warning is for everything else that reads the
 * schemas (tools.json goes to the API and often to other validators). redos-detector is loaded only
 * when some schema has a pattern, and each analysis is bounded by a step count alone, so the verdict
 * is the same on every machine and under any load: a wall-clock limit (one second, once) made linear
 * patterns such as a bounded hostname "not proven" on a busy machine (issue 23.5). The step budget
 * also bounds the time: the worst patterns tried (`(a|a)*b`, nested counted groups, overlapping
 * Unicode classes) end within two seconds. Each distinct pattern is analysed once per run.
 * redos-detector scores the ways a prefix can match, which flags some linear patterns (a domain-list
 * item, an ISO timestamp: issue 37); a pattern it does not find safe is then proven linear or not by
 * counting the paths a backtracking engine keeps alive (linear-pattern.ts), and reported only if not.
 */
import { defineRule } from "../rule.js";
import { judgePatterns } from "../schema-walk.js";
import { isPlainPattern } from "../plain-pattern.js";
import { isLinearPattern } from "../linear-pattern.js";

/** Steps one analysis may take (redos-detector's default, 20,000, takes tens of seconds on `(a|a)*b`). */
export const ANALYSIS_STEPS = 2_000;
type Analyse = (pattern: string) => "safe" | "unsafe" | "unknown";

export default defineRule({
  meta: {
    id: "pattern-redos",
    defaultSeverity: "warning",
    description: "A pattern can backtrack catastrophically (ReDoS) in a backtracking regular-expression engine.",
    messages: {
      unsafe:
        "`{{keyword}}` '{{pattern}}' can backtrack catastrophically (ReDoS) in a backtracking engine (toolgen's own validators use RE2, which runs in linear time; other readers of tools.json may not); rewrite it so that no two paths can match the same text",
      unknown:
        "`{{keyword}}` '{{pattern}}' could not be proven free of catastrophic backtracking (ReDoS) in a backtracking engine within the analysis budget (toolgen's own validators use RE2, which runs in linear time; other readers of tools.json may not); simplify it",
    },
  },
  create(ctx) {
    let analyse: Analyse | undefined;
    return judgePatterns(
      // a plain pattern has one way to match from each start: redos-detector would find it safe
      async (pattern) => (isPlainPattern(pattern) ? "safe" : (analyse ??= await loadAnalyser())(pattern)),
      ({ doc, keyword, pattern, pointer }, verdict) => {
        if (verdict !== "safe") ctx.report({ file: doc.file, tool: doc.tool, pointer: pointer(), messageId: verdict, data: { keyword, pattern } });
      },
    );
  },
});

async function loadAnalyser(): Promise<Analyse> {
  const { isSafePattern } = await import("redos-detector");
  return (pattern) => {
    try {
      new RegExp(pattern, "u");
    } catch {
      return "safe"; // not a regular expression at all: schema-valid reports it
    }
    try {
      // No `timeout`: a verdict must not depend on the machine's speed or load.
      const result = isSafePattern(pattern, { unicode: true, maxSteps: ANALYSIS_STEPS });
      if (result.safe) return "safe";
      // A prefix matched in many ways is not always work: the engine may give each way up at once.
      if (isLinearPattern(pattern)) return "safe";
      return result.error === "hitMaxScore" ? "unsafe" : "unknown";
    } catch {
      return "unknown"; // syntax redos-detector does not model
    }
  };
}
