import { defineRule } from "../rule.js";
import { childPointer, schemaNodes } from "../schema-walk.js";

/** Where properties may come from besides `properties`: a schema using these is not checked. */
const ELSEWHERE = ["$ref", "$dynamicRef", "allOf", "anyOf", "oneOf", "if", "dependentSchemas", "dependencies"];

export default defineRule({
  meta: {
    id: "required-defined",
    defaultSeverity: "error",
    description: "`required` names a property that `properties` does not define.",
    messages: {
      undefined: "`required` names '{{name}}', which `properties` does not define",
    },
  },
  check(ctx) {
    for (const doc of ctx.schemas) {
      for (const entry of schemaNodes(doc)) {
        const { node, required } = entry;
        if (!Array.isArray(required) || ELSEWHERE.some((k) => Object.hasOwn(node, k))) continue;
        const properties = entry.properties ?? {};
        const patterns = entry.patternProperties ? compile(Object.keys(entry.patternProperties)) : [];
        required.forEach((name: unknown, index) => {
          if (typeof name !== "string" || Object.hasOwn(properties, name) || patterns.some((p) => p.test(name))) return;
          ctx.report({
            file: doc.file,
            tool: doc.tool,
            pointer: childPointer(childPointer(entry.pointer, "required"), index),
            messageId: "undefined",
            data: { name },
          });
        });
      }
    }
  },
});

function compile(sources: string[]): RegExp[] {
  return sources.flatMap((source) => {
    try {
      return [new RegExp(source, "u")];
    } catch {
      return [];
    }
  });
}
