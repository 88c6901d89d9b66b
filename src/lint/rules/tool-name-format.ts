import { whyNameInvalid } from "../name-format.js";
import { defineRule } from "../rule.js";

export const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

export default defineRule({
  meta: {
    id: "tool-name-format",
    defaultSeverity: "error",
    description: "The tool name does not match `^[a-zA-Z0-9_-]{1,64}$`.",
    messages: {
      format: "tool name '{{name}}' does not match ^[a-zA-Z0-9_-]{1,64}$: {{why}}",
    },
  },
  check(ctx) {
    for (const tool of ctx.tools) {
      const name = tool.name;
      if (name === undefined || TOOL_NAME.test(name)) continue;
      ctx.report({ tool, pointer: "/name", messageId: "format", data: { name, why: whyNameInvalid(name, /^[a-zA-Z0-9_-]$/, "letters, digits, _ and -") } });
    }
  },
});
