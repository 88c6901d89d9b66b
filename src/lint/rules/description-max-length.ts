/** Lint rule `description-max-length` (docs/rules/description-max-length.md): a tool or parameter description is long enough to waste context (over 2048 characters by default). */
import { defineRule } from "../rule.js";
import { childPointer, schemaFacts } from "../schema-walk.js";

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
  check(ctx) {
    const max = ctx.options.max;
    const lengthOf = (text: string) => [...text].length;
    for (let i = 0; i < ctx.tools.length; i++) {
      const tool = ctx.tools[i]!;
      if (tool.description === undefined || tool.description.length <= max) continue;
      const length = lengthOf(tool.description);
      if (length > max) ctx.report({ tool, pointer: "/description", messageId: "long", data: { length, max } });
    }
    for (let i = 0; i < ctx.schemas.length; i++) {
      const doc = ctx.schemas[i]!;
      const facts = schemaFacts(doc);
      // No description longer than `max` code units: none has more than `max` characters.
      if (facts.longestDescription <= max) continue;
      for (let k = 0; k < facts.nodes.length; k++) {
        const node = facts.nodes[k]!;
        const description = node.description;
        if (typeof description !== "string" || description.length <= max) continue;
        const length = lengthOf(description);
        if (length > max) {
          ctx.report({ file: doc.file, tool: doc.tool, pointer: childPointer(node.pointer, "description"), messageId: "long", data: { length, max } });
        }
      }
    }
  },
});
