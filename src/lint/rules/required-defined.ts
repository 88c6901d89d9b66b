/** Lint rule `required-defined` (docs/rules/required-defined.md): `required` names a property that `properties` does not define. */
import { isPlainObject } from "../../schema/pointer.js";
import { defineRule } from "../rule.js";
import { childPointer, type SchemaNode } from "../schema-walk.js";

/**
 * Keywords whose subschemas apply to the same instance as the schema holding them: a `required`
 * in one of them names properties of the enclosing object (issue 11.10).
 */
const IN_PLACE = new Set(["allOf", "anyOf", "oneOf", "not", "if", "then", "else", "dependentSchemas", "dependencies"]);
/** Where properties may come from that this rule cannot see: a group using these is not checked. */
const UNSEEN = ["$ref", "$dynamicRef", "$recursiveRef"];
/** Keywords whose subschemas apply only to arrays, or only to objects. */
const ARRAY_ONLY = new Set(["items", "prefixItems", "additionalItems", "contains", "unevaluatedItems"]);
const OBJECT_ONLY = new Set(["properties", "patternProperties", "additionalProperties", "propertyNames", "unevaluatedProperties", "dependentSchemas", "dependencies"]);

export default defineRule({
  meta: {
    id: "required-defined",
    defaultSeverity: "error",
    description: "`required` names a property that `properties` does not define.",
    messages: {
      undefined: "`required` names '{{name}}', which `properties` does not define",
      dead: "`required` names '{{name}}' in a subschema that never applies to an object ({{why}}): it has no effect",
    },
  },
  create(ctx) {
    return {
      schema(entry, doc) {
        const { required } = entry;
        if (!Array.isArray(required)) return;
        const properties = entry.properties;
        // Names `properties` defines need nothing more (the usual case, checked first).
        const missing: number[] = [];
        for (let index = 0; index < required.length; index++) {
          const name: unknown = required[index];
          if (typeof name === "string" && (properties === undefined || !Object.hasOwn(properties, name))) missing.push(index);
        }
        if (missing.length === 0) return;
        const why = deadBecause(entry);
        const group = why === undefined ? enclosingObject(entry) : undefined;
        if (why === undefined && group === undefined) return;
        for (const index of missing) {
          const name = required[index] as string;
          if (group && group.defines(name)) continue;
          const pointer = childPointer(childPointer(entry.pointer, "required"), index);
          if (why !== undefined) ctx.report({ file: doc.file, tool: doc.tool, pointer, messageId: "dead", data: { name, why }, warning: true });
          else ctx.report({ file: doc.file, tool: doc.tool, pointer, messageId: "undefined", data: { name } });
        }
      },
    };
  },
});

/**
 * The properties of the object `entry` applies to: those of the outermost schema it is nested in
 * through in-place keywords only, and of every subschema applying in place below that one (its
 * `allOf`/`anyOf`/`oneOf` branches, `if`/`then`/`else`, `dependentSchemas`). `undefined` when some of
 * them may come from a reference.
 */
function enclosingObject(entry: SchemaNode): { defines(name: string): boolean } | undefined {
  let top = entry;
  while (top.parent !== undefined && IN_PLACE.has(top.keyword)) top = top.parent;
  const names = new Set<string>();
  const patterns: RegExp[] = [];
  const stack: unknown[] = [top.node];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!isPlainObject(node)) continue;
    if (UNSEEN.some((k) => Object.hasOwn(node, k))) return undefined;
    if (isPlainObject(node.properties)) for (const name of Object.keys(node.properties)) names.add(name);
    if (isPlainObject(node.patternProperties)) patterns.push(...compile(Object.keys(node.patternProperties)));
    for (const keyword of IN_PLACE) {
      const value = node[keyword];
      if (Array.isArray(value)) stack.push(...value);
      else if (isPlainObject(value)) {
        if (keyword === "dependentSchemas" || keyword === "dependencies") stack.push(...Object.values(value));
        else stack.push(value);
      }
    }
  }
  return { defines: (name) => names.has(name) || patterns.some((p) => p.test(name)) };
}

/** Why `entry` never applies to an object (its own `type`, or an array-only or non-object parent), or `undefined`. */
function deadBecause(entry: SchemaNode): string | undefined {
  for (let at: SchemaNode | undefined = entry; at !== undefined; at = at.parent) {
    if (excludes(at.type, "object")) return `its type is ${JSON.stringify(at.type)}`;
    const parent = at.parent;
    if (parent === undefined) return undefined;
    if (IN_PLACE.has(at.keyword)) continue;
    if (ARRAY_ONLY.has(at.keyword) && excludes(parent.type, "array")) return `under \`${at.keyword}\` of a schema whose type is ${JSON.stringify(parent.type)}`;
    if (OBJECT_ONLY.has(at.keyword) && excludes(parent.type, "object")) return `under \`${at.keyword}\` of a schema whose type is ${JSON.stringify(parent.type)}`;
    return undefined;
  }
  return undefined;
}

function excludes(type: unknown, name: string): boolean {
  if (typeof type === "string") return type !== name;
  if (Array.isArray(type)) return type.length > 0 && !type.includes(name);
  return false;
}

function compile(sources: string[]): RegExp[] {
  return sources.flatMap((source) => {
    try {
      return [new RegExp(source, "u")];
    } catch {
      return [];
    }
  });
}
