/** The `mastra` output (mastra.ts: Mastra's `createTool()`s over the handler files). */
import { defineOutput } from "../../outputs/output.js";

/** Opt-in: the generated module imports `@mastra/core`; each tool's schema is the standard-schema output's. */
export default defineOutput({
  id: "mastra",
  description: "mastra.ts: Mastra's createTool()s (@mastra/core) over the handler files, keyed by tool name for new Agent({ tools }) (opt-in)",
  optIn: true,
  framework: { package: "@mastra/core", major: "1" },
  needs: ["index", "native", "types", "validators", "runtime", "standard-schema"],
  runtime: ["framework.ts"],
  provides: [
    { kind: "framework-tools", module: "mastra", factory: "createMastraTools", exportName: "tools" },
    {
      kind: "tool-fields",
      title: "Mastra (`mastra.ts`)",
      files: ["mastra.ts"],
      fields: {
        annotations: { use: "dropped", why: "`createTool()` has no annotations (its `mcp` option is for MCP servers it serves)" },
        needs_approval: { use: "mapped", as: "requireApproval", marker: "requireApproval: needsApproval.has(name)" },
        output_schema: { use: "mapped", as: "outputSchema (its Standard Schema; Mastra checks the handler's value)", marker: "tool.outputSchema = outputSchema" },
        allowed_callers: { use: "dropped", why: "`createTool()` has no callers" },
        defer_loading: { use: "dropped", why: "`createTool()` has no deferral" },
        input_examples: { use: "mapped", as: "inputExamples ({ input })", marker: "tool.inputExamples =" },
        strict: { use: "carried", as: "strict", marker: "tool.strict = definition.strict" },
      },
    },
  ],
  emit: async (ctx) => (await import("./emit.js")).emitMastra(ctx.tools),
});
