/**
 * What the byte-counting tests share (json-size.test.ts, definition-bytes.test.ts): arbitrary JSON
 * with every kind of character, number and value JSON.stringify skips, and the fixture folders.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { fixture } from "../helpers.js";

/** One UTF-16 unit or character: every escape class, each UTF-8 length, lone and paired surrogates. */
export const char = fc.oneof(
  fc.constantFrom("a", "Z", " ", "~", "/", "'", '"', "\\", "\b", "\f", "\n", "\r", "\t", "\v", "\0", "\u001f", "\u007f", "\u0080", "é", "\u07ff", "\u0800", "€", "\u2028", "\ufeff", "\uffff"),
  fc.constantFrom("\ud800", "\udbff", "\udc00", "\udfff", "\ud83d\ude00", "\ud83d", "\ude00"),
  fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
  fc.integer({ min: 0x10000, max: 0x10ffff }).map((c) => String.fromCodePoint(c)),
  fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
);
export const text = fc.string({ unit: char, maxLength: 12 });
export const number = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(0, -0, 1e21, 1e-7, 123e-20, 5e-324, Number.MAX_VALUE, -Number.MAX_VALUE, Number.MAX_SAFE_INTEGER + 2, 2 ** 64, 0.1, 1 / 3, NaN, Infinity, -Infinity),
);
/** Values JSON.stringify skips in an object and writes as null in an array. */
export const skipped = fc.constantFrom(undefined, Symbol("s"));
export const key = fc.oneof(text, fc.constantFrom("type", "0", "10", "-1", "__proto__", "toJSON", "constructor", ""));

export const json: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    text,
    number,
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.oneof(tie("value"), skipped), { maxLength: 5 }),
    fc.dictionary(key, fc.oneof(tie("value"), skipped), { maxKeys: 5 }),
  ),
})).value;

/** Every folder of test/fixtures that holds schema files, and the files. */
export function fixtureFolders(): string[] {
  const folders: string[] = [];
  const visit = (dir: string) => {
    const entries = readdirSync(dir, { withFileTypes: true });
    if (entries.some((e) => e.isFile() && /\.(json|ya?ml)$/.test(e.name))) folders.push(dir);
    for (const e of entries) if (e.isDirectory()) visit(path.join(dir, e.name));
  };
  visit(fixture());
  return folders;
}
