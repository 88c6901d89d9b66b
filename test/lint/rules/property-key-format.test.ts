import { testRule, toolJson } from "../helpers/rule-tester.js";

const tool = (properties: Record<string, unknown>) =>
  toolJson({ name: "a", description: "d", input_schema: { type: "object", properties } });

testRule("property-key-format", {
  valid: [
    { name: "letters, digits, _ . -", files: tool({ "a.b-c_D9": { type: "string" } }) },
    { name: "64 characters", files: tool({ ["k".repeat(64)]: {} }) },
    { name: "nested keys are not the API's concern", files: tool({ a: { type: "object", properties: { "a b": {} } } }) },
  ],
  invalid: [
    {
      name: "a space",
      files: tool({ ok: {}, "my key": { type: "string" } }),
      errors: [{ message: "property key 'my key' does not match ^[a-zA-Z0-9_.-]{1,64}$", pointer: "/input_schema/properties/my key", line: 8, column: 7 }],
    },
    {
      name: "a slash (escaped in the pointer)",
      files: tool({ "a/b": {} }),
      errors: [{ message: '"/" is not allowed', pointer: "/input_schema/properties/a~1b", line: 7, column: 7 }],
    },
    {
      name: "too long",
      files: tool({ ["k".repeat(65)]: {} }),
      errors: [{ message: "65 characters", pointer: `/input_schema/properties/${"k".repeat(65)}`, line: 7, column: 7 }],
    },
  ],
});
