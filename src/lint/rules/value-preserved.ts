/** Lint rule `value-preserved` (docs/rules/value-preserved.md): the file says something its parsed data does not keep: a repeated key, a number a double cannot hold, a lone surrogate, a YAML type with no JSON equivalent. */
import { losslessProblems, losslessProblemsNow, type LosslessKind } from "../../load/lossless.js";
import type { SourceFile } from "../../model.js";
import { defineRule, type RuleContext, type RuleMeta, type ToolDocument } from "../rule.js";

/**
 * The loader finds where the parsed data differs from what the file says (../../load/lossless.ts);
 * this rule words it. Each case changes the meaning of a schema without a word, so it is an error.
 */
const meta: RuleMeta<never> = {
  id: "value-preserved",
  defaultSeverity: "error",
  description: "The file says something its parsed data does not keep: a repeated key, a number a double cannot hold, a lone surrogate, a YAML type with no JSON equivalent.",
  messages: {
    "duplicate-key": "key '{{key}}' appears more than once in this object: JSON keeps only the last one (YAML refuses it); keep one",
    "number-overflow": "{{number}} is beyond what a double holds: it is read as Infinity (or NaN) and written as null; use a smaller number",
    "number-underflow": "{{number}} is too small for a double: it is read as 0; use a larger number or 0",
    "integer-rounded": "the integer {{number}} is beyond 2^53: it is read as {{read}}; use a smaller number, or a string",
    "lone-surrogate": "this {{what}} holds a lone UTF-16 surrogate ({{code}}), which UTF-8 cannot encode: it would be written as U+FFFD (and `build --check` would never pass); remove it or complete the pair",
    "yaml-type": "YAML {{tag}} has no JSON equivalent: it would become {{becomes}}; write the JSON value you mean",
    "yaml-key": "this YAML key is {{what}}, not a string: it would become '{{becomes}}'; quote the key",
    "yaml-unknown-tag": "unknown YAML tag {{tag}}: it is ignored and the value read as if untagged; remove the tag",
  } satisfies Record<LosslessKind, string>,
};

/** Reports the loader's findings of the kinds `keep` accepts. */
async function report(ctx: RuleContext<Record<never, number>>, keep: (kind: LosslessKind) => boolean): Promise<void> {
  const files = new Map<SourceFile, ToolOf>();
  for (const tool of ctx.tools) files.set(tool.file, tool);
  for (const doc of ctx.schemas) if (!files.has(doc.file)) files.set(doc.file, doc.tool);
  for (const [file, tool] of files) {
    // Only a YAML file waits (its scan loads the YAML parser): a thousand awaits cost more than the proofs.
    const problems = losslessProblemsNow(file) ?? (await losslessProblems(file));
    for (const problem of problems) {
      if (keep(problem.kind)) ctx.report({ file, tool, pointer: problem.pointer, messageId: problem.kind, data: problem.data });
    }
  }
}

/**
 * The loader finds where the parsed data differs from what the file says (../../load/lossless.ts);
 * this rule words it. Each case changes the meaning of a schema without a word, so it is an error.
 */
export default defineRule({
  meta,
  check: (ctx) => report(ctx, () => true),
});

/**
 * The part of the rule a build runs whatever the lint settings (--no-lint, the rule off or a
 * warning; see the pipeline's lint stage): text UTF-8 cannot encode is written as U+FFFD, so the
 * files a build writes would never be what `build --check` derives from the sources. The other
 * kinds change a value the same way on every build, so they stay the lint's to report.
 */
export const unwritableText = defineRule({
  meta,
  check: (ctx) => report(ctx, (kind) => kind === "lone-surrogate"),
});

type ToolOf = ToolDocument | undefined;
