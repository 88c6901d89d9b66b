/**
 * Witnesses for `toolgen diff`: a concrete tool input that one side accepts and the other rejects,
 * checked with Ajv (the validator a build generates, same options and formats). The inputs tried are
 * the base's and the head's sample inputs with candidate values (sample.ts) put where the change is.
 */
import { createRequire } from "node:module";
import type { Ajv, KeywordDefinition, Options, ValidateFunction } from "ajv";
import type { Ajv2020 } from "ajv/dist/2020.js";
import { compileValidator, type SchemaData } from "../runtime/validate.js";
import { interpretedSchema } from "../emit/validator-data.js";
import { protoAsPattern } from "../emit/validators.js";
import type { JsonObject, JsonValue } from "../model.js";
import { formats } from "../runtime/formats.js";
import type { Direction } from "./compare.js";
import { readsAs2020 } from "../schema/dialect.js";
import { escapeToken, isPlainObject } from "../schema/pointer.js";
import { candidates, note, noting, PastBudget, patternTester, place, sample, valueKey, withoutKey, type DataStep } from "./sample.js";

/** Patterns run on RE2, as the generated validators run them: linear time, and no stack to overflow (`^(a|b)` x 5,000). */
const regExp = Object.assign(
  (pattern: string) => {
    const tester = patternTester(pattern);
    if (tester === undefined) throw new Error(`pattern '${pattern}' cannot run on the linear-time engine (RE2)`);
    // Ajv keys the patterns of an instance by the engine's toString: each its own, or the first pattern serves them all.
    return { test: (s: string) => tester.test(s), toString: () => pattern };
  },
  { code: "re2" },
);

const OPTIONS: Options = { code: { optimize: false, regExp }, strict: false, allErrors: true, ownProperties: true, validateFormats: true, formats, logger: false, validateSchema: false, addUsedSchema: false };

/**
 * `enum`, `const` and `uniqueItems` by each value's key (sample.ts valueKey: own members only, any
 * key order), as dispatch compares (runtime/ajv.ts): Ajv's own call fast-deep-equal, which calls a
 * member's own `toString` key (a TypeError) and compares every enum member in turn (a 100,000-value
 * enum); a Set of keys answers in the size of the value.
 */
const VALUE_KEYWORDS: KeywordDefinition[] = [
  {
    keyword: "enum",
    schemaType: "array",
    error: { message: "must be equal to one of the allowed values" },
    compile: (schema: unknown[]) => {
      const keys = new Set(schema.map(valueKey));
      return (data: unknown) => keys.has(valueKey(data));
    },
  },
  {
    keyword: "const",
    error: { message: "must be equal to constant" },
    compile: (schema: unknown) => {
      const key = valueKey(schema);
      return (data: unknown) => valueKey(data) === key;
    },
  },
  {
    keyword: "uniqueItems",
    type: "array",
    schemaType: "boolean",
    error: { message: "must NOT have duplicate items" },
    compile: (schema: boolean) => (data: unknown[]) => !schema || new Set(data.map(valueKey)).size === data.length,
  },
];

function withValueKeywords<T extends Ajv>(ajv: T): T {
  for (const k of VALUE_KEYWORDS) ajv.removeKeyword(k.keyword as string).addKeyword(k);
  return ajv;
}

/** Whether a value is valid, and the instance paths (JSON pointers) of the errors when it is not. */
let ajv07: Ajv | undefined;
let ajv2020: Ajv2020 | undefined;

export type Validate = (value: unknown) => { valid: boolean; errorPaths: string[]; keywords: string[] };

const require = createRequire(import.meta.url);

/**
 * A validator for one bundled input schema; a schema Ajv cannot compile accepts nothing (and says why).
 * A schema the build's validator interpreter runs (emit/validator-data.ts) is checked by it, as the
 * generated code checks it, with the same errors in the same order as Ajv's: compiling one costs about
 * 0.1 ms where Ajv's code generation costs about 3 ms (bench/diff-floor.mjs: diff of 1,000 tools with
 * 100 changed, 1.7 s -> 1.2 s of CPU). Ajv is loaded only for a schema the interpreter does not run.
 */
export function validatorFor(schema: unknown): { validate: Validate; error?: string } {
  const none = () => ({ valid: false, errorPaths: [""], keywords: [] });
  if (schema === undefined) return { validate: none };
  const s = typeof schema === "object" && schema !== null && !Array.isArray(schema) ? (schema as Record<string, unknown>) : {};
  const { $id: _id, $schema, ...rest } = s;
  // The dialect as the build's validators read it (schema/dialect.ts: no `$schema` is 2020-12).
  const next = readsAs2020(s);
  const interpreted = typeof schema === "boolean" ? undefined : interpretedSchema(protoAsPattern(rest) as Record<string, unknown>, next);
  if (interpreted !== undefined) {
    try {
      // Every pattern checked now, as Ajv's compile checks them, not at the first string tested.
      for (const p of interpreted.patterns) regExp(p);
      const fn = compileValidator(interpreted.data as SchemaData, { next, re2: regExp });
      return { validate: (v) => (fn(v) ? VALID : { valid: false, errorPaths: (fn.errors ?? []).map(errorPath), keywords: (fn.errors ?? []).map((e) => e.keyword) }) };
    } catch (error) {
      return { validate: none, error: (error as Error).message };
    }
  }
  // One instance per dialect for every tool (making one costs more than compiling a tool's schema); no schema is added to it by name.
  const ajv = next ? (ajv2020 ??= withValueKeywords(new (require("ajv/dist/2020.js") as typeof import("ajv/dist/2020.js")).Ajv2020(OPTIONS))) : (ajv07 ??= withValueKeywords(new (require("ajv") as typeof import("ajv")).Ajv(OPTIONS)));
  try {
    const fn: ValidateFunction = ajv.compile(typeof schema === "boolean" ? schema : rest);
    return { validate: (v) => (fn(v) === true ? VALID : { valid: false, errorPaths: (fn.errors ?? []).map(errorPath), keywords: (fn.errors ?? []).map((e) => e.keyword) }) };
  } catch (error) {
    return { validate: none, error: (error as Error).message };
  }
}

const VALID = Object.freeze({ valid: true, errorPaths: [] as string[], keywords: [] as string[] });

/** Where an error is: its instance path, down to the property for `required` and `additionalProperties` (whose errors Ajv puts on the object). */
function errorPath(e: { instancePath: string; params: Record<string, unknown> }): string {
  const name = e.params.missingProperty ?? e.params.additionalProperty ?? e.params.unevaluatedProperty;
  return typeof name === "string" ? `${e.instancePath}/${escapeToken(name)}` : e.instancePath;
}

export interface Sides {
  baseSchema: unknown;
  headSchema: unknown;
  base: Validate;
  head: Validate;
}

/** Most inputs tried for one change. */
const BUDGET = 400;

/**
 * Most characters of inputs built for one change (each counted as JSON, tried or already seen, and
 * ERROR_COST for each validation error): the work of a search (placing, keying and validating each
 * input) is linear in them. 400 inputs of 10,000 properties each would be 40 MB, and minutes; past
 * this the search stops and says so.
 */
export const MAX_TRIED = 1_000_000;
const ERROR_COST = 32;

/**
 * An input showing the change breaks `direction` (callers: the base accepts it, the head rejects it;
 * handlers: the reverse), rejected only for what is at or under the changed node (every error of the
 * rejecting side is there, and when the change is to one keyword, one of them is that keyword's: a
 * witness proves this change, not another); undefined when none of the
 * inputs tried does.
 */
export function findWitness(sides: Sides, path: readonly DataStep[], baseNode: unknown, headNode: unknown, direction: Direction, focus: readonly DataStep[] = path, keyword?: string): { input?: JsonValue; unbuilt: string[] } {
  const { value: input, notes } = noting(() => {
    try {
      return search(sides, path, baseNode, headNode, direction, focus, keyword);
    } catch (error) {
      if (!(error instanceof PastBudget)) throw error;
      note(error.message);
      return undefined;
    }
  });
  return { ...(input === undefined ? {} : { input }), unbuilt: notes };
}

/** `raw`, and an object over each fill (under and over it), each built only when the search comes to it (its budget may stop first). */
function* variants(raw: JsonValue, fills: readonly JsonObject[]): Generator<JsonValue> {
  if (isPlainObject(raw)) {
    for (const f of fills) yield { ...f, ...raw };
    for (const f of fills) yield { ...raw, ...f };
  }
  yield raw;
}

function search(sides: Sides, path: readonly DataStep[], baseNode: unknown, headNode: unknown, direction: Direction, focus: readonly DataStep[], keyword?: string): JsonValue | undefined {
  const values: JsonValue[] = [];
  // A change to one property (a newly required one) is tried first on each side's sample without that property.
  const last = focus.length === path.length + 1 ? focus[focus.length - 1] : undefined;
  if (last !== undefined && "prop" in last) {
    for (const [node, root] of [[headNode, sides.headSchema], [baseNode, sides.baseSchema]] as const) {
      const s = sample(node, root);
      if (isPlainObject(s) && Object.hasOwn(s, last.prop)) values.push(withoutKey(s, last.prop) as JsonObject);
    }
  }
  candidates(baseNode, sides.baseSchema, values);
  candidates(headNode, sides.headSchema, values);
  const at = focus.map((s) => `/${escapeToken("prop" in s ? s.prop : String(s.index))}`).join("");
  const under = (p: string) => p === at || p.startsWith(`${at}/`);
  // Objects are also tried over each side's sample of the node: what the other side requires there is then present.
  const fills = [sample(headNode, sides.headSchema), sample(baseNode, sides.baseSchema)].filter((v): v is JsonObject => isPlainObject(v));
  const seen = new Set<string>();
  let tried = 0;
  let built = 0;
  const [accepts, rejects] = direction === "callers" ? [sides.base, sides.head] : [sides.head, sides.base];
  const contexts = direction === "callers" ? [sides.headSchema, sides.baseSchema] : [sides.baseSchema, sides.headSchema];
  for (const raw of values) {
    for (const value of variants(raw, fills)) {
      for (const root of contexts) {
        let input: JsonValue;
        try {
          input = place(root, root, path, value);
        } catch {
          continue;
        }
        const key = JSON.stringify(input);
        built += key.length;
        if (built > MAX_TRIED) {
          note(`the inputs tried are past the ${MAX_TRIED.toLocaleString("en-US")} characters diff builds for one change`);
          return undefined;
        }
        if (seen.has(key)) continue;
        seen.add(key);
        if (++tried > BUDGET) return undefined;
        const a = accepts(input);
        const r = a.valid ? rejects(input) : undefined;
        // Each error a validation reports is work too (an object and a path): 100,000 missing properties are 100,000 errors.
        built += ERROR_COST * (a.errorPaths.length + (r?.errorPaths.length ?? 0));
        if (r === undefined) continue;
        if (!r.valid && r.errorPaths.every(under) && (keyword === undefined || r.keywords.includes(keyword))) return input;
      }
    }
  }
  return undefined;
}
