import { testRule, toolJson } from "../helpers/rule-tester.js";

const tool = (inputSchema: unknown) => toolJson({ name: "a", description: "d", input_schema: inputSchema });

testRule("ref-resolvable", {
  valid: [
    {
      name: "a local $defs reference",
      files: tool({ type: "object", properties: { a: { $ref: "#/$defs/x" } }, $defs: { x: { type: "string" } } }),
    },
    {
      name: "a reference to another file",
      files: {
        "tool.json": tool({ type: "object", properties: { a: { $ref: "./common/x.json" } } }),
        "common/x.json": toolJson({ type: "string" }),
      },
    },
  ],
  invalid: [
    {
      name: "a missing definition",
      files: tool({ type: "object", properties: { a: { $ref: "#/$defs/missing" } } }),
      errors: [{ message: "cannot resolve $ref '#/$defs/missing': nothing at '#/$defs/missing'", pointer: "/input_schema/properties/a/$ref", line: 8, column: 9, tool: "a" }],
    },
    {
      name: "a missing file",
      files: tool({ type: "object", properties: { a: { $ref: "./nope.json" } } }),
      errors: [{ message: "file not found", pointer: "/input_schema/properties/a/$ref", line: 8, column: 9 }],
    },
    {
      name: "a broken reference inside a referenced file is reported in that file",
      files: {
        "tool.json": tool({ type: "object", properties: { a: { $ref: "./common/x.json" } } }),
        "common/x.json": toolJson({ type: "object", properties: { b: { $ref: "#/definitions/gone" } } }),
      },
      errors: [{ file: "common/x.json", message: "nothing at '#/definitions/gone'", pointer: "/properties/b/$ref", line: 5, column: 7, tool: "a" }],
    },
  ],
});
