/** Lint rule `description-min-sentences` (docs/rules/description-min-sentences.md): the tool description has fewer sentences than it should (3 by default). */
import { defineRule } from "../rule.js";
import { countSentences } from "../sentences.js";

export default defineRule({
  meta: {
    id: "description-min-sentences",
    defaultSeverity: "warning",
    description: "The tool description has fewer sentences than it should (3 by default).",
    messages: {
      few:
        "the description has {{count}} sentence(s), at least {{min}} are needed: say what the tool does, when to use it and when not, what each parameter means, and what it does not return",
    },
    options: {
      min: { description: "the fewest sentences a tool description may have", default: 3, minimum: 1 },
    },
  },
  check(ctx) {
    const min = ctx.options.min;
    for (let i = 0; i < ctx.tools.length; i++) {
      const tool = ctx.tools[i]!;
      // Missing and empty descriptions are description-present's.
      if (tool.description === undefined || tool.description.trim() === "") continue;
      const count = countSentences(tool.description, min);
      if (count < min) ctx.report({ tool, pointer: "/description", messageId: "few", data: { count, min } });
    }
  },
});
