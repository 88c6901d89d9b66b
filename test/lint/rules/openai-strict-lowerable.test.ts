import { testRule, toolJson } from "../helpers/rule-tester.js";

const tool = (inputSchema: unknown, strict?: boolean) =>
  toolJson({ name: "a", description: "d", ...(strict === undefined ? {} : { strict }), input_schema: inputSchema });

const nullableOptional = { type: "object", properties: { note: { type: ["string", "null"] } } };

testRule("openai-strict-lowerable", {
  valid: [
    {
      name: "a strict tool whose schema lowers",
      files: tool({ type: "object", properties: { room: { type: "string" }, note: { type: "string" } }, required: ["room"] }, true),
    },
    { name: "a tool that is not strict, whatever its schema", files: tool(nullableOptional) },
    { name: "\"strict\": false", files: tool(nullableOptional, false) },
    { name: "a tool that is not strict keeps its output schema as written", files: toolJson({ name: "a", description: "d", input_schema: { type: "object" }, output_schema: nullableOptional }) },
  ],
  invalid: [
    {
      name: "the output schema is lowered too (issue 40): an optional property that already accepts null, at its pointer",
      files: toolJson({ name: "a", description: "d", strict: true, input_schema: { type: "object", properties: {} }, output_schema: nullableOptional }),
      errors: [{ message: "'note' is optional and already accepts null", pointer: "/output_schema/properties/note", line: 12, column: 7 }],
    },
    {
      name: "an optional property that already accepts null",
      files: tool(nullableOptional, true),
      errors: [{ message: "'note' is optional and already accepts null", pointer: "/input_schema/properties/note", line: 8, column: 7 }],
    },
    {
      name: "every tool, with the option `all` (the openaiStrict config)",
      files: tool(nullableOptional),
      setting: ["error", { all: 1 }],
      errors: [{ message: "'note' is optional and already accepts null", pointer: "/input_schema/properties/note", line: 7, column: 7 }],
    },
    {
      name: "allOf inside a property, and a dropped constraint (a warning)",
      files: tool({ type: "object", properties: { a: { allOf: [{ type: "string" }] }, b: { type: "string", minLength: 1 } }, required: ["a", "b"] }, true),
      errors: [
        { message: "'allOf' is not supported in strict mode", pointer: "/input_schema/properties/a/allOf", line: 9, column: 9 },
        { message: "'minLength' is not supported in strict mode: left out", pointer: "/input_schema/properties/b/minLength", line: 17, column: 9, severity: "warning" },
      ],
    },
  ],
});
