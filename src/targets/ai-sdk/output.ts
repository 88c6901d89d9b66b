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
  emit: async (ctx) => {
    const { emitAiSdk } = await import("./emit.js");
    return [emitAiSdk(ctx.tools, { search: ctx.provided("tool-search").length > 0 })];
  },
});
