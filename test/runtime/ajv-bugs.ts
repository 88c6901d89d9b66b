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

/** `schema` with every one-wanted `contains` given `minContains: 1, maxContains: 2^53`: the same requirement, run by ajv's counting path. */
function counted(schema: unknown, next: boolean): unknown {
  if (Array.isArray(schema)) return schema.map((s) => counted(s, next));
  if (!isObj(schema)) return schema;
  const out: Obj = {};
  for (const k of Object.keys(schema)) {
    const v = schema[k];
    if (KEYWORDS_OF_SCHEMAS.has(k) && isObj(v)) out[k] = Object.fromEntries(Object.keys(v).map((n) => [n, counted(v[n], next)]));
    else if (k === "enum" || k === "const" || k === "required") out[k] = v;
    else out[k] = counted(v, next);
  }
  if (oneWanted(schema, next)) Object.assign(out, { minContains: 1, maxContains: 2 ** 53 });
  return out;
}

const cache = new WeakMap<object, [AjvValidate, AjvValidate]>();
function pair(schema: object, next: boolean): [AjvValidate, AjvValidate] {
  let p = cache.get(schema);
  if (p === undefined) {
    // Draft-07 schemas go to Ajv2019 (draft-07's keywords plus min/maxContains), 2020-12 to Ajv2020.
    const make = () => (next ? new Ajv2020(OPTIONS) : new Ajv2019(OPTIONS));
    const plain = protoAsPattern(JSON.parse(JSON.stringify(schema))) as Obj;
    delete plain["$schema"];
    p = [make().compile(plain), make().compile(counted(plain, next) as Obj)];
    cache.set(schema, p);
  }
  return p;
}
const OPTIONS = { allErrors: true, strict: false, ownProperties: true, formats, logger: false, validateSchema: false } as const;

/**
 * ajv bug 1, "an empty array under a one-wanted `contains` that ajv evaluates in a loop after a
 * passing pass": ajv's `contains` without a counter never sets its flag before looping over the
 * items, so on an empty array it keeps the verdict of the previous pass in the same generated
 * function. True when ajv's verdict on `input` changes once each such `contains` runs through ajv's
 * counting path instead (which sets the flag first); `next` is 2020-12.
 */
export function ajvStaleContains(schema: object, input: unknown, next: boolean): boolean {
  const [plain, fixed] = pair(schema, next);
  return plain(input) !== fixed(input);
}
