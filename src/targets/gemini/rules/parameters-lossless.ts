/** Lint rule `gemini-parameters-lossless` (docs/rules/gemini-parameters-lossless.md): lowering the input or output schema to Gemini's OpenAPI subset (geminiSchemaField: "parameters") loses a constraint, or cannot be done. */
import { defineRule } from "../../../lint/rule.js";
import { lowerToOpenApi } from "../../../schema/openapi.js";
import { inputSchemaPointerInFile } from "../../../lint/schema-node.js";
import { outputSchemaIn } from "../../../load/bundle-output.js";


export default defineRule({
  meta: {
    id: "gemini-parameters-lossless",
    // Off unless the build sends the `parameters` form (config.ts, geminiRuleDefaults).
    defaultSeverity: "off",
    description: "Lowering the input or output schema to Gemini's OpenAPI subset (geminiSchemaField: \"parameters\") loses a constraint, or cannot be done.",
    messages: {
      lossy: "Gemini's `parameters` (its OpenAPI subset) cannot say this: {{what}}. The model is told less than the schema says (validation still applies it); send `parametersJsonSchema` (the default) or simplify the schema",
      cannot: "{{reason}}; send `parametersJsonSchema` (the default geminiSchemaField) for this tool",
    },
  },
  check(ctx) {
    for (const tool of ctx.renderedTools) {
      if (tool.bundledSchema === undefined) continue;
      // The output schema (sent as `response` in this form) is lowered as the input schema is.
      const output = outputSchemaIn(tool.data);
      const schemas = [
        { root: "/input_schema", written: tool.inputSchema, bundled: tool.bundledSchema },
        ...(output === undefined ? [] : [{ root: output.pointer, written: output.schema, bundled: tool.bundledOutputSchema ?? output.schema }]),
      ];
      for (const { root, written, bundled } of schemas) {
        const lowered = lowerToOpenApi(bundled);
        if (!lowered.ok) {
          ctx.report({ tool, pointer: inputSchemaPointerInFile(written, lowered.pointer, root), messageId: "cannot", data: { reason: lowered.reason } });
          continue;
        }
        for (const loss of lowered.losses) ctx.report({ tool, pointer: inputSchemaPointerInFile(written, loss.pointer, root), messageId: "lossy", data: { what: loss.what } });
      }
    }
  },
});
