/** The `ai-sdk` output (ai-sdk.ts: the AI SDK's `tools` record). */
import { defineOutput } from "../../outputs/output.js";

/** Opt-in (not in the default outputs): the generated module imports `ai`, the one package it needs. */
export default defineOutput({
  id: "ai-sdk",
  description: "ai-sdk.ts: a `tools` record of AI SDK 7 tool()s (inputSchema the Standard Schema, execute the handler file) for generateText({ model, tools, prompt }); with the search output, toolsWithSearch: the AI SDK's toolSearch() ranked by the generated search (opt-in)",
  optIn: true,
  framework: { package: "ai", major: "7" },
  needs: ["index", "native", "types", "validators", "runtime", "standard-schema"],
  runtime: ["framework.ts"],
  provides: [
    { kind: "framework-tools", module: "ai-sdk", factory: "createAiSdkTools", exportName: "tools" },
    {
      kind: "tool-fields",
      title: "AI SDK (`ai-sdk.ts`)",
      files: ["ai-sdk.ts"],
      fields: {
        annotations: { use: "dropped", why: "`tool()` has no annotations" },
        needs_approval: { use: "mapped", as: "toolApproval (\"user-approval\")", marker: "export const toolApproval" },
        output_schema: { use: "mapped", as: "outputSchema (its Standard Schema)", marker: "outputSchema: standardOutputSchemas" },
        allowed_callers: { use: "dropped", why: "`tool()` has no callers (generateText's experimental_toolCallers is per call)" },
        defer_loading: { use: "mapped", as: "deferLoading", marker: "fields.deferLoading = d.defer_loading" },
        input_examples: { use: "mapped", as: "inputExamples ({ input })", marker: "fields.inputExamples =" },
        strict: { use: "carried", as: "strict", marker: "fields.strict = d.strict" },
      },
    },
  ],
  emit: async (ctx) => {
    const { emitAiSdk } = await import("./emit.js");
    return [emitAiSdk(ctx.tools, { search: ctx.provided("tool-search").length > 0 })];
  },
});
