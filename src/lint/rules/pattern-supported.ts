/**
 * `pattern` and `patternProperties` keys must be ones the generated validators can run: they use
 * RE2 (linear time, see src/emit/validators.ts), which has no backreferences, lookahead or
 * lookbehind. A pattern that is not a valid ECMA-262 regular expression at all is schema-valid's.
 * The engine (re2js) is loaded only when some schema has a pattern.
 */
import { defineRule } from "../rule.js";
import { judgePatterns } from "../schema-walk.js";
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
    let compile: ((source: string) => unknown) | undefined;
    return judgePatterns(
      /** The pattern's problem ("" when RE2 runs it). */
      async (pattern): Promise<string> => {
        if (isPlainPattern(pattern) || !isEcmaRegExp(pattern)) return "";
        if (compile === undefined) {
          const { RE2JS } = await import("re2js");
          compile = (source) => RE2JS.compile(source);
        }
        try {
          compile(toRe2Syntax(pattern));
          return "";
        } catch (error) {
          return error instanceof Error ? error.message : String(error);
        }
      },
      ({ doc, keyword, pattern, pointer }, problem) => {
        if (problem !== "") ctx.report({ file: doc.file, tool: doc.tool, pointer: pointer(), messageId: "unsupported", data: { keyword, pattern, problem } });
      },
    );
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
