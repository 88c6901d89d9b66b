import { testRule, toolJson } from "../helpers/rule-tester.js";

const tool = (inputSchema: unknown) => toolJson({ name: "a", description: "d", input_schema: inputSchema });

testRule("input-schema-no-top-level-combinator", {
  valid: [
    {
      name: "combinators inside a property",
      files: tool({ type: "object", properties: { a: { anyOf: [{ type: "string" }, { type: "number" }] } } }),
    },
  ],
  invalid: [
    {
      name: "anyOf at the top",
      files: tool({ type: "object", anyOf: [{ required: ["a"] }] }),
      errors: [{ message: "input_schema uses `anyOf` at the top level", pointer: "/input_schema/anyOf", line: 6, column: 5 }],
    },
    {
      name: "oneOf and allOf at the top",
      files: tool({ allOf: [], type: "object", oneOf: [] }),
      errors: [
        { message: "`allOf`", pointer: "/input_schema/allOf", line: 5, column: 5 },
        { message: "`oneOf`", pointer: "/input_schema/oneOf", line: 7, column: 5 },
      ],
    },
  ],
});
