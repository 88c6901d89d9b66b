import { testRule, toolJson } from "../helpers/rule-tester.js";

const tool = (name: string, extra: Record<string, unknown> = {}) => toolJson({ name, description: "d", input_schema: { type: "object" }, ...extra });

testRule("defer-loading-not-all", {
  valid: [
    { name: "no tool deferred", files: { "a.json": tool("a"), "b.json": tool("b") } },
    { name: "one tool not deferred", files: { "a.json": tool("a", { defer_loading: true }), "b.json": tool("b") } },
    { name: "defer_loading false everywhere", files: { "a.json": tool("a", { defer_loading: false }) } },
  ],
  invalid: [
    {
      name: "every tool deferred",
      files: { "a.json": tool("a", { defer_loading: true }), "b.json": tool("b", { defer_loading: true }) },
      errors: [{ file: "a.json", message: "every tool (2) has `defer_loading: true`", pointer: "/defer_loading", line: 7, column: 3, tool: "a" }],
    },
    {
      name: "the only tool deferred",
      files: tool("a", { defer_loading: true }),
      errors: [{ message: "the API needs at least one tool that is not deferred", pointer: "/defer_loading", line: 7, column: 3 }],
    },
  ],
});
