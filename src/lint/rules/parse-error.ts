/** Lint rule `parse-error` (docs/rules/parse-error.md): the file is not valid JSON or YAML. */
import { defineRule } from "../rule.js";

/** The loader parses every file (keeping the line and column of the first syntax error); this rule reports it. */
export default defineRule({
  meta: {
    id: "parse-error",
    defaultSeverity: "error",
    description: "The file is not valid JSON or YAML.",
    messages: {
      unreadable: "{{message}}",
    },
    blocksBuild: true,
  },
  check(ctx) {
    for (const p of ctx.loadProblems) ctx.report({ file: p.file, pointer: p.pointer, messageId: p.kind, data: p.data, toolName: p.tool, line: p.line, column: p.column });
  },
});
