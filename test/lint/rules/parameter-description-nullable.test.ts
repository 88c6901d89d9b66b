/**
 * Issue 23.5: a nullable wrapper (`anyOf: [{type: T, description}, {type: "null"}]`) carries its
 * description in the non-null branch, and the legacy prompt prints it there: parameter-description
 * accepts it. A union of two real branches is still one parameter with no description of its own.
 */
import { testRule, toolJson } from "../helpers/rule-tester.js";

const tool = (inputSchema: unknown) => toolJson({ name: "a", description: "d", input_schema: inputSchema });

testRule("parameter-description", {
  valid: [
    {
      name: "the description in the non-null branch of anyOf",
      files: tool({ type: "object", properties: { since: { anyOf: [{ type: "string", description: "Start date." }, { type: "null" }] } } }),
    },
    {
      name: "oneOf, the null branch first, and a nested property",
      files: tool({
        type: "object",
        properties: {
          filter: {
            oneOf: [{ type: "null" }, { type: "object", description: "Filter.", properties: { q: { anyOf: [{ type: "integer", description: "Q." }, { type: ["null"] }] } } }],
          },
        },
      }),
    },
    {
      name: "the non-null branch is a $ref whose target is described",
      files: tool({ type: "object", properties: { a: { anyOf: [{ $ref: "#/$defs/x" }, { type: "null" }] } }, $defs: { x: { type: "string", description: "X." } } }),
    },
  ],
  invalid: [
    {
      name: "a nullable wrapper with no description in either branch",
      files: tool({ type: "object", properties: { since: { anyOf: [{ type: "string" }, { type: "null" }] } } }),
      errors: [{ message: "parameter 'since' has no description", pointer: "/input_schema/properties/since", line: 7, column: 7 }],
    },
    {
      name: "two non-null branches: one branch's description does not describe the parameter",
      files: tool({ type: "object", properties: { id: { anyOf: [{ type: "string", description: "A name." }, { type: "integer" }] } } }),
      errors: [{ message: "parameter 'id' has no description", pointer: "/input_schema/properties/id", line: 7, column: 7 }],
    },
    {
      name: "the description sits in the null branch only",
      files: tool({ type: "object", properties: { a: { anyOf: [{ type: "string" }, { type: "null", description: "Nothing." }] } } }),
      errors: [{ message: "parameter 'a' has no description", pointer: "/input_schema/properties/a", line: 7, column: 7 }],
    },
  ],
});
