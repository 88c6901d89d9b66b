/** Lint rule `defer-loading-not-all` (docs/rules/defer-loading-not-all.md): every tool has `defer_loading: true`; the API needs at least one tool that is not deferred. */
import { defineRule } from "../rule.js";

/**
 * `defer_loading: true` keeps a tool out of the prompt until tool search returns it; the API needs at
 * least one tool that is not deferred (issue 15), so a folder where every tool is deferred is an error.
 * Checked over the tools a build renders (the whole folder), reported once, on the first.
 */
export default defineRule({
  meta: {
    id: "defer-loading-not-all",
    defaultSeverity: "error",
    description: "Every tool has `defer_loading: true`; the API needs at least one tool that is not deferred.",
    messages: {
      all: "every tool ({{count}}) has `defer_loading: true`; the API needs at least one tool that is not deferred (the tool search tool, or a tool the model always needs)",
    },
  },
  check(ctx) {
    const tools = ctx.renderedTools;
    if (tools.length === 0 || !tools.every((t) => t.data.defer_loading === true)) return;
    ctx.report({ tool: tools[0]!, pointer: "/defer_loading", messageId: "all", data: { count: tools.length } });
  },
});
