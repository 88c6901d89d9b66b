import { testRule, toolJson } from "../helpers/rule-tester.js";

const tool = (extra: Record<string, unknown>) => toolJson({ name: "a", description: "d", input_schema: { type: "object" }, ...extra });

testRule("tool-field-known", {
  valid: [
    { name: "the API's fields", files: tool({ strict: true, input_examples: [], defer_loading: false, allowed_callers: ["direct"], eager_input_streaming: true, cache_control: null, type: "custom" }) },
    { name: "toolgen's own fields (import, MCP)", files: tool({ original_name: "a.b", title: "A", annotations: {}, output_schema: {}, execution: {} }) },
    { name: "toolgen's needs_approval (the openai-agents output)", files: tool({ needs_approval: true }) },
    { name: "x- extensions, $schema and $comment", files: tool({ "x-imported-from": "mcp", "x-team": "core", $comment: "c" }) },
    { name: "a schema fragment is not a tool", files: toolJson({ type: "object", properties: {}, whatever: 1 }) },
  ],
  invalid: [
    {
      name: "a misspelt field: did you mean",
      files: tool({ input_example: [{}] }),
      errors: [{ message: "unknown tool field `input_example`: did you mean `input_examples`?", pointer: "/input_example", line: 7, column: 3, tool: "a" }],
    },
    {
      name: "camelCase for snake_case",
      files: tool({ deferLoading: true }),
      errors: [{ message: "did you mean `defer_loading`?", pointer: "/deferLoading", line: 7, column: 3 }],
    },
    {
      name: "OpenAI's parameters",
      files: toolJson({ name: "a", description: "d", parameters: { type: "object" }, input_schema: { type: "object" } }),
      errors: [{ message: "unknown tool field `parameters`", pointer: "/parameters", line: 4, column: 3 }],
    },
    {
      name: "a field far from every known one names the closest and the list",
      files: tool({ zzzzzzzzzzzz: 1 }),
      errors: [{ message: "(the closest known field is `", pointer: "/zzzzzzzzzzzz", line: 7, column: 3 }],
    },
    {
      name: "a key with a slash is pointed at",
      files: tool({ "a/b": 1 }),
      errors: [{ message: "unknown tool field `a/b`", pointer: "/a~1b", line: 7, column: 3 }],
    },
  ],
});
