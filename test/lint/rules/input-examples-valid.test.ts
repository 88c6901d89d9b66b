import { testRule, toolJson } from "../helpers/rule-tester.js";

const schema = {
  type: "object",
  properties: { city: { type: "string", pattern: "^[A-Z]" }, unit: { enum: ["c", "f"] }, when: { type: "string", format: "date" } },
  required: ["city"],
  additionalProperties: false,
};
const tool = (examples: unknown, inputSchema: unknown = schema) => toolJson({ name: "a", description: "d", input_schema: inputSchema, input_examples: examples });

testRule("input-examples-valid", {
  valid: [
    { name: "examples that match", files: tool([{ city: "Paris" }, { city: "Oslo", unit: "c", when: "2026-01-31" }]) },
    { name: "no examples", files: tool([]) },
    { name: "a schema Ajv cannot compile is schema-valid's business", files: tool([{ a: 1 }], { type: "object", properties: { a: { type: "nonsense" } } }) },
    { name: "an example that is not an object is tool-field-type's business", files: tool(["x"]) },
    { name: "a pattern RE2 cannot run is pattern-supported's business", files: tool([{ a: "b" }], { type: "object", properties: { a: { type: "string", pattern: "(?<=a)b" } } }) },
    {
      name: "through a $ref to another file",
      files: {
        "tool.json": toolJson({ name: "a", description: "d", input_schema: { type: "object", properties: { c: { $ref: "defs.json#/$defs/city" } } }, input_examples: [{ c: "Rome" }] }),
        "defs.json": toolJson({ $defs: { city: { type: "string" } } }),
      },
    },
  ],
  invalid: [
    {
      name: "a missing required property",
      files: tool([{ city: "Paris" }, { unit: "c" }]),
      errors: [{ message: "input example 1 does not match input_schema: must have required property 'city'", pointer: "/input_examples/1", line: 31, column: 5, tool: "a" }],
    },
    {
      name: "a value outside the enum, pointed at",
      files: tool([{ city: "Paris", unit: "kelvin" }]),
      errors: [{ message: 'input example 0 does not match input_schema: `unit` must be equal to one of the allowed values ("c", "f")', pointer: "/input_examples/0/unit", line: 30, column: 7 }],
    },
    {
      name: "an extra property, a bad format",
      files: tool([{ city: "Paris", country: "FR" }, { city: "Paris", when: "31/01/2026" }]),
      errors: [
        { message: "`country` must NOT have additional properties", pointer: "/input_examples/0/country", line: 30, column: 7 },
        { message: '`when` must match format "date"', pointer: "/input_examples/1/when", line: 34, column: 7 },
      ],
    },
    {
      name: "a pattern (run on RE2, as the validators do)",
      files: tool([{ city: "paris" }]),
      errors: [{ message: '`city` must match pattern "^[A-Z]"', pointer: "/input_examples/0/city", line: 29, column: 7 }],
    },
    {
      name: "a 2020-12 schema",
      files: tool([{ p: [1, "x"] }], { $schema: "https://json-schema.org/draft/2020-12/schema", type: "object", properties: { p: { prefixItems: [{ type: "integer" }, { type: "integer" }] } } }),
      errors: [{ message: "`p.1` must be integer", pointer: "/input_examples/0/p/1", line: 24, column: 9 }],
    },
  ],
});
