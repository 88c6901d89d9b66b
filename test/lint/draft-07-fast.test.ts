/**
 * The draft-07 fast path (src/lint/meta/draft-07-fast.ts) against Ajv's draft-07 meta-schema validator,
 * the one the product uses (`metaSchemaErrors(DRAFT_07, ...)`, Ajv compiled at run time; meta.test.ts
 * checks it agrees with a fresh Ajv). The fast path must never say true where Ajv reports an
 * error, and should say true for almost every valid schema.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { surelyValidDraft07 } from "../../src/lint/meta/draft-07-fast.js";
import { DRAFT_07, metaSchemaErrors } from "../../src/lint/meta/validators.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const ajvValid = (schema: unknown): boolean => metaSchemaErrors(DRAFT_07, schema).length === 0;

// ---------------------------------------------------------------------------------------------
// Generators: schemas built from draft-07 keywords, with valid values, keyword-specific invalid values
// (duplicates, empty arrays, negative or fractional integers, bad type names, ...) and plain junk.

const SIMPLE_TYPES = ["array", "boolean", "integer", "null", "number", "object", "string"] as const;

const propertyName = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom("a", "b", "name", "city", "limit", "a/b", "c~d", "") },
  { weight: 2, arbitrary: fc.string({ maxLength: 6 }) },
  { weight: 2, arbitrary: fc.constantFrom("__proto__", "constructor", "toString", "hasOwnProperty", "type", "properties", "0") },
);
const finite = fc.oneof(
  fc.integer({ min: -1000, max: 1000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }),
  fc.constantFrom(0, -0, 1e21, -1e-7),
);
const primitive = fc.oneof(
  fc.string({ maxLength: 5 }),
  fc.integer({ min: -5, max: 5 }),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(0, -0, 0.5),
);
const json = fc.jsonValue({ maxDepth: 2 });
/** Values of the wrong type for most keywords (and a few right ones, which is fine). */
const junk: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom<unknown>(
      null, true, false, 0, -1, 1.5, -0.5, "", "x", "string", [], {}, [1], ["a", "a"], [[]], [{}], [true],
      { type: "string" }, { type: 5 }, NaN, Infinity, -Infinity, -0, 1e21, undefined,
    ),
  },
  { weight: 1, arbitrary: json },
);

/** Builds an object with own properties, `__proto__` included (as JSON.parse does). */
const objectOf = (entries: fc.Arbitrary<[string, unknown]>, maxLength: number): fc.Arbitrary<Record<string, unknown>> =>
  fc.array(entries, { maxLength }).map((pairs) => Object.fromEntries(pairs) as Record<string, unknown>);
const mapOf = (value: fc.Arbitrary<unknown>): fc.Arbitrary<Record<string, unknown>> => objectOf(fc.tuple(propertyName, value), 3);

interface Keyword {
  names: readonly string[];
  valid: fc.Arbitrary<unknown>;
  /** Values the meta-schema rejects, beyond the generic junk (empty: junk only). */
  invalid: readonly unknown[];
}

/** 20 strings, the last a duplicate of the first (the fast path compares long arrays differently). */
const longWithDuplicate = Array.from({ length: 20 }, (_, i) => `v${i % 19}`);
const longDistinct = Array.from({ length: 20 }, (_, i) => `v${i}`);

function keywords(sub: fc.Arbitrary<unknown>): Keyword[] {
  const stringSet = fc.oneof(
    { weight: 6, arbitrary: fc.uniqueArray(propertyName, { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.uniqueArray(fc.string({ maxLength: 4 }), { minLength: 15, maxLength: 25 }) },
  );
  return [
    {
      names: ["type"],
      valid: fc.oneof(fc.constantFrom(...SIMPLE_TYPES), fc.uniqueArray(fc.constantFrom(...SIMPLE_TYPES), { minLength: 1, maxLength: 3 })),
      invalid: ["strng", "Object", "", "any", [], ["string", "string"], ["string", "nul"], [["string"]], ["integer", 1], 5, null, {}],
    },
    {
      names: ["description", "title", "format", "pattern", "$ref", "$id", "$schema", "$comment", "contentMediaType", "contentEncoding"],
      valid: fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom("#/definitions/a", "date-time", "^[a-z]+$", "[", "not a uri")),
      invalid: [1, null, ["a"], { a: "b" }, true],
    },
    {
      names: ["properties", "definitions", "patternProperties"],
      valid: mapOf(sub),
      invalid: [[], null, "x", 5, [{}], true],
    },
    {
      names: ["required"],
      valid: stringSet,
      invalid: ["a", ["a", "a"], [1], [null], ["a", 1], {}, true, ["b", "__proto__", "__proto__"], [["a"]], longWithDuplicate, [...longDistinct, 1]],
    },
    {
      names: ["items"],
      valid: fc.oneof(sub, fc.array(sub, { minLength: 1, maxLength: 3 })),
      invalid: [[], 5, "x", null, [5], [{}, 1], [[]]],
    },
    {
      names: ["enum"],
      valid: fc.oneof(
        { weight: 5, arbitrary: fc.uniqueArray(primitive, { minLength: 1, maxLength: 5, comparator: "SameValueZero" }) },
        { weight: 1, arbitrary: fc.uniqueArray(primitive, { minLength: 15, maxLength: 25, comparator: "SameValueZero" }) },
        {
          weight: 1,
          arbitrary: fc
            .tuple(fc.uniqueArray(primitive, { maxLength: 3, comparator: "SameValueZero" }), fc.constantFrom<unknown>({ a: 1 }, [1, 2], {}))
            .map(([items, object]) => [...items, object]),
        },
      ),
      invalid: [[], "a", {}, 5, null, [1, 1], ["a", "a"], [null, null], [0, -0], [NaN, NaN], [{ a: 1 }, { a: 1 }], [[1], [1]], [{ a: 1 }, { a: 2 }], longWithDuplicate, [...longDistinct, 0, -0], [...longDistinct, NaN, NaN]],
    },
    {
      names: ["additionalProperties", "additionalItems", "contains", "propertyNames", "not", "if", "then", "else"],
      valid: sub,
      invalid: [5, "x", null, [], [{}], "object"],
    },
    {
      names: ["anyOf", "oneOf", "allOf"],
      valid: fc.array(sub, { minLength: 1, maxLength: 3 }),
      invalid: [[], {}, true, [5], [{}, "x"], "a"],
    },
    {
      names: ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"],
      valid: finite,
      invalid: ["1", null, true, NaN, Infinity, -Infinity, [], {}, [1]],
    },
    {
      names: ["minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties"],
      valid: fc.oneof(fc.nat({ max: 100 }), fc.constantFrom(0, -0, 1.0, 2 ** 53, 1e21)),
      invalid: [-1, 1.5, -0.5, "1", NaN, Infinity, -Infinity, null, true, [1], -1e21],
    },
    {
      names: ["multipleOf"],
      valid: fc.oneof(fc.integer({ min: 1, max: 100 }), fc.double({ min: 1e-6, max: 100, noNaN: true }), fc.constantFrom(0.01, 1e-300)),
      invalid: [0, -0, -1, -0.5, "2", NaN, Infinity, null, true],
    },
    {
      names: ["examples"],
      valid: fc.array(json, { maxLength: 3 }),
      invalid: [{}, "a", 1, null, true],
    },
    {
      names: ["readOnly", "uniqueItems"],
      valid: fc.boolean(),
      invalid: ["true", 0, 1, null, [], {}],
    },
    {
      names: ["dependencies"],
      valid: mapOf(fc.oneof(sub, stringSet)),
      invalid: [[], "a", null, { a: "b" }, { a: ["x", "x"] }, { a: [1] }, { a: 5 }, { a: null }, { a: [[]] }, { a: longWithDuplicate }, { b: [], a: [true] }],
    },
    {
      // Not validated by the draft-07 meta-schema: anything goes.
      names: ["default", "const", "writeOnly", "$defs", "nullable", "x-extension", "__proto__", "constructor", "toString"],
      valid: fc.oneof(json, junk, mapOf(sub)),
      invalid: [],
    },
  ];
}

function entry(keyword: Keyword, mixed: boolean): fc.Arbitrary<[string, unknown]> {
  const name = fc.constantFrom(...keyword.names);
  if (!mixed) return fc.tuple(name, keyword.valid);
  const values: fc.WeightedArbitrary<unknown>[] = [
    { weight: 10, arbitrary: keyword.valid },
    { weight: 3, arbitrary: spoiled(keyword) },
  ];
  return fc.tuple(name, fc.oneof(...values));
}

/** A value for the keyword that is (most likely) wrong. */
function spoiled(keyword: Keyword): fc.Arbitrary<unknown> {
  return keyword.invalid.length > 0
    ? fc.oneof({ weight: 1, arbitrary: junk }, { weight: 2, arbitrary: fc.constantFrom(...keyword.invalid) })
    : junk;
}

/** Schemas nested `depth` levels deep; `mixed` adds invalid values and non-schemas. */
function schemaArbitrary(depth: number, mixed: boolean): fc.Arbitrary<unknown> {
  const leaf: fc.Arbitrary<unknown> = mixed
    ? fc.constantFrom<unknown>(true, false, {}, { type: "string" }, { type: "integer", minimum: 0 }, { type: "strng" }, 5, null, [], { minLength: -1 })
    : fc.constantFrom<unknown>(true, false, {}, { type: "string" }, { type: "integer", minimum: 0 }, { description: "x" });
  if (depth === 0) return leaf;
  const sub = schemaArbitrary(depth - 1, mixed);
  const object = objectOf(fc.oneof(...keywords(sub).map((keyword) => entry(keyword, mixed))), 6);
  const choices: fc.WeightedArbitrary<unknown>[] = [
    { weight: 1, arbitrary: fc.boolean() },
    { weight: 1, arbitrary: leaf },
    { weight: 12, arbitrary: object },
  ];
  if (mixed) choices.push({ weight: 1, arbitrary: fc.constantFrom<unknown>(null, 5, "x", [], [{}], "object") });
  return fc.oneof(...choices);
}

const validSchemas = schemaArbitrary(3, false);
const mixedSchemas = schemaArbitrary(3, true);

/** The value, and its JSON round trip (own `__proto__` keys kept, `undefined` dropped, NaN -> null). */
function variants(schema: unknown): unknown[] {
  const text = JSON.stringify(schema);
  return text === undefined ? [schema] : [schema, JSON.parse(text)];
}

describe("surelyValidDraft07, differentially against Ajv", () => {
  it("never says true for a schema Ajv rejects (random schemas, valid and invalid)", () => {
    fc.assert(
      fc.property(mixedSchemas, (schema) => {
        for (const s of variants(schema)) if (surelyValidDraft07(s)) expect(metaSchemaErrors(DRAFT_07, s)).toEqual([]);
      }),
      { numRuns: 3000 },
    );
  });

  it("never says true for a schema Ajv rejects (valid schemas with one keyword spoiled, somewhere)", () => {
    const spoilers = keywords(validSchemas).map((keyword) => fc.tuple(fc.constantFrom(...keyword.names), spoiled(keyword)));
    const spoiledSchema = fc
      .tuple(validSchemas, fc.oneof(...spoilers))
      .map(([schema, [key, value]]) =>
        Object.fromEntries([...(typeof schema === "object" && schema !== null ? Object.entries(schema) : []), [key, value]]) as Record<string, unknown>,
      );
    /** Puts a schema where a subschema goes, in a valid schema. */
    const container = fc.constantFrom<(s: unknown) => unknown>(
      (s) => s,
      (s) => ({ type: "object", properties: { a: { type: "string" }, b: s }, required: ["a"] }),
      (s) => ({ items: [true, s] }),
      (s) => ({ type: "array", items: s }),
      (s) => ({ anyOf: [{ type: "null" }, s] }),
      (s) => ({ definitions: { x: s } }),
      (s) => ({ dependencies: { a: ["b"], c: s } }),
      (s) => ({ if: true, then: {}, else: s }),
      (s) => ({ patternProperties: { "^x": s }, additionalProperties: s }),
      (s) => ({ not: { contains: s } }),
    );
    const anywhere = fc.tuple(container, container, spoiledSchema).map(([outer, inner, schema]) => outer(inner(schema)));
    fc.assert(
      fc.property(anywhere, (schema) => {
        for (const s of variants(schema)) if (surelyValidDraft07(s)) expect(metaSchemaErrors(DRAFT_07, s)).toEqual([]);
      }),
      { numRuns: 2000 },
    );
  });

  it("the mixed generator produces both valid and invalid schemas, and the fast path accepts most valid ones", () => {
    const sample = fc.sample(mixedSchemas, { numRuns: 2000, seed: 7 });
    const valid = sample.filter(ajvValid);
    const fast = valid.filter(surelyValidDraft07);
    expect(valid.length).toBeGreaterThan(sample.length * 0.2);
    expect(valid.length).toBeLessThan(sample.length * 0.8);
    expect(fast.length).toBeGreaterThan(valid.length * 0.9);
  });

  it("says true for (almost) every schema of the valid generator", () => {
    const sample = fc.sample(validSchemas, { numRuns: 2000, seed: 11 });
    const valid = sample.filter(ajvValid);
    expect(valid.length).toBe(sample.length); // the generator is right
    const missed = valid.filter((s) => !surelyValidDraft07(s));
    expect(missed.length).toBeLessThan(valid.length * 0.02);
  });
});

// ---------------------------------------------------------------------------------------------
// Tables.

describe("surelyValidDraft07, keyword by keyword", () => {
  const wrong: [string, unknown][] = keywords(fc.constant(true)).flatMap((keyword) =>
    keyword.names.flatMap((name) => keyword.invalid.map((value): [string, unknown] => [name, value])),
  );
  it.each(wrong.map(([name, value]) => [`${name}: ${String(JSON.stringify(value) ?? value)}`, name, value] as const))(
    "false for %s",
    (_label, name, value) => {
      expect(surelyValidDraft07({ [name]: value })).toBe(false);
      expect(surelyValidDraft07({ type: "object", properties: { p: { [name]: value } } })).toBe(false);
    },
  );

  it("covers every keyword of Ajv's draft-07 meta-schema (an Ajv upgrade adding one fails here)", () => {
    const metaSchema = JSON.parse(readFileSync(path.join(root, "node_modules/ajv/dist/refs/json-schema-draft-07.json"), "utf8")) as {
      properties: Record<string, unknown>;
    };
    const checked = new Set(wrong.map(([name]) => name));
    const unchecked = Object.keys(metaSchema.properties).filter((name) => metaSchema.properties[name] !== true && !checked.has(name));
    expect(unchecked).toEqual([]);
    expect(Object.keys(metaSchema.properties).filter((name) => metaSchema.properties[name] === true).sort()).toEqual(["const", "default"]);
  });

  it("the table's wrong values are wrong for Ajv, except the listed ones it accepts", () => {
    // Ajv accepts these (the fast path leaves them to Ajv): an enum of distinct objects, non-finite numbers
    // where a number is expected (its "integer" is `!(x % 1) && !isNaN(x)`, true for Infinity), and a
    // duplicate "__proto__" in `required` (its uniqueness check keeps seen strings in a plain object).
    const numberKeywords = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"];
    const integerKeywords = ["minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties"];
    const ajvAccepts = (name: string, value: unknown): boolean =>
      (name === "enum" && JSON.stringify(value) === '[{"a":1},{"a":2}]') ||
      (numberKeywords.includes(name) && typeof value === "number") ||
      ((integerKeywords.includes(name) || name === "multipleOf") && value === Infinity) ||
      (name === "required" && JSON.stringify(value) === '["b","__proto__","__proto__"]');
    for (const [name, value] of wrong) expect([name, value, ajvValid({ [name]: value })]).toEqual([name, value, ajvAccepts(name, value)]);
  });

  it.each<[string, unknown]>([
    ["true", true],
    ["false", false],
    ["{}", {}],
    ["type array", { type: ["string", "null"] }],
    ["every simple type", { type: [...SIMPLE_TYPES] }],
    ["empty required", { type: "object", required: [] }],
    ["integral floats", { minLength: 1.0, maxItems: 1e21, minProperties: -0 }],
    ["bounds", { type: "number", minimum: -1.5, maximum: 1e300, exclusiveMinimum: 0, exclusiveMaximum: 10, multipleOf: 0.01 }],
    ["an invalid regex (the meta-schema leaves format: regex unchecked)", { pattern: "[", patternProperties: { "(": { type: "string" } } }],
    ["an unknown format", { type: "string", format: "not-a-format" }],
    ["writeOnly is not in Ajv's draft-07 meta-schema", { writeOnly: "yes" }],
    ["$defs is not validated in draft-07", { $defs: { a: 5, b: { type: "strng" } } }],
    ["unknown keywords with odd values", { nullable: "yes", "x-a": [1, 1], toString: 5, constructor: null }],
    ["default and const anything", { default: { type: 5 }, const: [null, null] }],
    ["an enum with one object", { enum: [{ a: 1 }, "a", 1, null, true] }],
    ["enum of distinct primitives (0 and '0', true and 'true')", { enum: [0, "0", true, "true", null, "null", 1.5] }],
    ["a long enum", { enum: Array.from({ length: 300 }, (_, i) => `v${i}`) }],
    ["a long required", { required: Array.from({ length: 40 }, (_, i) => `p${i}`) }],
    ["dependencies of both kinds", { dependencies: { a: ["b", "c"], b: [], c: { required: ["a"] }, d: true } }],
    ["items as an array and additionalItems", { items: [{ type: "string" }, true], additionalItems: false }],
    ["if/then/else, not, contains, propertyNames", { if: { minimum: 0 }, then: true, else: { not: {} }, contains: {}, propertyNames: { pattern: "^a" } }],
    ["JSON __proto__ keys", JSON.parse('{"__proto__": 5, "properties": {"__proto__": {"type": "string"}}, "required": ["__proto__"]}')],
  ])("true for %s (and Ajv agrees)", (_label, schema) => {
    expect(ajvValid(schema)).toBe(true);
    expect(surelyValidDraft07(schema)).toBe(true);
  });

  it.each<[string, unknown]>([
    ["a property named __proto__ with an invalid schema", JSON.parse('{"properties": {"__proto__": {"type": 5}}}')],
    ["a definition named __proto__ with an invalid schema", JSON.parse('{"definitions": {"__proto__": {"minLength": -1}}}')],
    ["a dependency named __proto__ with duplicates", JSON.parse('{"dependencies": {"__proto__": ["a", "a"]}}')],
    ["a string", "object"],
    ["null", null],
    ["a number", 1],
    ["an array", [{ type: "string" }]],
    ["an invalid schema deep down", { properties: { a: { items: { anyOf: [{ properties: { b: { type: "strng" } } }] } } } }],
    ["an invalid schema in an items array", { items: [true, { maxLength: -1 }] }],
    ["an invalid schema in additionalProperties", { additionalProperties: { required: "a" } }],
    ["a hole in allOf", { allOf: [{}, , {}] }], // eslint-disable-line no-sparse-arrays
  ])("false for %s (and Ajv agrees)", (_label, schema) => {
    expect(ajvValid(schema)).toBe(false);
    expect(surelyValidDraft07(schema)).toBe(false);
  });

  it("false beyond 200 levels of nesting, true below", () => {
    const nest = (levels: number): unknown => {
      let schema: unknown = { type: "string" };
      for (let i = 0; i < levels; i++) schema = i % 2 ? { type: "object", properties: { a: schema } } : { items: schema };
      return schema;
    };
    expect(surelyValidDraft07(nest(150))).toBe(true);
    expect(surelyValidDraft07(nest(250))).toBe(false);
    expect(ajvValid(nest(250))).toBe(true);
    const cyclic: Record<string, unknown> = { type: "object" };
    cyclic.properties = { self: cyclic };
    expect(surelyValidDraft07(cyclic)).toBe(false);
  });
});

describe("surelyValidDraft07 on real schemas", () => {
  it.each<[string, unknown]>([
    [
      "a typical tool",
      {
        type: "object",
        properties: {
          query: { type: "string", description: "What to look for.", minLength: 1, maxLength: 200 },
          limit: { type: "integer", minimum: 1, maximum: 100, default: 10 },
          sort: { type: "string", enum: ["asc", "desc"] },
          tags: { type: "array", items: { type: "string" }, uniqueItems: true, maxItems: 5 },
          when: { type: "string", format: "date-time" },
          code: { type: "string", pattern: "^[A-Z]{3}$", examples: ["USD"] },
          filter: {
            type: "object",
            properties: { field: { $ref: "#/$defs/field" }, value: { anyOf: [{ type: "string" }, { type: "number" }, { type: "null" }] } },
            required: ["field"],
            additionalProperties: false,
          },
        },
        required: ["query"],
        additionalProperties: false,
        $defs: { field: { type: "string", enum: ["name", "date"] } },
      },
    ],
    ["definitions and $ref", { definitions: { id: { type: "string", const: "x" } }, oneOf: [{ $ref: "#/definitions/id" }, { type: "null" }] }],
    ["allOf with boolean schemas", { allOf: [true, { type: "object", title: "T", readOnly: true, $comment: "c" }] }],
  ])("true for %s", (_label, schema) => {
    expect(ajvValid(schema)).toBe(true);
    expect(surelyValidDraft07(schema)).toBe(true);
  });

  const readJson = (file: string): unknown => {
    try {
      return JSON.parse(readFileSync(file, "utf8"));
    } catch {
      return undefined;
    }
  };
  const seedFiles = readdirSync(path.join(root, "schemas")).filter((f) => f.endsWith(".json"));

  it.each(seedFiles)("true for the seed tool schemas/%s", (file) => {
    const tool = readJson(path.join(root, "schemas", file)) as { input_schema?: unknown };
    expect(tool.input_schema).toBeDefined();
    expect(ajvValid(tool.input_schema)).toBe(true);
    expect(surelyValidDraft07(tool.input_schema)).toBe(true);
  });

  it("never true where Ajv says invalid, on every input_schema under test/fixtures", () => {
    const schemas: [string, unknown][] = [];
    const collect = (value: unknown, where: string): void => {
      if (Array.isArray(value)) value.forEach((item, i) => collect(item, `${where}[${i}]`));
      else if (typeof value === "object" && value !== null) {
        const record = value as Record<string, unknown>;
        if (Object.hasOwn(record, "input_schema")) schemas.push([where, record.input_schema]);
        for (const key of Object.keys(record)) if (key !== "input_schema") collect(record[key], `${where}.${key}`);
      }
    };
    const walk = (dir: string): void => {
      for (const dirent of readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, dirent.name);
        if (dirent.isDirectory()) walk(file);
        else if (dirent.name.endsWith(".json")) collect(readJson(file), path.relative(root, file));
      }
    };
    walk(path.join(root, "test", "fixtures"));
    expect(schemas.length).toBeGreaterThan(10);
    let valid = 0;
    let fast = 0;
    for (const [where, schema] of schemas) {
      const ajv = ajvValid(schema);
      const quick = surelyValidDraft07(schema);
      if (quick) expect([where, ajv]).toEqual([where, true]);
      if (ajv) valid++;
      if (quick) fast++;
    }
    expect(valid).toBeGreaterThan(0);
    expect(fast).toBeGreaterThanOrEqual(valid * 0.9);
  });
});
