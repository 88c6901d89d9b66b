/** Lint rule `tool-name-format` (docs/rules/tool-name-format.md): the tool name does not match the Messages API's name rule. */
import { toolFileNames as anthropic, whyNameFails } from "../name-format.js";
import { defineRule } from "../rule.js";

/** The Messages API's name rule (targets/anthropic/facts.ts); names over 64 characters are anthropic/tool-name-portable's warning. */
export const TOOL_NAME = anthropic.toolName.pattern;

export default defineRule({
  meta: {
    id: "tool-name-format",
    defaultSeverity: "error",
    description: `The tool name does not match \`${TOOL_NAME.source}\`.`,
    messages: {
      format: `tool name '{{name}}' does not match ${TOOL_NAME.source}: {{why}}`,
    },
  },
  check(ctx) {
    for (let i = 0; i < ctx.tools.length; i++) {
      const tool = ctx.tools[i]!;
      const name = tool.name;
      if (name === undefined || TOOL_NAME.test(name)) continue;
      ctx.report({ tool, pointer: "/name", messageId: "format", data: { name, why: whyNameFails(name, anthropic.toolName) } });
    }
  },
});
