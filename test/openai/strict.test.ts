/** Issue 14: OpenAI strict-mode lowering (src/targets/openai/strict.ts) and its null normalisation (src/runtime/openai.ts). */
import { Ajv2020 } from "ajv/dist/2020.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { JsonObject } from "../../src/model.js";
import { normaliseStrictInput } from "../../src/runtime/openai.js";
import { acceptsNull, lowerStrict, withStrictAll } from "../../src/targets/openai/strict.js";

const ajv = () => new Ajv2020({ strict: false, ownProperties: true });

function errors(schema: JsonObject): string[] {
  return lowerStrict(schema).problems.filter((p) => p.severity === "error").map((p) => `${p.pointer}: ${p.message}`);
}

describe("lowerStrict", () => {
  it("makes every property required, the optional ones nullable, and closes every object", () => {
    const lowered = lowerStrict({
      type: "object",
      properties: {
        a: { type: "string" },
        b: { type: "integer", description: "B." },
        c: { type: "object", properties: { d: { type: "boolean" } } },
        e: { type: "array", items: { type: "object", properties: { f: { type: "string", enum: ["x", "y"] } }, required: [] } },
        g: { $ref: "#/$defs/g", description: "G." },
      },
      required: ["a", "c"],
      $defs: { g: { type: "object", properties: { h: { type: "number" } } } },
    });
    expect(lowered.problems).toEqual([]);
    expect(lowered.schema).toEqual({
      type: "object",
      properties: {
        a: { type: "string" },
        b: { type: ["integer", "null"], description: "B." },
        c: { type: "object", properties: { d: { type: ["boolean", "null"] } }, required: ["d"], additionalProperties: false },
        e: {
          type: ["array", "null"],
          items: { type: "object", properties: { f: { type: ["string", "null"], enum: ["x", "y", null] } }, required: ["f"], additionalProperties: false },
        },
        g: { anyOf: [{ $ref: "#/$defs/g" }, { type: "null" }], description: "G." },
      },
      required: ["a", "b", "c", "e", "g"],
      additionalProperties: false,
      $defs: { g: { type: "object", properties: { h: { type: ["number", "null"] } }, required: ["h"], additionalProperties: false } },
    });
    expect(lowered.plan).toEqual({
      root: { o: ["b", "e", "g"], p: { c: { o: ["d"] }, e: { i: { o: ["f"] } }, g: { r: "#/$defs/g" } } },
      defs: { "#/$defs/g": { o: ["h"] } },
    });
  });

  it("lowers a recursive schema (a $ref to '#' and to a definition that names itself)", () => {
    const lowered = lowerStrict({
      type: "object",
      properties: { name: { type: "string" }, children: { type: "array", items: { $ref: "#" } }, tag: { $ref: "#/$defs/tag" } },
      required: ["name"],
      $defs: { tag: { type: "object", properties: { label: { type: "string" }, parent: { $ref: "#/$defs/tag" } }, required: ["label"] } },
    });
    expect(lowered.problems).toEqual([]);
    const input = { name: "a", children: [{ name: "b", children: null, tag: { label: "t", parent: { label: "u", parent: null } } }], tag: null };
    expect(normaliseStrictInput(input, lowered.plan)).toEqual({ name: "a", children: [{ name: "b", tag: { label: "t", parent: { label: "u" } } }] });
  });

  it.each([
    ["allOf", { type: "object", properties: { a: { allOf: [{ type: "string" }] } }, required: ["a"] }, /\/properties\/a\/allOf: 'allOf'/],
    ["not", { type: "object", properties: { a: { type: "string", not: { const: "" } } }, required: ["a"] }, /'not'/],
    ["if", { type: "object", properties: {}, if: { required: ["a"] } }, /'if'/],
    ["dependentRequired", { type: "object", properties: { a: { type: "string" } }, dependentRequired: { a: ["b"] } }, /dependentRequired/],
    ["oneOf", { type: "object", properties: { a: { oneOf: [{ type: "string" }, { type: "integer" }] } }, required: ["a"] }, /'oneOf'/],
    ["optional and nullable", { type: "object", properties: { a: { type: ["string", "null"] } } }, /'a' is optional and already accepts null/],
    ["optional untyped", { type: "object", properties: { a: { description: "any" } } }, /'a' is optional and already accepts null/],
    ["optional $ref to a nullable def", { type: "object", properties: { a: { $ref: "#/$defs/n" } }, $defs: { n: { type: ["integer", "null"] } } }, /already accepts null/],
    ["open object", { type: "object", properties: { a: { type: "object", additionalProperties: { type: "string" } } }, required: ["a"] }, /allows additional properties/],
    ["free-form object", { type: "object", properties: { a: { type: "object" } }, required: ["a"] }, /without 'properties'/],
    ["optional inside anyOf", { type: "object", properties: { a: { anyOf: [{ type: "object", properties: { b: { type: "string" } } }, { type: "string" }] } }, required: ["a"] }, /anyOf branch with optional properties/],
    ["top-level anyOf", { type: "object", anyOf: [{ type: "object", properties: {} }] }, /not an anyOf/],
    ["foreign $ref", { type: "object", properties: { a: { $ref: "#/properties/b" }, b: { type: "string" } }, required: ["a", "b"] }, /is not '#' or '#\/\$defs/],
    ["tuple", { type: "object", properties: { a: { type: "array", items: [{ type: "string" }] } }, required: ["a"] }, /tuple/],
    ["required but undefined", { type: "object", properties: {}, required: ["x"] }, /'x' is required but not among the properties/],
  ])("reports what it cannot lower faithfully: %s", (_name, schema, message) => {
    expect(errors(schema as JsonObject).join("\n")).toMatch(message);
  });

  it("reports OpenAI's limits: nesting depth, property count, enum values", () => {
    let deep: JsonObject = { type: "object", properties: { leaf: { type: "string" } }, required: ["leaf"] };
    for (let i = 0; i < 10; i++) deep = { type: "object", properties: { n: deep }, required: ["n"] };
    expect(errors(deep).join("\n")).toMatch(/nest 11 levels deep here; strict mode allows 10/);
    const many: JsonObject = { type: "object", properties: {}, required: [] };
    for (let i = 0; i < 5001; i++) (many["properties"] as JsonObject)[`p${i}`] = { type: "boolean" };
    many["required"] = Object.keys(many["properties"] as JsonObject);
    expect(errors(many)).toEqual([": 5001 properties in all; strict mode allows 5000"]);
    const enums = { type: "object", properties: { e: { type: "integer", enum: Array.from({ length: 1001 }, (_, i) => i) } }, required: ["e"] };
    expect(errors(enums)).toEqual([": 1001 enum values in all; strict mode allows 1000"]);
    // Ten levels is within the limit.
    let ten: JsonObject = { type: "object", properties: { leaf: { type: "string" } }, required: ["leaf"] };
    for (let i = 0; i < 9; i++) ten = { type: "object", properties: { n: ten }, required: ["n"] };
    expect(errors(ten)).toEqual([]);
  });

  it("drops constraints strict mode does not support, as warnings (the call is still validated against them)", () => {
    const lowered = lowerStrict({ type: "object", properties: { a: { type: "string", minLength: 2, format: "uri" } }, required: ["a"] });
    expect(lowered.problems.map((p) => [p.pointer, p.severity])).toEqual([
      ["/properties/a/minLength", "warning"],
      ["/properties/a/format", "warning"],
    ]);
    expect(lowered.schema["properties"]).toEqual({ a: { type: "string" } });
  });

  it("never changes the schema it lowers, and handles a property named __proto__", () => {
    const schema = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"},"x":{"type":"object","properties":{"__proto__":{"type":"integer"}}}},"required":["x"]}') as JsonObject;
    const before = JSON.stringify(schema);
    const lowered = lowerStrict(schema);
    expect(JSON.stringify(schema)).toBe(before);
    expect(Object.keys(lowered.schema["properties"] as object)).toEqual(["__proto__", "x"]);
    const sent = JSON.parse('{"__proto__":null,"x":{"__proto__":null}}') as unknown;
    const back = normaliseStrictInput(sent, lowered.plan) as Record<string, unknown>;
    expect(Object.keys(back)).toEqual(["x"]);
    expect(Object.keys(back["x"] as object)).toEqual([]);
    expect(Object.getPrototypeOf(back)).toBe(Object.prototype);
  });

  it("reads a $ref's definition name with the one pointer codec (RFC 6901: percent-decoded, then split), as the bundler and lint do", () => {
    // `%2F` decodes to a separator: `#/$defs/a%2Fb` names $defs.a.b, which strict mode cannot send (not one
    // definition), not the definition "a/b" (`#/$defs/a~1b` names that one).
    const schema: JsonObject = {
      type: "object",
      properties: { p: { $ref: "#/$defs/a%2Fb" }, q: { $ref: "#/$defs/a~1b" } },
      required: ["p", "q"],
      additionalProperties: false,
      $defs: { "a/b": { type: "string" }, a: { b: { type: "integer" } } },
    };
    const lowered = lowerStrict(schema);
    expect(lowered.problems.map((p) => [p.pointer, p.severity, p.message])).toEqual([
      ["/properties/p/$ref", "error", "the $ref '#/$defs/a%2Fb' is not '#' or '#/$defs/<name>': strict mode cannot follow it"],
    ]);
    expect(lowered.schema["$defs"]).toEqual({ "a/b": { type: "string" } });
    expect(lowerStrict({ ...schema, properties: { q: { $ref: "#/$defs/a~1b" } }, required: ["q"] }).problems).toEqual([]);
  });

  it("acceptsNull is conservative", () => {
    const root: JsonObject = { $defs: { a: { $ref: "#/$defs/a" } } };
    expect(acceptsNull({ type: "string" }, root)).toBe(false);
    expect(acceptsNull({ enum: ["a", null] }, root)).toBe(true);
    expect(acceptsNull({ anyOf: [{ type: "string" }, { type: "null" }] }, root)).toBe(true);
    expect(acceptsNull({ $ref: "#/$defs/a" }, root)).toBe(false); // a loop accepts nothing
    expect(acceptsNull({ $ref: "#/$defs/missing" }, root)).toBe(true);
  });

  it("withStrictAll sets the rule's `all` option, keeping the severity given", () => {
    expect(withStrictAll({}, false)).toEqual({});
    expect(withStrictAll({}, true)).toEqual({ "openai-strict-lowerable": ["error", { all: 1 }] });
    expect(withStrictAll({ "openai-strict-lowerable": "warn" }, true)).toEqual({ "openai-strict-lowerable": ["warn", { all: 1 }] });
    expect(withStrictAll({ "openai-strict-lowerable": "off" }, true)).toEqual({ "openai-strict-lowerable": "off" });
  });
});

describe("normaliseStrictInput", () => {
  const plan = lowerStrict({
    type: "object",
    properties: { a: { type: "string" }, b: { type: "integer" }, list: { type: "array", items: { type: "object", properties: { c: { type: "string" } } } } },
    required: ["a"],
  }).plan;

  it("maps a null for an optional property to absent, at any depth, and keeps everything else", () => {
    expect(normaliseStrictInput({ a: "x", b: null, list: [{ c: null }, { c: "y" }] }, plan)).toEqual({ a: "x", list: [{}, { c: "y" }] });
  });

  it("leaves a null for a required property (validation reports it) and values of the wrong shape as they are", () => {
    expect(normaliseStrictInput({ a: null, b: 1 }, plan)).toEqual({ a: null, b: 1 });
    expect(normaliseStrictInput("text", plan)).toBe("text");
    expect(normaliseStrictInput([null], plan)).toEqual([null]);
    expect(normaliseStrictInput({ list: "no" }, plan)).toEqual({ list: "no" });
  });

  it("does not change its input", () => {
    const input = { a: "x", b: null };
    normaliseStrictInput(input, plan);
    expect(input).toEqual({ a: "x", b: null });
  });

  it("stops on a $ref loop that never reaches a value", () => {
    expect(normaliseStrictInput({ a: null }, { root: { r: "x" }, defs: { x: { r: "y" }, y: { r: "x" } } })).toEqual({ a: null });
  });
});

// ---- Property test: for random schemas in the strict subset, lower, then normalise what a strict model sends. ----

interface Case {
  schema: JsonObject;
  value: fc.Arbitrary<unknown>;
}

// No `__proto__`: Ajv's additionalProperties check does not know a declared property of that name (the
// unit test above checks the lowering and normalisation of one).
const KEYS = ["a", "b", "c", "d", "with space", "constructor"];

function setKey(obj: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

const leaf: fc.Arbitrary<Case> = fc.oneof(
  fc.constant<Case>({ schema: { type: "string" }, value: fc.string({ maxLength: 5 }) }),
  fc.constant<Case>({ schema: { type: "integer" }, value: fc.integer() }),
  fc.constant<Case>({ schema: { type: "number" }, value: fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => (x === 0 ? 0 : x)) }),
  fc.constant<Case>({ schema: { type: "boolean" }, value: fc.boolean() }),
  fc.constant<Case>({ schema: { type: "string", enum: ["x", "y"] }, value: fc.constantFrom("x", "y") }),
  fc.constant<Case>({ schema: { enum: [1, "one"] }, value: fc.constantFrom(1, "one") }),
  fc.constant<Case>({ schema: { const: "k" }, value: fc.constant("k") }),
  fc.constant<Case>({ schema: { anyOf: [{ type: "string" }, { type: "integer" }] }, value: fc.oneof(fc.string({ maxLength: 3 }), fc.integer()) }),
);

const { node } = fc.letrec<{ node: Case; object: Case; array: Case }>((tie) => ({
  node: fc.oneof({ depthSize: "small", withCrossShrink: true }, leaf, tie("object"), tie("array")),
  array: tie("node").map((item) => ({ schema: { type: "array", items: item.schema }, value: fc.array(item.value, { maxLength: 3 }) })),
  object: fc
    .uniqueArray(fc.tuple(fc.constantFrom(...KEYS), tie("node"), fc.boolean()), { selector: ([k]) => k, maxLength: 4 })
    .map((entries) => objectCase(entries)),
}));

function objectCase(entries: ReadonlyArray<[string, Case, boolean]>): Case {
  const properties: JsonObject = {};
  for (const [key, sub] of entries) setKey(properties, key, sub.schema);
  const required = entries.filter(([, , r]) => r).map(([k]) => k);
  const value = fc.tuple(...entries.map(([, sub, r]) => (r ? sub.value : fc.option(sub.value, { nil: undefined })))).map((values) => {
    const out: Record<string, unknown> = {};
    entries.forEach(([key], i) => {
      if (values[i] !== undefined) setKey(out, key, values[i]);
    });
    return out;
  });
  return { schema: { type: "object", properties, required }, value };
}

/** What a strict model sends for `value`: every property of every object present, null for those left out. */
function strictForm(schema: JsonObject, value: unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => strictForm(schema["items"] as JsonObject, v));
  if (schema["type"] !== "object" || typeof value !== "object" || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, sub] of Object.entries(schema["properties"] as JsonObject)) {
    setKey(out, key, Object.hasOwn(value, key) ? strictForm(sub as JsonObject, (value as Record<string, unknown>)[key]) : null);
  }
  return out;
}

describe("property: lower, then normalise a strict model's call, gives back the original input", () => {
  it("for random schemas in the strict subset (seeded, bounded)", () => {
    const topLevel = fc.uniqueArray(fc.tuple(fc.constantFrom(...KEYS), node, fc.boolean()), { selector: ([k]) => k, minLength: 1, maxLength: 4 }).map(objectCase);
    const withInput = topLevel.chain((c) => c.value.map((input) => ({ schema: c.schema, input })));
    fc.assert(
      fc.property(withInput, ({ schema, input }) => {
        const lowered = lowerStrict(schema);
        expect(lowered.problems.filter((p) => p.severity === "error")).toEqual([]);
        expect(ajv().validate(schema, input)).toBe(true);
        const sent = strictForm(schema, input);
        const check = ajv();
        expect(check.validate(lowered.schema, sent), JSON.stringify(check.errors)).toBe(true);
        // As JSON (key order included): a property named `constructor` confuses deep-equality checks.
        expect(JSON.stringify(normaliseStrictInput(sent, lowered.plan))).toBe(JSON.stringify(input));
      }),
      // Each run compiles two schemas with Ajv: few runs by default, more with TOOLGEN_HEAVY=1.
      { seed: 1914, numRuns: process.env["TOOLGEN_HEAVY"] === "1" ? 1000 : 40 },
    );
  });
});
