/**
 * Lint rule `defer-loading-input-examples` (docs/rules/defer-loading-input-examples.md): a tool with
 * `defer_loading: true` also has `input_examples`; Anthropic's tool search cannot be combined with them.
 */
import { defineRule } from "../../../lint/rule.js";
import { TOOL_SEARCH_EXAMPLES_FACT } from "../facts.js";

/**
 * `defer_loading: true` means the tool reaches the model through tool search (a deferred tool is sent
 * only when a search returns it), and Anthropic's tool-search page says tool search cannot be combined
 * with tool use examples (./facts.ts, with its source). Checked on each tool file being reported on.
 */
export default defineRule({
  meta: {
    id: "defer-loading-input-examples",
    defaultSeverity: "error",
    description: "A tool with `defer_loading: true` also has `input_examples`, which tool search cannot be combined with.",
    messages: {
      both: "the tool '{{name}}' has `defer_loading: true` (it is loaded through tool search) and {{count}} `input_examples`; {{fact}}: drop the examples, or load the tool up front",
    },
  },
  check(ctx) {
    for (const tool of ctx.tools) {
      const examples = tool.data.input_examples;
      if (tool.data.defer_loading !== true || !Array.isArray(examples) || examples.length === 0) continue;
      ctx.report({ tool, pointer: "/input_examples", messageId: "both", data: { name: String(tool.data.name), count: examples.length, fact: TOOL_SEARCH_EXAMPLES_FACT.text } });
    }
  },
});
