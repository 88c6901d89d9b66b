/** Lint rule `property-key-format` (docs/rules/property-key-format.md): a top-level property key does not match `^[a-zA-Z0-9_.-]{1,64}$`. */
import { isPlainObject, joinPointer } from "../../schema/pointer.js";
import { whyNameInvalid } from "../name-format.js";
import { toolFileNames as anthropic } from "../name-format.js";
import { defineRule } from "../rule.js";

/** The Messages API's rule for top-level property keys (targets/anthropic/facts.ts). */
const PROPERTY_KEY = anthropic.propertyKey.pattern;

export default defineRule({
  meta: {
    id: "property-key-format",
    defaultSeverity: "error",
    description: "A top-level property key does not match `^[a-zA-Z0-9_.-]{1,64}$`.",
    messages: {
      format: "property key '{{key}}' does not match ^[a-zA-Z0-9_.-]{1,64}$, which the API requires of top-level properties: {{why}}",
    },
  },
  check(ctx) {
    for (const tool of ctx.tools) {
      const properties = tool.inputSchema?.properties;
      if (!isPlainObject(properties)) continue;
      for (const key of Object.keys(properties)) {
        if (PROPERTY_KEY.test(key)) continue;
        ctx.report({
          tool,
          pointer: joinPointer("/input_schema/properties", key),
          messageId: "format",
          data: { key, why: whyNameInvalid(key, /^[a-zA-Z0-9_.-]$/, "letters, digits, _, . and -") },
        });
      }
    }
  },
});
