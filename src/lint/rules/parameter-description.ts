import { isPlainObject } from "../../load/pointer.js";
import { defineRule } from "../rule.js";
import { childPointer, followRef, schemaNodes } from "../schema-walk.js";

export default defineRule({
  meta: {
    id: "parameter-description",
    defaultSeverity: "warning",
    description: "A property, at any depth, has no description.",
    messages: {
      missing: "parameter '{{name}}' has no description: say what it means and how it changes what the tool does",
    },
  },
  check(ctx) {
    for (const doc of ctx.schemas) {
      for (const node of schemaNodes(doc)) {
        const properties = node.properties;
        if (properties === undefined) continue;
        for (const name of Object.keys(properties)) {
          const property = properties[name];
          if (hasDescription(property)) continue;
          const pointer = childPointer(childPointer(node.pointer, "properties"), name);
          if (isPlainObject(property) && typeof property.$ref === "string") {
            const target = followRef(doc, pointer);
            // A reference we cannot follow is ref-resolvable's business (or lives in another file).
            if (target === undefined || hasDescription(target)) continue;
          }
          ctx.report({ file: doc.file, tool: doc.tool, pointer, messageId: "missing", data: { name } });
        }
      }
    }
  },
});

function hasDescription(schema: unknown): boolean {
  return isPlainObject(schema) && typeof schema.description === "string" && schema.description.trim() !== "";
}
