/**
 * surelyExact (src/load/lossless.ts) proves that JSON text parsed exactly without scanning it: it
 * counts the text's `:`s that follow a `"` against the data's keys, and falls back on the earlier
 * proof (the tally of keys and of `:`s inside strings). On random texts (any spacing, repeated keys,
 * strings full of `:` and `"`, numbers a double does not hold), it must vouch for no text the scan
 * finds a problem in, and for every text the earlier proof vouched for.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import path from "node:path";
import { losslessProblems, losslessProblemsNow, scanJson, surelyExact } from "../../src/load/lossless.js";
import { parseSource } from "../../src/load/read.js";
import { chooser } from "../helpers.js";

/** The proof surelyExact gave before (the tally), as it was: the reference. */
function tallyProof(text: string, data: unknown): boolean {
  if (text.includes("\\u")) return false;
  const tally = { keys: 0, colons: 0, zero: false };
  const colonsIn = (s: string) => s.split(":").length - 1;
  const add = (value: unknown): boolean => {
    if (typeof value === "string") tally.colons += colonsIn(value);
    else if (typeof value === "number") {
      if (!Number.isFinite(value) || (Number.isInteger(value) && !Number.isSafeInteger(value))) return false;
      if (value === 0) tally.zero = true;
    } else if (Array.isArray(value)) {
      for (const v of value) if (!add(v)) return false;
    } else if (value !== null && typeof value === "object") {
      for (const [key, v] of Object.entries(value)) {
        tally.keys++;
        tally.colons += colonsIn(key);
        if (!add(v)) return false;
      }
    }
    return true;
  };
  if (!add(data)) return false;
  if (tally.zero && /[1-9]\d*(?:\.\d*)?[eE]-/.test(text)) return false;
  return colonsIn(text) === tally.keys + tally.colons;
}

const ODD_NUMBERS = ["1e400", "-1e400", "1e-400", "0.0", "0e5", "2.5e-3", "9007199254740993", "9007199254740992", "12345678901234567890", "1E2", "-0"];

/** JSON text for `value`: random spacing, odd number literals, and sometimes a member written twice. */
function writeJson(value: unknown, pick: (n: number) => number): string {
  const space = () => ["", " ", "\n  ", "\t", "\r\n"][pick(5)]!;
  if (Array.isArray(value)) return `[${value.map((v) => space() + writeJson(v, pick) + space()).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const members: string[] = [];
    for (const [key, v] of Object.entries(value)) {
      const member = () => `${space()}${JSON.stringify(key)}${space()}:${space()}${writeJson(v, pick)}`;
      if (pick(6) === 0) members.push(member()); // a repeated key
      members.push(member());
    }
    return `{${members.join(",")}${space()}}`;
  }
  if (typeof value === "number" && pick(3) === 0) return ODD_NUMBERS[pick(ODD_NUMBERS.length)]!;
  return JSON.stringify(value);
}

const text = fc.string({ unit: fc.constantFrom("a", ":", '"', " ", "\\", "/", "é", "\uD800"), maxLength: 6 });
const document = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    text,
    fc.integer(),
    fc.constant(0),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 3 }),
    fc.dictionary(text, tie("value"), { maxKeys: 3 }),
  ),
})).value;

describe("surelyExact", () => {
  it("vouches for no text the scan finds a problem in, and for every text the tally proof vouched for", () => {
    let vouched = 0;
    fc.assert(
      fc.property(document, fc.integer(), (value, seed) => {
        const json = writeJson(value, chooser(seed));
        const data: unknown = JSON.parse(json);
        const exact = surelyExact(json, data);
        if (exact) {
          vouched++;
          expect(scanJson(json)).toEqual([]);
        }
        if (tallyProof(json, data)) expect(exact).toBe(true);
      }),
      { numRuns: 3000, seed: 91 },
    );
    expect(vouched).toBeGreaterThan(500); // the proof is not vacuous
  });

  it.each([
    ['{"a": 1, "a": 2}', false],
    ['{"a" : {"b": 1},\n "a":{"b": 1}}', false],
    ['{"a": ":x", "b": "y\\": z"}', true],
    ['{"a": ":x", "a": "y"}', false],
    ['[{"k": 0}, 1e-400]', false],
    ['{"n": 0.5, "m": [1, {"k": null}]}', true],
  ])("%s", (json, exact) => {
    expect(surelyExact(json, JSON.parse(json))).toBe(exact);
  });
});

describe("losslessProblemsNow", () => {
  const file = (name: string, text: string) => parseSource(path.resolve("test/__memory__/lossless", name), text, name.endsWith(".json") ? "json" : "yaml");

  it("gives what losslessProblems gives, for JSON exact or not and for a file that does not parse", async () => {
    for (const f of [await file("a.json", '{"a": 1, "a": 2, "n": 1e400}'), await file("b.json", '{"a": ":"}'), await file("c.json", "{")]) {
      expect(losslessProblemsNow(f)).toEqual(await losslessProblems(f));
    }
  });

  it("has no answer for YAML until losslessProblems has scanned it", async () => {
    const f = await file("d.yaml", "a: !!binary aGk=\n");
    expect(losslessProblemsNow(f)).toBeUndefined();
    const problems = await losslessProblems(f);
    expect(problems.map((p) => p.kind)).toEqual(["yaml-type"]);
    expect(losslessProblemsNow(f)).toBe(problems);
  });
});
