/** Lint rule `tool-shape` (docs/rules/tool-shape.md): `name`, `description` or `input_schema` is missing or of the wrong type. */
import { defineRule } from "../rule.js";

/**
 * The loader checks the shape of every tool file (`name` a string, `input_schema` an object,
 * `description` a string when present) as it builds tools; this rule reports what it found.
 */
export default defineRule({
  meta: {
    id: "tool-shape",
    defaultSeverity: "error",
    description: "`name`, `description` or `input_schema` is missing or of the wrong type.",
    messages: {
      nameMissing: "a tool needs a `name` (a string)",
      nameType: "`name` must be a string, not {{found}}",
      inputSchemaMissing: "a tool needs an `input_schema` (a JSON Schema object)",
      inputSchemaType: "`input_schema` must be an object, not {{found}}",
      descriptionType: "`description` must be a string, not {{found}}",
    },
    blocksBuild: true,
  },
  check(ctx) {
    for (const p of ctx.loadProblems) ctx.report({ file: p.file, pointer: p.pointer, messageId: p.kind, data: p.data, toolName: p.tool, line: p.line, column: p.column });
  },
});
