import { testRule, toolJson } from "../helpers/rule-tester.js";

testRule("description-present", {
  valid: [
    { name: "a description", files: toolJson({ name: "a", description: "Does a.", input_schema: { type: "object" } }) },
    { name: "a description of the wrong type is tool-shape's", files: toolJson({ name: "a", description: 3, input_schema: {} }) },
  ],
  invalid: [
    {
      name: "missing",
      files: toolJson({ name: "a", input_schema: { type: "object" } }),
      errors: [{ message: "tool 'a' has no description", pointer: "", line: 1, column: 1, tool: "a" }],
    },
    {
      name: "only white space",
      files: toolJson({ name: "a", description: " \n ", input_schema: { type: "object" } }),
      errors: [{ message: "tool 'a' has an empty description", pointer: "/description", line: 3, column: 3 }],
    },
    {
      name: "missing, in YAML",
      files: { "a.yaml": "# a tool\nname: a\ninput_schema: {type: object}\n" },
      errors: [{ file: "a.yaml", message: "has no description", pointer: "", line: 2, column: 1 }],
    },
  ],
});
