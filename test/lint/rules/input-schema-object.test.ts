import { testRule, toolJson } from "../helpers/rule-tester.js";

const tool = (inputSchema: unknown) => toolJson({ name: "a", description: "d", input_schema: inputSchema });

testRule("input-schema-object", {
  valid: [
    { name: '"type": "object"', files: tool({ type: "object", properties: {} }) },
    { name: "an input_schema of the wrong type is tool-shape's", files: tool("object") },
  ],
  invalid: [
    {
      name: "a string schema",
      files: tool({ type: "string" }),
      errors: [{ message: 'input_schema.type is "string": the API requires "object"', pointer: "/input_schema/type", line: 5, column: 5 }],
    },
    {
      name: "a list of types",
      files: tool({ properties: {}, type: ["object", "null"] }),
      errors: [{ message: 'input_schema.type is ["object","null"]', pointer: "/input_schema/type", line: 6, column: 5 }],
    },
    {
      name: "no type",
      files: tool({ properties: {} }),
      errors: [{ message: 'input_schema has no "type"', pointer: "/input_schema", line: 4, column: 3 }],
    },
  ],
});
