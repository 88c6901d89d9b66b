import { testRule, toolJson } from "../helpers/rule-tester.js";

const tool = (inputSchema: unknown) => toolJson({ name: "a", description: "d", input_schema: inputSchema });

testRule("pattern-supported", {
  valid: [
    { name: "RE2 syntax", files: tool({ type: "object", properties: { a: { type: "string", pattern: "^[a-z]+(?:-\\d{2,})?$" } } }) },
    { name: "ECMA escapes that are rewritten", files: tool({ type: "string", pattern: "^\\u00e9\\cJ[^]\\s\\S.$" }) },
    { name: "not a regular expression at all (schema-valid's)", files: tool({ type: "string", pattern: "(" }) },
    { name: "no pattern", files: tool({ type: "object", properties: { a: { type: "string" } } }) },
  ],
  invalid: [
    {
      name: "lookahead",
      files: tool({ type: "object", properties: { password: { type: "string", pattern: "^(?=.*\\d).{8,}$" } } }),
      errors: [{ message: "`pattern` '^(?=.*\\d).{8,}$' cannot run on the linear-time engine (RE2)", pointer: "/input_schema/properties/password/pattern", line: 9, column: 9 }],
    },
    {
      name: "a backreference in a patternProperties key",
      files: tool({ type: "object", patternProperties: { "^(a)\\1$": { type: "string" } } }),
      errors: [{ message: "`patternProperties` '^(a)\\1$'", pointer: "/input_schema/patternProperties/^(a)\\1$", line: 7, column: 7 }],
    },
    {
      name: "lookbehind in a $defs entry",
      files: tool({ type: "object", $defs: { x: { type: "string", pattern: "(?<!a)b" } } }),
      errors: [{ message: "'(?<!a)b'", pointer: "/input_schema/$defs/x/pattern", line: 9, column: 9 }],
    },
  ],
});
