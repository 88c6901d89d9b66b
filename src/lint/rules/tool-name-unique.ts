/** Lint rule `tool-name-unique` (docs/rules/tool-name-unique.md): two files define a tool with the same name. */
import { defineRule } from "../rule.js";

/** The loader finds tool names defined by more than one file and reports each of those files. */
export default defineRule({
  meta: {
    id: "tool-name-unique",
    defaultSeverity: "error",
    description: "Two files define a tool with the same name.",
    messages: {
      duplicate: "tool name '{{name}}' is also defined in {{others}}",
    },
    blocksBuild: true,
  },
  check(ctx) {
    for (const p of ctx.loadProblems) ctx.report({ file: p.file, pointer: p.pointer, messageId: p.kind, data: p.data, toolName: p.tool, line: p.line, column: p.column });
  },
});
