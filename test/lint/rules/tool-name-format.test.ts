import { testRule, toolJson } from "../helpers/rule-tester.js";

const tool = (name: string) => toolJson({ name, input_schema: { type: "object" } });

testRule("tool-name-format", {
  valid: ["get_weather", "3d_render", "get-forecast", "__proto__", "constructor", "toString", "a".repeat(64), "a".repeat(128)].map(
    (name) => ({ name: JSON.stringify(name), files: tool(name) }),
  ),
  invalid: [
    {
      name: "a space",
      files: tool("get weather"),
      errors: [{ message: "tool name 'get weather' does not match ^[a-zA-Z0-9_-]{1,128}$: \" \" is not allowed", pointer: "/name", line: 2, column: 3, tool: "get weather" }],
    },
    {
      name: "129 characters (a 65-character name is anthropic/tool-name-portable's warning)",
      files: tool("a".repeat(129)),
      errors: [{ message: "it is 129 characters long (at most 128)", pointer: "/name", line: 2, column: 3 }],
    },
    { name: "empty", files: tool(""), errors: [{ message: "it is empty", pointer: "/name", line: 2, column: 3 }] },
    { name: "an accented letter", files: tool("météo"), errors: [{ message: '"é" is not allowed', pointer: "/name", line: 2, column: 3 }] },
    {
      name: "in YAML",
      files: { "t.yaml": "input_schema:\n  type: object\nname: get.weather\n" },
      errors: [{ file: "t.yaml", message: '"." is not allowed', pointer: "/name", line: 3, column: 1 }],
    },
  ],
});
