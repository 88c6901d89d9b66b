/** Lint rule `legacy-tool-count` (docs/rules/legacy-tool-count.md): more tools than the seeds advise (5) are rendered in the legacy prompt format. */
import { defineRule } from "../rule.js";

export default defineRule({
  meta: {
    id: "legacy-tool-count",
    defaultSeverity: "warning",
    description: "More tools than the seeds advise (5) are rendered in the legacy prompt format.",
    messages: {
      many: "{{count}} tools are rendered in the legacy prompt format, the seeds advise 3 to 5 at most; this is tool {{position}} in name order. Split the tools by task, use the native format, or turn this rule off if you do not use the legacy format",
    },
    options: {
      max: { description: "the most tools the legacy prompt may hold", default: 5, minimum: 1 },
    },
  },
  check(ctx) {
    const max = ctx.options.max;
    const count = ctx.renderedTools.length;
    const first = ctx.renderedTools[max];
    // One finding for the folder, on the first tool past the limit (in name order, the render order).
    if (first) ctx.report({ tool: first, pointer: "/name", messageId: "many", data: { count, position: max + 1 } });
  },
});
