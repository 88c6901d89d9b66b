/**
 * Which keywords hold subschemas, and how (one, a map of them, an array of them); which hold data.
 * Draft-07 to 2020-12. The lint walk, the resolver and the parameter model read this one table.
 */
import { decodeFragment, isPlainObject, unescapeToken } from "./pointer.js";

export type KeywordKind = "schema" | "map" | "array" | "items" | "definitions";

export const SUBSCHEMA_KEYWORDS: ReadonlyMap<string, KeywordKind> = new Map<string, KeywordKind>([
  ...[
    "additionalProperties", "additionalItems", "unevaluatedProperties", "unevaluatedItems", "contains",
    "propertyNames", "not", "if", "then", "else", "contentSchema",
  ].map((k): [string, KeywordKind] => [k, "schema"]),
  ...["properties", "patternProperties", "dependentSchemas", "dependencies"].map((k): [string, KeywordKind] => [k, "map"]),
  ...["allOf", "anyOf", "oneOf", "prefixItems"].map((k): [string, KeywordKind] => [k, "array"]),
  ["items", "items"],
  ["$defs", "definitions"],
  ["definitions", "definitions"],
]);

/** Keywords whose values are data, not schemas: a `$ref` inside them is not a reference. */
export const DATA_KEYWORDS: ReadonlySet<string> = new Set(["enum", "const", "default", "examples", "example"]);

/**
 * Keywords whose subschemas apply to the same instance as the schema holding them (no descent into
 * a property or an item): a cycle of references through these alone never ends.
 */
export const IN_PLACE_KEYWORDS: ReadonlySet<string> = new Set(["allOf", "anyOf", "oneOf", "not", "if", "then", "else", "dependentSchemas"]);

/**
 * Whether the pointer tokens (from a schema's root) lead into data (`enum`, `const`, `default`,
 * `examples`) rather than to a schema; a property named `enum` under `properties` is a schema.
 */
export function isDataPath(tokens: readonly string[]): boolean {
  let expect: "schema" | "name" | "index" | "either" = "schema";
  for (const token of tokens) {
    if (expect === "name" || expect === "index") {
      expect = "schema";
      continue;
    }
    if (expect === "either") {
      expect = "schema";
      if (/^(0|[1-9][0-9]*)$/.test(token)) continue;
    }
    if (DATA_KEYWORDS.has(token)) return true;
    const kind = SUBSCHEMA_KEYWORDS.get(token);
    if (kind === undefined) return false; // an unknown keyword's value: not followed as a schema
    expect = kind === "schema" ? "schema" : kind === "array" ? "index" : kind === "items" ? "either" : "name";
  }
  return false;
}

/**
 * Called with each subschema found. `context` is what the caller passed: a recursive walk passes its
 * state and one module-level function, instead of a new closure per node or per document (V8
 * deoptimises a hot caller each time it meets another closure of the same function).
 */
type Visit<C = undefined> = (child: Record<string, unknown>, keyword: string, key: string | number | undefined, context: C) => void;

/**
 * Calls `visit` with each object subschema that `value` holds as the value of `keyword` (none when
 * the keyword holds no subschemas, nor for definitions unless `definitions`). Returns how many entries
 * of a map or an array of subschemas were not objects.
 */
export function subschemasOf<C = undefined>(keyword: string, value: unknown, definitions: boolean, visit: Visit<C>, context?: C): number {
  const kind = SUBSCHEMA_KEYWORDS.get(keyword);
  if (kind === undefined || (kind === "definitions" && !definitions)) return 0;
  let others = 0;
  if (kind === "schema" || (kind === "items" && !Array.isArray(value))) {
    if (isPlainObject(value)) visit(value, keyword, undefined, context as C);
  } else if (Array.isArray(value)) {
    if (kind === "array" || kind === "items") {
      for (let i = 0; i < value.length; i++) {
        const item: unknown = value[i];
        if (isPlainObject(item)) visit(item, keyword, i, context as C);
        else others++;
      }
    }
  } else if (isPlainObject(value)) {
    // Keys by for...in: schemas are parsed data, which inherits no enumerable key (no array per map).
    for (const key in value) {
      const child = value[key];
      if (isPlainObject(child)) visit(child, keyword, key, context as C);
      else others++;
    }
  }
  return others;
}

/**
 * Calls `visit` with each object subschema directly below `node` (not `node` itself): the keyword
 * holding it and, for maps and arrays of subschemas, its key or index. Definitions (`$defs`,
 * `definitions`) are included unless `definitions` is false.
 */
export function forEachSubschema(node: Record<string, unknown>, definitions: boolean, visit: Visit): void {
  for (const keyword in node) subschemasOf(keyword, node[keyword], definitions, visit);
}

/**
 * The object subschemas directly below `node`, in forEachSubschema's order, as a list (for hot
 * recursive walks: no closure per node).
 */
export function subschemaList(node: Record<string, unknown>, definitions: boolean): Record<string, unknown>[] {
  const found: Record<string, unknown>[] = [];
  for (const keyword in node) subschemasOf(keyword, node[keyword], definitions, pushChild, found);
  return found;
}

function pushChild(child: Record<string, unknown>, _keyword: string, _key: string | number | undefined, found: Record<string, unknown>[]): void {
  found.push(child);
}

/**
 * For json-schema-to-typescript's `$refOptions.dereference.excludedPathMatcher`: whether a path
 * (`#/properties/x/enum/0`, tokens URI-encoded) is data, where a `$ref` member is not a reference.
 */
export function isDataRefPath(path: string): boolean {
  const hash = path.indexOf("#");
  const fragment = hash < 0 ? "" : path.slice(hash + 1);
  if (fragment === "") return false;
  // Each token URI-encoded on its own (a token that does not decode is kept as written).
  const tokens = fragment.slice(1).split("/").map((t) => unescapeToken(decodeFragment(t) ?? t));
  return isDataPath(tokens);
}
