// toolgen runtime: JSON Schema `pattern`s are ECMA-262 regular expressions; the validators run them
// with RE2 (linear time, see runtime/re2.js), whose syntax differs in a few escapes. This rewrites
// the ECMA forms RE2 spells differently. Copied verbatim into generated output; imports nothing.
//
// Rewritten: `\uXXXX` (surrogate pairs joined), `\u{X…}`, `\cX`, `[^]`, `[]`, `.` (ECMA's excludes
// \r, U+2028 and U+2029 too), and `\s`/`\S` inside and outside a class (ECMA's include the Unicode
// spaces, RE2's only ASCII ones; inside a class, where RE2 has no way to say "not these", `\S` is
// spelled as the ranges between the spaces). `\d \D \w \W` mean the same in both (ASCII digits
// and word characters: Ajv's `u` flag without `i`). Not run at all: backreferences, lookahead,
// lookbehind, which the lint rule `pattern-supported` reports.

const SPACES =
  "\\t\\n\\x{0b}\\f\\r \\x{a0}\\x{1680}\\x{2000}-\\x{200a}\\x{2028}\\x{2029}\\x{202f}\\x{205f}\\x{3000}\\x{feff}";
/** Every code point but SPACES (ECMA's `\S`), as ranges that can sit inside a class. */
const NOT_SPACES =
  "\\x{0}-\\x{8}\\x{e}-\\x{1f}\\x{21}-\\x{9f}\\x{a1}-\\x{167f}\\x{1681}-\\x{1fff}" +
  "\\x{200b}-\\x{2027}\\x{202a}-\\x{202e}" +
  "\\x{2030}-\\x{205e}\\x{2060}-\\x{2fff}\\x{3001}-\\x{fefe}\\x{ff00}-\\x{10ffff}";

function hex(code: number): string {
  return `\\x{${code.toString(16)}}`;
}

/** The pattern in RE2 syntax, same meaning. Linear in its length. */
export function toRe2Syntax(pattern: string): string {
  let out = "";
  let inClass = false;
  let i = 0;
  const n = pattern.length;
  while (i < n) {
    const c = pattern.charAt(i);
    if (c === "\\" && i + 1 < n) {
      const next = pattern.charAt(i + 1);
      if (next === "u") {
        const braced = /^\{([0-9a-fA-F]{1,6})\}/.exec(pattern.slice(i + 2, i + 10));
        if (braced && braced[1] !== undefined) {
          out += hex(parseInt(braced[1], 16));
          i += 2 + braced[0].length;
          continue;
        }
        const four = /^[0-9a-fA-F]{4}$/.test(pattern.slice(i + 2, i + 6))
          ? parseInt(pattern.slice(i + 2, i + 6), 16)
          : -1;
        if (four >= 0) {
          const low =
            pattern.slice(i + 6, i + 8) === "\\u" && /^[0-9a-fA-F]{4}$/.test(pattern.slice(i + 8, i + 12))
              ? parseInt(pattern.slice(i + 8, i + 12), 16)
              : -1;
          if (four >= 0xd800 && four <= 0xdbff && low >= 0xdc00 && low <= 0xdfff) {
            out += hex((four - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000);
            i += 12;
          } else {
            out += hex(four);
            i += 6;
          }
          continue;
        }
      }
      if (next === "c" && /^[A-Za-z]$/.test(pattern.charAt(i + 2))) {
        out += hex(pattern.charCodeAt(i + 2) % 32);
        i += 3;
        continue;
      }
      if (next === "s") {
        out += inClass ? SPACES : `[${SPACES}]`;
        i += 2;
        continue;
      }
      if (next === "S") {
        out += inClass ? NOT_SPACES : `[^${SPACES}]`;
        i += 2;
        continue;
      }
      out += c + next;
      i += 2;
      continue;
    }
    if (!inClass && c === "[") {
      if (pattern.startsWith("[^]", i)) {
        out += "[\\x{0}-\\x{10ffff}]";
        i += 3;
        continue;
      }
      if (pattern.startsWith("[]", i)) {
        out += "[^\\x{0}-\\x{10ffff}]";
        i += 2;
        continue;
      }
      inClass = true;
      out += c;
      i++;
      // A `]` first in a class (after `^`) is a literal in RE2 but closes an empty class in ECMA;
      // the two cases above cover ECMA's meaning.
      continue;
    }
    if (inClass && c === "]") inClass = false;
    if (!inClass && c === ".") {
      out += "[^\\n\\r\\x{2028}\\x{2029}]";
      i++;
      continue;
    }
    out += c;
    i++;
  }
  return out;
}
