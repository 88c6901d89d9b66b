/**
 * Issue 14: lowering JSON Schema to Gemini's OpenAPI subset (`parameters`). Each lossy case reports
 * a loss at its keyword; lossless ones report none; recursion fails; and (property) an input valid
 * against the original schema is valid against the lowered schema read back as JSON Schema whenever
 * the lowering reported no loss.
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lowerToOpenApi, OPENAPI_SCHEMA_FIELDS, openApiToJsonSchema, type OpenApiSchema } from "../../src/schema/openapi.js";
import { cpuTime } from "../helpers.js";

function lowered(schema: unknown): { schema: OpenApiSchema; losses: Array<{ pointer: string; keyword: string }> } {
  const r = lowerToOpenApi(schema);
  if (!r.ok) throw new Error(`unexpected failure: ${r.reason}`);
  return { schema: r.schema, losses: r.losses.map((l) => ({ pointer: l.pointer, keyword: l.keyword })) };
}

/** Every key of every node of a lowered schema is one of Schema's fields. */
function fieldsOf(schema: OpenApiSchema, out = new Set<string>()): Set<string> {
  for (const key of Object.keys(schema)) out.add(key);
  for (const sub of Object.values(schema.properties ?? {})) fieldsOf(sub, out);
  if (schema.items) fieldsOf(schema.items, out);
  for (const b of schema.anyOf ?? []) fieldsOf(b, out);
  return out;
}

describe("lowerToOpenApi: lossless cases", () => {
  it("maps types, nullable type arrays, const, examples, integer limits; drops $schema and annotations", () => {
    const { schema, losses } = lowered({
      $schema: "https://json-schema.org/draft/2020-12/schema",
      $id: "urn:x",
      $comment: "c",
      type: "object",
      title: "T",
      description: "D",
      properties: {
        name: { type: "string", minLength: 1, maxLength: 20, pattern: "^[a-z]+$", examples: ["bob"], deprecated: true },
        note: { type: ["string", "null"], description: "N" },
        mode: { const: "fast" },
        size: { enum: ["s", "m", null], type: ["string", "null"] },
        count: { type: "integer", minimum: 0, maximum: 10, default: 1 },
        tags: { type: "array", items: { type: "string", format: "email" }, minItems: 1, maxItems: 5 },
        either: { anyOf: [{ type: "string" }, { type: "number" }] },
        many: { type: ["string", "integer"] },
        open: { type: "object", additionalProperties: true, minProperties: 1, maxProperties: 3 },
      },
      required: ["name"],
      propertyOrdering: ["name", "note"],
    });
    expect(losses).toEqual([]);
    expect(schema).toEqual({
      title: "T",
      description: "D",
      type: "OBJECT",
      properties: {
        name: { type: "STRING", minLength: "1", maxLength: "20", pattern: "^[a-z]+$", example: "bob" },
        note: { type: "STRING", nullable: true, description: "N" },
        mode: { enum: ["fast"] },
        size: { type: "STRING", nullable: true, enum: ["s", "m"] },
        count: { type: "INTEGER", minimum: 0, maximum: 10, default: 1 },
        tags: { type: "ARRAY", items: { type: "STRING", format: "email" }, minItems: "1", maxItems: "5" },
        either: { anyOf: [{ type: "STRING" }, { type: "NUMBER" }] },
        many: { anyOf: [{ type: "STRING" }, { type: "INTEGER" }] },
        open: { type: "OBJECT", minProperties: "1", maxProperties: "3" },
      },
      required: ["name"],
      propertyOrdering: ["name", "note"],
    });
    expect([...fieldsOf(schema)].filter((k) => !OPENAPI_SCHEMA_FIELDS.includes(k))).toEqual([]);
  });

  it("inlines $refs (local and through $defs), with a sibling description", () => {
    const { schema, losses } = lowered({
      type: "object",
      $defs: { point: { type: "object", properties: { x: { type: "number" } }, required: ["x"] } },
      properties: { a: { $ref: "#/$defs/point", description: "A point." }, b: { $ref: "#/$defs/point" } },
    });
    expect(losses).toEqual([]);
    const point = { type: "OBJECT", properties: { x: { type: "NUMBER" } }, required: ["x"] };
    expect(schema).toEqual({ type: "OBJECT", properties: { a: { ...point, description: "A point." }, b: point } });
  });

  it("keeps a property named __proto__ as an own property", () => {
    const { schema } = lowered(JSON.parse(`{"type":"object","properties":{"__proto__":{"type":"string"}}}`));
    expect(Object.hasOwn(schema.properties ?? {}, "__proto__")).toBe(true);
  });
});

describe("lowerToOpenApi: each lossy case is reported at its keyword", () => {
  const cases: Array<[string, unknown, string, string]> = [
    ["additionalProperties: false", { type: "object", additionalProperties: false }, "/additionalProperties", "additionalProperties"],
    ["an additionalProperties schema", { type: "object", additionalProperties: { type: "string" } }, "/additionalProperties", "additionalProperties"],
    ["oneOf", { properties: { m: { oneOf: [{ const: "a" }, { const: "b" }] } } }, "/properties/m/oneOf", "oneOf"],
    ["allOf", { allOf: [{ type: "object" }] }, "/allOf", "allOf"],
    ["not", { not: { type: "string" } }, "/not", "not"],
    ["if/then", { if: { type: "string" }, then: { minLength: 1 } }, "/if", "if"],
    ["multipleOf", { type: "number", multipleOf: 2 }, "/multipleOf", "multipleOf"],
    ["uniqueItems", { type: "array", uniqueItems: true }, "/uniqueItems", "uniqueItems"],
    ["prefixItems", { type: "array", prefixItems: [{ type: "string" }] }, "/prefixItems", "prefixItems"],
    ["a draft-07 tuple", { type: "array", items: [{ type: "string" }] }, "/items", "items"],
    ["patternProperties", { type: "object", patternProperties: { "^x": {} } }, "/patternProperties", "patternProperties"],
    ["dependentRequired", { dependentRequired: { a: ["b"] } }, "/dependentRequired", "dependentRequired"],
    ["exclusiveMinimum", { type: "number", exclusiveMinimum: 0 }, "/exclusiveMinimum", "exclusiveMinimum"],
    ["a numeric enum", { type: "integer", enum: [1, 2] }, "/enum", "enum"],
    ["a boolean const", { const: true }, "/const", "const"],
    ["the schema false", { type: "object", properties: { never: false } }, "/properties/never", "false"],
    ["an unresolvable $ref", { $ref: "#/$defs/missing" }, "/$ref", "$ref"],
    ["a $ref sibling that disagrees", { $defs: { s: { type: "string" } }, $ref: "#/$defs/s", type: "integer" }, "/type", "type"],
  ];
  it.each(cases)("%s", (_name, schema, pointer, keyword) => {
    expect(lowered(schema).losses).toEqual([{ pointer, keyword }]);
  });

  it("a loss inside a referenced definition is reported once, where the definition is", () => {
    const { losses } = lowered({
      $defs: { strict: { type: "object", additionalProperties: false } },
      properties: { a: { $ref: "#/$defs/strict" }, b: { $ref: "#/$defs/strict" } },
    });
    expect(losses).toEqual([{ pointer: "/$defs/strict/additionalProperties", keyword: "additionalProperties" }]);
  });

  it("exclusive bounds are sent as the tighter inclusive bound (looser than the original)", () => {
    expect(lowered({ type: "number", minimum: 1, exclusiveMinimum: 3, exclusiveMaximum: 9 }).schema).toEqual({ type: "NUMBER", minimum: 3, maximum: 9 });
  });
});

describe("lowerToOpenApi: recursion", () => {
  it("fails on a recursive $ref, naming the chain and where it closes", () => {
    const r = lowerToOpenApi({
      type: "object",
      $defs: { node: { type: "object", properties: { children: { type: "array", items: { $ref: "#/$defs/node" } } } } },
      properties: { root: { $ref: "#/$defs/node" } },
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.pointer).toBe("/$defs/node/properties/children/items");
    expect(r.reason).toContain("'#/$defs/node' -> '#/$defs/node'");
  });

  it("fails fast, never hangs, on $refs that double the schema at each step, and on a chain nested too deep", () => {
    const $defs: Record<string, unknown> = { d0: { type: "string" } };
    for (let i = 1; i <= 40; i++) $defs[`d${i}`] = { type: "object", properties: { a: { $ref: `#/$defs/d${i - 1}` }, b: { $ref: `#/$defs/d${i - 1}` } } };
    const { value: wide, ms } = cpuTime(() => lowerToOpenApi({ type: "object", $defs, properties: { x: { $ref: "#/$defs/d40" } } }));
    expect(ms).toBeLessThan(2000);
    expect(wide).toMatchObject({ ok: false, reason: expect.stringContaining("larger than 10000 schema nodes") });
    const chain: Record<string, unknown> = { c0: { type: "string" } };
    for (let i = 1; i <= 300; i++) chain[`c${i}`] = { $ref: `#/$defs/c${i - 1}` };
    expect(lowerToOpenApi({ $defs: chain, $ref: "#/$defs/c300" })).toMatchObject({ ok: false, reason: expect.stringContaining("deeper than 256 levels") });
  });

  it("a recursive $ref closes where it comes back to a schema being inlined, however the reference is spelled", () => {
    const r = lowerToOpenApi({
      type: "object",
      $defs: { node: { type: "object", properties: { children: { type: "array", items: { $ref: "#/%24defs/node" } } } } },
      properties: { root: { $ref: "#/$defs/node" } },
    });
    expect(r).toMatchObject({ ok: false, pointer: "/$defs/node/properties/children/items" });
    if (r.ok) return;
    expect(r.reason).toContain("($ref '#/$defs/node' -> '#/%24defs/node')");
  });

  it("a definition used twice side by side is not recursion", () => {
    const r = lowerToOpenApi({ $defs: { s: { type: "string" } }, properties: { a: { $ref: "#/$defs/s" }, b: { items: { $ref: "#/$defs/s" } } } });
    expect(r.ok).toBe(true);
  });
});

// ---- property: no reported loss => every valid input stays valid ----

/** Bounded: each run compiles two validators. TOOLGEN_HEAVY=1 runs ten times as many. */
const RUNS = process.env["TOOLGEN_HEAVY"] === "1" ? 1000 : 100;

type Node = { schema: Record<string, unknown>; values: fc.Arbitrary<unknown> };

const leaf: fc.Arbitrary<Node> = fc.oneof(
  fc.record({ min: fc.nat(3), extra: fc.nat(4) }).map(({ min, extra }) => ({
    schema: { type: "string", minLength: min, maxLength: min + extra },
    values: fc.string({ minLength: min, maxLength: min + extra }),
  })),
  fc.record({ min: fc.integer({ min: -50, max: 50 }), span: fc.nat(100) }).map(({ min, span }) => ({
    schema: { type: "integer", minimum: min, maximum: min + span },
    values: fc.integer({ min, max: min + span }) as fc.Arbitrary<unknown>,
  })),
  fc.constant<Node>({ schema: { type: "number", exclusiveMinimum: 0 }, values: fc.double({ min: 0.5, max: 1e6, noNaN: true }) }),
  fc.constant<Node>({ schema: { type: "number", multipleOf: 2 }, values: fc.integer({ min: -20, max: 20 }).map((n) => n * 2) }),
  fc.constant<Node>({ schema: { type: "boolean" }, values: fc.boolean() }),
  fc.uniqueArray(fc.string({ maxLength: 4 }), { minLength: 1, maxLength: 4 }).map((e) => ({ schema: { enum: e }, values: fc.constantFrom(...e) as fc.Arbitrary<unknown> })),
  fc.uniqueArray(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 3 }).map((e) => ({ schema: { enum: e }, values: fc.constantFrom(...e) as fc.Arbitrary<unknown> })),
  fc.string({ maxLength: 4 }).map((c) => ({ schema: { const: c }, values: fc.constant(c) as fc.Arbitrary<unknown> })),
);

function nullable(n: Node): Node {
  const t = n.schema["type"];
  if (typeof t !== "string") return n;
  return { schema: { ...n.schema, type: [t, "null"] }, values: fc.oneof(n.values, fc.constant(null)) };
}

const { node } = fc.letrec<{ node: Node }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    leaf.map(nullable),
    fc
      .record({
        props: fc.uniqueArray(fc.tuple(fc.constantFrom("a", "b", "c", "__proto__", "x y"), tie("node")), { selector: ([k]) => k, maxLength: 3 }),
        requiredMask: fc.nat(7),
        closed: fc.boolean(),
      })
      .map(({ props, requiredMask, closed }) => {
        const required = props.map(([k]) => k).filter((_, i) => (requiredMask >> i) & 1);
        const properties: Record<string, unknown> = {};
        for (const [k, v] of props) Object.defineProperty(properties, k, { value: v.schema, enumerable: true, writable: true, configurable: true });
        const schema: Record<string, unknown> = { type: "object", properties, required };
        if (closed) schema["additionalProperties"] = false;
        const values = fc
          .tuple(...props.map(([k, v]) => fc.option(v.values, { nil: undefined }).map((val) => [k, val] as const)))
          .map((entries) => {
            const o: Record<string, unknown> = {};
            for (const [k, val] of entries) {
              if (val !== undefined || required.includes(k)) Object.defineProperty(o, k, { value: val === undefined ? null : val, enumerable: true, writable: true, configurable: true });
            }
            return o;
          });
        return { schema, values };
      }),
    fc.record({ item: tie("node"), max: fc.nat(3) }).map(({ item, max }) => ({
      schema: { type: "array", items: item.schema, maxItems: max },
      values: fc.array(item.values, { maxLength: max }) as fc.Arbitrary<unknown>,
    })),
    fc.tuple(tie("node"), tie("node"), fc.boolean()).map(([a, b, one]) => ({
      schema: { [one ? "oneOf" : "anyOf"]: [a.schema, b.schema] },
      values: fc.oneof(a.values, b.values),
    })),
  ),
}));

/** A root schema: a node, or an object whose properties refer to a node through `$defs` (references resolve against the root). */
const root: fc.Arbitrary<Node> = fc.oneof(
  node,
  node.map((inner) => ({
    schema: { type: "object", $defs: { d: inner.schema }, properties: { p: { $ref: "#/$defs/d" }, q: { type: "array", items: { $ref: "#/$defs/d" } } } },
    values: fc.record({ p: inner.values, q: fc.array(inner.values, { maxLength: 2 }) }, { requiredKeys: [] }) as fc.Arbitrary<unknown>,
  })),
);

describe("property: lowering without a reported loss keeps every valid input valid", () => {
  it("valid against the original => valid against the lowered schema read back (fixed seed, bounded)", () => {
    const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });
    let checked = 0;
    let lossless = 0;
    fc.assert(
      fc.property(root.chain((n) => fc.tuple(fc.constant(n.schema), fc.array(n.values, { minLength: 1, maxLength: 3 }))), ([schema, inputs]) => {
        const r = lowerToOpenApi(schema);
        if (!r.ok) return;
        const original = ajv.compile(schema);
        const back = ajv.compile(openApiToJsonSchema(r.schema));
        if (r.losses.length === 0) lossless++;
        for (const input of inputs) {
          // Generated values aim at the schema; anyOf/oneOf and null-filled required keys may miss it.
          if (!original(input)) continue;
          checked++;
          // The lowering only drops or loosens constraints, so this holds with losses too (the docs say so).
          expect(back(input), JSON.stringify({ schema, lowered: r.schema, input, lossy: r.losses.length > 0 })).toBe(true);
        }
      }),
      { seed: 1414, numRuns: RUNS },
    );
    // The property held over real cases, lossless ones included.
    expect(lossless).toBeGreaterThan(RUNS / 10);
    expect(checked).toBeGreaterThan(RUNS);
  });
});
