import { testRule, toolJson } from "../helpers/rule-tester.js";

const tool = (inputSchema: unknown) => toolJson({ name: "t", description: "d", input_schema: inputSchema });

testRule("claude-agent-sdk/zod-exact", {
  valid: [
    { name: "types, bounds, enums, unions, nested objects", files: tool({ type: "object", properties: { v: { type: ["number", "boolean"] }, s: { type: "string", minLength: 1, format: "email" }, e: { enum: ["a", 1, null] }, o: { type: "object", properties: { x: { type: "integer", minimum: 0 } }, additionalProperties: false } }, required: ["s"] }) },
    { name: "a non-recursive local $ref", files: tool({ type: "object", properties: { a: { $ref: "#/$defs/x" }, b: { $ref: "#/$defs/x" } }, $defs: { x: { type: "string" } } }) },
    { name: "oneOf (z.xor)", files: tool({ type: "object", properties: { v: { oneOf: [{ type: "string" }, { type: "integer" }] } } }) },
    // Issue 37: what Zod 4 exports for z.record(z.string(), V), with or without bounds on the keys.
    { name: "a string-keyed record", files: tool({ type: "object", properties: { env: { type: "object", propertyNames: { type: "string" }, additionalProperties: { type: "string" } } } }) },
    { name: "a record whose keys have a pattern", files: tool({ type: "object", properties: { m: { type: "object", propertyNames: { pattern: "^[a-z]+$" }, additionalProperties: { type: "integer" }, minProperties: 1 } } }) },
    { name: "format on an integer and a number (carried as metadata)", files: tool({ type: "object", properties: { n: { type: "integer", format: "int32" }, x: { type: "number", format: "double", minimum: 0 } } }) },
  ],
  invalid: [
    {
      name: "not",
      files: tool({ type: "object", properties: { v: { not: { type: "string" } } } }),
      errors: [{ message: "the Claude Agent SDK takes a Zod shape, and Zod cannot say this schema exactly: Zod has no construct whose JSON Schema is 'not' here. The claude-agent-sdk output leaves 't' out rather than send a looser schema; simplify the schema, or serve the tool another way (the mcp output takes any schema)", pointer: "/input_schema/properties/v/not", line: 8, column: 9 }],
    },
    {
      name: "a recursive $ref",
      files: tool({ type: "object", properties: { n: { $ref: "#/$defs/node" } }, $defs: { node: { type: "object", properties: { next: { $ref: "#/$defs/node" } } } } }),
      errors: [{ message: "'#/$defs/node' is recursive", pointer: "/input_schema/$defs/node/properties/next/$ref", line: 16, column: 13 }],
    },
    {
      name: "keywords beside a list of types",
      files: tool({ type: "object", properties: { v: { type: ["string", "null"], minLength: 2 } } }),
      errors: [{ message: "'minLength' here", pointer: "/input_schema/properties/v/minLength", line: 12, column: 9 }],
    },
    {
      name: "a record whose keys are not strings",
      files: tool({ type: "object", properties: { v: { type: "object", propertyNames: { type: "integer" }, additionalProperties: { type: "string" } } } }),
      errors: [{ message: "'propertyNames' other than a string schema", pointer: "/input_schema/properties/v/propertyNames/type", line: 10, column: 11 }],
    },
    {
      name: "a record beside named properties",
      files: tool({ type: "object", properties: { v: { type: "object", properties: { a: { type: "string" } }, propertyNames: { type: "string" } } } }),
      errors: [{ message: "'propertyNames' beside 'properties'", pointer: "/input_schema/properties/v/propertyNames", line: 14, column: 9 }],
    },
    {
      name: "an enum of objects",
      files: tool({ type: "object", properties: { v: { enum: [{ a: 1 }] } } }),
      errors: [{ message: "'enum' holds an object or an array", pointer: "/input_schema/properties/v/enum", line: 8, column: 9 }],
    },
  ],
});
