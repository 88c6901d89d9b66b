/**
 * Lint rule `mcp/execution-removed` (docs/rules/mcp/execution-removed.md): the tool file has MCP's
 * `execution`, which the 2026-07-28 revision removed from `Tool` (tasks became the
 * `io.modelcontextprotocol/tasks` extension, SEP-2663). The generated server still sends it to
 * 2025-era clients; the SDK's 2026 codec drops it for 2026-07-28 ones.
 */
import { defineRule } from "../../../lint/rule.js";

export default defineRule({
  meta: {
    id: "mcp/execution-removed",
    defaultSeverity: "warning",
    description: "The tool has `execution`, which MCP 2026-07-28 removed: only 2025-era clients receive it (target mcp).",
    messages: {
      removed:
        "MCP: `execution` was removed in protocol revision 2026-07-28 (tasks moved to the io.modelcontextprotocol/tasks extension, SEP-2663); the server sends it to 2025-era clients only, and 2026-07-28 clients never see it",
    },
  },
  check(ctx) {
    for (const tool of ctx.tools) {
      if (Object.hasOwn(tool.data, "execution")) ctx.report({ tool, pointer: "/execution", messageId: "removed" });
    }
  },
});
