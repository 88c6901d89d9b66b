/**
 * Issue 36 item 5: `templateStatement` (src/emit/code-lines.ts) writes long text (legacy.ts'
 * `legacySystemPrompt`) as a template literal over lines within 120 columns that reads back as the
 * same string: backticks, `${`, backslashes, carriage returns, long words and long lines included.
 */
import { expect, it } from "vitest";
import { templateStatement } from "../../src/emit/code-lines.js";

const texts = [
  "",
  "one line",
  "In this environment you have access to a set of tools. ".repeat(12).trim() + "\n\nnext paragraph\n",
  "a `tick` and ${not} a substitution, a \\ backslash and \\` both\r\nCRLF line\rCR alone",
  `${"x".repeat(300)}\n${"word ".repeat(80)}\n\n\n`,
  "emoji 😀 ".repeat(40) + "\u2028 and \u2029 and a tab\there",
];

it.each(texts.map((t, i) => [i, t] as const))("text %i reads back the same, every line within 120 columns", (_, text) => {
  const code = templateStatement("return ", text, ";");
  expect(new Function(code)()).toBe(text);
  expect(code.split("\n").filter((l) => l.length > 120)).toEqual([]);
});
