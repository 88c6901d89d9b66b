/** jsonParseArrayStatement (per-element, memoisable) gives exactly jsonParseStatement's text for an array. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonElementLines, jsonParseArrayStatement, jsonParseStatement } from "../../src/emit/code-lines.js";

const elementJson = (e: unknown) => JSON.stringify(e, null, 2).replace(/\n/g, "\n  ");
const text = fc.oneof(fc.string({ maxLength: 300 }), fc.constantFrom("`${x}`", "a\\b", "x".repeat(130), `${"word ".repeat(40)}$\``, "\u2028é😀".repeat(50)));
const json = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: "small" }, text, fc.integer(), fc.boolean(), fc.constant(null), fc.array(tie("value"), { maxLength: 4 }), fc.dictionary(text, tie("value"), { maxKeys: 4 })),
})).value;

describe("jsonParseArrayStatement", () => {
  it("equals jsonParseStatement over the whole array, for any array and any statement head", () => {
    fc.assert(
      fc.property(fc.array(json, { maxLength: 6 }), fc.constantFrom("export const tools: ToolDefinition[] = ", "x = ", "h".repeat(125)), (array, head) => {
        const elements = array.map(elementJson);
        expect(jsonParseArrayStatement(head, elements, ";")).toBe(jsonParseStatement(head, array, ";"));
        // The memoisable form: each element's share from jsonElementLines.
        expect(jsonParseArrayStatement(head, elements, ";", (i, last) => jsonElementLines(elements[i]!, last))).toBe(jsonParseStatement(head, array, ";"));
      }),
      { numRuns: 300 },
    );
  });
});
