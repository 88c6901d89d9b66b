/** Lint rule `gemini-parameters-lossless` (docs/rules/gemini-parameters-lossless.md): lowering the input schema to Gemini's OpenAPI subset (geminiSchemaField: "parameters") loses a constraint, or cannot be done. */
import { defineRule } from "../../../lint/rule.js";
import { lowerToOpenApi } from "../../../schema/openapi.js";
import { inputSchemaPointerInFile } from "../../../lint/schema-node.js";


export default defineRule({
  meta: {
    id: "gemini-parameters-lossless",
    // Off unless the build sends the `parameters` form (config.ts, geminiRuleDefaults).
    defaultSeverity: "off",
    description: "Lowering the input schema to Gemini's OpenAPI subset (geminiSchemaField: \"parameters\") loses a constraint, or cannot be done.",
    messages: {
      lossy: "Gemini's `parameters` (its OpenAPI subset) cannot say this: {{what}}. The model is told less than the schema says (validation still applies it); send `parametersJsonSchema` (the default) or simplify the schema",
      cannot: "{{reason}}; send `parametersJsonSchema` (the default geminiSchemaField) for this tool",
    },
  },
  check(ctx) {
    for (const tool of ctx.renderedTools) {
      if (tool.bundledSchema === undefined) continue;
      const lowered = lowerToOpenApi(tool.bundledSchema);
      const source = tool.inputSchema;
      if (!lowered.ok) {
        ctx.report({ tool, pointer: inputSchemaPointerInFile(source, lowered.pointer), messageId: "cannot", data: { reason: lowered.reason } });
        continue;
      }
      for (const loss of lowered.losses) ctx.report({ tool, pointer: inputSchemaPointerInFile(source, loss.pointer), messageId: "lossy", data: { what: loss.what } });
    }
  },
});
