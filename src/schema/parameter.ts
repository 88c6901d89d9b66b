/**
 * The one description of a parameter: what JSON values its schema allows (its JSON types, enum and
 * const values, nullability), its shape (properties, items), its bounds, pattern and format, and the
 * descriptions of its nested properties. The legacy prompt renders it, and the legacy parser's
 * conversion table is `conversionOf` of it: one decision serves both.
 *
 * `$ref`, `allOf`, nullable wrappers (`anyOf: [X, {type: "null"}]`) and `$ref` with siblings are
 * merged into one flat view. References follow the one cycle rule of refs.ts (SchemaValues: a
 * schema already being flattened adds nothing more); results are memoised per schema object, so
 * chains of `anyOf: [{$ref: next}, {$ref: next}]` take linear time.
 */
import { isPlainObject } from "./pointer.js";
import { resolveLocal, SchemaValues } from "./refs.js";

export type JsonKind = "string" | "integer" | "number" | "boolean" | "array" | "object" | "null";

export const KIND_ORDER: readonly JsonKind[] = ["string", "integer", "number", "boolean", "array", "object", "null"];

/**
 * How the legacy parser converts a parameter's text: the JSON types to try (every type but
 * `string` first, `string` last), or `["any"]`: the JSON value the text is, else the text itself.
 * An empty list keeps the text.
 */
export type Conversion = readonly (JsonKind | "any")[];

export interface Bounds {
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  minProperties?: number;
  maxProperties?: number;
  pattern?: string;
  format?: string;
}

/** A schema, flattened: what it allows, whichever keywords say it. */
export interface Flat {
  /** The JSON types allowed; `undefined` when nothing restricts them. */
  kinds: ReadonlySet<JsonKind> | undefined;
  /** Types its keywords suggest (`properties`: object, `items`: array) when nothing restricts them. */
  hints: ReadonlySet<JsonKind>;
  /** Every allowed value, when the schema enumerates them (`enum`, `const`, nullable enums). */
  values: readonly unknown[] | undefined;
  description: string | undefined;
  default: { value: unknown } | undefined;
  properties: ReadonlyMap<string, unknown>;
  required: ReadonlySet<string>;
  additionalProperties: unknown;
  items: unknown;
  prefixItems: readonly unknown[] | undefined;
  bounds: Bounds;
  /** `anyOf`/`oneOf` branches that are not merged (more than one non-null branch). */
  alternatives: readonly unknown[] | undefined;
  /** Whether `kinds` took a branch's hints for its types (`anyOf: [{properties}, {type: "null"}]`). */
  hinted: boolean;
}

const EMPTY: Flat = {
  kinds: undefined,
  hints: new Set(),
  values: undefined,
  description: undefined,
  default: undefined,
  properties: new Map(),
  required: new Set(),
  additionalProperties: undefined,
  items: undefined,
  prefixItems: undefined,
  bounds: {},
  alternatives: undefined,
  hinted: false,
};

const NOTHING: Flat = { ...EMPTY, kinds: new Set() };

export function jsonKindOf(value: unknown): JsonKind {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  if (typeof value === "string") return "string";
  if (typeof value === "boolean") return "boolean";
  return "object";
}

function isKind(value: unknown): value is JsonKind {
  return typeof value === "string" && (KIND_ORDER as readonly string[]).includes(value);
}

function sorted(kinds: Iterable<JsonKind>): Set<JsonKind> {
  const all = new Set(kinds);
  return new Set(KIND_ORDER.filter((k) => all.has(k)));
}

/** `a` ∩ `b`, where an integer is also a number. */
function intersect(a: ReadonlySet<JsonKind> | undefined, b: ReadonlySet<JsonKind> | undefined): ReadonlySet<JsonKind> | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  const has = (s: ReadonlySet<JsonKind>, k: JsonKind) => s.has(k) || (k === "integer" && s.has("number"));
  return sorted(KIND_ORDER.filter((k) => has(a, k) && has(b, k)));
}

/** The types a flat schema allows, its hints standing in when nothing restricts them; `undefined`: any JSON value. */
export function effectiveKinds(flat: Flat): ReadonlySet<JsonKind> | undefined {
  if (flat.kinds !== undefined) return flat.kinds;
  return flat.hints.size > 0 ? flat.hints : undefined;
}

function isNullOnly(flat: Flat): boolean {
  const kinds = effectiveKinds(flat);
  return kinds !== undefined && kinds.size === 1 && kinds.has("null");
}

/** Merges the flat views of schemas that all apply to the value (`allOf`, `$ref` and its siblings). */
function merge(parts: readonly Flat[]): Flat {
  if (parts.length === 1) return parts[0] ?? EMPTY;
  let kinds: ReadonlySet<JsonKind> | undefined;
  const hints = new Set<JsonKind>();
  let values: readonly unknown[] | undefined;
  const properties = new Map<string, unknown>();
  const required = new Set<string>();
  const out: { -readonly [K in keyof Flat]: Flat[K] } = { ...EMPTY, hints, properties, required, bounds: {} };
  for (const p of parts) {
    kinds = intersect(kinds, p.kinds);
    p.hints.forEach((h) => hints.add(h));
    if (p.values !== undefined) values = values === undefined ? p.values : values.filter((v) => p.values?.some((w) => sameJson(v, w)));
    out.description ??= p.description;
    out.default ??= p.default;
    for (const [k, v] of p.properties) if (!properties.has(k)) properties.set(k, v);
    p.required.forEach((r) => required.add(r));
    out.additionalProperties ??= p.additionalProperties;
    out.items ??= p.items;
    out.prefixItems ??= p.prefixItems;
    out.alternatives ??= p.alternatives;
    out.hinted ||= p.hinted;
    out.bounds = { ...p.bounds, ...out.bounds };
  }
  if (values !== undefined) kinds = intersect(kinds, sorted(values.map(jsonKindOf)));
  out.kinds = kinds;
  out.values = values;
  return out;
}

function sameJson(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

const BOUND_NUMBERS = [
  "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minLength", "maxLength",
  "minItems", "maxItems", "minProperties", "maxProperties",
] as const;

const OBJECT_HINTS = ["properties", "required", "additionalProperties", "patternProperties", "minProperties", "maxProperties"];
const ARRAY_HINTS = ["items", "prefixItems", "contains", "minItems", "maxItems", "uniqueItems"];

/** The flat views of one tool's schema (its root is what local `$ref`s resolve against). */
export class SchemaModel {
  /** The one cycle rule (refs.ts): a schema already being flattened (through a reference) adds nothing more. */
  readonly #flats: SchemaValues<Flat>;

  constructor(readonly root: unknown) {
    this.#flats = new SchemaValues<Flat>(root, (schema) => this.#flatten(schema), EMPTY);
  }

  /** The flat view of `schema` (a subschema of the root, or the root). */
  flat(schema: unknown): Flat {
    if (schema === true || schema === undefined) return EMPTY;
    if (!isPlainObject(schema)) return NOTHING;
    return this.#flats.of(schema);
  }

  #flatten(s: Record<string, unknown>): Flat {
    const own: { -readonly [K in keyof Flat]: Flat[K] } = { ...EMPTY, bounds: {}, hinted: false };
    const parts: Flat[] = [];
    if (typeof s.type === "string") own.kinds = isKind(s.type) ? new Set([s.type]) : new Set();
    else if (Array.isArray(s.type)) own.kinds = sorted(s.type.filter(isKind));
    if (Array.isArray(s.enum)) own.values = s.enum;
    else if (Object.hasOwn(s, "const")) own.values = [s.const];
    if (own.values !== undefined) own.kinds = intersect(own.kinds, sorted(own.values.map(jsonKindOf)));
    if (typeof s.description === "string" && s.description.trim() !== "") own.description = s.description.trim();
    if (Object.hasOwn(s, "default")) own.default = { value: s.default };
    const hints = new Set<JsonKind>();
    if (OBJECT_HINTS.some((k) => Object.hasOwn(s, k))) hints.add("object");
    if (ARRAY_HINTS.some((k) => Object.hasOwn(s, k))) hints.add("array");
    own.hints = hints;
    if (isPlainObject(s.properties)) own.properties = new Map(Object.entries(s.properties));
    if (Array.isArray(s.required)) own.required = new Set(s.required.filter((r): r is string => typeof r === "string"));
    own.additionalProperties = s.additionalProperties;
    if (Array.isArray(s.prefixItems)) own.prefixItems = s.prefixItems;
    if (Array.isArray(s.items)) own.prefixItems ??= s.items;
    else own.items = s.items;
    const bounds: Bounds = {};
    for (const key of BOUND_NUMBERS) {
      const v = s[key];
      if (typeof v === "number" && Number.isFinite(v)) bounds[key] = v;
    }
    // Draft-04 boolean exclusive bounds.
    if (s.exclusiveMinimum === true && bounds.minimum !== undefined) {
      bounds.exclusiveMinimum = bounds.minimum;
      delete bounds.minimum;
    }
    if (s.exclusiveMaximum === true && bounds.maximum !== undefined) {
      bounds.exclusiveMaximum = bounds.maximum;
      delete bounds.maximum;
    }
    if (s.uniqueItems === true) bounds.uniqueItems = true;
    if (typeof s.pattern === "string") bounds.pattern = s.pattern;
    if (typeof s.format === "string") bounds.format = s.format;
    own.bounds = bounds;
    parts.push(own);

    if (typeof s.$ref === "string") {
      const target = resolveLocal(this.root, s.$ref);
      // A bare reference is its target (the same view, so a recursive one is recognised as such).
      if (target !== undefined && Object.keys(s).length === 1) return this.flat(target);
      if (target !== undefined) parts.push(this.flat(target));
    }
    if (Array.isArray(s.allOf)) for (const member of s.allOf) parts.push(this.flat(member));
    for (const key of ["anyOf", "oneOf"] as const) {
      const branches = s[key];
      if (Array.isArray(branches) && branches.length > 0) parts.push(this.#union(branches));
    }
    return merge(parts);
  }

  /** `anyOf`/`oneOf`: the union of the branches; one non-null branch (a nullable wrapper) is merged in. */
  #union(branches: readonly unknown[]): Flat {
    const flats = branches.map((b) => this.flat(b));
    let kinds: Set<JsonKind> | undefined = new Set();
    for (const f of flats) {
      const k = effectiveKinds(f);
      if (k === undefined) {
        kinds = undefined;
        break;
      }
      k.forEach((x) => kinds?.add(x));
    }
    const enumerated = flats.every((f) => f.values !== undefined || isNullOnly(f));
    const values = enumerated ? flats.flatMap((f) => f.values ?? [null]) : undefined;
    const nonNull = flats.filter((f) => !isNullOnly(f));
    const base: Flat = nonNull.length === 1 && nonNull[0] !== undefined
      ? nonNull[0]
      : { ...EMPTY, alternatives: nonNull.length > 1 ? branches.filter((_, i) => !isNullOnly(flats[i] ?? EMPTY)) : undefined };
    const hinted = flats.some((f) => f.hinted || (f.kinds === undefined && f.hints.size > 0));
    return { ...base, kinds: kinds === undefined ? undefined : sorted(kinds), hints: new Set(), values, hinted };
  }
}

/** The conversion the legacy parser applies to a parameter of this flat schema. */
export function conversionOf(flat: Flat): Conversion {
  const kinds = effectiveKinds(flat);
  if (kinds === undefined) return ["any"];
  return [...kinds];
}

/** The prompt's `<type>` for a conversion: its first non-null type; `any` for any JSON value. */
export function typeNameOf(conversion: Conversion): string {
  return conversion.find((t) => t !== "null") ?? conversion[0] ?? "string";
}
