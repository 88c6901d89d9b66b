/** Lint rule `parameter-description` (docs/rules/parameter-description.md): a property, at any depth, has no description. */
import { isPlainObject } from "../../schema/pointer.js";
import { defineRule, type SchemaDocument } from "../rule.js";
import { reachedBy } from "../reachable.js";
import { childPointer, followNodeRef, followRef, type SchemaNode } from "../schema-walk.js";

export default defineRule({
  meta: {
    id: "parameter-description",
    defaultSeverity: "warning",
    description: "A property, at any depth, has no description.",
    messages: {
      missing: "parameter '{{name}}' has no description: say what it means and how it changes what the tool does",
    },
  },
  create(ctx) {
    // What the walk of the current document found: the properties without a description (a node's,
    // or a `properties` value that is not an object, which has no node) as [holder, pointer, name],
    // in walk order, and the local `$ref`s, to tell which definitions the API reaches.
    const missing: Array<[holder: SchemaNode, pointer: () => string, name: string]> = [];
    const others: Array<[holder: SchemaNode, pointer: () => string, name: string]> = [];
    const localRefs: SchemaNode[] = [];
    return {
      document() {
        missing.length = 0;
        others.length = 0;
        localRefs.length = 0;
      },
      schema(node) {
        if (typeof node.ref === "string" && node.ref.startsWith("#")) localRefs.push(node);
        // A property whose schema is not an object (`true`, `false`, or not a schema at all) has no description either.
        const properties = node.properties;
        if (properties === undefined) return;
        for (const name in properties) {
          if (!isPlainObject(properties[name])) others.push([node, () => childPointer(childPointer(node.pointer, "properties"), name), name]);
        }
      },
      // A property whose schema is an object is a node of its own, with what it holds already read.
      property(node, doc) {
        if (typeof node.key !== "string" || isText(node.description)) return;
        // A `const` (a discriminator) has one possible value: the model needs no explanation to fill it in.
        if (Object.hasOwn(node.node, "const")) return;
        if (typeof node.ref === "string") {
          const target = followNodeRef(doc, node);
          // A reference we cannot follow is ref-resolvable's business (or lives in another file).
          if (target === undefined || hasDescription(target)) return;
        }
        // A union carries its descriptions in its branches when every branch but `null` has one (a
        // nullable wrapper's one non-null branch included: the legacy prompt prints it).
        if (branchesDescribed(doc, node)) return;
        missing.push([node, () => node.pointer, node.key]);
      },
      documentEnd(doc) {
        // Definitions no `$ref` reaches are never filled in by the model (worked out only when a
        // property without a description sits in a definition).
        let reached: ((node: SchemaNode) => boolean) | undefined;
        for (const list of [missing, others]) {
          for (const [holder, pointer, name] of list) {
            if (holder.inDefinitions && !(reached ??= reachedBy(doc, localRefs))(holder)) continue;
            ctx.report({ file: doc.file, tool: doc.tool, pointer: pointer(), messageId: "missing", data: { name } });
          }
        }
      },
    };
  },
});

/**
 * Whether `node` is a union (`anyOf` or `oneOf`) whose every branch other than `{type: "null"}` has a
 * description, its own or its `$ref` target's: a nullable wrapper whose one other branch is described,
 * or a union of described alternatives (issue 37), which the model reads branch by branch.
 */
function branchesDescribed(doc: SchemaDocument, node: SchemaNode): boolean {
  for (const keyword of ["anyOf", "oneOf"] as const) {
    const branches = node.node[keyword];
    if (!Array.isArray(branches)) continue;
    const nonNull = branches.flatMap((b: unknown, i) => (isNullOnly(b) ? [] : [i]));
    if (nonNull.length === 0) continue;
    const described = (at: number): boolean => {
      const branch: unknown = branches[at];
      if (hasDescription(branch)) return true;
      return isPlainObject(branch) && typeof branch.$ref === "string" && hasDescription(followRef(doc, childPointer(childPointer(node.pointer, keyword), at)));
    };
    if (nonNull.every(described)) return true;
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
