/** Lint rule `openai-strict-lowerable` (docs/rules/openai-strict-lowerable.md): a strict tool's input or output schema cannot be lowered to OpenAI strict mode faithfully. */
import { outputSchemaIn } from "../../../load/bundle-output.js";
import { getByPointer } from "../../../schema/pointer.js";
import { declaredStrict, lowerStrict } from "../strict.js";
import { defineRule } from "../../../lint/rule.js";

/**
 * A tool sent to OpenAI in strict mode (`"strict": true` in its file, or the `openaiStrict` config,
 * which sets the option `all`) whose input or output schema the lowering (targets/openai/strict.ts) cannot
 * carry over faithfully.
 */
export default defineRule({
  meta: {
    id: "openai-strict-lowerable",
    defaultSeverity: "error",
    description: "A strict tool's input or output schema cannot be lowered to OpenAI strict mode faithfully.",
    messages: {
      unlowerable: "OpenAI strict mode cannot take this schema{{where}}: {{reason}}. The openai output sends the tool non-strict; fix the schema, or drop \"strict\" from the tool",
      dropped: "OpenAI strict mode{{where}}: {{reason}}",
    },
    options: {
      all: { description: "1: every tool is sent strict (set by the `openaiStrict` config); 0: only tools whose file says \"strict\": true", default: 0, minimum: 0 },
    },
  },
  check(ctx) {
    for (const tool of ctx.tools) {
      const schema = tool.bundledSchema;
      if (schema === undefined || tool.inputSchema === undefined) continue;
      if (ctx.options.all < 1 && !declaredStrict(tool)) continue;
      // The output schema (sent as the Responses tool's `output_schema`) is lowered as the input schema is.
      const output = outputSchemaIn(tool.data);
      const schemas = [
        { root: "/input_schema", written: tool.inputSchema, lowered: schema },
        ...(output === undefined ? [] : [{ root: output.pointer, written: output.schema, lowered: tool.bundledOutputSchema ?? output.schema }]),
      ];
      for (const { root, written, lowered } of schemas) {
        for (const p of lowerStrict(lowered).problems) {
          // A problem inside a bundled external $ref has no place in this file: the message says where.
          const inFile = p.pointer === "" || getByPointer(written, p.pointer) !== undefined;
          ctx.report({
            tool,
            pointer: inFile ? `${root}${p.pointer}` : root,
            messageId: p.severity === "error" ? "unlowerable" : "dropped",
            data: { reason: p.message, where: inFile ? "" : ` (at ${p.pointer} of the bundled schema)` },
            ...(p.severity === "warning" ? { warning: true } : {}),
            // The OpenAI target rules stand down where this one reports the same problem (RuleMeta.yieldsTo).
            ...(p.topic !== undefined && inFile ? { topic: p.topic } : {}),
          });
        }
      }
    }
  },
});
