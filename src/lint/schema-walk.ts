/**
 * Walking a JSON Schema as written (draft-07 to 2020-12 keywords), with the file pointer of each
 * subschema; and following a `$ref` the way the API will see it (through the bundled schema).
 */
import { getByPointer, isPlainObject, joinPointer } from "../load/pointer.js";
import type { SchemaDocument } from "./rule.js";

type Kind = "schema" | "map" | "array" | "items" | "definitions";

/** How each keyword holds subschemas: one, an object of them, an array of them (`items`: either). */
const KEYWORDS = new Map<string, Kind>([
  ...[
    "additionalProperties", "additionalItems", "unevaluatedProperties", "unevaluatedItems", "contains",
    "propertyNames", "not", "if", "then", "else", "contentSchema",
  ].map((k): [string, Kind] => [k, "schema"]),
  ...["properties", "patternProperties", "dependentSchemas", "dependencies"].map((k): [string, Kind] => [k, "map"]),
  ...["allOf", "anyOf", "oneOf", "prefixItems"].map((k): [string, Kind] => [k, "array"]),
  ["items", "items"],
  ["$defs", "definitions"],
  ["definitions", "definitions"],
]);

export type SchemaObject = Record<string, unknown>;

/** `base` + `/token`, escaping only when the token needs it. */
export function childPointer(base: string, token: string | number): string {
  const text = String(token);
  return text.includes("~") || text.includes("/") ? joinPointer(base, text) : `${base}/${text}`;
}

/**
 * Calls `visit` on `schema` and every object subschema below it, depth first, in key order.
 * `visit` returns the state handed to the node's children, or `false` to skip them.
 * Definitions (`$defs`, `definitions`) are visited unless `definitions: false`.
 */
export function walkSchema<S>(
  schema: unknown,
  pointer: string,
  state: S,
  visit: (node: SchemaObject, pointer: string, state: S) => S | false,
  options: { definitions?: boolean } = {},
): void {
  const definitions = options.definitions ?? true;
  const walk = (node: unknown, at: string, inherited: S): void => {
    if (!isPlainObject(node)) return;
    const next = visit(node, at, inherited);
    if (next === false) return;
    for (const keyword of Object.keys(node)) {
      const kind = KEYWORDS.get(keyword);
      if (kind === undefined || (kind === "definitions" && !definitions)) continue;
      const value = node[keyword];
      const here = childPointer(at, keyword);
      if (kind === "schema" || (kind === "items" && !Array.isArray(value))) {
        walk(value, here, next);
      } else if (Array.isArray(value)) {
        if (kind === "array" || kind === "items") {
          for (let i = 0; i < value.length; i++) walk(value[i], `${here}/${i}`, next);
        }
      } else if (isPlainObject(value)) {
        for (const key of Object.keys(value)) walk(value[key], childPointer(here, key), next);
      }
    }
  };
  walk(schema, pointer, state);
}

export interface SchemaNode {
  node: SchemaObject;
  pointer: string;
}

const nodeLists = new WeakMap<SchemaDocument, SchemaNode[]>();

/** Every object subschema of a document (definitions included) with its file pointer; computed once per document. */
export function schemaNodes(doc: SchemaDocument): readonly SchemaNode[] {
  let list = nodeLists.get(doc);
  if (!list) {
    const nodes: SchemaNode[] = [];
    walkSchema(doc.schema, doc.pointer, null, (node, pointer) => {
      nodes.push({ node, pointer });
      return null;
    });
    nodeLists.set(doc, nodes);
    list = nodes;
  }
  return list;
}

/** Whether a schema describes an object (by `type` or by having `properties`). */
export function isObjectSchema(node: SchemaObject): boolean {
  const type = node.type;
  if (type === "object") return true;
  if (Array.isArray(type) && type.includes("object")) return true;
  return type === undefined && isPlainObject(node.properties);
}

/**
 * The root that local `$ref`s (`#/...`) of a schema document resolve against, as the API sees it:
 * a tool's bundled input schema (where external references point into `$defs`), or its input schema
 * as written when bundling failed; a fragment file's own root.
 */
export function refRoot(doc: SchemaDocument): unknown {
  return doc.tool ? (doc.tool.bundledSchema ?? doc.schema) : doc.schema;
}

/**
 * The schema the `$ref` of the object at `pointer` (a file pointer inside `doc`) leads to, following
 * chains of `$ref`s; `undefined` when it cannot be followed (another file's fragment, a broken reference).
 */
export function followRef(doc: SchemaDocument, pointer: string): SchemaObject | undefined {
  const root = refRoot(doc);
  let node = getByPointer(root, pointer.slice(doc.pointer.length));
  for (let hops = 0; hops < 16 && isPlainObject(node) && typeof node.$ref === "string"; hops++) {
    const target = resolveLocal(root, node.$ref);
    if (target === undefined) return undefined;
    node = target;
  }
  return isPlainObject(node) ? node : undefined;
}

/** Resolves `#/...` against `root`; anything else (another file, an anchor) is `undefined`. */
export function resolveLocal(root: unknown, ref: string): unknown {
  if (!ref.startsWith("#")) return undefined;
  let fragment: string;
  try {
    fragment = decodeURIComponent(ref.slice(1));
  } catch {
    return undefined;
  }
  if (fragment !== "" && !fragment.startsWith("/")) return undefined;
  return getByPointer(root, fragment);
}
