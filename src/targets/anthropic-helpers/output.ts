/** The `anthropic-helpers` output (anthropic-helpers.ts: the Anthropic SDK's tool-runner tools over the handler files). */
import { defineOutput } from "../../outputs/output.js";

/** Opt-in: the generated module imports `@anthropic-ai/sdk`; each tool's schema is the standard-schema output's. */
export default defineOutput({
  id: "anthropic-helpers",
  description: "anthropic-helpers.ts: betaStandardSchemaTool()s of @anthropic-ai/sdk over the handler files, for client.beta.messages.toolRunner (opt-in)",
  optIn: true,
  framework: { package: "@anthropic-ai/sdk", major: "1" },
  needs: ["index", "native", "types", "validators", "runtime", "standard-schema"],
  runtime: ["framework.ts"],
  provides: [
    { kind: "framework-tools", module: "anthropic-helpers", factory: "createAnthropicHelpersTools", exportName: "tools" },
    {
      kind: "tool-fields",
      title: "Anthropic SDK tool runner (`anthropic-helpers.ts`)",
      files: ["anthropic-helpers.ts"],
      fields: {
        annotations: { use: "dropped", why: "the API's `Tool` has no annotations" },
        needs_approval: { use: "dropped", why: "the tool runner has no approval step" },
        output_schema: { use: "dropped", why: "the API's `Tool` has no output schema" },
        allowed_callers: { use: "carried", as: "allowed_callers (tools.json's definition)", marker: "...fields" },
        defer_loading: { use: "carried", as: "defer_loading (tools.json's definition)", marker: "...fields" },
        input_examples: { use: "carried", as: "input_examples (tools.json's definition)", marker: "...fields" },
        strict: { use: "carried", as: "strict (tools.json's definition)", marker: "...fields" },
      },
    },
  ],
  emit: async () => (await import("./emit.js")).emitAnthropicHelpers(),
});
