import { testRule, toolJson } from "../helpers/rule-tester.js";

const tool = (inputSchema: unknown) => toolJson({ name: "a", description: "d", input_schema: inputSchema });

testRule("parameter-description", {
  valid: [
    {
      name: "every property described, at every depth",
      files: tool({
        type: "object",
        properties: {
          a: { type: "string", description: "A." },
          b: { type: "array", description: "B.", items: { type: "object", properties: { c: { description: "C." } } } },
        },
      }),
    },
    {
      name: "a $ref whose target carries the description",
      files: tool({ type: "object", properties: { a: { $ref: "#/$defs/x" } }, $defs: { x: { type: "string", description: "X." } } }),
    },
    {
      name: "a $ref to another file whose schema carries the description",
      files: {
        "tool.json": tool({ type: "object", properties: { a: { $ref: "./common/x.json" } } }),
        "common/x.json": toolJson({ type: "string", description: "X." }),
      },
    },
    // Issue 37: a union whose every branch says what it is has said it (the model reads each branch).
    {
      name: "a union whose every branch has a description",
      files: tool({ type: "object", properties: { stages: { anyOf: [{ type: "array", items: { type: "object" }, description: "The stages, in order." }, { type: "string", description: "The stages as one JSON text." }] } } }),
    },
    {
      name: "a oneOf whose branches are described, one through its $ref, beside a null branch",
      files: tool({ type: "object", properties: { when: { oneOf: [{ $ref: "#/$defs/range" }, { type: "integer", description: "A Unix time." }, { type: "null" }] } }, $defs: { range: { type: "object", description: "A time range.", properties: { from: { type: "integer", description: "Start." } } } } }),
    },
  ],
  invalid: [
    {
      name: "a union with one branch without a description",
      files: tool({ type: "object", properties: { stages: { anyOf: [{ type: "array", description: "The stages." }, { type: "string" }] } } }),
      errors: [{ message: "parameter 'stages' has no description", pointer: "/input_schema/properties/stages", line: 7, column: 7 }],
    },
    {
      name: "a top-level property",
      files: tool({ type: "object", properties: { ticker: { type: "string" } } }),
      errors: [{ message: "parameter 'ticker' has no description", pointer: "/input_schema/properties/ticker", line: 7, column: 7, tool: "a" }],
    },
    {
      name: "a property of an object in an array",
      files: tool({ type: "object", properties: { rows: { description: "R.", type: "array", items: { type: "object", properties: { id: {} } } } } }),
      errors: [{ message: "'id'", pointer: "/input_schema/properties/rows/properties/../items/properties/id".replace("/properties/..", ""), line: 13, column: 13 }],
    },
    {
      name: "an empty description, and a boolean schema",
      files: tool({ type: "object", properties: { a: { description: " " }, b: true } }),
      errors: [
        { message: "'a'", pointer: "/input_schema/properties/a", line: 7, column: 7 },
        { message: "'b'", pointer: "/input_schema/properties/b", line: 10, column: 7 },
      ],
    },
    {
      name: "a $ref whose target has no description either",
      files: tool({ type: "object", properties: { a: { $ref: "#/$defs/x" } }, $defs: { x: { type: "string" } } }),
      errors: [{ message: "'a'", pointer: "/input_schema/properties/a", line: 7, column: 7 }],
    },
    {
      name: "a property in a definition (a $ref reaches it) and in a fragment file",
      files: {
        "tool.json": tool({ type: "object", properties: { p: { $ref: "#/definitions/x", description: "P." } }, definitions: { x: { type: "object", properties: { y: {} } } } }),
        "common/x.json": '{\n  "type": "object",\n  "properties": {\n    "street": { "type": "string" }\n  }\n}\n',
      },
      errors: [
        { file: "common/x.json", message: "'street'", pointer: "/properties/street", line: 4, column: 5 },
        { message: "'y'", pointer: "/input_schema/definitions/x/properties/y", line: 16, column: 11 },
      ],
    },
  ],
});
