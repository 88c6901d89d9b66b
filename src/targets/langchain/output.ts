/** The `langchain` output (generated/langchain/tools.ts: a LangChain tool per tool, over its JSON Schema and toolgen's validator). */
import { defineOutput } from "../../outputs/output.js";

/** Opt-in: the generated module imports `@langchain/core`. */
export default defineOutput({
  id: "langchain",
  description: "langchain/tools.ts: a @langchain/core tool per tool (its JSON Schema for bindTools; toolgen's validator, repair and messages for its calls) (opt-in)",
  optIn: true,
  framework: { package: "@langchain/core", major: "1" },
  needs: ["index", "native", "types", "validators", "runtime", "standard-schema"],
  runtime: ["framework.ts"],
  emit: async (ctx) => {
    const { emitLangChain } = await import("./emit.js");
    return emitLangChain(ctx.tools);
  },
});
