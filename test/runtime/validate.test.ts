/**
 * Issue 28: the validator interpreter (src/runtime/validate.ts) gives ajv's verdict and ajv's errors
 * (same objects, same order, compared as JSON text) for every schema of its subset. The reference is
 * ajv's standalone code exactly as the build emitted it before (compileValidator with
 * `interpret: false`: the build's OPTIONS, runtime helpers and RE2). Random schemas and inputs with a
 * fixed seed and a bounded budget (more with TOOLGEN_HEAVY=1), in draft-07 and 2020-12, then the
 * benchmark corpus of realistic tools (bench/corpus.mjs) with inputs made from each schema.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
// @ts-expect-error the corpus generator is plain JavaScript (bench/corpus.mjs)
import { makeInput as corpusInput, makeTool as corpusTool } from "../../bench/corpus.mjs";
import { json, KEYS, PATTERNS } from "./arbitraries.js";
import { compiledModule } from "./compiled.js";
import { cpuTime } from "../helpers.js";

const makeTool = corpusTool as (i: number) => { input_schema: Record<string, unknown> };
const makeInput = corpusInput as (schema: Record<string, unknown>, root: Record<string, unknown>, seed: number) => unknown;

const HEAVY = process.env["TOOLGEN_HEAVY"] === "1";
const SCHEMAS = HEAVY ? 2_000 : 60;
const INPUTS = HEAVY ? 100 : 30;
/** Tools of the benchmark corpus compared (bench/corpus.mjs): every keyword its 300 tools use appears in the first 100. */
const CORPUS = HEAVY ? 300 : 60;
const FORMATS = ["date", "email", "ipv4", "uuid", "date-time", "unknown-format"];

const entries = <T>(value: fc.Arbitrary<T>) =>
  fc.uniqueArray(fc.tuple(fc.constantFrom(...KEYS, "a/b", "x~y"), value), { maxLength: 4, selector: (e) => e[0] }).map((e) => Object.fromEntries(e));
const typeList = fc.constantFrom("string", "integer", "number", "boolean", "null", "object", "array", ["string", "null"], ["integer", "string"], ["array", "object"], ["number", "null", "object"]);
const annotated = (s: fc.Arbitrary<Record<string, unknown>>) =>
  fc.tuple(s, fc.boolean()).map(([x, a]) => (a ? { description: "d", title: "t", default: { x: 1 }, examples: [1], "x-vendor": { $comment: "c" }, ...x } : x));

/** Schemas of the interpreter's subset (each draft ignores the other's array keywords, as ajv does). */
function subset(next: boolean, refA = true): fc.Arbitrary<unknown> {
  const refs = [{ $ref: "#/$defs/list" }, { $ref: "#/$defs/to%7Ea~1b" }, ...(refA ? [{ $ref: "#/$defs/a" }] : [])];
  return fc.letrec<{ s: unknown }>((tie) => ({
    s: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      fc.constantFrom({}, true, false, ...refs),
      annotated(fc.record({ type: typeList, enum: fc.array(json, { minLength: 1, maxLength: 3 }), const: json }, { requiredKeys: [] })),
      annotated(fc.record({ type: fc.constantFrom("integer", "number", ["number", "string"]), minimum: fc.integer({ min: -3, max: 3 }), maximum: fc.integer({ min: 0, max: 50 }),
        exclusiveMinimum: fc.integer({ min: -3, max: 3 }), exclusiveMaximum: fc.integer({ min: 0, max: 9 }), multipleOf: fc.constantFrom(0.5, 2, 3, 0.1) }, { requiredKeys: [] })),
      annotated(fc.record({ type: fc.constantFrom("string", ["string", "null"], "number"), minLength: fc.nat(3), maxLength: fc.nat(6), pattern: fc.constantFrom(...PATTERNS), format: fc.constantFrom(...FORMATS), enum: fc.constant(["a", "aaa", 1]) }, { requiredKeys: [] })),
      annotated(fc.record({
        type: fc.constantFrom("object", ["object", "null"]),
        properties: entries(tie("s")),
        required: fc.uniqueArray(fc.constantFrom(...KEYS), { maxLength: 3 }),
        additionalProperties: fc.oneof(fc.boolean(), tie("s")),
        patternProperties: fc.constantFrom(...PATTERNS).chain((p) => tie("s").map((s) => ({ [p]: s }))),
        propertyNames: fc.oneof(fc.constantFrom({ pattern: "^[a-z_]+$" }, { maxLength: 5 }, { enum: ["a", "b"] }), tie("s")),
        minProperties: fc.nat(2),
        maxProperties: fc.nat(3),
      }, { requiredKeys: [] })),
      annotated(fc.record({
        type: fc.constantFrom("array", ["array", "string"]),
        items: tie("s"),
        minContains: fc.nat(2), maxContains: fc.nat(3), additionalItems: fc.oneof(fc.boolean(), tie("s")),
        minItems: fc.nat(2), maxItems: fc.nat(5), uniqueItems: fc.boolean(), contains: tie("s"),
      }, { requiredKeys: [] }).map((x: Record<string, unknown>) => oneWanted(x, next) ? { ...x, ...(next ? { maxContains: 2 } : { contains: true }) } : x)),
      fc.record({ anyOf: fc.array(tie("s"), { minLength: 1, maxLength: 3 }), type: typeList }, { requiredKeys: ["anyOf"] }),
      fc.record({ oneOf: fc.array(tie("s"), { minLength: 1, maxLength: 3 }) }),
      fc.record({ allOf: fc.array(tie("s"), { minLength: 1, maxLength: 2 }), $ref: fc.constantFrom(...refs.map((r) => r.$ref)) }, { requiredKeys: ["allOf"] }),
      fc.record({ not: tie("s") }),
      fc.record({ if: tie("s"), then: tie("s"), else: tie("s") }, { requiredKeys: ["if"] }),
    ),
  })).s;
}

/** `contains` wanting one item, which keeps ajv's code (src/emit/validator-data.ts says why). */
function oneWanted(x: Record<string, unknown>, next: boolean): boolean {
  return "contains" in x && x["contains"] !== true && (!next || (x["maxContains"] === undefined && (x["minContains"] ?? 1) === 1));
}

/** A tool schema around `s`, with the definitions its refs name (one recursive, one with a name to escape); `a` names no ref to itself. */
function tool(s: unknown, a: unknown, next: boolean): Record<string, unknown> {
  return {
    ...(next ? { $schema: "https://json-schema.org/draft/2020-12/schema" } : {}),
    type: "object",
    properties: { p: s, q: { type: "array", items: { $ref: "#/$defs/list" } } },
    $defs: {
      a,
      list: { type: "object", properties: { v: a, next: { $ref: "#/$defs/list" } }, required: ["v"] },
      "to~a/b": { type: "string", minLength: 2 },
    },
  };
}

const inputs = fc.array(fc.oneof(json, entries(json), fc.record({ p: json, q: fc.array(fc.record({ v: json, next: fc.record({ v: json }) }, { requiredKeys: [] }), { maxLength: 2 }) }, { requiredKeys: [] })), { minLength: INPUTS, maxLength: INPUTS });

/** Compares the two on `values`; returns the interpreter's module text when the interpreter runs `schema`, else undefined. */
async function compare(schema: unknown, values: readonly unknown[], mismatches: string[]): Promise<string | undefined> {
  const wire = JSON.parse(JSON.stringify(schema)) as unknown;
  const mine = await compiledModule(wire);
  const ajv = await compiledModule(wire, { interpret: false });
  for (const value of values) {
    const input: unknown = JSON.parse(JSON.stringify(value));
    const expected = JSON.stringify([ajv.validate(input), ajv.validate.errors]);
    const got = JSON.stringify([mine.validate(input), mine.validate.errors]);
    if (got === expected) continue;
    const mineErrors = mine.validate.errors ?? [];
    const ajvErrors = ajv.validate.errors ?? [];
    let at = 0;
    while (at < mineErrors.length && JSON.stringify(mineErrors[at]) === JSON.stringify(ajvErrors[at])) at++;
    mismatches.push(`${JSON.stringify(schema)} on ${JSON.stringify(input)}: first difference at error ${at}:\n  interpreter ${JSON.stringify(mineErrors[at])}\n  ajv         ${JSON.stringify(ajvErrors[at])}`);
  }
  return mine.contents.includes(`from "../runtime/validate.js"`) ? mine.contents : undefined;
}

describe("the validator interpreter gives ajv's verdict and errors", () => {
  for (const next of [false, true]) {
    it(`${next ? "2020-12" : "draft-07"}: ${SCHEMAS} random schemas x ${INPUTS} inputs, at least 95% interpreted, 0 mismatches`, async () => {
      const mismatches: string[] = [];
      let interpreted = 0;
      const runs = fc.sample(fc.tuple(subset(next), subset(next, false).filter((a) => !(typeof a === "object" && a !== null && "$ref" in a && Object.keys(a).length === 1)), inputs), { numRuns: SCHEMAS, seed: next ? 2026112702 : 20261127 });
      for (const [s, a, values] of runs) if ((await compare(tool(s, a, next), values, mismatches)) !== undefined) interpreted++;
      expect(mismatches.slice(0, 3)).toEqual([]);
      // The rest keep ajv's code: a ref target whose only `$ref` sits in a keyword the draft ignores.
      expect(interpreted).toBeGreaterThanOrEqual(SCHEMAS * 0.95);
    }, HEAVY ? 1_800_000 : 120_000);
  }

  it("keeps ajv's code, decided from the schema alone, for what the interpreter does not imitate", async () => {
    const kept = [
      { type: "object", properties: { a: { type: "array", contains: { type: "string" } } } },
      { type: "object", properties: { a: { type: "array", items: [{ type: "string" }], additionalItems: false } } },
      { $schema: "https://json-schema.org/draft/2020-12/schema", type: "object", properties: { a: { prefixItems: [{ type: "string" }] } } },
      { type: "object", dependencies: { a: ["b"] } },
      { type: "object", properties: { a: { nullable: true, type: "string" } } },
      { type: "object", properties: { a: { $ref: "#/definitions/d" } }, definitions: { d: { type: "string", default: { $ref: "#" } } } },
      { type: "object", properties: { a: { $ref: "#/definitions/d" } }, definitions: { d: { $ref: "#/definitions/e" }, e: { type: "string" } } },
      { $schema: "https://json-schema.org/draft/2020-12/schema", type: "object", unevaluatedProperties: false },
      { type: "object", properties: { a: { $id: "inner", type: "string" } } },
    ];
    // What ajv's standalone code cannot compile still fails the build as it did.
    for (const a of [{ $ref: "#" }, { $ref: "other.json#/x" }, { type: "string", maxLength: "3" }]) {
      await expect(compiledModule({ type: "object", properties: { a } })).rejects.toThrow(/Ajv cannot compile/);
    }
    for (const schema of kept) {
      const { contents } = await compiledModule(schema);
      expect(contents, JSON.stringify(schema)).not.toContain("runtime/validate.js");
    }
    const { contents, validate } = await compiledModule({ type: "object", description: "x".repeat(500), properties: { a: { type: "string", pattern: "^a", examples: ["a"] } } });
    expect(contents).toContain(`from "../runtime/re2.js"`);
    expect(contents).not.toContain("x".repeat(10));
    expect(contents).not.toContain("examples");
    expect(validate({ a: "b" })).toBe(false);
    expect(validate.errors).toEqual([{ instancePath: "/a", schemaPath: "#/properties/a/pattern", keyword: "pattern", params: { pattern: "^a" }, message: 'must match pattern "^a"' }]);
    expect((await compiledModule({ type: "object", properties: { a: { type: "string" } } })).contents).not.toContain("re2");
  });

  it(`on the benchmark corpus (bench/corpus.mjs, ${CORPUS} tools x 12 inputs, valid and broken)`, async () => {
    const mismatches: string[] = [];
    let interpreted = 0;
    let validatorBytes = 0;
    let toolBytes = 0;
    for (let i = 0; i < CORPUS; i++) {
      const schema = makeTool(i).input_schema;
      toolBytes += JSON.stringify(makeTool(i), null, 2).length + 1;
      const values: unknown[] = [];
      for (let seed = 0; seed < 4; seed++) {
        const good = makeInput(schema, schema, seed) as Record<string, unknown>;
        const keys = Object.keys(good);
        values.push(good, { ...good, extra: 1 }, Object.fromEntries(keys.slice(1).map((k) => [k, typeof good[k] === "string" ? 7 : "x"])));
      }
      const contents = await compare(schema, values, mismatches);
      if (contents !== undefined) interpreted++;
      validatorBytes += Buffer.byteLength(contents ?? "");
    }
    expect(mismatches.slice(0, 3)).toEqual([]);
    expect(interpreted).toBe(CORPUS);
    // Issue 28's aim: validators no larger than the tool files they check.
    expect(validatorBytes).toBeLessThanOrEqual(toolBytes);
  });
});

describe("the validator's data is made in time linear in the schema", () => {
  // anyOf in anyOf, 40 deep: a walk that visits each list twice (once as a list, once as an object)
  // takes 2^40 steps; the hostile-load build of 62 levels never finished.
  const nested = (levels: number): unknown => (levels <= 0 ? { type: "string" } : { anyOf: [nested(levels - 1), { type: "null" }] });
  it("anyOf in anyOf, 40 levels deep: interpreted, and the build-time pass returns at once", async () => {
    const { interpretedSchema } = await import("../../src/emit/validator-data.js");
    const schema = { type: "object", properties: { y: nested(40) } };
    const { value, ms } = cpuTime(() => interpretedSchema(schema, false));
    expect(value).toBeDefined();
    expect(ms).toBeLessThan(2000);
  });
});
