/**
 * Issue 39: runtime/validate.ts compiles a schema into closures at the first call and never reads
 * the schema again (every read of the schema's data is counted through a Proxy), and the compiled
 * object check, which enumerates an input's keys instead of reading each declared one by name,
 * gives ajv's verdict and errors where enumeration and reading by name differ: a property that is
 * own but not enumerable, one inherited, a required one absent, past 8 and past 30 declared ones.
 */
import { describe, expect, it } from "vitest";
import { compileValidator } from "../../src/runtime/validate.js";
import { compiledModule } from "./compiled.js";

/** `value` with every object and array in it behind a Proxy that counts each read. */
function counted(value: unknown, reads: { n: number }): unknown {
  if (typeof value !== "object" || value === null) return value;
  const inner = (Array.isArray(value) ? [] : {}) as Record<string, unknown>;
  for (const [k, v] of Object.entries(value)) inner[k] = counted(v, reads);
  const count = <T>(x: T): T => {
    reads.n++;
    return x;
  };
  return new Proxy(inner, {
    get: (t, k, r) => count(Reflect.get(t, k, r)),
    has: (t, k) => count(Reflect.has(t, k)),
    ownKeys: (t) => count(Reflect.ownKeys(t)),
    getOwnPropertyDescriptor: (t, k) => count(Reflect.getOwnPropertyDescriptor(t, k)),
  });
}

describe("the validator compiles its schema once", () => {
  it("a call after the first reads nothing of the schema, valid or not", async () => {
    const schema = {
      type: "object",
      properties: {
        symbol: { type: "string", minLength: 1, maxLength: 8 },
        limit: { type: "integer", minimum: 1, maximum: 100 },
        tags: { type: "array", items: { enum: ["a", "b"] }, uniqueItems: true },
        when: { anyOf: [{ type: "string", format: "date" }, { type: "null" }] },
        nested: { $ref: "#/$defs/n" },
      },
      required: ["symbol"],
      additionalProperties: false,
      $defs: { n: { type: "object", properties: { x: { not: { type: "boolean" } } }, minProperties: 1 } },
    };
    const reads = { n: 0 };
    const validate = compileValidator(counted(schema, reads) as Record<string, unknown>);
    const valid = { symbol: "GM", limit: 5, tags: ["a"], when: "2026-11-29", nested: { x: 1 } };
    const invalid = { symbol: "", limit: 0.5, tags: ["a", "a", "c"], when: 3, nested: {}, extra: 1 };
    expect(reads.n).toBe(0); // nothing read before the first call
    expect(validate(valid)).toBe(true);
    expect(validate(invalid)).toBe(false);
    reads.n = 0;
    for (let i = 0; i < 3; i++) {
      expect(validate(valid)).toBe(true);
      expect(validate(invalid)).toBe(false);
    }
    expect(reads.n).toBe(0);
    const ajv = await compiledModule(schema, { interpret: false });
    expect(ajv.validate(invalid)).toBe(false);
    expect(JSON.stringify(validate.errors)).toBe(JSON.stringify(ajv.validate.errors));
    expect(validate.errors?.length).toBe(10);
  });
});

describe("the compiled object check reads properties as ajv does", () => {
  const declared = (n: number): Record<string, unknown> =>
    Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, i % 2 === 0 ? { type: "string" } : { type: "integer", minimum: 0 }]));
  const schemas = [1, 9, 40].flatMap((n) => [false, true].map((closed) => ({
    type: "object",
    properties: declared(n),
    required: ["p0", ...(n > 1 ? ["p1"] : []), "other"].slice(closed ? 0 : 1),
    ...(closed ? { additionalProperties: false } : {}),
  })));
  const hidden = (base: Record<string, unknown>, key: string, value: unknown): object =>
    Object.defineProperty({ ...base }, key, { value, enumerable: false });
  const inputs = (): unknown[] => [
    { p0: "a", p1: 1, other: 1 },
    hidden({ p1: 1, other: 1 }, "p0", "a"), // required, own, not enumerable
    hidden({ p0: "a", other: 1 }, "p1", -1), // a declared property, own, not enumerable, invalid
    hidden({ p0: "a", p1: 1, other: 1 }, "zz", 1), // an undeclared one not enumerable: not additional
    Object.assign(Object.create({ p0: 5, extra: 1 }) as object, { p1: 1, other: 1 }), // inherited: neither read nor additional
    { p1: 1, other: 1 },
    { p0: "a", p1: "x", other: 1, extra: true },
    { p0: 1, p1: -1, p39: "x", p38: "y" },
  ];
  for (const schema of schemas) {
    it(`${Object.keys(schema.properties).length} declared, ${schema.additionalProperties === false ? "closed" : "open"}`, async () => {
      const mine = await compiledModule(schema);
      const ajv = await compiledModule(schema, { interpret: false });
      expect(mine.contents).toContain("runtime/validate.js");
      for (const input of inputs()) {
        const expected = JSON.stringify([ajv.validate(input), ajv.validate.errors]);
        expect(JSON.stringify([mine.validate(input), mine.validate.errors])).toBe(expected);
      }
    });
  }
});
