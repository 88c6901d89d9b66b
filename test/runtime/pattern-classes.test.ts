/**
 * Issue 24 N7: RE2 reads `\S` inside a character class as ASCII (its `\s` is [\t\n\f\r ]), so
 * `^[\S]+$` accepted U+00A0 where Ajv (JavaScript's RegExp with the `u` flag) rejects it: 274 of 280
 * fuzzing disagreements. The generated validators must give Ajv's verdict for every pattern built
 * from the class escapes (`\s \S \d \D \w \W`, `.`), inside and outside classes, negated or not, on
 * the code points where the engines' tables could differ: the Unicode spaces, the line separators,
 * BOM, NEL, zero-width space, non-ASCII digits and letters, astral characters.
 */
import { Ajv } from "ajv";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formats } from "../../src/runtime/formats.js";
import { compiled } from "./compiled.js";

const ESCAPES = ["\\s", "\\S", "\\d", "\\D", "\\w", "\\W", "."];
const CODE_POINTS = [
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0x85, 0xa0, 0x1680, 0x180e, 0x2000, 0x2007, 0x200a, 0x200b, 0x2028, 0x2029, 0x202f,
  0x205f, 0x3000, 0xfeff, 0x30, 0x39, 0x41, 0x5f, 0x61, 0x7a, 0x2d, 0xe9, 0x17f, 0x212a, 0x660, 0xff10, 0x1d7ce, 0x1f600, 0x10ffff,
];

/** Every pattern of one class escape: bare, alone in a class, negated, and mixed with a literal. */
const PATTERNS = ESCAPES.flatMap((e) => [`^${e}$`, `^${e}+$`, ...(e === "." ? [] : [`^[${e}]$`, `^[^${e}]$`, `^[a${e}]+$`, `^[^-${e}]$`])]).concat(
  "^[\\s\\S]$", "^[^\\s\\S]$", "^[\\S\\d]+$", "^[^\\S\\d]$", "^[\\w\\s]+$", "^[^\\w\\S]$", "^[\\D\\s]$", "^[^\\W\\d]$", "^a\\S+b$", "^[\\S]{2}$",
);

const ajv = new Ajv({ strict: false, formats, logger: false });

describe("class escapes agree with Ajv (RegExp with the u flag)", () => {
  it("every pattern, every code point, alone and between letters", async () => {
    const disagreements: string[] = [];
    for (const pattern of PATTERNS) {
      const schema = { type: "object", properties: { p: { type: "string", pattern } } };
      const ours = await compiled(schema);
      const theirs = ajv.compile(schema);
      for (const cp of CODE_POINTS) {
        const ch = String.fromCodePoint(cp);
        for (const text of [ch, `a${ch}b`, ch + ch]) {
          const want = theirs({ p: text });
          if (ours({ p: text }) !== want) disagreements.push(`${pattern} on ${JSON.stringify(text)} (U+${cp.toString(16).toUpperCase()}): Ajv says ${want}`);
        }
      }
    }
    expect(disagreements).toEqual([]);
  });

  it("`[\\S]`, `[^\\S]` and `\\s` on every code point of the BMP (lone surrogates included) and the planes' edges", async () => {
    for (const pattern of ["^[\\S]$", "^[^\\S]$", "^\\s$"]) {
      const schema = { type: "object", properties: { p: { type: "string", pattern } } };
      const ours = await compiled(schema);
      const theirs = ajv.compile(schema);
      const wrong: string[] = [];
      const check = (cp: number) => {
        const text = String.fromCodePoint(cp);
        if (ours({ p: text }) !== theirs({ p: text })) wrong.push(`U+${cp.toString(16).toUpperCase()}`);
      };
      for (let cp = 0; cp <= 0xffff; cp++) check(cp);
      for (let plane = 1; plane <= 16; plane++) [0, 0xfffd, 0xffff].forEach((low) => check(plane * 0x10000 + low));
      expect([pattern, wrong]).toEqual([pattern, []]);
    }
  });

  it("random strings over those code points (fixed seed)", async () => {
    const validators = await Promise.all(
      PATTERNS.map(async (pattern) => {
        const schema = { type: "object", properties: { p: { type: "string", pattern } } };
        return [pattern, await compiled(schema), ajv.compile(schema)] as const;
      }),
    );
    const text = fc.array(fc.constantFrom(...CODE_POINTS), { maxLength: 4 }).map((cps) => String.fromCodePoint(...cps));
    fc.assert(
      fc.property(fc.constantFrom(...validators), text, ([pattern, ours, theirs], s) => {
        expect([pattern, s, ours({ p: s })]).toEqual([pattern, s, theirs({ p: s })]);
      }),
      { seed: 2407, numRuns: 2000 },
    );
  });
});
