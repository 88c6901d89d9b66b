import { testRule, toolJson } from "../helpers/rule-tester.js";

const tool = (name: string) => toolJson({ name, input_schema: { type: "object" } });

testRule("tool-name-unique", {
  valid: [{ name: "different names", files: { "a.json": tool("a"), "b.json": tool("b") } }],
  invalid: [
    {
      name: "two files, one name: both are reported",
      files: { "a.json": tool("same"), "b.json": tool("same"), "c.json": tool("other") },
      errors: [
        { file: "a.json", message: "tool name 'same' is also defined in test/__memory__/schemas/b.json", pointer: "/name", line: 2, column: 3 },
        { file: "b.json", message: "tool name 'same' is also defined in test/__memory__/schemas/a.json", pointer: "/name", line: 2, column: 3 },
      ],
    },
    {
      name: "across JSON and YAML",
      files: { "a.json": tool("same"), "b.yaml": "input_schema: {}\nname: same\n" },
      errors: [
        { file: "a.json", message: "also defined in test/__memory__/schemas/b.yaml", pointer: "/name", line: 2, column: 3 },
        { file: "b.yaml", message: "also defined in test/__memory__/schemas/a.json", pointer: "/name", line: 2, column: 1 },
      ],
    },
  ],
});
