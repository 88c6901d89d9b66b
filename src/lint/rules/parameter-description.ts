/** Lint rule `parameter-description` (docs/rules/parameter-description.md): a property, at any depth, has no description. */
import { isPlainObject } from "../../schema/pointer.js";
import { defineRule, type SchemaDocument } from "../rule.js";
import { reachedBy } from "../reachable.js";
import { childPointer, followNodeRef, followRef, schemaFacts, type SchemaNode } from "../schema-walk.js";

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
    const report = (doc: SchemaDocument, pointer: string, name: string) =>
      ctx.report({ file: doc.file, tool: doc.tool, pointer, messageId: "missing", data: { name } });
    for (let d = 0; d < ctx.schemas.length; d++) {
      const doc = ctx.schemas[d]!;
      const facts = schemaFacts(doc);
      // Definitions no `$ref` reaches are never filled in by the model (worked out only when a
      // property without a description sits in a definition).
      let reached: ((node: SchemaNode) => boolean) | undefined;
      // A property whose schema is an object is a node of its own, with what it holds already read.
      const properties = facts.propertySchemas;
      for (let i = 0; i < properties.length; i++) {
        const node = properties[i]!;
        if (typeof node.key !== "string" || isText(node.description)) continue;
        if (node.inDefinitions && !(reached ??= reachedBy(doc))(node)) continue;
        // A `const` (a discriminator) has one possible value: the model needs no explanation to fill it in.
        if (Object.hasOwn(node.node, "const")) continue;
        if (typeof node.ref === "string") {
          const target = followNodeRef(doc, node);
          // A reference we cannot follow is ref-resolvable's business (or lives in another file).
          if (target === undefined || hasDescription(target)) continue;
        }
        // A nullable wrapper carries its description in its one non-null branch (the legacy prompt prints it).
        if (nullableBranchDescribed(doc, node)) continue;
        report(doc, node.pointer, node.key);
      }
      // The others (`true`, `false`, or not a schema at all) have no description either.
      const others = facts.withNonObjectProperty;
      for (let i = 0; i < others.length; i++) {
        const node = others[i]!;
        if (node.inDefinitions && !(reached ??= reachedBy(doc))(node)) continue;
        const properties = node.properties!;
        for (const name of Object.keys(properties)) {
          if (!isPlainObject(properties[name])) report(doc, childPointer(childPointer(node.pointer, "properties"), name), name);
        }
      }
    }
  },
});

/**
 * Whether `node` is a nullable wrapper (`anyOf` or `oneOf` of one non-null branch and `{type: "null"}`
 * branches) whose non-null branch has a description, its own or its `$ref` target's.
 */
function nullableBranchDescribed(doc: SchemaDocument, node: SchemaNode): boolean {
  for (const keyword of ["anyOf", "oneOf"] as const) {
    const branches = node.node[keyword];
    if (!Array.isArray(branches)) continue;
    const nonNull = branches.flatMap((b: unknown, i) => (isNullOnly(b) ? [] : [i]));
    if (nonNull.length !== 1 || nonNull.length === branches.length) continue;
    const at = nonNull[0]!;
    const branch: unknown = branches[at];
    if (hasDescription(branch)) return true;
    if (isPlainObject(branch) && typeof branch.$ref === "string") {
      if (hasDescription(followRef(doc, childPointer(childPointer(node.pointer, keyword), at)))) return true;
    }
  }
  return false;
}

/** `{type: "null"}` or `{type: ["null"]}`: a branch that allows only null. */
function isNullOnly(schema: unknown): boolean {
  if (!isPlainObject(schema)) return false;
  const type = schema.type;
  return type === "null" || (Array.isArray(type) && type.length === 1 && type[0] === "null");
}

function hasDescription(schema: unknown): boolean {
  return isPlainObject(schema) && isText(schema.description);
}

function isText(value: unknown): boolean {
  return typeof value === "string" && value.trim() !== "";
}
