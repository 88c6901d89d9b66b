/**
 * Lint rule `managed-agents/tool-count` (docs/rules/managed-agents/tool-count.md): the folder has more tools
 * than one Managed Agent takes (facts.ts `AGENT_TOOL_CAP`, 256), so the managed-agents output's
 * `managedAgentTools` cannot be sent as one agent's tools. With the config's toolsets, each of which is an
 * agent's worth, the toolsets feature's `toolset-cap` checks them against the same cap instead.
 */
import { defineRule } from "../../../lint/rule.js";
import { AGENT_TOOL_CAP, managedAgents } from "../facts.js";

export default defineRule<"max">({
  meta: {
    id: "managed-agents/tool-count",
    defaultSeverity: "error",
    description: `The folder has more tools than one Managed Agent takes (${AGENT_TOOL_CAP}).`,
    messages: {
      count: `${managedAgents.title}: the folder has {{count}} tools, over an agent's cap of {{max}} (source: ${managedAgents.maxTools.source}); this is tool {{position}}. Send fewer, or define "toolsets" and give each agent one`,
    },
    options: { max: { description: "the most tools one agent takes", default: AGENT_TOOL_CAP, minimum: 1 } },
  },
  check(ctx) {
    const toolsets = ctx.run?.settings["toolsets"];
    if (Array.isArray(toolsets) && toolsets.length > 0) return;
    const tools = ctx.renderedTools;
    const past = tools[ctx.options.max];
    if (past !== undefined) ctx.report({ tool: past, pointer: "/name", messageId: "count", data: { count: tools.length, max: ctx.options.max, position: ctx.options.max + 1 } });
  },
});
