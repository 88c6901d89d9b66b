/**
 * The plain-pattern shortcut (src/lint/plain-pattern.ts) lets pattern-supported and pattern-redos
 * skip their engines. It must never say true where either engine would report: for every pattern it
 * calls plain, either the pattern is not a valid `u`-mode regular expression, or RE2 compiles it and
 * redos-detector (at the rule's budget) finds it safe. Random patterns are built from plain pieces
 * and from pieces that are not (groups, alternation, backreferences, lookaround, big counts, lazy
 * quantifiers), with a fixed seed.
 */
import fc from "fast-check";
import { RE2JS } from "re2js";
import { isSafePattern } from "redos-detector";
import { describe, expect, it } from "vitest";
import { isPlainPattern } from "../../src/lint/plain-pattern.js";
import { ANALYSIS_STEPS } from "../../src/lint/rules/pattern-redos.js";
import { toRe2Syntax } from "../../src/runtime/pattern.js";

function engineVerdict(pattern: string): "invalid" | "fine" | string {
  try {
    new RegExp(pattern, "u");
  } catch {
    return "invalid";
  }
  try {
    RE2JS.compile(toRe2Syntax(pattern));
  } catch (error) {
    return `RE2: ${String(error)}`;
  }
  let result;
  try {
    result = isSafePattern(pattern, { unicode: true, maxSteps: ANALYSIS_STEPS });
  } catch (error) {
    return `redos-detector threw: ${String(error)}`;
  }
  return result.safe ? "fine" : `redos-detector: ${String(result.error)}`;
}

const atom = fc.constantFrom(
  "a", "Z", "0", "_", "-", " ", ":", "/", "@", ".", "\\d", "\\D", "\\w", "\\W", "\\.", "\\-", "\\/", "\\$", "\\^", "\\\\",
  "[a-z]", "[A-Z0-9]", "[^a]", "[\\w-]", "[-a]", "[.+*]", "[a-z_.]", "[\\d\\-]", "[\\]]", "[]", "[^]", "[+--]",
  // not plain
  "(a)", "(?:ab)", "a|b", "\\1", "(?=a)", "(?<=a)", "\\s", "\\p{L}", "\\b", "é", "{", "}", "]", "(", "\\u0041", "\\k<n>",
);
const quantifier = fc.constantFrom(
  "", "", "", "+", "*", "?", "{3}", "{0}", "{1,3}", "{2,}", "{24}", "{25}", "{0,24}", "{0,25}", "{12}", "{1000}", "{1001}",
  "+?", "*?", "{3}?", "{3}{2}", "{,3}", "{a}",
);
const pattern = fc
  .tuple(
    fc.boolean(),
    fc.array(fc.tuple(atom, quantifier), { maxLength: 6 }),
    fc.boolean(),
  )
  .map(([start, pieces, end]) => `${start ? "^" : ""}${pieces.map(([a, q]) => a + q).join("")}${end ? "$" : ""}`);

describe("isPlainPattern", () => {
  it("says true for the plain patterns tool schemas use", () => {
    for (const p of ["^[A-Z]{2}$", "^[A-Z]{3}-[0-9]{6}$", "^[a-z_]+$", "^\\d{5}$", "^[a-z0-9-]{1,20}$", "^.+$", "abc", "^$", ""]) {
      expect(isPlainPattern(p), p).toBe(true);
      expect(engineVerdict(p), p).toBe("fine");
    }
  });

  it("says false for what the engines must see", () => {
    for (const p of ["(a+)+$", "^(a|a)*b$", "(\\w)\\1", "^(?=a)b", "[a-z]+x", "a+$", "^\\d+\\d+$", "a{1000}", "^a+?$", "^.{25}$", "\\s"]) {
      expect(isPlainPattern(p), p).toBe(false);
    }
  });

  it("never vouches for a pattern either engine would report (fixed seed)", () => {
    let plain = 0;
    fc.assert(
      fc.property(pattern, (p) => {
        if (!isPlainPattern(p)) return;
        plain++;
        const verdict = engineVerdict(p);
        expect(verdict === "fine" || verdict === "invalid", `${p}: ${verdict}`).toBe(true);
      }),
      { seed: 20261122, numRuns: Number(process.env.TOOLGEN_HEAVY) === 1 ? 20_000 : 1_500 },
    );
    expect(plain).toBeGreaterThan(100);
  });
});
