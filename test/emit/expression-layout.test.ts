/**
 * layoutExpression (generated expressions such as Zod source within 120 columns): the laid-out code
 * means what the one-line code means (it evaluates to the same value), and its lines keep within 120
 * columns when no single word is too long.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { layoutExpression } from "../../src/emit/expression-layout.js";
import { js } from "../../src/targets/claude-agent-sdk/zod-source.js";
import type { JsonValue } from "../../src/model.js";

const evaluate = (code: string): unknown => new Function(`"use strict"; return (${code});`)();

const word = fc.string({ minLength: 1, maxLength: 12 }).map((w) => w.replace(/\s/g, "_"));
const words = fc.array(word, { maxLength: 40 }).map((ws) => ws.join(" "));
const text = fc.oneof(words, fc.constantFrom("", "quote \" and \\ back", "\u2028é😀 ".repeat(30), "'single' quotes"));
const json: fc.Arbitrary<JsonValue> = fc.letrec<{ value: JsonValue }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", maxDepth: 4 },
    text,
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 5 }),
    fc.dictionary(word, tie("value"), { maxKeys: 5 }),
  ),
})).value;

describe("layoutExpression", () => {
  it("keeps the value of any JSON expression in calls, and keeps within 120 columns", () => {
    fc.assert(
      fc.property(json, fc.integer({ min: 0, max: 40 }), (value, column) => {
        const code = `Object.assign((x) => x, {}).call(null, [${js(value)}, ${js(value)}].map((v) => v))[0]`;
        const laid = layoutExpression(code, column, "", ";");
        expect(laid.endsWith(";")).toBe(true);
        expect(evaluate(laid.slice(0, -1))).toEqual(evaluate(code));
        const lines = laid.split("\n");
        const long = lines.filter((l, i) => (i === 0 ? column : 0) + l.length > 120);
        // Past 120 only where a string holds more than 60 columns of array element (not split: only
        // a property's string value is, where its type is plain `string` anyway).
        for (const line of long) expect(line.trim().startsWith('"'), line).toBe(true);
      }),
      { numRuns: 400, seed: 25 },
    );
  });

  it("lays out a Zod field one property per line and splits a long description at spaces", () => {
    const description = "word ".repeat(50).trim();
    const code = `z.object({ "a": z.string(), "b": z.int().meta({ "description": ${JSON.stringify(description)} }) }).optional()`;
    const laid = layoutExpression(code, 9, "  ", ",");
    expect(laid.split("\n").every((l) => l.length <= 120)).toBe(true);
    expect(laid).toBe(
      [
        `z.object({`,
        `    "a": z.string(),`,
        `    "b": z.int().meta({`,
        `      "description": ${JSON.stringify("word ".repeat(19))} +`,
        `        ${JSON.stringify("word ".repeat(21))} +`,
        `        ${JSON.stringify("word ".repeat(9) + "word")},`,
        `    }),`,
        `  }).optional(),`,
      ].join("\n"),
    );
    expect(layoutExpression(`z.string()`, 2, "  ", ",")).toBe("z.string(),");
    // An element access takes no trailing comma, so it is never broken.
    const access = `f(shapes[${JSON.stringify("k".repeat(130))}])`;
    expect(layoutExpression(access, 0, "")).toBe(`f(\n  shapes[${JSON.stringify("k".repeat(130))}],\n)`);
    // A grouping parenthesis takes no trailing comma either: it is never broken as a list (this was
    // `(\n  typeof import(...),\n)`, a syntax error, in the MCP server's type checks of long tool names).
    const handler = `(typeof import(${JSON.stringify(`../../handlers/${"h".repeat(100)}.js`)}))["default"]`;
    expect(layoutExpression(`check<"t", ${handler}>`, 0, "", ";")).toBe(`check<"t", ${handler}>;`);
    // One object in a grouping parenthesis still breaks inside its braces: `=> ({` ... `})`.
    const arrow = `(x) => ({ "a": ${JSON.stringify("a".repeat(60))}, "b": ${JSON.stringify("b".repeat(60))} })`;
    expect(layoutExpression(arrow, 0, "")).toBe(`(x) => ({\n  "a": ${JSON.stringify("a".repeat(60))},\n  "b": ${JSON.stringify("b".repeat(60))},\n})`);
  });
});
