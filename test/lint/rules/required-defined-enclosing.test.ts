/** Issue 11.10: `required` inside in-place subschemas names properties of the enclosing object; in a dead subschema it is a warning. */
import { testRule, toolJson } from "../helpers/rule-tester.js";

const tool = (inputSchema: unknown) => toolJson({ name: "a", description: "d", input_schema: inputSchema });
const base = { type: "object", properties: { kind: { enum: ["a", "b"] }, a: {}, b: {} } };

testRule("required-defined", {
  valid: [
    { name: "anyOf branches naming the enclosing object's properties", files: tool({ ...base, anyOf: [{ required: ["a"] }, { required: ["b"] }] }) },
    { name: "oneOf branches", files: tool({ ...base, oneOf: [{ required: ["a"] }, { required: ["b"] }] }) },
    { name: "if / then / else", files: tool({ ...base, if: { properties: { kind: { const: "a" } }, required: ["kind"] }, then: { required: ["a"] }, else: { required: ["b"] } }) },
    { name: "dependentSchemas", files: tool({ ...base, dependentSchemas: { a: { required: ["b"] } } }) },
    { name: "a property defined by a sibling allOf branch", files: tool({ type: "object", allOf: [{ properties: { x: {} } }, { required: ["x"] }] }) },
    { name: "nested in-place keywords", files: tool({ ...base, allOf: [{ anyOf: [{ required: ["a"] }, { not: { required: ["b"] } }] }] }) },
    { name: "a group that may get properties from a $ref is not checked", files: tool({ type: "object", $ref: "#/$defs/x", anyOf: [{ required: ["y"] }], $defs: { x: { properties: { y: {} } } } }) },
  ],
  invalid: [
    {
      name: "a typo inside an anyOf branch is still an error",
      files: tool({ ...base, anyOf: [{ required: ["a"] }, { required: ["c"] }] }),
      errors: [{ message: "`required` names 'c', which `properties` does not define", pointer: "/input_schema/anyOf/1/required/0", line: 24, column: 11 }],
    },
    {
      name: "under items of a non-array: a warning",
      setting: "error",
      files: tool({ type: "object", properties: { s: { type: "string", items: { type: "object", required: ["x"] } } } }),
      errors: [{ message: 'in a subschema that never applies to an object (under `items` of a schema whose type is "string")', pointer: "/input_schema/properties/s/items/required/0", line: 12, column: 13, severity: "warning" }],
    },
    {
      name: "on a schema whose own type is not object: a warning",
      files: tool({ type: "object", properties: { s: { type: "string", required: ["x"] } } }),
      errors: [{ message: 'its type is "string"', pointer: "/input_schema/properties/s/required/0", line: 10, column: 11, severity: "warning" }],
    },
  ],
});
