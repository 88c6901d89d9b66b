/**
 * What a file's text proves about its parsed data, for the files the loader parsed itself (read.ts
 * marks them): a `SourceFile` built elsewhere (a test, a library caller) may hold data that is not
 * its text's, and is never judged by its text.
 */
import type { SourceFile } from "../model.js";

const parsedFromText = new WeakSet<SourceFile>();

/** Records that `file.data` is `file.text` parsed (by read.ts, which alone calls this). */
export function markParsed(file: SourceFile): void {
  parsedFromText.add(file);
}

const NO_REFS: readonly string[] = [];

/**
 * Every string a `$ref` member holds anywhere in the data of `file`, and maybe more; `undefined` when
 * the text cannot say (a file not parsed here, YAML, a `\u` escape, or a `$ref` value with an
 * escape). Without a `\u` escape, a `$ref` key can only be written `"$ref"` (an escape is the only
 * other way to write one of its characters), and its string value `"..."` is its characters when it
 * has no backslash. So every `"$ref": "..."` member of the text is listed (repeated keys, `$ref`
 * members inside data, and text such as `"a \"$ref": "x"` add strings the data's references do not
 * hold, never remove one), each string once, in the order of the text.
 */
export function refStringsInText(file: SourceFile): readonly string[] | undefined {
  if (file.format !== "json" || !parsedFromText.has(file)) return undefined;
  const text = file.text;
  if (text.indexOf("\\u") >= 0) return undefined;
  let found: Set<string> | undefined;
  // Searched as `$ref` (a `"` starts every string, a `$` few), then its quotes checked.
  for (let at = text.indexOf("$ref"); at >= 0; at = text.indexOf("$ref", at + 4)) {
    if (text.charCodeAt(at - 1) !== 0x22 || text.charCodeAt(at + 4) !== 0x22) continue;
    let i = skipSpace(text, at + 5);
    if (text.charCodeAt(i) !== 0x3a) continue; // the string "$ref" as a value, not a key
    i = skipSpace(text, i + 1);
    if (text.charCodeAt(i) !== 0x22) continue; // a value that is not a string is no reference
    const end = text.indexOf('"', i + 1);
    if (end < 0) return undefined;
    const value = text.slice(i + 1, end);
    if (value.indexOf("\\") >= 0) return undefined;
    (found ??= new Set()).add(value);
  }
  return found === undefined ? NO_REFS : [...found];
}

/** The first index from `i` that is not JSON whitespace. */
function skipSpace(text: string, i: number): number {
  for (;;) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return i;
    i++;
  }
}
