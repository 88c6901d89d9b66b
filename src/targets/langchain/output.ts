/** The `langchain` output (generated/langchain/tools.ts: a LangChain tool per tool, over its JSON Schema and toolgen's validator). */
import { defineOutput } from "../../outputs/output.js";

/** Opt-in: the generated module imports `@langchain/core`. */
/** Why the LangChain tools carry none of the table's fields (the field-by-output table, docs/providers.md). */
const NO_FIELD = "`DynamicStructuredTool` has no field for it (provider fields would go in its `extras`, which toolgen leaves empty)";

export default defineOutput({
  id: "langchain",
  description: "langchain/tools.ts: a @langchain/core tool per tool (its JSON Schema for bindTools; toolgen's validator, repair and messages for its calls) (opt-in)",
  optIn: true,
  framework: { package: "@langchain/core", major: "1" },
  needs: ["index", "native", "types", "validators", "runtime", "standard-schema"],
  runtime: ["framework.ts"],
  provides: [
    { kind: "framework-tools", module: "langchain/tools", factory: "createLangChainTools", exportName: "tools" },
    {
      kind: "tool-fields",
      title: "LangChain (`langchain/tools.ts`)",
      files: ["langchain/tools.ts"],
      fields: {
        annotations: { use: "dropped", why: NO_FIELD },
        needs_approval: { use: "dropped", why: "`DynamicStructuredTool` has no approval step" },
        output_schema: { use: "dropped", why: NO_FIELD },
        allowed_callers: { use: "dropped", why: NO_FIELD },
        defer_loading: { use: "dropped", why: NO_FIELD },
        input_examples: { use: "dropped", why: NO_FIELD },
        strict: { use: "dropped", why: NO_FIELD },
      },
    },
  ],
  emit: async () => (await import("./emit.js")).emitLangChain(),
});
