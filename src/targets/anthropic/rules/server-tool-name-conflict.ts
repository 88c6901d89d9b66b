/** A folder tool named like a server tool the requests add (`serverTools` in the config): the API's `tool_name_conflict` (targets/anthropic/facts.ts `serverToolNames`). */
import { defineRule } from "../../../lint/rule.js";
import { anthropic } from "../facts.js";

const names = anthropic.serverToolNames;

export default defineRule<(typeof names)[number]>({
  meta: {
    id: "anthropic/server-tool-name-conflict",
    defaultSeverity: "error",
    description: "A tool has the name of an Anthropic server tool the requests add (the config's `serverTools`; target anthropic).",
    messages: {
      conflict: `${anthropic.title}: the tool '{{name}}' has the name of the {{name}} server tool the requests add (serverTools); the API answers 400 tool_name_conflict: rename it`,
    },
    options: Object.fromEntries(
      names.map((name) => [name, { description: `1: the requests add the ${name} server tool (set by the \`serverTools\` config); 0: they do not`, default: 0, minimum: 0 }]),
    ) as Record<(typeof names)[number], { description: string; default: number; minimum: number }>,
  },
  check(ctx) {
    const added = new Set<string>(names.filter((name) => ctx.options[name] >= 1));
    if (added.size === 0) return;
    for (const tool of ctx.tools) {
      if (tool.name !== undefined && added.has(tool.name)) ctx.report({ tool, pointer: "/name", messageId: "conflict", data: { name: tool.name } });
    }
  },
});
