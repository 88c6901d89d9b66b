import { testRule, toolJson } from "../helpers/rule-tester.js";

const tool = (inputSchema: unknown) => toolJson({ name: "a", description: "d", input_schema: inputSchema });
const object = (properties: Record<string, unknown> = {}) => ({ type: "object", properties });

testRule("schema-max-depth", {
  valid: [
    { name: "3 levels of objects (input_schema, a, b)", files: tool(object({ a: object({ b: object({ c: { type: "string" } }) }) })) },
    { name: "arrays do not add a level", files: tool(object({ a: { type: "array", items: object({ b: object() }) } })) },
    {
      name: "a recursive definition is not infinitely deep",
      files: tool({ ...object({ tree: { $ref: "#/$defs/node" } }), $defs: { node: object({ children: { type: "array", items: { $ref: "#/$defs/node" } } }) } }),
    },
    { name: "a deep definition nobody references", files: tool({ ...object(), $defs: { x: object({ a: object({ b: object({ c: object() }) }) }) } }) },
  ],
  invalid: [
    {
      name: "4 levels",
      files: tool(object({ a: object({ b: object({ c: object() }) }) })),
      errors: [{ message: "object nested 4 levels deep (at most 3", pointer: "/input_schema/properties/a/properties/b/properties/c", line: 13, column: 15 }],
    },
    {
      name: "2 levels with max 1",
      setting: ["warning", { max: 1 }],
      files: tool(object({ a: { type: "string" }, b: object() })),
      errors: [{ message: "nested 2 levels deep (at most 1", pointer: "/input_schema/properties/b", line: 10, column: 7 }],
    },
    {
      name: "depth reached through a $ref is reported at the $ref",
      files: tool({ ...object({ a: { $ref: "#/$defs/x" } }), $defs: { x: object({ b: object({ c: object() }) }) } }),
      errors: [{ message: "this $ref leads to an object nested 4 levels deep", pointer: "/input_schema/properties/a/$ref", line: 8, column: 9 }],
    },
    {
      name: "through a $ref to another file",
      files: {
        "tool.json": tool(object({ a: object({ b: { $ref: "./common/deep.json" } }) })),
        "common/deep.json": toolJson(object({ c: object() })),
      },
      errors: [{ message: "this $ref leads to an object nested 4 levels deep", pointer: "/input_schema/properties/a/properties/b/$ref", line: 11, column: 13 }],
    },
  ],
});
