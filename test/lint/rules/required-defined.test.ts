import { testRule, toolJson } from "../helpers/rule-tester.js";

const tool = (inputSchema: unknown) => toolJson({ name: "a", description: "d", input_schema: inputSchema });

testRule("required-defined", {
  valid: [
    { name: "every required property is defined", files: tool({ type: "object", properties: { a: {}, b: {} }, required: ["b"] }) },
    {
      name: "a name matched by patternProperties",
      files: tool({ type: "object", patternProperties: { "^x-": {} }, required: ["x-trace"] }),
    },
    {
      name: "properties that may come from allOf are not checked",
      files: tool({ type: "object", allOf: [{ properties: { a: {} } }], required: ["a"] }),
    },
  ],
  invalid: [
    {
      name: "a typo",
      files: tool({ type: "object", properties: { ticker: {} }, required: ["ticker", "tikcer"] }),
      errors: [{ message: "`required` names 'tikcer', which `properties` does not define", pointer: "/input_schema/required/1", line: 11, column: 7 }],
    },
    {
      name: "in a nested object",
      files: tool({ type: "object", properties: { address: { type: "object", properties: { city: {} }, required: ["zip"] } } }),
      errors: [{ message: "'zip'", pointer: "/input_schema/properties/address/required/0", line: 13, column: 11 }],
    },
    {
      name: "no properties at all",
      files: { "t.yaml": "name: a\ninput_schema:\n  type: object\n  required:\n    - location\n" },
      errors: [{ file: "t.yaml", message: "'location'", pointer: "/input_schema/required/0", line: 5, column: 7 }],
    },
  ],
});
