/**
 * Issue 10.3: parseFunctionCalls is linear. A run of `<` followed by one `>` took quadratic time
 * (1 MB: 2.4-10 s). Property (fixed seed, bounded budget): on adversarial shapes, the time per byte
 * at 1 MB stays within a generous factor of the time per byte at 10 KB. Ratios only, no absolute
 * times; quadratic time would make the ratio about 100. TOOLGEN_HEAVY=1 runs more shapes.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseFunctionCalls, type LegacyConversions } from "../../src/runtime/legacy.js";

const conversions: LegacyConversions = [["t", { parameters: [["a", ["integer"]], ["b", ["any"]]] }]];

const PREFIXES = [
  "",
  "<function_calls>",
  "<function_calls><invoke>",
  "<function_calls><invoke><tool_name>t</tool_name><parameters>",
  "<function_calls><invoke><tool_name>t</tool_name><parameters><a>",
  "<function_calls><invoke name=\"",
];
const UNITS = ["<", "<a", "< ", "<<", "<invoke>", "</", "<parameters>", "<a>", "&#", "&lt;", "name=", "<tool_name>", "<a/>", "x", "\""];
const SUFFIXES = ["", ">", "</a>", "</parameters></invoke>", "</function_calls>"];

const shape = fc.record({
  prefix: fc.constantFrom(...PREFIXES),
  unit: fc.array(fc.constantFrom(...UNITS), { minLength: 1, maxLength: 3 }).map((u) => u.join("")),
  suffix: fc.constantFrom(...SUFFIXES),
});

function text(s: { prefix: string; unit: string; suffix: string }, bytes: number): string {
  return s.prefix + s.unit.repeat(Math.ceil(bytes / s.unit.length)) + s.suffix;
}

/** Best-of-three nanoseconds per byte, each trial parsing at least ~1 MB in all. */
function nsPerByte(input: string): number {
  const reps = Math.max(1, Math.round(1_000_000 / input.length));
  let best = Infinity;
  for (let trial = 0; trial < 3; trial++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < reps; i++) parseFunctionCalls(input, conversions);
    best = Math.min(best, Number(process.hrtime.bigint() - start) / (reps * input.length));
  }
  return best;
}

describe("parseFunctionCalls runs in linear time", () => {
  it("the seed's worst case: 1 MB of '<' then one '>'", () => {
    const small = nsPerByte(`<function_calls>${"<".repeat(10_000)}>`);
    const large = nsPerByte(`<function_calls>${"<".repeat(1_000_000)}>`);
    expect(large / small).toBeLessThan(8);
  });

  it("time per byte stays flat from 10 KB to 1 MB on adversarial shapes", () => {
    const runs = process.env.TOOLGEN_HEAVY ? 60 : 12;
    fc.assert(
      fc.property(shape, (s) => {
        const small = nsPerByte(text(s, 10_000));
        const large = nsPerByte(text(s, 1_000_000));
        // Generous: noise and GC, but far below the ~100x of quadratic time.
        expect(large / Math.max(small, 0.05), JSON.stringify(s)).toBeLessThan(12);
      }),
      { seed: 20261122, numRuns: runs },
    );
  });
});
