/**
 * The legacy prompt and parser agree on random schemas too (fixed seed, bounded budget): for every
 * candidate value Ajv accepts, the announced types include its type (unless only `properties` or
 * `items` hint at one), and the value, written as the model writes it, is read back as itself.
 */
import fc from "fast-check";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { legacyConversions, legacyParameters, legacyPromptView } from "../../src/targets/anthropic/legacy-view.js";
import { typeNameOf } from "../../src/schema/parameter.js";
import { parseFunctionCalls, renderFunctionCalls } from "../../src/runtime/legacy.js";

const TYPES = ["string", "integer", "number", "boolean", "array", "object", "null"] as const;
const scalar = fc.constantFrom<unknown>("a", "b c", "", 0, 1, 2.5, -3, true, false, null);

const leaf: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  fc.constantFrom(...TYPES).map((type) => ({ type })),
  fc.uniqueArray(fc.constantFrom(...TYPES), { minLength: 1, maxLength: 3 }).map((type) => ({ type })),
  fc.uniqueArray(scalar, { minLength: 1, maxLength: 4 }).map((values) => ({ enum: values })),
  scalar.map((value) => ({ const: value })),
  fc.constant({}),
  fc.constant({ description: "untyped" }),
  fc.constant({ properties: { k: { type: "string" } }, required: ["k"] }),
  fc.constant({ items: { type: "integer" } }),
  fc.constant({ prefixItems: [{ type: "string" }] }),
  fc.constant({ $ref: "#/$defs/d" }),
  fc.constant({ type: "integer", minimum: 0, maximum: 9 }),
);

const schema: fc.Arbitrary<Record<string, unknown>> = fc.letrec<{ s: Record<string, unknown> }>((tie) => ({
  s: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    fc.array(tie("s"), { minLength: 1, maxLength: 3 }).map((allOf) => ({ allOf })),
    fc.array(tie("s"), { minLength: 1, maxLength: 3 }).map((anyOf) => ({ anyOf })),
    fc.array(tie("s"), { minLength: 1, maxLength: 3 }).map((oneOf) => ({ oneOf })),
    tie("s").map((s) => ({ anyOf: [s, { type: "null" }] })),
    fc.tuple(tie("s"), fc.constantFrom(...TYPES)).map(([s, type]) => ({ ...s, type })),
  ),
})).s;

const CANDIDATES: unknown[] = ["plain text", "", "a", "b c", 0, 1, 3, -3, 2.5, true, false, null, [], ["a"], [1], [1, "b"], {}, { k: "v" }, { x: 1 }];

function jsonType(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  if (typeof v === "number") return Number.isInteger(v) ? "integer" : "number";
  return typeof v;
}

describe("the legacy prompt's <type> and parseFunctionCalls agree on random schemas", () => {
  it("every value Ajv accepts is announced and read back as itself", () => {
    fc.assert(
      fc.property(schema, fc.constantFrom(...TYPES), (p, defType) => {
        const root = { type: "object", properties: { p }, $defs: { d: { type: defType } } };
        const tool = { name: "t", bundledSchema: root };
        const ajv = new Ajv2020({ strict: false, validateFormats: false });
        ajv.addSchema(root, "root");
        const validate = ajv.compile({ $ref: "root#/properties/p" });
        const [param] = legacyParameters(tool).parameters;
        const conversion = param!.conversion;
        const shown = legacyPromptView([{ ...tool, description: "" } as never]).tools[0]!.parameters[0]!;
        expect(shown.type).toBe(typeNameOf(conversion));
        const conversions = legacyConversions([tool]);
        for (const value of CANDIDATES) {
          if (!validate(value)) continue;
          const kind = jsonType(value);
          const announced = conversion.includes("any") || conversion.includes(kind as never) || (kind === "integer" && conversion.includes("number"));
          if (!announced && (param!.flat.kinds === undefined || param!.flat.hinted)) continue;
          expect(announced, `${JSON.stringify(value)} allowed, ${conversion.join("|")} announced`).toBe(true);
          const [call] = parseFunctionCalls(renderFunctionCalls([{ name: "t", input: { p: value } }]), conversions).calls;
          expect(call?.error, JSON.stringify(value)).toBeUndefined();
          expect(call?.input.p, JSON.stringify(value)).toStrictEqual(value);
        }
      }),
      { seed: 42, numRuns: process.env.TOOLGEN_HEAVY ? 3000 : 80 },
    );
  }, process.env.TOOLGEN_HEAVY ? 900_000 : 60_000);
});

describe("the parameter model never throws", () => {
  it("on any JSON as a parameter schema or as definitions", () => {
    const keyword = fc.constantFrom("type", "enum", "const", "anyOf", "oneOf", "allOf", "$ref", "properties", "required", "items", "prefixItems", "additionalProperties", "minimum", "pattern", "format", "description", "default", "__proto__");
    const junk: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
      v: fc.oneof(
        { depthSize: "small" },
        fc.jsonValue({ maxDepth: 2 }),
        fc.constantFrom("#", "#/$defs/d", "#/properties/p", "#/nope", "#%", "other.json#/x").map(($ref) => ({ $ref })),
        fc.dictionary(keyword, tie("v"), { maxKeys: 4 }),
        fc.array(tie("v"), { maxLength: 3 }),
      ),
    })).v;
    fc.assert(
      fc.property(junk, junk, (p, d) => {
        const tool = { name: "t", description: "", bundledSchema: { type: "object", properties: { p }, $defs: { d } } };
        legacyPromptView([tool as never]);
        legacyConversions([tool]);
      }),
      { seed: 7, numRuns: process.env.TOOLGEN_HEAVY ? 20000 : 1000 },
    );
  });
});
