import { testRule, toolJson } from "../helpers/rule-tester.js";

testRule("tool-shape", {
  valid: [
    { name: "a complete tool", files: toolJson({ name: "a", description: "d", input_schema: { type: "object" } }) },
    { name: "a tool without description (description-present's business)", files: toolJson({ name: "a", input_schema: {} }) },
    { name: "a schema fragment is not a tool", files: toolJson({ type: "object", properties: {} }) },
  ],
  invalid: [
    {
      name: "no input_schema",
      files: toolJson({ name: "a", description: "d" }),
      errors: [{ message: "a tool needs an `input_schema`", pointer: "", line: 1, column: 1, tool: "a" }],
    },
    {
      name: "no name",
      files: toolJson({ description: "d", input_schema: { type: "object" } }),
      errors: [{ message: "a tool needs a `name`", pointer: "", line: 1, column: 1 }],
    },
    {
      name: "a name that is not a string",
      files: toolJson({ name: 42, input_schema: { type: "object" } }),
      errors: [{ message: "`name` must be a string, not a number", pointer: "/name", line: 2, column: 3 }],
    },
    {
      name: "a description that is not a string, and an input_schema that is not an object",
      files: toolJson({ name: "a", description: ["d"], input_schema: "object" }),
      errors: [
        { message: "`description` must be a string, not an array", pointer: "/description", line: 3, column: 3 },
        { message: "`input_schema` must be an object, not a string", pointer: "/input_schema", line: 6, column: 3 },
      ],
    },
    {
      name: "in YAML",
      files: { "a.yaml": "name: a\ndescription: d\ninput_schema: [1]\n" },
      errors: [{ file: "a.yaml", message: "must be an object, not an array", pointer: "/input_schema", line: 3, column: 1 }],
    },
  ],
});
