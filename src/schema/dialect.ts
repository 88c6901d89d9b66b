/**
 * The JSON Schema dialect a schema is read in, once for every layer: the one its `$schema` names, or
 * the default when it names none. The default is 2020-12, as the clients read a schema without
 * `$schema`: MCP since 2025-11-25 (SEP-1613, Final, https://modelcontextprotocol.io/seps/1613-establish-
 * json-schema-2020-12-as-default-dialect-f: "Embedded JSON schemas within MCP messages MUST conform to
 * JSON Schema 2020-12 when no $schema field is present", for tool inputSchema and outputSchema; checked
 * on 2026-11-29) and Anthropic (the API reference's `Tool.input_schema` points at JSON Schema 2020-12). A folder written for draft-07 says so with the config key `defaultDialect`, which the
 * load stage applies (load/index.ts `withDefaultDialect`): each schema without `$schema` then declares it.
 */

export type DialectName = "draft-07" | "2019-09" | "2020-12";

/** Keywords whose values are data, not schemas: never read as schemas. */
const DATA_KEYWORDS = new Set(["const", "enum", "default", "examples", "example", "input_examples"]);

/** The dialects toolgen validates (Ajv's draft-07, 2019-09 and 2020-12 classes), in order. */
export const DIALECT_NAMES: readonly DialectName[] = ["draft-07", "2019-09", "2020-12"];

/** What a schema without `$schema` is read as, unless the config's `defaultDialect` says otherwise. */
export const DEFAULT_DIALECT: DialectName = "2020-12";

/** The `$schema` URI each dialect is declared with. */
export const DIALECT_URI: Readonly<Record<DialectName, string>> = {
  "draft-07": "http://json-schema.org/draft-07/schema#",
  "2019-09": "https://json-schema.org/draft/2019-09/schema",
  "2020-12": "https://json-schema.org/draft/2020-12/schema",
};

const DECLARED: readonly [RegExp, DialectName][] = [
  [/^https?:\/\/json-schema\.org\/draft-07\/schema#?$/, "draft-07"],
  [/^https?:\/\/json-schema\.org\/draft\/2019-09\/schema#?$/, "2019-09"],
  [/^https?:\/\/json-schema\.org\/draft\/2020-12\/schema#?$/, "2020-12"],
];

/** The dialect a `$schema` value names (`DEFAULT_DIALECT` when there is none); undefined for one toolgen does not support. */
export function dialectNamed($schema: unknown): DialectName | undefined {
  if ($schema === undefined) return DEFAULT_DIALECT;
  if (typeof $schema !== "string") return undefined;
  return DECLARED.find(([pattern]) => pattern.test($schema))?.[1];
}

/**
 * Whether a schema is read with the 2019-09 / 2020-12 vocabulary (`prefixItems`, `dependentSchemas`,
 * `unevaluated*`, ...; Ajv's Ajv2020) rather than draft-07's (array `items`, `additionalItems`,
 * `dependencies`; Ajv's default class). A declared `$schema` is read as before the default changed:
 * one naming 2019-09 or 2020-12 in the 2020-12 vocabulary, any other (draft-04, draft-06, a URI
 * toolgen does not know, which schema-valid reports) in draft-07's. A schema without one follows the
 * default, but for one with an array `items` (a draft-07 tuple), which is no 2020-12 schema at all
 * (Ajv2020 refuses to compile it, and so does a client that reads it as 2020-12): it keeps the reading
 * it was written for, draft-07, and the lint rule `dialect-ambiguous-keyword` warns.
 */
export function readsAs2020(schema: unknown): boolean {
  const $schema = typeof schema === "object" && schema !== null && !Array.isArray(schema) ? (schema as Record<string, unknown>)["$schema"] : undefined;
  if ($schema === undefined) return DEFAULT_DIALECT !== "draft-07" && !hasArrayItems(schema, 0);
  return typeof $schema === "string" && /2020-12|2019-09/.test($schema);
}

/** Whether a subschema (data keywords skipped) has `items` as an array. */
function hasArrayItems(node: unknown, depth: number): boolean {
  if (typeof node !== "object" || node === null || depth > 512) return false;
  if (Array.isArray(node)) return node.some((n) => hasArrayItems(n, depth + 1));
  const obj = node as Record<string, unknown>;
  if (Array.isArray(obj["items"])) return true;
  for (const key in obj) if (!DATA_KEYWORDS.has(key) && hasArrayItems(obj[key], depth + 1)) return true;
  return false;
}

/**
 * A schema's tuples in the draft-07 spelling (for tools that only read draft-07, such as
 * json-schema-to-typescript): read as 2020-12 (`readsAs2020`), `prefixItems: P` with `items: I`
 * becomes `items: P` with `additionalItems: I` (any item when there is no `items`); read as draft-07,
 * `prefixItems` (which draft-07 ignores) is left out. Returns `schema` itself when nothing changes;
 * otherwise a copy, the input untouched.
 */
export function withDraft07Tuples<T>(schema: T): T {
  const next = readsAs2020(schema);
  const rewrite = (node: unknown, depth: number): unknown => {
    if (typeof node !== "object" || node === null || depth > 512) return node;
    if (Array.isArray(node)) {
      let copy: unknown[] | undefined;
      for (let i = 0; i < node.length; i++) {
        const child = rewrite(node[i], depth + 1);
        if (child !== node[i]) (copy ??= node.slice())[i] = child;
      }
      return copy ?? node;
    }
    const obj = node as Record<string, unknown>;
    let copy: Record<string, unknown> | undefined;
    const set = (key: string, value: unknown) => {
      copy ??= { ...obj };
      Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
    };
    for (const key of Object.keys(obj)) {
      if (DATA_KEYWORDS.has(key) || key === "prefixItems") continue;
      const child = rewrite(obj[key], depth + 1);
      if (child !== obj[key]) set(key, child);
    }
    if (Array.isArray(obj["prefixItems"])) {
      const prefix = rewrite(obj["prefixItems"], depth + 1);
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(copy ?? obj)) {
        if (key === "prefixItems" || key === "additionalItems") continue;
        if (key === "items" && next) continue;
        Object.defineProperty(out, key, { value: (copy ?? obj)[key], enumerable: true, writable: true, configurable: true });
      }
      if (next) {
        out["items"] = prefix;
        out["additionalItems"] = Object.hasOwn(obj, "items") ? (copy ?? obj)["items"] : true;
      } else if (Object.hasOwn(obj, "additionalItems")) out["additionalItems"] = (copy ?? obj)["additionalItems"];
      return out;
    }
    return copy ?? obj;
  };
  return rewrite(schema, 0) as T;
}

/** How draft-07 and 2020-12 each read a keyword, and the rewrite that means the same in both (or in 2020-12). */
export interface KeywordReadings {
  draft07: string;
  next: string;
  rewrite: string;
}

const IGNORED_BY_07 = (what: string, rewrite: string): KeywordReadings => ({ draft07: "not a keyword: ignored, anything passes", next: what, rewrite });
const IGNORED_BY_2020 = (what: string, rewrite: string): KeywordReadings => ({ draft07: what, next: "not a keyword: ignored, anything passes", rewrite });

const READINGS: Readonly<Record<string, KeywordReadings>> = {
  additionalItems: IGNORED_BY_2020("the items after the `items` tuple", "`prefixItems` for the tuple, and `items` for the items after it"),
  dependencies: IGNORED_BY_2020("properties (or a schema) the object needs when a property is present", "`dependentRequired` for the property lists and `dependentSchemas` for the schemas"),
  prefixItems: IGNORED_BY_07("a tuple: one schema per position", "declare 2020-12 (`prefixItems` has no draft-07 spelling that 2020-12 reads alike)"),
  dependentRequired: IGNORED_BY_07("properties the object needs when a property is present", "declare 2020-12"),
  dependentSchemas: IGNORED_BY_07("a schema the object must match when a property is present", "declare 2020-12"),
  unevaluatedProperties: IGNORED_BY_07("the properties no other keyword evaluated", "`additionalProperties`, where the properties are all in one object"),
  unevaluatedItems: IGNORED_BY_07("the items no other keyword evaluated", "`items` after `prefixItems`, where the tuple is in one schema"),
  minContains: IGNORED_BY_07("how many items must match `contains` at least", "declare 2020-12"),
  maxContains: IGNORED_BY_07("how many items may match `contains` at most", "declare 2020-12"),
  $dynamicRef: IGNORED_BY_07("a reference resolved in the dynamic scope", "a plain `$ref`"),
  $dynamicAnchor: IGNORED_BY_07("an anchor `$dynamicRef` resolves to", "a plain `$ref` to `$defs`"),
  $recursiveRef: {
    draft07: "not a keyword: ignored",
    next: "not a keyword either (2019-09's, renamed `$dynamicRef`): ignored",
    rewrite: "a plain `$ref`",
  },
  $recursiveAnchor: { draft07: "not a keyword: ignored", next: "not a keyword either (2019-09's): ignored", rewrite: "a plain `$ref`" },
};

const ARRAY_ITEMS: KeywordReadings = {
  draft07: "a tuple: one schema per position",
  next: "not a schema: `items` takes one schema for every item, and a client reading 2020-12 refuses the whole schema",
  rewrite: "`prefixItems` for the tuple (and `items` for the items after it)",
};

/**
 * How the two drafts read `keyword` with `value`, when they read it differently (or only one of them
 * has it); undefined when they read it alike. `definitions` is not here: both resolve a `$ref` to
 * `#/definitions/x` by its JSON pointer, so it reads alike (2020-12 calls the place `$defs`).
 */
export function keywordReadings(keyword: string, value: unknown): KeywordReadings | undefined {
  if (keyword === "items") return Array.isArray(value) ? ARRAY_ITEMS : undefined;
  return Object.hasOwn(READINGS, keyword) ? READINGS[keyword] : undefined;
}
