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
  emit: async () => (await import("./emit.js")).emitAnthropicHelpers(),
});
