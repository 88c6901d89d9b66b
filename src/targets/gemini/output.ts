/** The `gemini` output (gemini.ts: functionDeclarations and a functionCall adapter) and its `geminiSchemaField` setting. */
import { UsageError } from "../../errors.js";
import { defineOutput, defineSetting } from "../../outputs/output.js";
import type { GeminiSchemaField } from "./emit.js";

/** The lint rule for what the `parameters` form loses: on only when the build sends that form. */
export const GEMINI_LOSSLESS_RULE = "gemini-parameters-lossless";


/**
 * Which field the `gemini` output fills. The rule that reports what lowering to the OpenAPI subset
 * loses is off by default, and a warning when the build sends that form (a setting in "rules" wins).
 */
export const geminiSchemaField = defineSetting({
  key: "geminiSchemaField",
  describe: "the FunctionDeclaration field the gemini output fills: parametersJsonSchema (JSON Schema) or parameters (lowered to Gemini's OpenAPI subset) [default: parametersJsonSchema]",
  default: "parametersJsonSchema" as GeminiSchemaField,
  parse: (value, where): GeminiSchemaField => {
    if (value !== "parametersJsonSchema" && value !== "parameters") {
      throw new UsageError(`${where}: 'geminiSchemaField' must be "parametersJsonSchema" (JSON Schema, the default) or "parameters" (Gemini's OpenAPI subset)`);
    }
    return value;
  },
  rules: (value, rules) => (value === "parameters" ? { [GEMINI_LOSSLESS_RULE]: "warning", ...rules } : { ...rules }),
});

/** Opt-in (not in the default outputs): Gemini's `functionDeclarations` and a `functionCall` adapter. */
export default defineOutput({
  id: "gemini",
  description: "gemini.ts: Gemini's functionDeclarations (schemas as parametersJsonSchema, or as parameters with geminiSchemaField) and functionCall -> functionResponse dispatch (opt-in)",
  optIn: true,
  needs: ["index", "native", "types", "validators", "runtime"],
  rules: [GEMINI_LOSSLESS_RULE],
  runtime: ["gemini.ts"],
  provides: [
    {
      kind: "tool-fields",
      title: "Gemini (`gemini.ts`)",
      files: ["gemini.ts"],
      fields: {
        annotations: { use: "dropped", why: "`FunctionDeclaration` has no annotations" },
        needs_approval: { use: "dropped", why: "the API has no approval step" },
        output_schema: { use: "mapped", as: "responseJsonSchema (response, lowered, with geminiSchemaField)", marker: "declaration.responseJsonSchema = output" },
        allowed_callers: { use: "dropped", why: "`FunctionDeclaration` has no callers" },
        defer_loading: { use: "dropped", why: "`FunctionDeclaration` has no deferral" },
        input_examples: { use: "dropped", why: "`FunctionDeclaration` has no examples" },
        strict: { use: "dropped", why: "`FunctionDeclaration` has no strict mode" },
      },
    },
    {
      kind: "tool-array",
      module: "gemini",
      format: "gemini",
      exportName: "functionDeclarations",
      local: "folderDeclarations",
      type: "GeminiFunctionDeclaration[]",
      typeImports: { gemini: ["GeminiFunctionDeclaration"] },
      element: "d",
      nameOf: "d.name",
      doc: "Gemini `functionDeclarations`",
    },
    { kind: "dispatcher-adapter", module: "runtime/gemini", factory: "createGeminiDispatcher", type: "GeminiDispatcher", typeModule: "runtime/gemini", exportName: "geminiDispatcher", doc: "Gemini adapter" },
  ],
  emit: async (ctx) => {
    const { emitGemini, GEMINI_NAME } = await import("./emit.js");
    for (const tool of ctx.tools) {
      if (!GEMINI_NAME.test(tool.name)) ctx.note(`the tool name '${tool.name}' breaks Gemini's name rule (a letter or _, then up to 127 of A-Z a-z 0-9 _ . : -)`);
    }
    return emitGemini(ctx.tools, ctx.setting(geminiSchemaField));
  },
});
