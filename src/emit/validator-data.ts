/**
 * Which tools the validator interpreter (src/runtime/validate.ts) runs, decided at build time from
 * the schema alone: `interpretedSchema` returns the schema as the interpreter's data (annotations
 * and keywords ajv ignores dropped) when every keyword it holds is one the interpreter gives ajv's
 * exact errors for, else undefined, and the tool keeps ajv's standalone code. Falls back on:
 * `$id`/`id`/`$anchor`/`$schema` below the root, `$dynamicRef`/`$recursiveRef` and their anchors,
 * `nullable`, `discriminator`, `$async`, `dependencies`, `dependentRequired`/`dependentSchemas` and
 * `unevaluated*` (2020-12), a tuple (`items` array, `prefixItems`), `contains` wanting one item
 * (both: see below), a keyword value of a type ajv does not take, a `format` named like an
 * Object.prototype member, a `$ref` that is not a local JSON pointer to a schema other than the root
 * (or that points at a bare `$ref`, which ajv follows), and a ref target whose `$ref`s only an
 * annotation held (ajv inlines a target without one).
 */
import { hasRef, resolvePointer } from "../runtime/validate.js";
import { isPlainObject as isObj, setOwn } from "../schema/pointer.js";

const TYPES = new Set(["null", "boolean", "object", "array", "number", "integer", "string"]);
const NUMBERS = ["maximum", "minimum", "exclusiveMaximum", "exclusiveMinimum", "multipleOf", "maxLength", "minLength",
  "maxItems", "minItems", "maxProperties", "minProperties"];
const ONE = ["not", "if", "then", "else", "contains", "propertyNames", "additionalProperties"];
const LISTS = ["anyOf", "oneOf", "allOf"];
const MAPS = ["properties", "patternProperties", "definitions", "$defs"];
const FALLBACK = new Set(["$id", "id", "$anchor", "$schema", "$dynamicRef", "$dynamicAnchor", "$recursiveRef", "$recursiveAnchor",
  "nullable", "discriminator", "$async", "dependencies", "$vocabulary"]);
const FALLBACK_2020 = new Set(["dependentRequired", "dependentSchemas", "unevaluatedProperties", "unevaluatedItems", "prefixItems"]);
const KEPT = new Set([...NUMBERS, ...ONE, ...LISTS, ...MAPS, "type", "$ref", "const", "enum", "pattern", "format", "items", "uniqueItems", "required"]);
// Without a tuple `items`, ajv ignores `additionalItems`, but it still makes the array keywords'
// group run (so a wrong type is reported there, after the untyped keywords): kept, with no effect.
const KEPT_07 = new Set(["additionalItems"]);
const KEPT_2020 = new Set(["minContains", "maxContains"]);

type Obj = Record<string, unknown>;

class Unsupported extends Error {}

/** The interpreter's data for `schema` (after protoAsPattern, without root `$id`/`$schema`), or undefined. */
export function interpretedSchema(schema: Obj, draft2020: boolean): { data: Obj; patterns: string[] } | undefined {
  const patterns = new Set<string>();
  const refs: Array<[string, unknown]> = [];
  const schemas = new Set<unknown>();
  // Without a `$ref` anywhere, definitions are never applied: they are left out.
  const keepDefs = hasRef(schema);
  const strip = (s: unknown): unknown => {
    if (typeof s === "boolean") return s;
    if (!isObj(s)) throw new Unsupported();
    const out: Obj = {};
    for (const k of Object.keys(s)) {
      const v = s[k];
      if (FALLBACK.has(k) || (draft2020 && FALLBACK_2020.has(k))) throw new Unsupported();
      if (!KEPT.has(k) && !(draft2020 ? KEPT_2020 : KEPT_07).has(k)) continue;
      if (NUMBERS.includes(k) || k === "minContains" || k === "maxContains") {
        if (typeof v !== "number" || !Number.isFinite(v)) throw new Unsupported();
        setOwn(out, k, v);
      } else if (ONE.includes(k) || k === "additionalItems") setOwn(out, k, strip(v));
      else if (LISTS.includes(k)) {
        if (!Array.isArray(v)) throw new Unsupported();
        setOwn(out, k, v.map(strip));
      } else if (MAPS.includes(k)) {
        if (!isObj(v)) throw new Unsupported();
        if (!keepDefs && (k === "definitions" || k === "$defs")) continue;
        const map: Obj = {};
        for (const name of Object.keys(v)) {
          if (k === "patternProperties" && name !== "__proto__") patterns.add(name);
          setOwn(map, name, strip(v[name]));
        }
        setOwn(out, k, map);
      } else if (k === "items") {
        // A tuple (`items` array, `prefixItems`) is left to ajv: inside `not` or `if` (no allErrors),
        // ajv's tuple code reads an unset `var` for an array shorter than the tuple and skips the
        // keywords after it (`{"not": {"items": [{}, false], "contains": true}}` rejects `[]`).
        if (Array.isArray(v)) throw new Unsupported();
        setOwn(out, k, strip(v));
      } else if (k === "type") {
        const list: unknown[] = Array.isArray(v) ? v : [v];
        if (!list.every((t) => typeof t === "string" && TYPES.has(t))) throw new Unsupported();
        setOwn(out, k, v);
      } else if (k === "required") {
        if (!Array.isArray(v) || !v.every((p) => typeof p === "string")) throw new Unsupported();
        setOwn(out, k, v);
      } else if (k === "enum") {
        if (!Array.isArray(v) || v.length === 0) throw new Unsupported();
        setOwn(out, k, v);
      } else if (k === "pattern") {
        if (typeof v !== "string") throw new Unsupported();
        patterns.add(v);
        setOwn(out, k, v);
      } else if (k === "format") {
        if (typeof v !== "string" || v in Object.prototype) throw new Unsupported();
        setOwn(out, k, v);
      } else if (k === "uniqueItems") {
        if (typeof v !== "boolean") throw new Unsupported();
        setOwn(out, k, v);
      } else if (k === "$ref") {
        // `#` itself: ajv's standalone code cannot call the root from a definition compiled apart.
        if (typeof v !== "string" || !/^#\/./.test(v)) throw new Unsupported();
        refs.push([v, s]);
        setOwn(out, k, v);
      } else setOwn(out, k, v);
    }
    // ajv's `contains` with one item wanted (draft-07, or 2020-12 without minContains/maxContains)
    // reads a `var` that an empty array never sets: inside a loop of the same function it keeps the
    // previous pass's verdict (`{"additionalProperties": {"contains": {"type": "string"}}}` accepts
    // `{"a": ["x"], "b": []}`). Those schemas keep ajv's code, which the interpreter does not imitate.
    if (Object.hasOwn(out, "contains") && !(out["contains"] === true || (isObj(out["contains"]) && Object.keys(out["contains"]).length === 0))) {
      const min = draft2020 && typeof out["minContains"] === "number" ? out["minContains"] : 1;
      const max = draft2020 ? out["maxContains"] : undefined;
      if (max === undefined && min === 1) throw new Unsupported();
    }
    schemas.add(out);
    return out;
  };
  let data: Obj;
  try {
    data = strip(schema) as Obj;
    for (const [ref] of refs) {
      let original: unknown;
      let target: unknown;
      try {
        original = resolvePointer(schema, ref);
        target = resolvePointer(data, ref);
      } catch {
        return undefined; // a malformed %-escape
      }
      if (typeof target !== "boolean" && !schemas.has(target)) return undefined;
      if (isObj(target) && typeof target["$ref"] === "string" && Object.keys(target).every((k) => k === "$ref" || MAPS.slice(2).includes(k))) return undefined;
      if (hasRef(original) !== hasRef(target)) return undefined;
    }
  } catch (error) {
    if (error instanceof Unsupported) return undefined;
    throw error;
  }
  return { data, patterns: [...patterns] };
}
