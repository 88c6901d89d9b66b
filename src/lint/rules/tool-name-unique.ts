import { defineRule } from "../rule.js";

/** The loader finds tool names defined by more than one file and reports each of those files. */
export default defineRule({
  meta: {
    id: "tool-name-unique",
    defaultSeverity: "error",
    description: "Two files define a tool with the same name.",
    messages: {},
  },
  check(ctx) {
    for (const diagnostic of ctx.loaderDiagnostics) ctx.forward(diagnostic);
  },
});
