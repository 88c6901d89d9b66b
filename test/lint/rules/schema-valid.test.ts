import { testRule, toolJson } from "../helpers/rule-tester.js";

const tool = (inputSchema: unknown) => toolJson({ name: "a", description: "d", input_schema: inputSchema });

testRule("schema-valid", {
  valid: [
    {
      name: "draft-07 (the default)",
      files: tool({
        type: "object",
        properties: { unit: { type: ["string", "null"], enum: ["c", "f", null] }, n: { type: "integer", minimum: 0 } },
        required: ["unit"],
        definitions: { x: { type: "string", pattern: "^[a-z]+$" } },
      }),
    },
    {
      name: "2020-12 keywords under a 2020-12 $schema",
      files: tool({
        $schema: "https://json-schema.org/draft/2020-12/schema",
        type: "object",
        properties: { pair: { type: "array", prefixItems: [{ type: "string" }, { type: "number" }] } },
        $defs: { x: { type: "string" } },
      }),
    },
    { name: "a valid fragment", files: { "common/address.json": toolJson({ type: "object", properties: {} }) } },
  ],
  invalid: [
    {
      name: '"type": "strng"',
      files: tool({ type: "object", properties: { unit: { type: "strng" } } }),
      errors: [
        {
          message: 'not a valid JSON Schema (draft-07): `type` must be one of "array", "boolean", "integer", "null", "number", "object", "string" (found "strng")',
          pointer: "/input_schema/properties/unit/type",
          line: 8,
          column: 9,
        },
      ],
    },
    {
      name: "an unknown type in a list of types",
      files: tool({ type: "object", properties: { unit: { type: ["string", "nul"] } } }),
      errors: [{ message: "`type[1]` must be one of", pointer: "/input_schema/properties/unit/type/1", line: 10, column: 11 }],
    },
    {
      name: "several problems, each at its key",
      files: tool({ type: "object", required: "a", properties: { n: { minimum: "0" }, e: { enum: [] } } }),
      errors: [
        { message: "`required` must be array", pointer: "/input_schema/required", line: 6, column: 5 },
        { message: "`minimum` must be number", pointer: "/input_schema/properties/n/minimum", line: 9, column: 9 },
        { message: "`enum` must NOT have fewer than 1 items", pointer: "/input_schema/properties/e/enum", line: 12, column: 9 },
      ],
    },
    {
      name: "2020-12: prefixItems must be an array",
      files: tool({ $schema: "https://json-schema.org/draft/2020-12/schema", type: "object", properties: { p: { prefixItems: {} } } }),
      errors: [{ message: "not a valid JSON Schema (2020-12): `prefixItems` must be array", pointer: "/input_schema/properties/p/prefixItems", line: 9, column: 9 }],
    },
    {
      name: "an unsupported $schema",
      files: tool({ $schema: "http://json-schema.org/draft-04/schema#", type: "object" }),
      errors: [{ message: 'unsupported $schema "http://json-schema.org/draft-04/schema#"', pointer: "/input_schema/$schema", line: 5, column: 5 }],
    },
    {
      name: "an invalid regular expression",
      files: tool({ type: "object", properties: { code: { type: "string", pattern: "([a-z]" } }, patternProperties: { "[": {} } }),
      errors: [
        { message: "`pattern` is not a valid regular expression", pointer: "/input_schema/properties/code/pattern", line: 9, column: 9 },
        { message: "`patternProperties` is not a valid regular expression", pointer: "/input_schema/patternProperties/[", line: 13, column: 7 },
      ],
    },
    {
      name: "an invalid fragment file",
      files: { "common/address.json": '{\n  "type": "object",\n  "properties": []\n}\n' },
      errors: [{ file: "common/address.json", message: "`properties` must be object", pointer: "/properties", line: 3, column: 3 }],
    },
  ],
});
