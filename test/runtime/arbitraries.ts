/** Random JSON Schemas and JSON values for the runtime property tests (keys include object internals). */
import fc from "fast-check";

export const KEYS = ["a", "b", "__proto__", "constructor", "toString", "hasOwnProperty", "valueOf", "isPrototypeOf"];
export const PATTERNS = ["^a", "b$", "^[a-z]*$", "\\d", "^(a+)+$", "(x+x+)+y", "^(\\d+)*$", "(a|aa)+$", "x|y", "^_", "o"];
const FORMATS = ["date", "email", "ipv4", "uuid", "unknown-format"];

/** Own data properties even for "__proto__" (Object.fromEntries defines, it does not assign). */
const entries = <T>(value: fc.Arbitrary<T>) => fc.uniqueArray(fc.tuple(fc.constantFrom(...KEYS), value), { maxLength: 4, selector: (e) => e[0] });

export const json: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom(null, true, false, 0, -0, 1, 1.5, -3, 100, "", "a", "aaa", "b", "x1", "__proto__", "constructor", "2024-02-29", "a@b.co", "1.2.3.4"),
    fc.string({ maxLength: 6 }),
    fc.integer({ min: -5, max: 5 }),
    fc.array(tie("value"), { maxLength: 4 }),
    entries(tie("value")).map((e) => Object.fromEntries(e)),
  ),
})).value;

export const schema: fc.Arbitrary<unknown> = fc.letrec<{ schema: unknown }>((tie) => ({
  schema: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom({}, true, false, { type: "null" }, { type: "boolean" }),
    fc.record({ type: fc.constantFrom("integer", "number"), minimum: fc.integer({ min: -3, max: 3 }), maximum: fc.integer({ min: 0, max: 50 }) }, { requiredKeys: ["type"] }),
    fc.record({ type: fc.constant("string"), minLength: fc.nat(3), maxLength: fc.nat(6), pattern: fc.constantFrom(...PATTERNS), format: fc.constantFrom(...FORMATS) }, { requiredKeys: [] }),
    fc.record({ enum: fc.array(json, { minLength: 1, maxLength: 4 }) }),
    fc.record({ const: json }),
    fc.record(
      {
        type: fc.constant("object"),
        properties: entries(tie("schema")).map((e) => Object.fromEntries(e)),
        required: fc.uniqueArray(fc.constantFrom(...KEYS), { maxLength: 3 }),
        additionalProperties: fc.oneof(fc.boolean(), tie("schema")),
        patternProperties: fc.constantFrom(...PATTERNS).chain((p) => tie("schema").map((s) => ({ [p]: s }))),
        propertyNames: fc.constantFrom({ pattern: "^[a-z_]+$" }, { maxLength: 5 }),
      },
      { requiredKeys: [] },
    ),
    fc.record(
      { type: fc.constant("array"), items: tie("schema"), minItems: fc.nat(2), maxItems: fc.nat(5), uniqueItems: fc.boolean(), contains: tie("schema") },
      { requiredKeys: [] },
    ),
    fc.record({ anyOf: fc.array(tie("schema"), { minLength: 1, maxLength: 3 }) }),
    fc.record({ oneOf: fc.array(tie("schema"), { minLength: 1, maxLength: 3 }) }),
    fc.record({ allOf: fc.array(tie("schema"), { minLength: 1, maxLength: 2 }) }),
    fc.record({ not: tie("schema") }),
  ),
})).schema;

