/** The `claude-agent-sdk` output (generated/claude-agent-sdk/: Zod raw shapes, the SDK's tool()s and createSdkMcpServer wiring). */
import { defineOutput } from "../../outputs/output.js";
import { deferLoading } from "../../toolsets/settings.js";

/** Opt-in: the generated tools.ts imports `@anthropic-ai/claude-agent-sdk` (and shapes.ts `zod`). */
export default defineOutput({
  id: "claude-agent-sdk",
  description: "claude-agent-sdk/*.ts: each tool's Zod raw shape, and the Claude Agent SDK's tool()s with a createSdkMcpServer() of them (opt-in)",
  optIn: true,
  framework: { package: "@anthropic-ai/claude-agent-sdk", major: "0.3" },
  needs: ["index", "native", "types", "validators", "runtime"],
  runtime: ["framework.ts"],
  emit: async (ctx) => {
    const { emitClaudeAgentSdk } = await import("./emit.js");
    const { files, left } = emitClaudeAgentSdk(ctx.tools, ctx.setting(deferLoading) !== null);
    for (const { tool, problem } of left) {
      const where = problem.pointer === "" ? "/input_schema" : `/input_schema${problem.pointer}`;
      ctx.note(`${tool.source.displayPath}: the tool '${tool.name}' is left out of the claude-agent-sdk output (Zod cannot say its schema exactly, at ${where}: ${problem.reason}); lint rule claude-agent-sdk/zod-exact`);
    }
    return files;
  },
});
