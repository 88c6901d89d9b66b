/**
 * Anthropic strict tools in full (issue 37 item 4): every keyword, `minItems` value, enum value, `$ref`
 * and pattern feature the structured-outputs page refuses is an `anthropic/strict-schema` error that names
 * the keyword and the source; tools that are not strict are not checked.
 */
import { describe, expect, it } from "vitest";
import { regexFeatures } from "../../../src/lint/regex-features.js";
import { testRule, toolJson } from "../helpers/rule-tester.js";

const strictTool = (input_schema: Record<string, unknown>) => toolJson({ name: "t", strict: true, input_schema });
/** A strict tool with one required property `v`. */
const strictProp = (v: Record<string, unknown>) => strictTool({ type: "object", properties: { v }, required: ["v"], additionalProperties: false });
const SOURCE = 'the API refuses the tool (structured outputs, "JSON Schema limitations")';

testRule("anthropic/strict-schema", {
  valid: [
    { name: "minimum in a tool that is not strict", files: toolJson({ name: "t", input_schema: { type: "object", properties: { v: { type: "integer", minimum: 1 } } } }) },
    { name: "minItems 0 and 1", files: strictProp({ type: "array", items: { type: "string" }, minItems: 1 }) },
    { name: "primitive enum values, null included", files: strictProp({ enum: ["a", 1, true, null] }) },
    { name: "allOf without $ref", files: strictProp({ allOf: [{ type: "string" }] }) },
    { name: "a local $ref", files: strictTool({ type: "object", properties: { v: { $ref: "#/$defs/d" } }, required: ["v"], additionalProperties: false, $defs: { d: { type: "string" } } }) },
    { name: "a pattern without backreferences, lookaround or \\b; [\\b] is a backspace", files: strictProp({ type: "string", pattern: "^[a-z]+(-[a-z]+)*[\\b]\\\\b$" }) },
  ],
  invalid: [
    {
      name: "minimum (the issue's 'done when')",
      files: strictProp({ type: "integer", minimum: 1 }),
      errors: [{ message: `Anthropic: strict tools do not support \`minimum\` (numerical constraints): ${SOURCE}; drop it`, pointer: "/input_schema/properties/v/minimum", line: 9, column: 9 }],
    },
    ...["maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"].map((keyword) => ({
      name: keyword,
      files: strictProp({ type: "number", [keyword]: 2 }),
      errors: [{ message: `do not support \`${keyword}\` (numerical constraints): ${SOURCE}`, pointer: `/input_schema/properties/v/${keyword}`, line: 9, column: 9 }],
    })),
    ...["minLength", "maxLength"].map((keyword) => ({
      name: keyword,
      files: strictProp({ type: "string", [keyword]: 3 }),
      errors: [{ message: `do not support \`${keyword}\` (string constraints): ${SOURCE}`, pointer: `/input_schema/properties/v/${keyword}`, line: 9, column: 9 }],
    })),
    {
      name: "maxItems, and minItems 2",
      files: strictProp({ type: "array", items: { type: "string" }, minItems: 2, maxItems: 5 }),
      errors: [
        { message: `support \`minItems\` only as 0 or 1, not 2: ${SOURCE}`, pointer: "/input_schema/properties/v/minItems", line: 12, column: 9 },
        { message: `do not support \`maxItems\` (array constraints): ${SOURCE}`, pointer: "/input_schema/properties/v/maxItems", line: 13, column: 9 },
      ],
    },
    {
      name: "an enum value that is an object",
      files: strictProp({ enum: ["a", { b: 1 }] }),
      errors: [{ message: `support only primitive \`enum\` values, not {"b":1}: ${SOURCE}`, pointer: "/input_schema/properties/v/enum/1", line: 10, column: 11 }],
    },
    {
      name: "allOf with $ref",
      files: strictTool({ type: "object", properties: { v: { allOf: [{ $ref: "#/$defs/d" }] } }, required: ["v"], additionalProperties: false, $defs: { d: { type: "string" } } }),
      errors: [{ message: `do not support \`$ref\` inside \`allOf\`: ${SOURCE}`, pointer: "/input_schema/properties/v/allOf/0/$ref", line: 10, column: 13 }],
    },
    {
      name: "an external $ref",
      files: strictProp({ $ref: "https://example.com/schemas/city.json" }),
      errors: [{ message: `do not support an external \`$ref\` ('https://example.com/schemas/city.json'): ${SOURCE}`, pointer: "/input_schema/properties/v/$ref", line: 8, column: 9 }],
    },
    {
      name: "a backreference, lookaround and \\b in one pattern",
      files: strictProp({ type: "string", pattern: "^(a)\\1(?=b)\\bc$" }),
      errors: [
        { message: "`pattern` '^(a)\\1(?=b)\\bc$' uses a backreference (\\1), which strict tools do not support", pointer: "/input_schema/properties/v/pattern", line: 9, column: 9 },
        { message: "uses a word boundary (\\b)", pointer: "/input_schema/properties/v/pattern", line: 9, column: 9 },
        { message: "uses lookaround ((?=)", pointer: "/input_schema/properties/v/pattern", line: 9, column: 9 },
      ],
    },
  ],
});

describe("regexFeatures", () => {
  it.each([
    ["plain", "^[a-z]{1,5}$", []],
    ["escaped backslash before b", "a\\\\b", []],
    ["named backreference", "(?<x>a)\\k<x>", ["a backreference:\\k<x>"]],
    ["lookbehind", "(?<!a)b", ["lookaround:(?<!"]],
    ["a named group is not lookbehind", "(?<name>a)", []],
    ["\\B", "a\\Bb", ["a word boundary:\\B"]],
    ["(?= inside a class", "[(?=]", []],
    ["two-digit backreference", "(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)\\10", ["a backreference:\\10"]],
  ])("%s", (_name, source, expected) => {
    expect(regexFeatures(source).map((f) => `${f.feature}:${f.text}`)).toEqual(expected);
  });
});

testRule("anthropic/strict-limits", {
  valid: [{ name: "one strict tool", files: strictProp({ type: "string" }) }],
  invalid: [
    {
      name: "25 optional parameters: the finding names the cap's source",
      files: strictTool({ type: "object", properties: Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`p${i}`, { type: "string" }])), required: [], additionalProperties: false }),
      errors: [{ message: 'more than the 24 one request may hold; this is the first past the limit (list it in `required` or drop "strict") (structured outputs, "JSON Schema limitations")', pointer: "/input_schema/properties/p24", line: 79, column: 7 }],
    },
  ],
});
