/** What deferred loading means on Anthropic's API, as data with its source. */

/** Tool search (the way a deferred tool reaches the model) and tool use examples (`input_examples`) cannot be combined. */
export const TOOL_SEARCH_EXAMPLES_FACT = {
  text: "Anthropic's tool search cannot be combined with tool use examples",
  source: "https://platform.claude.com/docs/en/agents-and-tools/tool-use/tool-search-tool (checked on 2026-11-29)",
} as const;
