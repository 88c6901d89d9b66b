/** Lint rule `claude-agent-sdk/zod-exact` (docs/rules/claude-agent-sdk/zod-exact.md): a tool's input schema has no exact Zod shape, so the claude-agent-sdk output leaves it out. */
import { defineRule } from "../../../lint/rule.js";
import { inputSchemaPointerInFile } from "../../../lint/schema-node.js";
import { zodShape } from "../zod-source.js";


export default defineRule({
  meta: {
    id: "claude-agent-sdk/zod-exact",
    defaultSeverity: "warning",
    description: "A tool's input schema has no exact Zod shape: the claude-agent-sdk output leaves the tool out.",
    messages: {
      inexact: "the Claude Agent SDK takes a Zod shape, and Zod cannot say this schema exactly: {{reason}}. The claude-agent-sdk output leaves '{{name}}' out rather than send a looser schema; simplify the schema, or serve the tool another way (the mcp output takes any schema)",
    },
  },
  check(ctx) {
    for (const tool of ctx.tools) {
      if (tool.bundledSchema === undefined) continue;
      const result = zodShape(tool.bundledSchema);
      if (result.ok) continue;
      ctx.report({ tool, pointer: inputSchemaPointerInFile(tool.inputSchema, result.problem.pointer), messageId: "inexact", data: { reason: result.problem.reason, name: tool.name ?? "(unnamed)" } });
    }
  },
});
