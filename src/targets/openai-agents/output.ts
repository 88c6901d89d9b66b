/** The `openai-agents` output (openai-agents.ts: the OpenAI Agents SDK's `tool()`s over the handler files). */
import { defineOutput } from "../../outputs/output.js";

/**
 * Opt-in: the generated module imports `@openai/agents`. It needs the `openai` output, whose strict
 * lowering, `openaiStrict` setting and lint rules it shares (the tools reach OpenAI's Responses API).
 */
export default defineOutput({
  id: "openai-agents",
  description: "openai-agents.ts: the OpenAI Agents SDK's tool()s (@openai/agents) over the handler files, strict where the openai output is (opt-in)",
  optIn: true,
  framework: { package: "@openai/agents", major: "0.20" },
  needs: ["index", "native", "types", "validators", "runtime", "openai"],
  runtime: ["framework.ts", "openai.ts"],
  provides: [
    { kind: "framework-tools", module: "openai-agents", factory: "createOpenAIAgentsTools", exportName: "tools" },
    {
      kind: "tool-fields",
      title: "OpenAI Agents SDK (`openai-agents.ts`)",
      files: ["openai-agents.ts"],
      fields: {
        annotations: { use: "dropped", why: "`tool()` has no annotations" },
        needs_approval: { use: "mapped", as: "needsApproval", marker: "needsApproval: approval" },
        output_schema: { use: "mapped", as: "outputSchema (openai.ts's Responses output_schema)", marker: "outputSchema: t.output_schema" },
        allowed_callers: { use: "mapped", as: "allowedCallers (openai.ts's Responses allowed_callers)", marker: "allowedCallers: [caller, ...callers]" },
        defer_loading: { use: "mapped", as: "deferLoading (needs toolSearchTool() beside the tools)", marker: "deferLoading: t.defer_loading" },
        input_examples: { use: "dropped", why: "`tool()` has no examples" },
        strict: { use: "mapped", as: "strict (openai.ts's lowering)", marker: "strict: true" },
      },
    },
  ],
  emit: async (ctx) => {
    const { agentsNameNotes, emitOpenAIAgents } = await import("./emit.js");
    for (const note of agentsNameNotes(ctx.tools)) ctx.note(note);
    return emitOpenAIAgents(ctx.tools);
  },
});
