/**
 * Recognises the plain `pattern`s most tool schemas use (`^[A-Z]{2}$`, `^[0-9]{5}-[0-9]{4}$`,
 * `^[a-z_]+$`) so that the pattern rules can vouch for them without loading their engines: RE2
 * (re2js, for `pattern-supported`) and redos-detector (for `pattern-redos`) together cost about
 * 75 ms of CPU to load and far more to warm up, for patterns that need neither.
 *
 * A plain pattern is an optional `^`, a sequence of single-character atoms (a letter, a digit, a
 * few punctuation marks, `.`, `\d` `\D` `\w` `\W`, an escaped metacharacter, or a bracket class of
 * those), each with an optional quantifier, and an optional `$`. No groups, no alternation, no
 * lookaround or backreference, no lazy quantifier. The counts (a range's upper bound, or its lower
 * bound when it has none) add up to at most {@link MAX_WIDTH}. An anchored pattern
 * (`^...$`) may have one variable quantifier, an unanchored one none: then every string has at
 * most one way to match from a given start, so no backtracking engine can take more than linear
 * time on it per start, and RE2 compiles it (no syntax it lacks, counts far below its limit of 1000).
 *
 * What a true answer promises, and test/lint/plain-pattern.test.ts checks against both engines: the
 * pattern is either not a valid `u`-mode ECMA-262 regular expression (then neither rule reports it:
 * schema-valid does), or RE2 compiles its RE2 spelling and redos-detector, at the rule's budget,
 * finds it safe. False only means "ask the engines".
 */

/**
 * Largest sum of repetition counts. redos-detector's analysis, bounded in steps, gives up on
 * `a{32}` unanchored (its verdict is then "unknown"); 24 stays clear of that in every mix tried.
 */
const MAX_WIDTH = 24;

const enum Ch {
  Backslash = 92,
  OpenBracket = 91,
  CloseBracket = 93,
  Caret = 94,
  Dollar = 36,
  Dot = 46,
  Plus = 43,
  Star = 42,
  Question = 63,
  OpenBrace = 123,
  CloseBrace = 125,
  Comma = 44,
}

/** Characters that stand for themselves, outside and inside a bracket class. */
const LITERAL = /[A-Za-z0-9 _\-:@#%&=,;!~'"<>/]/y;
/** What may follow a backslash: the class escapes and the metacharacters. */
const ESCAPED = /[dDwW.\\/+*?()[\]{}|^$-]/y;

function test(re: RegExp, source: string, at: number): boolean {
  re.lastIndex = at;
  return re.test(source);
}

/** The index after the bracket class that opens at `start` (its `[`), or -1 when it is not plain. */
function classEnd(source: string, start: number, end: number): number {
  let i = start + 1;
  if (i < end && source.charCodeAt(i) === Ch.Caret) i++;
  const first = i;
  while (i < end) {
    const c = source.charCodeAt(i);
    if (c === Ch.CloseBracket) return i > first ? i + 1 : -1;
    if (c === Ch.Backslash) {
      if (i + 1 >= end || !test(ESCAPED, source, i + 1)) return -1;
      i += 2;
    } else if (c === Ch.Dot || c === Ch.Plus || c === Ch.Star || test(LITERAL, source, i)) {
      i++;
    } else {
      return -1;
    }
  }
  return -1;
}

function digitsEnd(source: string, i: number, end: number): number {
  while (i < end && source.charCodeAt(i) >= 48 && source.charCodeAt(i) <= 57) i++;
  return i;
}

/** True when `source` is a plain pattern (see the module comment): no engine needs to see it. */
export function isPlainPattern(source: string): boolean {
  let i = 0;
  let end = source.length;
  const anchoredStart = end > 0 && source.charCodeAt(0) === Ch.Caret;
  if (anchoredStart) i = 1;
  let anchoredEnd = false;
  if (end > i && source.charCodeAt(end - 1) === Ch.Dollar) {
    let backslashes = 0;
    while (end - 2 - backslashes >= i && source.charCodeAt(end - 2 - backslashes) === Ch.Backslash) backslashes++;
    if (backslashes % 2 === 0) {
      anchoredEnd = true;
      end--;
    }
  }
  let width = 0;
  let variable = 0;
  while (i < end) {
    const c = source.charCodeAt(i);
    if (c === Ch.Backslash) {
      if (i + 1 >= end || !test(ESCAPED, source, i + 1)) return false;
      i += 2;
    } else if (c === Ch.OpenBracket) {
      i = classEnd(source, i, end);
      if (i < 0) return false;
    } else if (c === Ch.Dot || test(LITERAL, source, i)) {
      i++;
    } else {
      return false;
    }
    let min = 1;
    let max = 1;
    if (i < end) {
      const q = source.charCodeAt(i);
      if (q === Ch.Plus || q === Ch.Star || q === Ch.Question) {
        min = q === Ch.Plus ? 1 : 0;
        max = q === Ch.Question ? 1 : Infinity;
        i++;
      } else if (q === Ch.OpenBrace) {
        const minEnd = digitsEnd(source, i + 1, end);
        if (minEnd === i + 1 || minEnd - i - 1 > 3) return false;
        min = max = Number(source.slice(i + 1, minEnd));
        i = minEnd;
        if (i < end && source.charCodeAt(i) === Ch.Comma) {
          const maxEnd = digitsEnd(source, i + 1, end);
          if (maxEnd - i - 1 > 3) return false;
          max = maxEnd === i + 1 ? Infinity : Number(source.slice(i + 1, maxEnd));
          i = maxEnd;
        }
        if (i >= end || source.charCodeAt(i) !== Ch.CloseBrace) return false;
        i++;
      }
      if (i < end) {
        const after = source.charCodeAt(i);
        if (after === Ch.Plus || after === Ch.Star || after === Ch.Question || after === Ch.OpenBrace) return false;
      }
    }
    if (min !== max) variable++;
    width += max === Infinity ? min : max;
    if (width > MAX_WIDTH) return false;
  }
  return variable <= (anchoredStart && anchoredEnd ? 1 : 0);
}
