/** The `managed-agents` output (managed-agents.ts: a Managed Agent's custom tools, and the session tool runner's tools over the handler files). */
import { defineOutput } from "../../outputs/output.js";

/** Opt-in: the generated module imports `@anthropic-ai/sdk` (its `ToolError`; the rest are types). */
export default defineOutput({
  id: "managed-agents",
  description: "managed-agents.ts: the tools as a Claude Managed Agent's custom tools, and as @anthropic-ai/sdk's session tool runner's tools over the handler files (opt-in)",
  optIn: true,
  framework: { package: "@anthropic-ai/sdk", major: "1" },
  needs: ["index", "native", "types", "validators", "runtime"],
  runtime: ["framework.ts"],
  provides: [
    { kind: "framework-tools", module: "managed-agents", factory: "createManagedAgentsTools", exportName: "tools" },
    {
      kind: "tool-fields",
      title: "Anthropic Managed Agents (`managed-agents.ts`)",
      files: ["managed-agents.ts"],
      fields: {
        annotations: { use: "dropped", why: "a custom tool (`BetaManagedAgentsCustomToolParams`) has name, description and input_schema only" },
        needs_approval: { use: "dropped", why: "a custom tool has no permission policy (your session loop answers each call)" },
        output_schema: { use: "dropped", why: "a custom tool has no output schema" },
        allowed_callers: { use: "dropped", why: "a custom tool has no callers" },
        defer_loading: { use: "dropped", why: "a custom tool has no deferral" },
        input_examples: { use: "dropped", why: "a custom tool has no examples" },
        strict: { use: "dropped", why: "a custom tool has no strict mode" },
      },
    },
    { kind: "tool-array", module: "managed-agents", format: "managed-agents", exportName: "managedAgentTools", local: "folderManagedAgentTools", type: "typeof folderManagedAgentTools", element: "t", nameOf: "t.name", doc: "Managed Agents custom tools" },
  ],
  emit: async (ctx) => {
    for (const tool of ctx.tools) {
      if (tool.description === undefined) ctx.note(`managed-agents: the tool '${tool.name}' has no description; an agent's custom tool needs one, so it is sent empty`);
    }
    return (await import("./emit.js")).emitManagedAgents();
  },
});
