import { testRule, toolJson } from "../helpers/rule-tester.js";

/** A tool whose compact definition is about `bytes` bytes long (its description pads it). */
const tool = (name: string, bytes: number, extra: Record<string, unknown> = {}) =>
  toolJson({ name, description: "x".repeat(Math.max(0, bytes - 80)), input_schema: { type: "object" }, ...extra });

testRule("tool-size-budget", {
  valid: [
    { name: "small tools, default budgets", files: { "a.json": tool("a", 500), "b.json": tool("b", 500) } },
    { name: "a large tool that is deferred", files: { "a.json": tool("a", 20000, { defer_loading: true }), "b.json": tool("b", 100) } },
    { name: "budgets of 0 turn the checks off", setting: ["warning", { maxToolTokens: 0, maxTotalTokens: 0 }], files: { "a.json": tool("a", 20000) } },
    { name: "just under a configured budget", setting: ["warning", { maxToolTokens: 100 }], files: tool("a", 340) },
    {
      name: "a tool with a field of the wrong type does not render, so is not measured",
      files: { "a.json": tool("a", 100, { input_examples: "x".repeat(8000) }), "b.json": tool("b", 8000, { defer_loading: "yes" }) },
    },
  ],
  invalid: [
    {
      name: "the pass-through fields count: input_examples push a tool over the budget",
      files: { "a.json": tool("a", 100, { input_examples: [{ q: "x".repeat(8000) }], strict: true }) },
      errors: [{ file: "a.json", message: "tool 'a' costs about 2322 tokens of context on every request (budget 2000, estimated from 8124 bytes); shorten it, or mark it `defer_loading: true`", pointer: "", line: 1, column: 1, tool: "a" }],
    },
    {
      name: "defer_loading: false counts",
      files: { "a.json": tool("a", 8000, { defer_loading: false }) },
      errors: [{ file: "a.json", message: "tool 'a' costs about 2287 tokens of context on every request (budget 2000, estimated from 8004 bytes); shorten it, or mark it `defer_loading: true`", pointer: "", line: 1, column: 1, tool: "a" }],
    },
    {
      name: "one tool over the default per-tool budget (2000)",
      files: { "a.json": tool("a", 8000), "b.json": tool("b", 100) },
      errors: [{ file: "a.json", message: "tool 'a' costs about 2281 tokens of context on every request (budget 2000, estimated from 7982 bytes); shorten it, or mark it `defer_loading: true`", pointer: "", line: 1, column: 1, tool: "a" }],
    },
    {
      name: "all tools together over a configured total, reported on the largest",
      setting: ["error", { maxTotalTokens: 200 }],
      files: { "a.json": tool("a", 400), "b.json": tool("b", 500), "c.json": tool("c", 100, { defer_loading: true }) },
      errors: [{ file: "b.json", message: "the 2 tools that are not deferred cost about 248 tokens of context on every request (budget 200); mark the ones rarely needed `defer_loading: true` and let tool search load them (largest: b ~138, a ~110)", pointer: "", line: 1, column: 1 }],
    },
    {
      name: "the three largest, by tokens then name (of equals, the smaller name first, whatever the file order)",
      setting: ["error", { maxTotalTokens: 200 }],
      files: { "a.json": tool("d", 400), "b.json": tool("c", 400), "c.json": tool("b", 400), "d.json": tool("e", 300), "e.json": tool("f", 500) },
      errors: [{ file: "e.json", message: "the 5 tools that are not deferred cost about 549 tokens of context on every request (budget 200); mark the ones rarely needed `defer_loading: true` and let tool search load them (largest: f ~138, b ~110, c ~110)", pointer: "", line: 1, column: 1 }],
    },
  ],
});
