/**
 * Lint rule `mcp/destructive-hint` (docs/rules/mcp/destructive-hint.md), a heuristic: a tool whose name
 * or the first sentence of its description says it deletes, removes, drops or overwrites
 * (facts.ts DESTRUCTIVE_VERBS) has no `annotations.destructiveHint`. A warning only: the words can
 * mislead ("removes whitespace"); its precision on the bench corpora is in the rule's page.
 */
import { defineRule } from "../../../lint/rule.js";
import { isPlainObject } from "../../../schema/pointer.js";
import { DESTRUCTIVE_VERBS } from "../facts.js";

const VERBS: ReadonlySet<string> = new Set(DESTRUCTIVE_VERBS);

/** A name's words: split at `_`, `-`, `.` and lower-to-upper case changes, lower-cased. */
function nameWords(name: string): string[] {
  return name.split(/[_.-]+|(?<=[a-z0-9])(?=[A-Z])/).map((w) => w.toLowerCase());
}

/** Words that turn a verb after them around ("does not delete", "without removing"). */
const NEGATIONS: ReadonlySet<string> = new Set(["not", "never", "no", "without", "cannot", "doesn't", "don't", "won't", "can't"]);

/** The description's first sentence: what the tool does (later sentences tend to name other tools and caveats). */
function firstSentence(text: string): string {
  const end = /[.!?](\s|$)/.exec(text);
  return end === null ? text : text.slice(0, end.index + 1);
}

/** Where a tool says it destroys something, and the word: its name first, then its description's first sentence. */
export function destructiveWord(name: string | undefined, description: string | undefined): { where: "name" | "description"; word: string } | undefined {
  const named = name === undefined ? [] : nameWords(name);
  const words = description === undefined ? [] : firstSentence(description).toLowerCase().match(/[a-z']+/g) ?? [];
  // "Drag and drop", "drop files onto an element, as if dragged": a gesture, not a loss (Playwright's browser_drop).
  const gesture = [...named, ...words].some((w) => w.startsWith("drag"));
  const destroys = (w: string) => VERBS.has(w) && !(gesture && w.startsWith("drop"));
  const inName = named.find(destroys);
  if (inName !== undefined) return { where: "name", word: inName };
  for (const [i, w] of words.entries()) {
    if (!destroys(w)) continue;
    if (words.slice(Math.max(0, i - 3), i).some((p) => NEGATIONS.has(p))) continue;
    return { where: "description", word: w };
  }
  return undefined;
}

export default defineRule({
  meta: {
    id: "mcp/destructive-hint",
    defaultSeverity: "warning",
    description: "The tool's name or description says it deletes, removes, drops or overwrites, and it has no annotations.destructiveHint (a heuristic; target mcp).",
    messages: {
      unsaid:
        "tool '{{name}}': its {{where}} says '{{word}}', but annotations.destructiveHint is not set: say \"destructiveHint\": true if a call can destroy data (false if it only removes what it made); MCP directories require the hint, and approvalFromDestructiveHint asks approval only for an explicit true",
    },
  },
  check(ctx) {
    for (const tool of ctx.tools) {
      const given = tool.data.annotations;
      const annotations = isPlainObject(given) ? given : {};
      if (annotations.destructiveHint !== undefined || annotations.readOnlyHint === true) continue;
      const found = destructiveWord(tool.name, tool.description);
      if (found === undefined) continue;
      ctx.report({ tool, pointer: `/${found.where}`, messageId: "unsaid", data: { name: tool.name ?? "(unnamed)", where: found.where, word: found.word } });
    }
  },
});
