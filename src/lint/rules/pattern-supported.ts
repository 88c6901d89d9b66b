/**
 * `pattern` and `patternProperties` keys must be ones the generated validators can run: they use
 * RE2 (linear time, see src/emit/validators.ts), which has no backreferences, lookahead or
 * lookbehind. A pattern that is not a valid ECMA-262 regular expression at all is schema-valid's.
 * The engine (re2js) is loaded only when some schema has a pattern.
 */
import { defineRule } from "../rule.js";
import { patternsOf, schemaFacts } from "../schema-walk.js";
import { toRe2Syntax } from "../../runtime/pattern.js";
import { isPlainPattern } from "../plain-pattern.js";

export default defineRule({
  meta: {
    id: "pattern-supported",
    defaultSeverity: "error",
    description: "A pattern uses syntax the linear-time engine that protects dispatch cannot run (backreferences, lookaround).",
    messages: {
      unsupported: "`{{keyword}}` '{{pattern}}' cannot run on the linear-time engine (RE2) that validates tool input: {{problem}}",
    },
  },
  async check(ctx) {
    let compile: ((source: string) => unknown) | undefined;
    /** Each distinct pattern's problem ("" when RE2 runs it), found once per run. */
    const problems = new Map<string, string>();
    for (let i = 0; i < ctx.schemas.length; i++) {
      const doc = ctx.schemas[i]!;
      const withPatterns = schemaFacts(doc).withPatterns;
      for (let k = 0; k < withPatterns.length; k++) {
        const node = withPatterns[k]!;
        for (const [keyword, pattern, pointer] of patternsOf(node)) {
          let problem = problems.get(pattern);
          if (problem === undefined) {
            if (isPlainPattern(pattern) || !isEcmaRegExp(pattern)) {
              problem = "";
            } else {
              if (compile === undefined) {
                const { RE2JS } = await import("re2js");
                compile = (source) => RE2JS.compile(source);
              }
              try {
                compile(toRe2Syntax(pattern));
                problem = "";
              } catch (error) {
                problem = error instanceof Error ? error.message : String(error);
              }
            }
            problems.set(pattern, problem);
          }
          if (problem === "") continue;
          ctx.report({ file: doc.file, tool: doc.tool, pointer: pointer(), messageId: "unsupported", data: { keyword, pattern, problem } });
        }
      }
    }
  },
});

function isEcmaRegExp(source: string): boolean {
  try {
    new RegExp(source, "u");
    return true;
  } catch {
    return false;
  }
}
