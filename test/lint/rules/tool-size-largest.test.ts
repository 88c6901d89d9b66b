/**
 * tool-size-budget's `largest` (one pass, the three largest tools) against what the rule did before:
 * a copy of the list sorted by tokens, descending, then name, and its first three. Ties of tokens and
 * name (two files with one name) keep the earlier tool first, as the sort did.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { largest } from "../../../src/lint/rules/tool-size-budget.js";

function bySort(tokens: number[], names: string[], count: number): number[] {
  const entries = tokens.map((t, i) => ({ i, tokens: t, name: names[i]! }));
  const sorted = [...entries].sort((a, b) => b.tokens - a.tokens || (a.name < b.name ? -1 : 1));
  return sorted.slice(0, count).map((e) => e.i);
}

describe("largest", () => {
  it("picks what the old sort picked, on random lists with many ties", () => {
    const entry = fc.record({ tokens: fc.integer({ min: 0, max: 6 }), name: fc.constantFrom("a", "b", "c", "a_b", "B", "é", "") });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 80 }), fc.integer({ min: 1, max: 5 }), (list, count) => {
        const tokens = list.map((e) => e.tokens);
        const names = list.map((e) => e.name);
        expect(largest(tokens, names, count)).toEqual(bySort(tokens, names, count));
      }),
      { seed: 9, numRuns: 3000 },
    );
  });

  it("orders by tokens, then name; the earlier of two equal entries first", () => {
    expect(largest([5, 9, 9, 1], ["e", "z", "a", "q"], 3)).toEqual([2, 1, 0]);
    expect(largest([4, 4, 4], ["x", "x", "x"], 2)).toEqual([0, 1]);
    expect(largest([], [], 3)).toEqual([]);
    expect(largest([1, 2], ["a", "b"], 3)).toEqual([1, 0]);
  });
});
