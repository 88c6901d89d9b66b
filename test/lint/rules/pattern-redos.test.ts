import { testRule, toolJson } from "../helpers/rule-tester.js";

const tool = (inputSchema: unknown) => toolJson({ name: "a", description: "d", input_schema: inputSchema });

testRule("pattern-redos", {
  valid: [
    { name: "an anchored, unambiguous pattern", files: tool({ type: "object", properties: { d: { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}$" } } }) },
    { name: "the rewritten words pattern", files: tool({ type: "string", pattern: "^\\w+(?:\\s\\w+)*$" }) },
    { name: "not a regular expression (schema-valid's)", files: tool({ type: "string", pattern: "(" }) },
  ],
  invalid: [
    {
      name: "nested quantifiers",
      files: tool({ type: "object", properties: { s: { type: "string", pattern: "^(a+)+$" } } }),
      errors: [{ message: "`pattern` '^(a+)+$' can backtrack catastrophically (ReDoS)", pointer: "/input_schema/properties/s/pattern", line: 9, column: 9 }],
    },
    {
      name: "overlapping alternatives the analysis cannot finish, in patternProperties",
      files: tool({ type: "object", patternProperties: { "(a|a)*b": {} } }),
      errors: [{ message: "could not be proven free of catastrophic backtracking", pointer: "/input_schema/patternProperties/(a|a)*b", line: 7, column: 7 }],
    },
    {
      name: "each use of a pattern is reported",
      files: tool({ type: "object", properties: { a: { pattern: "^(\\w+\\s?)*$" }, b: { pattern: "^(\\w+\\s?)*$" } } }),
      errors: [
        { message: "'^(\\w+\\s?)*$'", pointer: "/input_schema/properties/a/pattern", line: 8, column: 9 },
        { message: "'^(\\w+\\s?)*$'", pointer: "/input_schema/properties/b/pattern", line: 11, column: 9 },
      ],
    },
  ],
});
