/**
 * Named predicates for the inputs where ajv 8's verdict is a known ajv bug, so that the
 * differential tests (validate.test.ts, differential.test.ts) can leave exactly those inputs out of
 * their comparison with ajv and keep comparing everything else. Each predicate is proved in
 * ajv-bugs.test.ts against hand-evaluated verdicts from the JSON Schema spec. A test file using them
 * calls reference-ajv.ts's `useReferenceEqual` (ajv's own `equal` fails on an own "__proto__" key).
 */
import { Ajv2019 } from "ajv/dist/2019.js";
import { Ajv2020 } from "ajv/dist/2020.js";
import type { ValidateFunction as AjvValidate } from "ajv";
import { protoAsPattern } from "../../src/emit/validators.js";
import { formats } from "../../src/runtime/formats.js";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const KEYWORDS_OF_SCHEMAS = new Set(["properties", "patternProperties", "definitions", "$defs", "dependentSchemas"]);

/** `contains` wanting one item, ajv's path without a counter (draft-07; 2020-12 without min/maxContains). */
function oneWanted(s: Obj, next: boolean): boolean {
  if (!("contains" in s) || s["contains"] === true || (isObj(s["contains"]) && Object.keys(s["contains"]).length === 0)) return false;
  return !next || (s["maxContains"] === undefined && (s["minContains"] ?? 1) === 1);
}

/** `schema` with `fix` applied to every schema object in it (after its subschemas). */
function rewrite(schema: unknown, fix: (s: Obj) => Obj): unknown {
  if (Array.isArray(schema)) return schema.map((s) => rewrite(s, fix));
  if (!isObj(schema)) return schema;
  const out: Obj = {};
  for (const k of Object.keys(schema)) {
    const v = schema[k];
    if (KEYWORDS_OF_SCHEMAS.has(k) && isObj(v)) out[k] = Object.fromEntries(Object.keys(v).map((n) => [n, rewrite(v[n], fix)]));
    else if (k === "enum" || k === "const" || k === "required") out[k] = v;
    else out[k] = rewrite(v, fix);
  }
  return fix(out);
}

const withoutCounts = (s: Obj): Obj => {
  const { minContains: _min, maxContains: _max, ...rest } = s;
  return rest;
};

/** Each one-wanted `contains` given `minContains: 1, maxContains: 2^53`: the same requirement, run by ajv's counting path. */
const counted = (next: boolean) => (s: Obj): Obj => (oneWanted(s, next) ? { ...s, minContains: 1, maxContains: 2 ** 53 } : s);

/** Each tuple's keywords moved into an `allOf` entry of their own: the same requirement, with nothing after the tuple's flag. */
const tupleApart = (next: boolean) => (s: Obj): Obj => {
  const keys = next ? ["prefixItems", "items"] : ["items", "additionalItems"];
  if (!Array.isArray(s[keys[0]!])) return s;
  const out: Obj = { ...s };
  const tuple: Obj = {};
  for (const k of keys) {
    if (k in out) tuple[k] = out[k];
    delete out[k];
  }
  out["allOf"] = [...(Array.isArray(out["allOf"]) ? out["allOf"] : []), tuple];
  return out;
};

const OPTIONS = { allErrors: true, strict: false, ownProperties: true, formats, logger: false, validateSchema: false } as const;
type Fix = (next: boolean) => (s: Obj) => Obj;
const cache = new Map<Fix, WeakMap<object, [AjvValidate, AjvValidate]>>();

/** True when ajv's verdict on `input` changes once `fix` rewrites `schema` into the same requirement. */
function changedBy(fix: Fix, schema: object, input: unknown, next: boolean): boolean {
  let byFix = cache.get(fix);
  if (byFix === undefined) cache.set(fix, (byFix = new WeakMap()));
  let p = byFix.get(schema);
  if (p === undefined) {
    // Draft-07 schemas go to Ajv2019 (draft-07's keywords plus min/maxContains), 2020-12 to Ajv2020.
    const make = () => (next ? new Ajv2020(OPTIONS) : new Ajv2019(OPTIONS));
    let plain = protoAsPattern(JSON.parse(JSON.stringify(schema))) as Obj;
    delete plain["$schema"];
    // Draft-07 has no min/maxContains: Ajv2019 must not count them.
    if (!next) plain = rewrite(plain, withoutCounts) as Obj;
    p = [make().compile(plain), make().compile(rewrite(plain, fix(next)) as Obj)];
    byFix.set(schema, p);
  }
  return p[0](input) !== p[1](input);
}

/**
 * ajv bug 1, "an empty array under a one-wanted `contains` that ajv evaluates in a loop after a
 * passing pass": ajv's `contains` without a counter never sets its flag before looping over the
 * items, so on an empty array it keeps the verdict of the previous pass in the same generated
 * function. True when ajv's verdict on `input` changes once each such `contains` runs through ajv's
 * counting path instead (which sets the flag first); `next` is 2020-12.
 */
export function ajvStaleContains(schema: object, input: unknown, next: boolean): boolean {
  return changedBy(counted, schema, input, next);
}

/**
 * ajv bug 2, "an array shorter than a tuple that ajv runs without allErrors (under `not`, `if`), with
 * keywords after the tuple": ajv's tuple code tests a flag that no item set when the array is too
 * short, and skips the keywords after it (or keeps a previous pass's flag in a loop). True when ajv's
 * verdict on `input` changes once each tuple's keywords sit in an `allOf` entry of their own (where
 * no keyword comes after them).
 */
export function ajvUnsetTupleFlag(schema: object, input: unknown, next: boolean): boolean {
  return changedBy(tupleApart, schema, input, next);
}

/** Either known ajv bug: the differential tests leave such an input out of the comparison. */
export function ajvKnownBug(schema: object, input: unknown, next: boolean): boolean {
  return ajvStaleContains(schema, input, next) || ajvUnsetTupleFlag(schema, input, next);
}
