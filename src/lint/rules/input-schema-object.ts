/** Lint rule `input-schema-object` (docs/rules/input-schema-object.md): the `input_schema` does not have `"type": "object"`. */
import { defineRule } from "../rule.js";

export default defineRule({
  meta: {
    id: "input-schema-object",
    defaultSeverity: "error",
    description: 'The `input_schema` does not have `"type": "object"`.',
    messages: {
      missing: 'input_schema has no "type": the API requires "type": "object"',
      wrong: 'input_schema.type is {{found}}: the API requires "object"',
    },
  },
  check(ctx) {
    for (let i = 0; i < ctx.tools.length; i++) {
      const tool = ctx.tools[i]!;
      const schema = tool.inputSchema;
      if (schema === undefined || schema.type === "object") continue;
      if (!Object.hasOwn(schema, "type")) ctx.report({ tool, pointer: "/input_schema", messageId: "missing" });
      else ctx.report({ tool, pointer: "/input_schema/type", messageId: "wrong", data: { found: JSON.stringify(schema.type) } });
    }
  },
});
