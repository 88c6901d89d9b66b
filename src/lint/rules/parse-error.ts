import { defineRule } from "../rule.js";

/** The loader parses every file (keeping the line and column of the first syntax error); this rule reports it. */
export default defineRule({
  meta: {
    id: "parse-error",
    defaultSeverity: "error",
    description: "The file is not valid JSON or YAML.",
    messages: {},
  },
  check(ctx) {
    for (const diagnostic of ctx.loaderDiagnostics) ctx.forward(diagnostic);
  },
});
