/** Lint rule `tool-field-type` (docs/rules/tool-field-type.md): `strict`, `input_examples`, `cache_control`, `defer_loading`, `allowed_callers`, `eager_input_streaming`, `type`, or MCP's `icons` or `_meta` has the wrong type. */
import { defineRule } from "../rule.js";

/**
 * The loader checks the types of Claude's newer tool fields (`strict`, `input_examples`,
 * `cache_control`, `defer_loading`, `allowed_callers`, `eager_input_streaming`, `type`) and MCP's
 * `icons` and `_meta` as it builds tools (src/load/tool-fields.ts, which cites the SDK types they
 * follow); this rule reports what it found.
 */
export default defineRule({
  meta: {
    id: "tool-field-type",
    defaultSeverity: "error",
    description: "`strict`, `input_examples`, `cache_control`, `defer_loading`, `allowed_callers`, `eager_input_streaming`, `type`, or MCP's `icons` or `_meta` has the wrong type.",
    messages: {
      wrongType: "`{{field}}` must be {{expected}}, not {{found}}",
    },
    blocksBuild: true,
  },
  check(ctx) {
    for (const p of ctx.loadProblems) ctx.report({ file: p.file, pointer: p.pointer, messageId: p.kind, data: p.data, toolName: p.tool, line: p.line, column: p.column });
  },
});
