/**
 * The offset of what a JSON pointer names in JSON text, found by a targeted scan of the document's
 * structure: it reads the keys along the path and skips every other value (a string to its closing
 * quote, an object or array to its matching bracket), so it builds no tree and is several times faster
 * than parsing the whole file into one (`toolgen lint` locates a finding in most files of a folder).
 * The text must be valid JSON (only files that parse are located).
 */
import { getByTokens } from "../schema/pointer.js";

/** A run of anything but brackets, strings (escapes included) taken whole; it may be empty. */
const FLAT = /(?:[^"{}[\]]+|"(?:[^"\\]|\\.)*")*/y;
const SCALAR_END = /[\s,\]}]/g;
/** An array index token. */
const DIGITS = /^\d+$/;

/** Past JSON white space (and a byte-order mark). */
function skipWhitespace(text: string, i: number): number {
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0xfeff) i++;
    else return i;
  }
}

/** Whether the JSON string `text[start, end)` (quotes included) is the key `token`. */
function keyIs(text: string, start: number, end: number, token: string): boolean {
  const length = end - start - 2;
  // Escapes only lengthen a key: a raw key as long as the token is the token only if it is the token.
  if (length === token.length && !token.includes("\\")) return text.startsWith(token, start + 1);
  if (length < token.length) return false;
  const raw = text.slice(start + 1, end - 1);
  return raw.includes("\\") ? JSON.parse(text.slice(start, end)) === token : raw === token;
}

/** `i` is at a `"`: the offset just after the closing quote. */
export function skipString(text: string, i: number): number {
  let from = i + 1;
  for (;;) {
    const quote = text.indexOf('"', from);
    if (quote < 0) return text.length;
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === 0x5c) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    from = quote + 1;
  }
}

/** `i` is at the start of a value: the offset just after it. */
function skipValue(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c === 0x22) return skipString(text, i);
  if (c === 0x7b || c === 0x5b) {
    // From bracket to bracket: FLAT passes everything between two brackets (strings whole) in one step.
    let depth = 0;
    for (;;) {
      const ch = text.charCodeAt(i);
      if (ch === 0x7b || ch === 0x5b) depth++;
      else if (ch === 0x7d || ch === 0x5d) {
        if (--depth === 0) return i + 1;
      } else return text.length; // the end, or an unterminated string: not valid JSON
      FLAT.lastIndex = i + 1;
      FLAT.exec(text);
      i = FLAT.lastIndex;
    }
  }
  SCALAR_END.lastIndex = i;
  const end = SCALAR_END.exec(text);
  return end ? end.index : text.length;
}

/**
 * The offset of the key (or, for array items and the root, the value) that `tokens` name; when the
 * pointer goes further than the document, the offset of the deepest node that exists. Where an object
 * repeats a key, the first one counts.
 */
export function jsonPointerOffset(text: string, tokens: readonly string[]): number {
  let i = skipWhitespace(text, 0);
  let offset = i;
  for (const token of tokens) {
    const c = text.charCodeAt(i);
    if (c === 0x7b) {
      let found = false;
      i = skipWhitespace(text, i + 1);
      while (text.charCodeAt(i) === 0x22) {
        const keyEnd = skipString(text, i);
        const keyStart = i;
        const matches = keyIs(text, i, keyEnd, token);
        i = skipWhitespace(text, keyEnd);
        i = skipWhitespace(text, i + 1); // past ':'
        if (matches) {
          offset = keyStart;
          found = true;
          break;
        }
        i = skipWhitespace(text, skipValue(text, i));
        if (text.charCodeAt(i) !== 0x2c) break;
        i = skipWhitespace(text, i + 1);
      }
      if (!found) return offset;
    } else if (c === 0x5b) {
      if (!DIGITS.test(token)) return offset;
      const index = Number(token);
      i = skipWhitespace(text, i + 1);
      for (let k = 0; ; k++) {
        if (i >= text.length || text.charCodeAt(i) === 0x5d) return offset;
        if (k === index) break;
        i = skipWhitespace(text, skipValue(text, i));
        if (text.charCodeAt(i) !== 0x2c) return offset;
        i = skipWhitespace(text, i + 1);
      }
      offset = i;
    } else {
      return offset;
    }
  }
  return offset;
}

/** A key made only of these is never structural JSON text: its quoted form in the text is a string token. */
const PLAIN_KEY = /^[A-Za-z0-9_.$-]+$/;

/**
 * jsonPointerOffset, with the parsed document at hand (`data` is `text` parsed): when the pointer names a key that the
 * document has (an own member of an object), written with no escape in a text that has no
 * backslash at all, and that text holds that key exactly once as a key (`"key"` then `:`), that
 * place is the answer, found by `indexOf` alone. (Without backslashes every `"` is a string's own
 * quote, so `"key"` is a whole string; followed by `:` it is a key; and the one key of the document
 * spelled so is the one the pointer names.) Anything else is scanned by jsonPointerOffset.
 */
export function jsonKeyOffset(text: string, data: unknown, tokens: readonly string[]): number {
  const key = tokens[tokens.length - 1];
  if (key !== undefined && PLAIN_KEY.test(key) && text.indexOf("\\") < 0) {
    const parent = getByTokens(data, tokens, tokens.length - 1);
    if (parent !== null && typeof parent === "object" && !Array.isArray(parent) && Object.hasOwn(parent, key)) {
      const quoted = `"${key}"`;
      let found = -1;
      for (let at = text.indexOf(quoted); at >= 0; at = text.indexOf(quoted, at + quoted.length)) {
        if (text.charCodeAt(skipWhitespace(text, at + quoted.length)) !== 0x3a) continue;
        if (found >= 0) return jsonPointerOffset(text, tokens);
        found = at;
      }
      if (found >= 0) return found;
    }
  }
  return jsonPointerOffset(text, tokens);
}
