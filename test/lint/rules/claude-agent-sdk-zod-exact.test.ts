import { testRule, toolJson } from "../helpers/rule-tester.js";

const tool = (inputSchema: unknown) => toolJson({ name: "t", description: "d", input_schema: inputSchema });

testRule("claude-agent-sdk/zod-exact", {
  valid: [
    { name: "types, bounds, enums, unions, nested objects", files: tool({ type: "object", properties: { v: { type: ["number", "boolean"] }, s: { type: "string", minLength: 1, format: "email" }, e: { enum: ["a", 1, null] }, o: { type: "object", properties: { x: { type: "integer", minimum: 0 } }, additionalProperties: false } }, required: ["s"] }) },
    { name: "a non-recursive local $ref", files: tool({ type: "object", properties: { a: { $ref: "#/$defs/x" }, b: { $ref: "#/$defs/x" } }, $defs: { x: { type: "string" } } }) },
    { name: "oneOf (z.xor)", files: tool({ type: "object", properties: { v: { oneOf: [{ type: "string" }, { type: "integer" }] } } }) },
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
      name: "an enum of objects",
      files: tool({ type: "object", properties: { v: { enum: [{ a: 1 }] } } }),
      errors: [{ message: "'enum' holds an object or an array", pointer: "/input_schema/properties/v/enum", line: 8, column: 9 }],
    },
  ],
});
