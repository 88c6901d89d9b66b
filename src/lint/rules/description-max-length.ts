/** Lint rule `description-max-length` (docs/rules/description-max-length.md): a tool or parameter description is long enough to waste context (over 2048 characters by default). */
import { defineRule } from "../rule.js";
import { childPointer } from "../schema-walk.js";

export default defineRule({
  meta: {
    id: "description-max-length",
    defaultSeverity: "warning",
    description: "A tool or parameter description is long enough to waste context (over 2048 characters by default).",
    messages: {
      long: "the description is {{length}} characters long (at most {{max}}): every request carries it; keep what the model needs to choose and call the tool, and move reference material out",
    },
    options: {
      max: { description: "the most characters (Unicode code points) a description may have", default: 2048, minimum: 1 },
    },
  },
  create(ctx) {
    const max = ctx.options.max;
    const lengthOf = (text: string) => [...text].length;
    // Tool descriptions first (they are not schema nodes).
    for (let i = 0; i < ctx.tools.length; i++) {
      const tool = ctx.tools[i]!;
      if (tool.description === undefined || tool.description.length <= max) continue;
      const length = lengthOf(tool.description);
      if (length > max) ctx.report({ tool, pointer: "/description", messageId: "long", data: { length, max } });
    }
    return {
      schema(node, doc) {
        const description = node.description;
        // No more than `max` code units: no more than `max` characters.
        if (typeof description !== "string" || description.length <= max) return;
        const length = lengthOf(description);
        if (length > max) {
          ctx.report({ file: doc.file, tool: doc.tool, pointer: childPointer(node.pointer, "description"), messageId: "long", data: { length, max } });
        }
      },
    };
  },
});
