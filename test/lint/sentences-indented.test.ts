/** Issue 11.9: list items count as sentences however deeply they are indented. */
import { describe, expect, it } from "vitest";
import { countSentences } from "../../src/lint/sentences.js";

describe("indented list items", () => {
  it.each([2, 6, 8, 12, 40])("a list indented %i spaces: each item is a sentence", (indent) => {
    const pad = " ".repeat(indent);
    expect(countSentences(`Use it when:\n${pad}- the user asks for a price\n${pad}- the user asks for a quote\n${pad}1. a third case`, 10)).toBe(4);
  });

  it("tabs, and a blank line between paragraphs", () => {
    expect(countSentences("Use it when:\n\t\t\t\t\t\t\t\t* one\n\t\t\t\t\t\t\t\t* two", 10)).toBe(3);
    expect(countSentences("First paragraph\n          \nSecond paragraph", 10)).toBe(2);
  });
});
