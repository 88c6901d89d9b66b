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
        if (!Array.isArray(required)) continue;
        const properties = entry.properties;
        // Names `properties` defines need nothing more (the usual case, checked first).
        const missing: number[] = [];
        for (let index = 0; index < required.length; index++) {
          const name: unknown = required[index];
          if (typeof name === "string" && (properties === undefined || !Object.hasOwn(properties, name))) missing.push(index);
        }
        if (missing.length === 0 || ELSEWHERE.some((k) => Object.hasOwn(node, k))) continue;
        const patterns = entry.patternProperties ? compile(Object.keys(entry.patternProperties)) : [];
        for (const index of missing) {
          const name = required[index] as string;
          if (patterns.some((p) => p.test(name))) continue;
          ctx.report({
            file: doc.file,
            tool: doc.tool,
            pointer: childPointer(childPointer(entry.pointer, "required"), index),
            messageId: "undefined",
            data: { name },
          });
        }
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
