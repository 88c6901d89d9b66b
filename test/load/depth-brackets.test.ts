/**
 * The loader's shortcut for the nesting bound (fewBrackets, src/load/depth.ts): JSON text with at most
 * MAX_NESTING opening brackets is accepted without walking its data; it must never accept a document
 * the walk (tooDeep) refuses.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fewBrackets, MAX_NESTING, tooDeep } from "../../src/load/depth.js";

const nested = (levels: number): unknown => {
  let value: unknown = 1;
  for (let i = 1; i < levels; i++) value = i % 2 === 0 ? [value] : { k: value };
  return value;
};

describe("fewBrackets", () => {
  it("accepts a document nested exactly MAX_NESTING levels, refuses one level more", () => {
    const at = JSON.stringify(nested(MAX_NESTING + 1)); // MAX_NESTING containers around a scalar
    expect(tooDeep(JSON.parse(at))).toBeUndefined();
    expect(fewBrackets(at)).toBe(true);
    const over = JSON.stringify(nested(MAX_NESTING + 2));
    expect(fewBrackets(over)).toBe(false);
    expect(tooDeep(JSON.parse(over))).toBeDefined();
  });

  it("counts brackets inside strings too (an upper bound, never too low)", () => {
    expect(fewBrackets(JSON.stringify({ s: "{".repeat(MAX_NESTING) }))).toBe(false);
    expect(fewBrackets(JSON.stringify({ s: "[".repeat(MAX_NESTING - 1) }))).toBe(true);
  });

  it("never accepts what tooDeep refuses (random documents, small bounds)", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.integer({ min: 1, max: 8 }), (value, max) => {
        const text = JSON.stringify(value);
        if (fewBrackets(text, max)) expect(tooDeep(JSON.parse(text), max)).toBeUndefined();
      }),
      { numRuns: 500, seed: 9 },
    );
  });
});
