import { testRule, toolJson } from "../helpers/rule-tester.js";

const tool = (extra: Record<string, unknown>) => toolJson({ name: "a", description: "d", input_schema: { type: "object" }, ...extra });

testRule("tool-field-type", {
  valid: [
    { name: "no newer fields", files: tool({}) },
    {
      name: "every newer field, well typed",
      files: tool({
        type: "custom",
        strict: true,
        input_examples: [{}, { q: 1 }],
        cache_control: { type: "ephemeral", ttl: "1h" },
        defer_loading: false,
        allowed_callers: ["direct", "code_execution_20250825"],
        eager_input_streaming: null,
      }),
    },
    { name: "null cache_control, false eager_input_streaming", files: tool({ cache_control: null, eager_input_streaming: false }) },
    { name: "toolgen's needs_approval (the openai-agents output's needsApproval)", files: tool({ needs_approval: true }) },
  ],
  invalid: [
    {
      name: "strict as a string",
      files: tool({ strict: "true" }),
      errors: [{ message: '`strict` must be true or false, not "true"', pointer: "/strict", line: 7, column: 3, tool: "a" }],
    },
    {
      name: "input_examples as an object, defer_loading as a number",
      files: tool({ input_examples: { q: 1 }, defer_loading: 1 }),
      errors: [
        { message: "`input_examples` must be an array of objects (example inputs), not an object", pointer: "/input_examples", line: 7, column: 3 },
        { message: "`defer_loading` must be true or false, not 1", pointer: "/defer_loading", line: 10, column: 3 },
      ],
    },
    {
      name: "needs_approval as a string",
      files: tool({ needs_approval: "yes" }),
      errors: [{ message: '`needs_approval` must be true or false, not "yes"', pointer: "/needs_approval", line: 7, column: 3, tool: "a" }],
    },
    {
      name: "an input example that is not an object",
      files: tool({ input_examples: [{}, "q=1"] }),
      errors: [{ message: '`input_examples` must be an object (an example input), not "q=1"', pointer: "/input_examples/1", line: 9, column: 5 }],
    },
    {
      name: "cache_control of another type, and with an unknown ttl",
      files: { "a.json": tool({ name: "a", cache_control: { type: "persistent" } }), "b.json": tool({ name: "b", cache_control: { type: "ephemeral", ttl: "2h" } }) },
      errors: [
        { file: "a.json", message: '`cache_control` must be null or {"type": "ephemeral"}', pointer: "/cache_control/type", line: 8, column: 5 },
        { file: "b.json", message: 'not a ttl of "2h"', pointer: "/cache_control/ttl", line: 9, column: 5 },
      ],
    },
    {
      name: "an unknown caller, a wrong type",
      files: tool({ allowed_callers: ["direct", "code_execution"], type: "function" }),
      errors: [
        { message: '`allowed_callers` must be one of "direct", "code_execution_20250825"', pointer: "/allowed_callers/1", line: 9, column: 5 },
        { message: '`type` must be "custom", not "function"', pointer: "/type", line: 11, column: 3 },
      ],
    },
    {
      name: "eager_input_streaming as a string, in YAML",
      files: { "a.yaml": "name: a\ndescription: d\ninput_schema: {type: object}\neager_input_streaming: yes please\n" },
      errors: [{ file: "a.yaml", message: '`eager_input_streaming` must be true, false or null, not "yes please"', pointer: "/eager_input_streaming", line: 4, column: 1 }],
    },
  ],
});
