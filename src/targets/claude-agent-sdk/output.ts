/** The `claude-agent-sdk` output (generated/claude-agent-sdk/: Zod raw shapes, the SDK's tool()s and createSdkMcpServer wiring). */
import { defineOutput } from "../../outputs/output.js";

/** Opt-in: the generated tools.ts imports `@anthropic-ai/claude-agent-sdk` (and shapes.ts `zod`). */
export default defineOutput({
  id: "claude-agent-sdk",
  description: "claude-agent-sdk/*.ts: each tool's Zod raw shape, and the Claude Agent SDK's tool()s with a createSdkMcpServer() of them (opt-in)",
  optIn: true,
  framework: { package: "@anthropic-ai/claude-agent-sdk", major: "0.3" },
  needs: ["index", "native", "types", "validators", "runtime"],
  runtime: ["framework.ts"],
  provides: [
    { kind: "framework-tools", module: "claude-agent-sdk/tools", factory: "createClaudeAgentSdkTools", exportName: "tools" },
    {
      kind: "tool-fields",
      title: "Claude Agent SDK (`claude-agent-sdk/tools.ts`)",
      files: ["claude-agent-sdk/tools.ts"],
      fields: {
        annotations: { use: "carried", as: "annotations (tool()'s extras)", marker: "annotations: {" },
        needs_approval: { use: "dropped", why: "`tool()` has no approval option (the SDK's `canUseTool` decides per call)" },
        output_schema: { use: "dropped", why: "`tool()` has no output schema" },
        allowed_callers: { use: "dropped", why: "`tool()` has no callers" },
        defer_loading: { use: "mapped", as: "alwaysLoad on the tools not deferred", marker: "alwaysLoad: true" },
        input_examples: { use: "dropped", why: "`tool()` has no examples" },
        strict: { use: "dropped", why: "`tool()` has no strict mode" },
      },
    },
  ],
  emit: async (ctx) => {
    const { emitClaudeAgentSdk } = await import("./emit.js");
    const { files, left } = emitClaudeAgentSdk(ctx.tools);
    for (const { tool, problem } of left) {
      const where = problem.pointer === "" ? "/input_schema" : `/input_schema${problem.pointer}`;
      ctx.note(`${tool.source.displayPath}: the tool '${tool.name}' is left out of the claude-agent-sdk output (Zod cannot say its schema exactly, at ${where}: ${problem.reason}); lint rule claude-agent-sdk/zod-exact`);
    }
    return files;
  },
});
