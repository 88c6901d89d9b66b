/**
 * Text from schemas (tool names, descriptions, property keys, file names, and messages that quote
 * them) is untrusted: printed raw, an escape sequence in a schema could recolour the terminal, move
 * the cursor, set the window title or hide part of the report, and a newline or bidirectional
 * override could make one finding look like another. The terminal formats (stylish, github, the
 * plain build report) print every such character as a visible escape; json and sarif are JSON,
 * which escapes them already.
 */

/** C0 and C1 control characters, DEL, the line and paragraph separators, and bidirectional embeddings/overrides/isolates. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const HAS_CONTROL = new RegExp(CONTROL.source);
const SHORT: Readonly<Record<string, string>> = { "\t": "\\t", "\n": "\\n", "\r": "\\r" };

/** `\n`, `\r`, `\t` as such; any other control character as `\uXXXX`. Other text is unchanged. */
export function escapeControl(text: string): string {
  // Most text has none: a test is cheaper than a replace that finds nothing.
  if (!HAS_CONTROL.test(text)) return text;
  return text.replace(CONTROL, (c) => SHORT[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** Text for a Markdown table cell (diff's and lint's matrix): control characters escaped, pipes escaped, no line breaks. */
export function markdownCell(text: string): string {
  return escapeControl(text).replace(/\|/g, "\\|").replace(/\n/g, " ");
}
