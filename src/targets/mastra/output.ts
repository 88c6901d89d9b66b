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
  emit: async (ctx) => (await import("./emit.js")).emitMastra(ctx.tools),
});
