/** Lint rule `input-schema-no-top-level-combinator` (docs/rules/input-schema-no-top-level-combinator.md): `oneOf`, `anyOf` or `allOf` at the top level of `input_schema`. */
import { defineRule } from "../rule.js";

const COMBINATORS = ["oneOf", "anyOf", "allOf"] as const;

export default defineRule({
  meta: {
    id: "input-schema-no-top-level-combinator",
    defaultSeverity: "error",
    description: "`oneOf`, `anyOf` or `allOf` at the top level of `input_schema`.",
    messages: {
      combinator:
        "input_schema uses `{{keyword}}` at the top level, which the API rejects: list the parameters under `properties` and move the alternatives into a property",
    },
  },
  check(ctx) {
    for (let i = 0; i < ctx.tools.length; i++) {
      const tool = ctx.tools[i]!;
      const schema = tool.inputSchema;
      if (schema === undefined) continue;
      for (let k = 0; k < COMBINATORS.length; k++) {
        const keyword = COMBINATORS[k]!;
        if (Object.hasOwn(schema, keyword)) {
          ctx.report({ tool, pointer: `/input_schema/${keyword}`, messageId: "combinator", data: { keyword } });
        }
      }
    }
  },
});
