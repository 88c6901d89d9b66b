/**
 * JSON Schema -> Zod 4 source code, for the `claude-agent-sdk` output (the Claude Agent SDK's `tool()`
 * takes a Zod raw shape, not JSON Schema). Exact or nothing: each keyword maps to the Zod construct
 * whose `z.toJSONSchema` export gives that keyword back (zod-normalise.ts lists the normalisation the
 * round trip allows); a keyword with no such construct makes the whole tool inexpressible, with the
 * JSON pointer of the keyword and why, so that the build notes it and the lint rule
 * `claude-agent-sdk/zod-exact` reports it, never a looser schema.
 *
 * Not json-schema-to-zod (the maintained converter): it loosens what Zod cannot say without saying
 * so (`oneOf` and `not` become `z.any()` with a refinement, whose export is `{}`), and toolgen does not
 * depend on it (it is only here through @mastra/core).
 */
import type { JsonObject, JsonValue } from "../../model.js";
import { readsAs2020 } from "../../schema/dialect.js";
import { isPlainObject, joinPointer, localRefPointer, getByPointer } from "../../schema/pointer.js";

/** Why a tool's schema has no exact Zod shape, and where (a JSON pointer in its input schema). */
export interface ZodProblem {
  pointer: string;
  reason: string;
}

export type ZodShapeResult = { ok: true; fields: Array<[string, string]>; defs: Array<[string, string]> } | { ok: false; problem: ZodProblem };

/** Keywords that say nothing about validity: carried as Zod metadata (`.meta()`), exported as written. */
const ANNOTATIONS = ["title", "description", "examples", "default", "deprecated", "readOnly", "writeOnly", "$comment"] as const;

/**
 * Keywords carried as metadata although they constrain, because Zod's own check would not be JSON
 * Schema's (the tools' calls are checked by toolgen's validator, which applies them): `format` (Zod's
 * format checks add a `pattern` of their own; on a number, `"int32"` and the like, Zod's z.int32()
 * exports bounds instead), `uniqueItems`, `minProperties`, `maxProperties` (Zod has no such check).
 */
const CARRIED: Record<string, readonly string[]> = {
  string: ["format"],
  number: ["format"],
  integer: ["format"],
  array: ["uniqueItems"],
  object: ["minProperties", "maxProperties"],
};

const TYPES = new Set(["string", "number", "integer", "boolean", "null", "object", "array"]);

const KEYWORDS: Record<string, readonly string[]> = {
  string: ["minLength", "maxLength", "pattern", "format"],
  number: ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "format"],
  integer: ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "format"],
  boolean: [],
  null: [],
  object: ["properties", "required", "additionalProperties", "propertyNames", "minProperties", "maxProperties"],
  array: ["items", "prefixItems", "minItems", "maxItems", "uniqueItems"],
};

class Inexpressible extends Error {
  constructor(
    readonly pointer: string,
    readonly reason: string,
  ) {
    super(reason);
  }
}

/** JSON data as a one-line TypeScript expression; a `__proto__` key is computed, so that it stays a property. */
export function js(v: JsonValue): string {
  if (v === null || typeof v !== "object") return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(js).join(", ")}]`;
  return `{ ${Object.entries(v).map(([k, x]) => `${k === "__proto__" ? `["__proto__"]` : JSON.stringify(k)}: ${js(x)}`).join(", ")} }`;
}

function isPrimitive(v: JsonValue): v is string | number | boolean | null {
  return v === null || typeof v !== "object";
}

interface Walk {
  root: JsonObject;
  /** `$defs` name -> the name of its emitted const, for those emitted (or being emitted). */
  defs: Map<string, string>;
  /** Emitted consts, in order: each before any that uses it. */
  out: Array<[string, string]>;
  /** Defs being emitted (a `$ref` back to one of them is recursion). */
  open: Set<string>;
  /** The schema is read as 2020-12 (schema/dialect.ts): `prefixItems` is a tuple, as Zod exports one. */
  next: boolean;
}

function meta(schema: JsonObject, extra: readonly string[] = []): string {
  const kept: JsonObject = {};
  for (const key of [...ANNOTATIONS, ...extra]) if (schema[key] !== undefined) kept[key] = schema[key]!;
  return Object.keys(kept).length === 0 ? "" : `.meta(${js(kept)})`;
}

function expectNumber(schema: JsonObject, key: string, at: string): number {
  const v = schema[key];
  if (typeof v !== "number" || !Number.isFinite(v)) throw new Inexpressible(joinPointer(at, key), `'${key}' is not a number`);
  return v;
}

function checkKeys(schema: JsonObject, allowed: readonly string[], at: string): void {
  for (const key of Object.keys(schema)) {
    // `$defs` validates nothing: its definitions are reached through `$ref`s, resolved from the root.
    if ((ANNOTATIONS as readonly string[]).includes(key) || allowed.includes(key) || key === "$defs") continue;
    throw new Inexpressible(joinPointer(at, key), `Zod has no construct whose JSON Schema is '${key}' here`);
  }
}

function stringSource(s: JsonObject, at: string): string {
  let code = "z.string()";
  if (s["minLength"] !== undefined) code += `.min(${expectNumber(s, "minLength", at)})`;
  if (s["maxLength"] !== undefined) code += `.max(${expectNumber(s, "maxLength", at)})`;
  const pattern = s["pattern"];
  if (pattern !== undefined) {
    if (typeof pattern !== "string") throw new Inexpressible(joinPointer(at, "pattern"), "'pattern' is not a string");
    try {
      new RegExp(pattern, "u");
    } catch {
      throw new Inexpressible(joinPointer(at, "pattern"), "the pattern is not a JavaScript regular expression (Zod checks patterns with RegExp)");
    }
    code += `.regex(new RegExp(${js(pattern)}, "u"))`;
  }
  return code;
}

function numberSource(s: JsonObject, type: "number" | "integer", at: string): string {
  let code = type === "integer" ? "z.int()" : "z.number()";
  if (s["minimum"] !== undefined) code += `.gte(${expectNumber(s, "minimum", at)})`;
  if (s["exclusiveMinimum"] !== undefined) code += `.gt(${expectNumber(s, "exclusiveMinimum", at)})`;
  if (s["maximum"] !== undefined) code += `.lte(${expectNumber(s, "maximum", at)})`;
  if (s["exclusiveMaximum"] !== undefined) code += `.lt(${expectNumber(s, "exclusiveMaximum", at)})`;
  if (s["multipleOf"] !== undefined) code += `.multipleOf(${expectNumber(s, "multipleOf", at)})`;
  return code;
}

/**
 * A string-keyed record, `{ "type": "object", "propertyNames": K, "additionalProperties": V }`: what
 * Zod 4 exports for `z.record(K, V)` when K is a string schema (no `enum`: Zod's enum-keyed records
 * require every key). A record has no named fields, so `properties` and `required` may not stand beside it.
 */
function recordSource(s: JsonObject, at: string, w: Walk): string {
  const keys = s["propertyNames"]!;
  const keysAt = joinPointer(at, "propertyNames");
  for (const key of ["properties", "required"]) {
    const v = s[key];
    if (v !== undefined && !(Array.isArray(v) ? v.length === 0 : isPlainObject(v) && Object.keys(v).length === 0)) {
      throw new Inexpressible(keysAt, `'propertyNames' beside '${key}' (a Zod record has no named fields)`);
    }
  }
  let keySource: string;
  if (keys === true) keySource = "z.string()";
  else if (!isPlainObject(keys)) throw new Inexpressible(keysAt, "'propertyNames' other than a string schema (a Zod record's keys are strings)");
  else {
    if (keys["type"] !== undefined && keys["type"] !== "string") throw new Inexpressible(joinPointer(keysAt, "type"), "'propertyNames' other than a string schema (a Zod record's keys are strings)");
    checkKeys(keys, ["type", ...KEYWORDS["string"]!], keysAt);
    keySource = `${stringSource(keys, keysAt)}${meta(keys, CARRIED["string"])}`;
  }
  const extra = s["additionalProperties"];
  if (extra === false) throw new Inexpressible(joinPointer(at, "additionalProperties"), "'additionalProperties: false' beside 'propertyNames' (only the empty object: Zod's z.never() exports as {not: {}})");
  const valueSource = extra === undefined || extra === true ? "z.unknown()" : source(extra, joinPointer(at, "additionalProperties"), w);
  return `z.record(${keySource}, ${valueSource})`;
}

function objectSource(s: JsonObject, at: string, w: Walk): string {
  if (s["propertyNames"] !== undefined) return recordSource(s, at, w);
  const properties = s["properties"] ?? {};
  if (!isPlainObject(properties)) throw new Inexpressible(joinPointer(at, "properties"), "'properties' is not an object");
  const required = s["required"] ?? [];
  if (!Array.isArray(required) || !required.every((r) => typeof r === "string")) throw new Inexpressible(joinPointer(at, "required"), "'required' is not an array of strings");
  for (const name of required) {
    if (!Object.hasOwn(properties, name)) throw new Inexpressible(joinPointer(at, "required"), `'${name}' is required but not among the properties (a Zod object requires only its fields)`);
  }
  const fields = shapeFields(properties, required as string[], joinPointer(at, "properties"), w);
  const body = shapeLiteral(fields);
  const extra = s["additionalProperties"];
  if (extra === undefined) return `z.object(${body})`;
  if (extra === false) return `z.strictObject(${body})`;
  if (extra === true) return `z.looseObject(${body})`;
  return `z.object(${body}).catchall(${source(extra, joinPointer(at, "additionalProperties"), w)})`;
}

/** A shape's fields as an object literal (a `__proto__` field computed, so that it stays a field). */
export function shapeLiteral(fields: ReadonlyArray<[string, string]>): string {
  return `{ ${fields.map(([k, v]) => `${k === "__proto__" ? `["__proto__"]` : JSON.stringify(k)}: ${v}`).join(", ")} }`;
}

/** The fields of a shape: each property's source, `.optional()` unless required. */
function shapeFields(properties: JsonObject, required: readonly string[], at: string, w: Walk): Array<[string, string]> {
  return Object.entries(properties).map(([name, sub]) => {
    const code = source(sub, joinPointer(at, name), w);
    return [name, required.includes(name) ? code : `${code}.optional()`];
  });
}

function typedSource(s: JsonObject, type: string, at: string, w: Walk): string {
  switch (type) {
    case "string":
      return stringSource(s, at);
    case "number":
    case "integer":
      return numberSource(s, type, at);
    case "boolean":
      return "z.boolean()";
    case "null":
      return "z.null()";
    case "object":
      return objectSource(s, at, w);
    case "array": {
      const items = s["items"];
      if (Array.isArray(items)) throw new Inexpressible(joinPointer(at, "items"), "an array of 'items' (a draft-07 tuple)");
      if (s["prefixItems"] !== undefined) return tupleSource(s, at, w);
      let code = `z.array(${items === undefined || items === true ? "z.unknown()" : source(items, joinPointer(at, "items"), w)})`;
      if (s["minItems"] !== undefined) code += `.min(${expectNumber(s, "minItems", at)})`;
      if (s["maxItems"] !== undefined) code += `.max(${expectNumber(s, "maxItems", at)})`;
      return code;
    }
    default:
      throw new Inexpressible(joinPointer(at, "type"), `'${type}' is not a JSON Schema type`);
  }
}

/**
 * A 2020-12 tuple (`prefixItems`, then `items` for the rest) as `z.tuple`, whose export is the same
 * (Zod 4: `prefixItems`, `items`, and `minItems` for the elements that are not optional). An element
 * at or past `minItems` may be missing, as `prefixItems` allows: `.optional()`. With `items: false`
 * Zod also exports `maxItems` (the tuple's length), which `items: false` implies (zod-normalise.ts).
 */
function tupleSource(s: JsonObject, at: string, w: Walk): string {
  const prefix = s["prefixItems"];
  if (!w.next) throw new Inexpressible(joinPointer(at, "prefixItems"), "'prefixItems' in a draft-07 schema (which ignores it; Zod's tuples are 2020-12's)");
  if (!Array.isArray(prefix)) throw new Inexpressible(joinPointer(at, "prefixItems"), "'prefixItems' is not an array");
  const min = s["minItems"] === undefined ? 0 : expectNumber(s, "minItems", at);
  if (min > prefix.length) throw new Inexpressible(joinPointer(at, "minItems"), "a 'minItems' beyond the tuple's elements");
  const items = s["items"];
  if (s["maxItems"] !== undefined && !(items === false && expectNumber(s, "maxItems", at) >= prefix.length)) {
    throw new Inexpressible(joinPointer(at, "maxItems"), "a 'maxItems' on a tuple (a Zod tuple bounds its length only by 'items: false')");
  }
  if (s["uniqueItems"] !== undefined) throw new Inexpressible(joinPointer(at, "uniqueItems"), "'uniqueItems' on a tuple");
  const elements = prefix.map((p: JsonValue, i) => `${source(p, joinPointer(joinPointer(at, "prefixItems"), String(i)), w)}${i >= min ? ".optional()" : ""}`);
  let code = `z.tuple([${elements.join(", ")}])`;
  if (items !== false) code += `.rest(${items === undefined || items === true ? "z.unknown()" : source(items, joinPointer(at, "items"), w)})`;
  return code;
}

function refSource(s: JsonObject, at: string, w: Walk): string {
  const ref = s["$ref"];
  checkKeys(s, ["$ref"], at);
  if (typeof ref !== "string" || !ref.startsWith("#/$defs/")) throw new Inexpressible(joinPointer(at, "$ref"), "a '$ref' other than '#/$defs/<name>'");
  const pointer = localRefPointer(ref);
  const name = pointer === undefined ? undefined : pointer.slice("/$defs/".length);
  const target = pointer === undefined ? undefined : getByPointer(w.root, pointer);
  if (name === undefined || name.includes("/") || target === undefined) throw new Inexpressible(joinPointer(at, "$ref"), `'${ref}' does not resolve to a definition`);
  if (w.open.has(name)) throw new Inexpressible(joinPointer(at, "$ref"), `'${ref}' is recursive (a Zod shape would need z.lazy, whose export is a $ref of its own)`);
  let id = w.defs.get(name);
  if (id === undefined) {
    w.open.add(name);
    const code = source(target as JsonValue, pointer!, w);
    w.open.delete(name);
    id = `def${w.out.length}`;
    w.defs.set(name, id);
    w.out.push([id, code]);
  }
  // Annotations beside a $ref are not allowed (checkKeys above lets them through): keep them.
  return `${id}${meta(s)}`;
}

/** The Zod source of one schema at `at` (a pointer in the input schema). */
function source(schema: JsonValue, at: string, w: Walk): string {
  if (schema === true) return "z.unknown()";
  if (!isPlainObject(schema)) throw new Inexpressible(at, schema === false ? "the schema 'false' (Zod's z.never() exports as {not: {}})" : "not a schema");
  const s = schema;
  if (s["$ref"] !== undefined) return refSource(s, at, w);
  for (const key of ["enum", "const"] as const) {
    if (s[key] === undefined) continue;
    const values = key === "const" ? [s[key]!] : s[key];
    if (!Array.isArray(values) || values.length === 0 || !values.every(isPrimitive)) throw new Inexpressible(joinPointer(at, key), `'${key}' holds an object or an array (Zod's literals are primitives)`);
    checkKeys(s, [key, "type"], at);
    const type = s["type"];
    if (type !== undefined && !values.every((v) => matches(v, type))) throw new Inexpressible(joinPointer(at, "type"), `a value of '${key}' is not of the 'type' beside it`);
    return `z.literal(${js(values)})${meta(s)}`;
  }
  for (const key of ["anyOf", "oneOf"] as const) {
    if (s[key] === undefined) continue;
    checkKeys(s, [key], at);
    const members = s[key];
    if (!Array.isArray(members) || members.length < 2) throw new Inexpressible(joinPointer(at, key), `'${key}' with fewer than two schemas`);
    const parts = members.map((m, i) => source(m, joinPointer(at, key, i), w));
    return `${key === "anyOf" ? "z.union" : "z.xor"}([${parts.join(", ")}])${meta(s)}`;
  }
  const type = s["type"];
  if (type === undefined) {
    checkKeys(s, [], at);
    return `z.unknown()${meta(s)}`;
  }
  if (typeof type === "string") {
    checkKeys(s, ["type", ...(KEYWORDS[type] ?? [])], at);
    return `${typedSource(s, type, at, w)}${meta(s, CARRIED[type] ?? [])}`;
  }
  if (!Array.isArray(type) || type.length === 0 || !type.every((t): t is string => typeof t === "string" && TYPES.has(t))) throw new Inexpressible(joinPointer(at, "type"), "'type' is not a type or a list of types");
  if (type.length === 1) {
    checkKeys(s, ["type", ...(KEYWORDS[type[0]!] ?? [])], at);
    return `${typedSource(s, type[0]!, at, w)}${meta(s, CARRIED[type[0]!] ?? [])}`;
  }
  // A list of types is a union of bare types: a keyword beside it would apply to some members only.
  checkKeys(s, ["type"], at);
  if (type.includes("integer") && type.includes("number")) throw new Inexpressible(joinPointer(at, "type"), "both 'integer' and 'number'");
  return `z.union([${type.map((t) => typedSource({}, t, at, w)).join(", ")}])${meta(s)}`;
}

function matches(value: JsonValue, type: JsonValue): boolean {
  const types = Array.isArray(type) ? type : [type];
  return types.some((t) => {
    if (t === "null") return value === null;
    if (t === "integer") return typeof value === "number" && Number.isInteger(value);
    return typeof value === t;
  });
}

/**
 * The Zod raw shape of an input schema (a `type: "object"` root): each property's Zod source, the
 * `$defs` it uses as consts (`defs`, to emit first), or the first keyword Zod cannot say exactly.
 * The root's own `additionalProperties: false` is allowed and not carried: a raw shape has no place for
 * it (the SDK builds `z.object(shape)`), which zod-normalise.ts documents.
 */
export function zodShape(schema: JsonObject): ZodShapeResult {
  const w: Walk = { root: schema, defs: new Map(), out: [], open: new Set(), next: readsAs2020(schema) };
  try {
    if (schema["type"] !== "object") throw new Inexpressible("", "the root is not \"type\": \"object\" (a Zod raw shape is the fields of an object)");
    checkKeys(schema, ["type", "properties", "required", "additionalProperties", "$defs", "$schema"], "");
    const extra = schema["additionalProperties"];
    if (extra !== undefined && extra !== false) throw new Inexpressible("/additionalProperties", "the root's 'additionalProperties' (a raw shape has no catchall)");
    const defs = schema["$defs"];
    if (defs !== undefined && !isPlainObject(defs)) throw new Inexpressible("/$defs", "'$defs' is not an object");
    const properties = schema["properties"] ?? {};
    if (!isPlainObject(properties)) throw new Inexpressible("/properties", "'properties' is not an object");
    const required = schema["required"] ?? [];
    if (!Array.isArray(required) || !required.every((r) => typeof r === "string")) throw new Inexpressible("/required", "'required' is not an array of strings");
    for (const name of required) if (!Object.hasOwn(properties, name)) throw new Inexpressible("/required", `'${name}' is required but not among the properties`);
    const fields = shapeFields(properties, required as string[], "/properties", w);
    return { ok: true, fields, defs: w.out };
  } catch (error) {
    if (error instanceof Inexpressible) return { ok: false, problem: { pointer: error.pointer, reason: error.reason } };
    throw error;
  }
}
