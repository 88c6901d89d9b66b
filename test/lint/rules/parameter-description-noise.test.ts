/** Issue 11.11: const discriminators and definitions no $ref reaches are not flagged. */
import { testRule, toolJson } from "../helpers/rule-tester.js";

const tool = (inputSchema: unknown) => toolJson({ name: "a", description: "d", input_schema: inputSchema });

testRule("parameter-description", {
  valid: [
    {
      name: "a const discriminator",
      files: tool({ type: "object", properties: { shape: { type: "object", description: "The shape.", properties: { kind: { const: "circle" }, r: { type: "number", description: "Radius." } } } } }),
    },
    {
      name: "a definition no $ref reaches",
      files: tool({ type: "object", properties: { a: { type: "string", description: "A." } }, $defs: { unused: { type: "object", properties: { x: { type: "string" } } } } }),
    },
    {
      name: "a definition reached only from another unreached one",
      files: tool({ type: "object", properties: {}, $defs: { u: { $ref: "#/$defs/v" }, v: { type: "object", properties: { x: {} } } } }),
    },
  ],
  invalid: [
    {
      name: "a definition reached through another definition is still checked",
      files: tool({ type: "object", properties: { p: { $ref: "#/$defs/u", description: "P." } }, $defs: { u: { $ref: "#/$defs/v" }, v: { type: "object", properties: { x: {} } } } }),
      errors: [{ message: "parameter 'x' has no description", pointer: "/input_schema/$defs/v/properties/x", line: 19, column: 11 }],
    },
    {
      name: "a fragment file's definitions are all checked",
      files: { "common.json": JSON.stringify({ $defs: { v: { type: "object", properties: { x: {} } } } }, null, 2) },
      errors: [{ file: "common.json", message: "parameter 'x'", pointer: "/$defs/v/properties/x", line: 6, column: 9 }],
    },
  ],
});
