/**
 * Sentence counting for tool descriptions, in any language (see docs/lint.md, "How sentences are counted").
 *
 * 1. Code and URLs are masked first: `` `a.b()` ``, ```` ```fenced``` ```` blocks and `https://…` become
 *    opaque words, so the dots and question marks inside them count for nothing.
 * 2. A sentence ends at a run of terminators (`.` `!` `?` `…` and their counterparts in other scripts:
 *    `。！？` `؟` `۔` `।` `॥` `։` `።` `။` `។` `;`(Greek)), taken together, with any closing quotes or
 *    brackets after it (`?!`, `...`, `."`, `?)` are one end, never several). Then:
 *    - CJK full stops (`。！？｡．`) always end a sentence: those scripts put no space after them.
 *    - Other terminators end a sentence only when followed by white space or the end of the text, so
 *      `3.5`, `v1.2.3`, `file.json`, `U.S.A` and `a.b@c.com` do not.
 *    - ... and only when the next word does not start with a lowercase letter: real sentences start
 *      with a capital in cased scripts, so `approx. ten`, `Attends... puis réponds` and `etc. and` do
 *      not end one. Caseless scripts (Chinese, Arabic, Hebrew, Hindi...) never take this exception.
 *    - A single `.` after a known abbreviation does not end a sentence even before a capital or a
 *      digit: `e.g.`, `i.e.`, `U.S.` and `U. S.` (any dotted initialism), `par ex.`, `p. ex.`, `c.-à-d.`, `напр.`,
 *      `т.е.`, `т. е.`, `z. B.`, titles (`Dr.`, `M.`, `Mme`), and before a number `No. 5`, `p. 12`,
 *      `fig. 3`, `стр. 4`. Ordered-list markers (`1.` at the start of a line) are not sentence ends.
 * 3. A blank line (a new paragraph) and a line that starts a list item (`- `, `* `, `• `, `1. `, `1) `)
 *    also end a sentence: each list item counts as one sentence.
 * 4. The sentences are the pieces between those ends that hold at least one letter or digit.
 *
 * Known limits: scripts that mark no sentence end at all (Thai, Lao) count as one sentence; an
 * abbreviation that really ends a sentence (`... in the U.S. The tool ...`) joins two sentences.
 */

const TERMINATORS = new Set([...".!?…‼⁇⁈⁉。！？｡．։።।॥؟۔။។\u037E"]);
/** Terminators of scripts written without spaces between sentences. */
const NO_SPACE_TERMINATORS = new Set([..."。！？｡．"]);
/** May follow a terminator and still belong to the sentence it ends. */
const CLOSERS = new Set([..."\"'”’»«›‹)]}）］｝」』】〉》*_"]);
/** May precede the first word of the next sentence. */
const OPENERS = new Set([..."\"'“‘„«»‹›([{（［｛「『【〈《¿¡*_#>-•"]);

/**
 * Never end a sentence, whatever follows (entries match with an optional space after each inner dot).
 * Dotted initialisms (`e.g`, `i.e`, `U.S`, `z.B`, `d.h`, `т.е`, `т.к`) need no entry: see the initialism of abbreviationTables.
 */
const ABBREVIATIONS = [
  // English
  "cf", "vs", "viz", "approx", "incl", "resp", "Mr", "Mrs", "Ms", "Dr", "Prof", "St",
  // French
  "par ex", "p. ex", "c.-à-d", "M", "MM", "Mme", "Mlle", "env",
  // Spanish, Italian, Portuguese
  "p. ej", "por ej", "por ex", "ad es", "Sr", "Sra", "Srta", "Dra", "Sig", "Sig.ra", "Dott",
  // German
  "bzw", "vgl", "ca", "ggf", "evtl", "inkl",
  // Russian, Ukrainian
  "напр", "т.зв", "см", "ср", "проф", "ул",
];

/** Do not end a sentence when a number follows: `No. 5`, `p. 12`, `fig. 3`. */
const BEFORE_NUMBER = [
  "No", "Nos", "Nr", "nº", "n", "p", "pp", "vol", "fig", "art", "ch", "chap", "sec", "eq", "ed", "ver",
  "pag", "pág", "cap", "S", "стр", "рис", "гл", "ст", "п", "т",
];

/** Each entry, capitalised too, with and without a space after its inner dots (`p. ex` and `p.ex`). */
export function variantsOf(entries: readonly string[]): Set<string> {
  const variants = new Set<string>();
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i]!;
    // Most entries have no dot: both spellings are the entry itself.
    const dotted = entry.includes(".");
    const spaced = dotted ? entry.replace(/\.(?=\S)/g, ". ") : entry;
    variants.add(spaced);
    variants.add(spaced.charAt(0).toUpperCase() + spaced.slice(1));
    if (!dotted) continue;
    const unspaced = entry.replace(/\. /g, ".");
    variants.add(unspaced);
    variants.add(unspaced.charAt(0).toUpperCase() + unspaced.slice(1));
  }
  return variants;
}

/**
 * What recognising an abbreviation takes, built on first use (most descriptions end their sentences
 * with words longer than LONGEST_LAST_WORD and never need it): the entries' variants, and the
 * Unicode-property expressions of initialisms (each costs a `\p{L}` class to build).
 */
interface Abbreviations {
  any: Set<string>;
  beforeNumber: Set<string>;
  /** `U.S`, `e.g`, `т.е`: single letters joined by dots (the final dot being the candidate end). */
  initialism: RegExp;
  singleLetter: RegExp;
  letterDot: RegExp;
  spacedInitialAfter: RegExp;
}
let abbreviations: Abbreviations | undefined;

export function abbreviationTables(): Abbreviations {
  abbreviations ??= {
    any: variantsOf(ABBREVIATIONS),
    beforeNumber: variantsOf(BEFORE_NUMBER),
    initialism: /^(?:\p{L}\.)+\p{L}$/u,
    singleLetter: /^\p{L}$/u,
    letterDot: /^\p{L}\.$/u,
    spacedInitialAfter: /^\s\p{L}\./u,
  };
  return abbreviations;
}

/**
 * The longest last word of any entry's variant: a longer token without a dot is no abbreviation (a
 * fast path). A constant, so that the fast path needs no table; sentences.test.ts holds it to the tables.
 */
export const LONGEST_LAST_WORD = 6;

const TERMINATOR_OR_NEWLINE = /[.!?…‼⁇⁈⁉。！？｡．։።।॥؟۔။។\u037E]+|\n/gu;
const LIST_MARKER_BEFORE = /^[ \t]*\d{1,3}$/;
/** At a newline (sticky): a blank line or a list item follows, however deeply indented. */
const LIST_ITEM_AFTER_NEWLINE = /\n[ \t]*(?:\n|(?:[-*•‣◦]|\d{1,3}[.)])[ \t])/y;
const CODE = /(`+)[\s\S]*?\1/g;
const URL = /\b(?:[a-z][a-z0-9+.-]*:\/\/|www\.)[^\s<>"'`]*[^\s<>"'`.,;:!?)\]}]/gi;

/** Classes of characters beyond ASCII, built on first use: only text outside ASCII asks them, and each costs a Unicode class to build. */
interface Classes {
  wordlike: RegExp;
  lowercase: RegExp;
  digit: RegExp;
  letter: RegExp;
  space: RegExp;
}
let classes: Classes | undefined;

function unicodeClasses(): Classes {
  // The bracketed ones from strings: a literal's Unicode classes are checked when the script is
  // compiled, used or not (the bundle turns the others into `new RegExp` itself).
  classes ??= {
    wordlike: new RegExp("[\\p{L}\\p{N}]", "u"),
    lowercase: /^\p{Ll}$/u,
    digit: /^\p{N}$/u,
    letter: new RegExp("^[\\p{L}\\p{M}]$", "u"),
    space: /^\s$/u,
  };
  return classes;
}

/** Same length as `text`, with code spans and URLs replaced by `0`s. */
function mask(text: string): string {
  const blank = (match: string) => "0".repeat(match.length);
  const withoutCode = text.includes("`") ? text.replace(CODE, blank) : text;
  return withoutCode.includes("://") || withoutCode.includes("www.") ? withoutCode.replace(URL, blank) : withoutCode;
}

function isSpace(ch: string): boolean {
  return ch === " " || ch === "\n" || ch === "\t" || ch === "\r" || (ch > "\u007f" && unicodeClasses().space.test(ch));
}

/** Letters (with combining marks), dots and hyphens: what an abbreviation is made of. */
function isAbbreviationChar(ch: string): boolean {
  if (ch === "." || ch === "-") return true;
  if (ch < "\u0080") return (ch >= "a" && ch <= "z") || (ch >= "A" && ch <= "Z");
  return unicodeClasses().letter.test(ch);
}

/** Where the abbreviation-like token ending at `end` starts (`end` when there is none). */
function tokenStartBefore(text: string, end: number): number {
  let start = end;
  while (start > 0) {
    const c = text.charCodeAt(start - 1);
    // ASCII letters, `.` and `-` by code; anything else as isAbbreviationChar says.
    if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 46 || c === 45) start--;
    else if (c >= 128 && isAbbreviationChar(text.charAt(start - 1))) start--;
    else break;
  }
  return start;
}

/** The abbreviation-like token ending at `end` and where it starts. */
function tokenBefore(text: string, end: number): { token: string; start: number } {
  const start = tokenStartBefore(text, end);
  return { token: text.slice(start, end), start };
}

function codePointAt(text: string, index: number): string {
  const code = text.codePointAt(index);
  return code === undefined ? "" : String.fromCodePoint(code);
}

/** Whether a single `.` at `start` follows an abbreviation (see the module comment). */
function followsAbbreviation(text: string, start: number, nextIsDigit: boolean): boolean {
  const tokenStart = tokenStartBefore(text, start);
  if (tokenStart === start) return false;
  // An ordinary word: neither an entry, nor the end of a two-word entry, nor an initialism.
  if (start - tokenStart > LONGEST_LAST_WORD && text.lastIndexOf(".", start - 1) < tokenStart) return false;
  const token = text.slice(tokenStart, start);
  const tables = abbreviationTables();
  if (tables.any.has(token) || tables.initialism.test(token)) return true;
  if (nextIsDigit && tables.beforeNumber.has(token)) return true;
  if (tokenStart > 0 && text.charAt(tokenStart - 1) === " ") {
    const previous = tokenBefore(text, tokenStart - 1).token;
    if (previous !== "" && tables.any.has(`${previous} ${token}`)) return true; // `par ex`, `p. ex`
    if (tables.singleLetter.test(token) && tables.letterDot.test(previous)) return true; // `U. S`, `z. B`
  }
  return tables.singleLetter.test(token) && tables.spacedInitialAfter.test(text.slice(start + 1, start + 5)); // `z.` of `z. B.`
}

/**
 * Whether the terminator run `text[start, runEnd)`, followed by closers up to `closed`, ends a sentence.
 */
function endsSentence(text: string, start: number, runEnd: number, closed: number): boolean {
  for (let i = start; i < runEnd; i++) if (NO_SPACE_TERMINATORS.has(text.charAt(i))) return true;
  if (closed < text.length && !isSpace(text.charAt(closed))) return false;
  let next = closed;
  while (next < text.length && (isSpace(text.charAt(next)) || OPENERS.has(text.charAt(next)))) next++;
  if (next >= text.length) return true;
  const first = codePointAt(text, next);
  if (first >= "a" && first <= "z") return false;
  if (first > "\u007f" && unicodeClasses().lowercase.test(first)) return false;
  if (runEnd - start === 1 && text.charAt(start) === ".") {
    const nextIsDigit = (first >= "0" && first <= "9") || (first > "\u007f" && unicodeClasses().digit.test(first));
    if (followsAbbreviation(text, start, nextIsDigit)) return false;
    const before = text.charCodeAt(start - 1);
    if (before >= 48 && before <= 57) {
      const lineStart = text.lastIndexOf("\n", start - 1) + 1;
      if (LIST_MARKER_BEFORE.test(text.slice(lineStart, start))) return false;
    }
  }
  return true;
}

/**
 * Calls `onEnd` with each offset where a sentence ends in `masked`, in order, the end of the text last;
 * stops early when `onEnd` returns false.
 */
function eachSentenceEnd(masked: string, onEnd: (end: number) => boolean): void {
  const candidates = TERMINATOR_OR_NEWLINE; // shared: safe, as nothing below re-enters this function
  candidates.lastIndex = 0;
  for (let match = candidates.exec(masked); match; match = candidates.exec(masked)) {
    const start = match.index;
    if (match[0] === "\n") {
      LIST_ITEM_AFTER_NEWLINE.lastIndex = start;
      if (LIST_ITEM_AFTER_NEWLINE.test(masked) && !onEnd(start)) return;
      continue;
    }
    let runEnd = start + match[0].length;
    if (masked.startsWith(". . .", start)) {
      runEnd = Math.max(runEnd, start + 5);
      while (runEnd < masked.length && TERMINATORS.has(masked.charAt(runEnd))) runEnd++;
    }
    let closed = runEnd;
    while (closed < masked.length && CLOSERS.has(masked.charAt(closed))) closed++;
    candidates.lastIndex = closed;
    if (endsSentence(masked, start, runEnd, closed) && !onEnd(closed)) return;
  }
  onEnd(masked.length);
}

/** Whether `text[start, end)` holds a letter or a digit (an ASCII fast path, then Unicode). */
function hasWord(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57)) return true;
    if (c >= 128 && unicodeClasses().wordlike.test(text.slice(start, end))) return true;
    if (c >= 128) return false;
  }
  return false;
}

/** The sentences of `text`, trimmed, in order (see the module comment for the rules). */
export function splitSentences(text: string): string[] {
  const masked = mask(text);
  const sentences: string[] = [];
  let start = 0;
  eachSentenceEnd(masked, (end) => {
    if (hasWord(masked, start, end)) sentences.push(text.slice(start, end).trim());
    start = end;
    return true;
  });
  return sentences;
}

let sureFullStop: RegExp | undefined;

/**
 * Full stops that surely end a sentence, by the rules above, found by one regular expression (built
 * on first use): a `.` after a word of two or more ASCII letters (nothing but a space, a bracket, a
 * quote or the like before it) that is not the last word of an abbreviation, then a space and a
 * capital, or the end of the text. Only for text with no code span and no URL, where masking
 * changes nothing.
 */
function sureFullStops(): RegExp {
  if (sureFullStop !== undefined) return sureFullStop;
  const lastWords = new Set<string>();
  for (const entry of abbreviationTables().any) {
    const last = entry.slice(entry.lastIndexOf(" ") + 1);
    if (/^[A-Za-z]{2,}$/.test(last)) lastWords.add(last);
  }
  const notAbbreviation = `(?!(?:${[...lastWords].sort().join("|")})\\.)`;
  sureFullStop = new RegExp(`(?<![A-Za-z.\\-\\u0080-\\uffff])${notAbbreviation}[A-Za-z]{2,}\\.(?: [A-Z]|$)`, "g");
  return sureFullStop;
}

/** How many sentences `text` has; once `limit` are found, counting stops and `limit` is returned. */
export function countSentences(text: string, limit = Infinity): number {
  // Ordinary prose has `limit` sentence ends that need no closer look (or only such ends): counted
  // by the expression alone. (Each such `.` follows a letter, so each sentence it ends holds a word: at least as many
  // sentences as full stops. A capital after it is no digit, so no number abbreviation applies.)
  if (!text.includes("`") && !text.includes("://") && !text.includes("www.")) {
    const sure = sureFullStops();
    sure.lastIndex = 0;
    let found = 0;
    /** Just after the last of those full stops. */
    let last = 0;
    // `test`, not `exec`: no match array per full stop. A match ends just after its `.` (at the end
    // of the text) or after the `. X` that follows it.
    while (sure.test(text)) {
      if (++found >= limit) return limit;
      const end = sure.lastIndex;
      last = text.charCodeAt(end - 1) === 0x2e ? end : end - 2;
      // The capital may start the next match's word: step back onto it.
      if (end < text.length) sure.lastIndex = end - 1;
    }
    // When those full stops are the only candidate ends in the text, the count is exact: one
    // sentence each, and one more when a word follows the last.
    const candidates = TERMINATOR_OR_NEWLINE;
    candidates.lastIndex = 0;
    let runs = 0;
    while (candidates.test(text) && ++runs <= found);
    if (runs === found) return Math.min(limit, found + (hasWord(text, last, text.length) ? 1 : 0));
  }
  return countEveryEnd(text, limit);
}

/** countSentences by the full rules (its fast path aside); exported for the test that compares the two. */
export function countEveryEnd(text: string, limit = Infinity): number {
  const masked = mask(text);
  let count = 0;
  let start = 0;
  eachSentenceEnd(masked, (end) => {
    if (hasWord(masked, start, end)) count++;
    start = end;
    return count < limit;
  });
  return count;
}
