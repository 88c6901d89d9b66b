import { isPlainObject } from "../../load/pointer.js";
import { defineRule } from "../rule.js";
import { reachedBy } from "../reachable.js";
import { childPointer, followNodeRef, schemaNodes } from "../schema-walk.js";

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
      const report = (pointer: string, name: string) => ctx.report({ file: doc.file, tool: doc.tool, pointer, messageId: "missing", data: { name } });
      const reached = reachedBy(doc);
      for (const node of schemaNodes(doc)) {
        // Definitions no `$ref` reaches are never filled in by the model.
        if (node.inDefinitions && !reached(node)) continue;
        // A property whose schema is an object is a node of its own, with what it holds already read.
        if (node.keyword === "properties" && typeof node.key === "string" && node.parent !== undefined) {
          if (isText(node.description)) continue;
          // A `const` (a discriminator) has one possible value: the model needs no explanation to fill it in.
          if (Object.hasOwn(node.node, "const")) continue;
          if (typeof node.ref === "string") {
            const target = followNodeRef(doc, node);
            // A reference we cannot follow is ref-resolvable's business (or lives in another file).
            if (target === undefined || hasDescription(target)) continue;
          }
          report(node.pointer, node.key);
        }
        // The others (`true`, `false`, or not a schema at all) have no description either.
        const properties = node.properties;
        if (properties !== undefined && node.hasNonObjectProperty) {
          for (const name of Object.keys(properties)) {
            if (!isPlainObject(properties[name])) report(childPointer(childPointer(node.pointer, "properties"), name), name);
          }
        }
      }
    }
  },
});

function hasDescription(schema: unknown): boolean {
  return isPlainObject(schema) && isText(schema.description);
}

function isText(value: unknown): boolean {
  return typeof value === "string" && value.trim() !== "";
}
