import { defineRule } from "../rule.js";

/**
 * The loader checks the shape of every tool file (`name` a string, `input_schema` an object,
 * `description` a string when present) as it builds tools; this rule reports what it found.
 */
export default defineRule({
  meta: {
    id: "tool-shape",
    defaultSeverity: "error",
    description: "`name`, `description` or `input_schema` is missing or of the wrong type.",
    messages: {},
  },
  check(ctx) {
    for (const diagnostic of ctx.loaderDiagnostics) ctx.forward(diagnostic);
  },
});
