/** Lint rule `description-present` (docs/rules/description-present.md): the tool has no description, or an empty one. */
import { defineRule } from "../rule.js";

export default defineRule({
  meta: {
    id: "description-present",
    defaultSeverity: "error",
    description: "The tool has no description, or an empty one.",
    messages: {
      missing: "tool '{{name}}' has no description: say what it does, when to use it and what it returns",
      empty: "tool '{{name}}' has an empty description: say what it does, when to use it and what it returns",
    },
  },
  check(ctx) {
    for (let i = 0; i < ctx.tools.length; i++) {
      const tool = ctx.tools[i]!;
      const name = tool.name ?? "(unnamed)";
      if (!Object.hasOwn(tool.data, "description")) {
        ctx.report({ tool, pointer: "", messageId: "missing", data: { name } });
      } else if (tool.description !== undefined && tool.description.trim() === "") {
        ctx.report({ tool, pointer: "/description", messageId: "empty", data: { name } });
      }
    }
  },
});
