import { testRule, toolJson } from "../helpers/rule-tester.js";

const tool = (name: string, extra: Record<string, unknown> = {}) =>
  toolJson({ name, description: "d", input_schema: { type: "object", properties: { q: { type: "string" } } }, ...extra });
const examples = { input_examples: [{ q: "weather in Paris" }, { q: "rain" }] };

testRule("defer-loading-input-examples", {
  valid: [
    { name: "examples on a tool loaded up front", files: { "a.json": tool("a", examples), "b.json": tool("b", { defer_loading: true }) } },
    { name: "examples with defer_loading false", files: tool("a", { ...examples, defer_loading: false }) },
    { name: "a deferred tool with an empty examples list", files: { "a.json": tool("a", { defer_loading: true, input_examples: [] }), "b.json": tool("b") } },
    { name: "the rule turned off", files: tool("a", { ...examples, defer_loading: true }), setting: "off" },
  ],
  invalid: [
    {
      name: "a deferred tool with input_examples",
      files: { "a.json": tool("a", { ...examples, defer_loading: true }), "b.json": tool("b") },
      errors: [
        {
          file: "a.json",
          tool: "a",
          pointer: "/input_examples",
          line: 12,
          column: 3,
          message: "the tool 'a' has `defer_loading: true` (it is loaded through tool search) and 2 `input_examples`; Anthropic's tool search cannot be combined with tool use examples",
        },
      ],
    },
    {
      name: "each deferred tool with examples, and only those",
      files: { "a.json": tool("a", { ...examples, defer_loading: true }), "b.json": tool("b", { defer_loading: true, input_examples: [{ q: "x" }] }), "c.json": tool("c", examples) },
      errors: [
        { file: "a.json", tool: "a", pointer: "/input_examples", line: 12, column: 3, message: "2 `input_examples`" },
        { file: "b.json", tool: "b", pointer: "/input_examples", line: 13, column: 3, message: "1 `input_examples`" },
      ],
    },
  ],
});
