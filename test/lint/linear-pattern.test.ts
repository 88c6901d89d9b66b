/**
 * The linearity proof pattern-redos asks when redos-detector does not find a pattern safe
 * (src/lint/linear-pattern.ts, issue 37): linear patterns proven, super-linear ones never, and each
 * pattern proven linear runs through 32,000-character attacks in V8 in linear time (a generous bound:
 * ~4 ms here, where `^\d+\d+$` takes seconds).
 */
import { describe, expect, it } from "vitest";
import { isLinearPattern } from "../../src/lint/linear-pattern.js";
import { cpuTime } from "../helpers.js";

const LINEAR = [
  "^(\\*\\.)?([a-zA-Z0-9-]+\\.)+[a-zA-Z]{2,}$",
  "^(\\*\\.)?[a-z0-9]+([-.][a-z0-9]+)*\\.[a-z]{2,}$",
  "^(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\\.)+[a-zA-Z]{2,}$",
  "\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])T([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(\\.\\d+)?(Z|[+-]([01]\\d|2[0-3]):[0-5]\\d)",
  "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$",
  "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}",
];

/** Exponential, polynomial, or quadratic through the engine's retries at each start; or beyond the proof (lookaround, backreference). */
const NOT_PROVEN = ["^(a+)+$", "(a|a)*b", "^(a*)*$", "^((a?|b?)c)*$", "^(\\w+\\s?)*$", "^\\d+\\d+$", "^[a-z]+[a-z0-9]*$", "a+b", "^.*a.*b$", "(a|a){0,30}b", "^(a|a)(a|a)(a|a)(a|a)(a|a)(a|a)(a|a)(a|a)(a|a)(a|a)$", "(?=a)a", "(a)\\1"];

const N = 32_000;
const ATTACKS = ["a".repeat(N), "a.".repeat(N / 2), "a-".repeat(N / 2), "*.".repeat(N / 2), "1".repeat(N), "2026-11-29T10:00:00.".padEnd(N, "1"), "0123456789abcdef-".repeat(N / 17)].map((s) => `${s}!`);

describe("isLinearPattern", () => {
  it.each(LINEAR)("proves %s linear", (pattern) => expect(isLinearPattern(pattern)).toBe(true));
  it.each(NOT_PROVEN)("does not prove %s", (pattern) => expect(isLinearPattern(pattern)).toBe(false));

  it("patterns it proves run 32,000-character attacks in linear time in V8", () => {
    for (const pattern of LINEAR) {
      const re = new RegExp(pattern, "u");
      for (const attack of ATTACKS) {
        // CPU time: a loaded machine does not inflate it (the bound is for the engine's work).
        expect(cpuTime(() => re.test(attack)).ms, `${pattern} on ${attack.slice(0, 12)}...`).toBeLessThan(250);
      }
    }
  });
});
