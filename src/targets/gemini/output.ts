import { defineOutput } from "../../outputs/output.js";

/** The lint rule for what the `parameters` form loses: on only when the build sends that form. */
export const GEMINI_LOSSLESS_RULE = "gemini-parameters-lossless";

/** Opt-in (not in the default outputs): Gemini's `functionDeclarations` and a `functionCall` adapter. */
export default defineOutput({
  id: "gemini",
  description: "gemini.ts: Gemini's functionDeclarations (schemas as parametersJsonSchema, or as parameters with geminiSchemaField) and functionCall -> functionResponse dispatch (opt-in)",
  optIn: true,
  needs: ["index", "native", "types", "validators", "runtime"],
  rules: [GEMINI_LOSSLESS_RULE],
  runtime: ["gemini.ts"],
  emit: async (ctx) => {
    const { emitGemini, GEMINI_NAME } = await import("./emit.js");
    for (const tool of ctx.tools) {
      if (!GEMINI_NAME.test(tool.name)) ctx.note(`the tool name '${tool.name}' breaks Gemini's name rule (a letter or _, then up to 127 of A-Z a-z 0-9 _ . : -)`);
    }
    return emitGemini(ctx.tools, ctx.settings.geminiSchemaField);
  },
});
