import { testRule, toolJson } from "../helpers/rule-tester.js";

const tool = (description: string, inputSchema: unknown = { type: "object" }) =>
  toolJson({ name: "a", description, input_schema: inputSchema });

testRule("description-max-length", {
  valid: [
    { name: "2048 characters (the default maximum)", files: tool("a".repeat(2048)) },
    { name: "2048 code points of 2 UTF-16 units each", files: tool("😀".repeat(2048)) },
    { name: "within a configured maximum", setting: ["warning", { max: 10 }], files: tool("0123456789") },
  ],
  invalid: [
    {
      name: "2049 characters",
      files: tool("a".repeat(2049)),
      errors: [{ message: "the description is 2049 characters long (at most 2048)", pointer: "/description", line: 3, column: 3, tool: "a" }],
    },
    {
      name: "a parameter description, with a configured maximum",
      setting: ["warning", { max: 10 }],
      files: tool("short", { type: "object", properties: { p: { description: "far too long here" } } }),
      errors: [{ message: "17 characters long (at most 10)", pointer: "/input_schema/properties/p/description", line: 8, column: 9 }],
    },
  ],
});
