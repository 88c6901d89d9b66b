/**
 * `pattern` and `patternProperties` keys must be ones the generated validators can run: they use
 * RE2 (linear time, see src/emit/validators.ts), which has no backreferences, lookahead or
 * lookbehind. A pattern that is not a valid ECMA-262 regular expression at all is schema-valid's.
 * The engine (re2js) is loaded only when some schema has a pattern.
 */
import { defineRule, type SchemaDocument } from "../rule.js";
import { patternsOf } from "../schema-walk.js";
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
  create(ctx) {
    /** Every pattern, in walk order, checked at the end (the engine loads only when some pattern needs it). */
    const found: Array<[doc: SchemaDocument, keyword: "pattern" | "patternProperties", pattern: string, pointer: () => string]> = [];
    return {
      pattern(node, doc) {
        for (const [keyword, pattern, pointer] of patternsOf(node)) found.push([doc, keyword, pattern, pointer]);
      },
      async end() {
        let compile: ((source: string) => unknown) | undefined;
        /** Each distinct pattern's problem ("" when RE2 runs it), found once per run. */
        const problems = new Map<string, string>();
        for (const [doc, keyword, pattern, pointer] of found) {
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
      },
    };
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
