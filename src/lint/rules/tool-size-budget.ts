import { readToolFields } from "../../load/tool-fields.js";
import { toolSize, type ToolSize } from "../../stats.js";
import type { ToolDocument } from "../rule.js";
import { defineRule } from "../rule.js";

/**
 * Tool definitions cost context on every request. Estimates each rendered tool's tokens as
 * `toolgen stats` does (src/stats.ts: bytes / 3.5, an estimate) and advises `defer_loading` for a tool,
 * or a folder of tools, over budget. Deferred tools count for neither budget.
 */
export default defineRule({
  meta: {
    id: "tool-size-budget",
    defaultSeverity: "warning",
    description: "A tool definition, or all tools that are not deferred, exceed a token budget (estimated as in `toolgen stats`).",
    messages: {
      tool: "tool '{{name}}' costs about {{tokens}} tokens of context on every request (budget {{max}}, estimated from {{bytes}} bytes); shorten it, or mark it `defer_loading: true` and let tool search load it",
      total: "the {{count}} tools that are not deferred cost about {{tokens}} tokens of context on every request (budget {{max}}); mark the ones rarely needed `defer_loading: true` and let tool search load them (largest: {{largest}})",
    },
    options: {
      maxToolTokens: { description: "estimated tokens one tool may take (0: no limit)", default: 2000, minimum: 0 },
      maxTotalTokens: { description: "estimated tokens all tools that are not deferred may take together (0: no limit)", default: 20000, minimum: 0 },
    },
  },
  check(ctx) {
    const { maxToolTokens, maxTotalTokens } = ctx.options;
    const sized: { tool: ToolDocument; size: ToolSize }[] = [];
    for (const tool of ctx.renderedTools) {
      if (tool.name === undefined || tool.bundledSchema === undefined) continue;
      const { fields } = readToolFields(tool.data);
      const size = toolSize({ name: tool.name, ...(tool.description !== undefined ? { description: tool.description } : {}), bundledSchema: tool.bundledSchema, fields });
      if (!size.deferred) sized.push({ tool, size });
    }
    const inScope = new Set(ctx.tools);
    if (maxToolTokens > 0) {
      for (const { tool, size } of sized) {
        if (size.estimatedTokens > maxToolTokens && inScope.has(tool)) {
          ctx.report({ tool, pointer: "", messageId: "tool", data: { name: size.name, tokens: size.estimatedTokens, max: maxToolTokens, bytes: size.bytes } });
        }
      }
    }
    const total = sized.reduce((n, s) => n + s.size.estimatedTokens, 0);
    if (maxTotalTokens > 0 && total > maxTotalTokens) {
      // One finding for the folder, on its largest tool.
      const bySize = [...sized].sort((a, b) => b.size.estimatedTokens - a.size.estimatedTokens || (a.size.name < b.size.name ? -1 : 1));
      const largest = bySize.slice(0, 3).map((s) => `${s.size.name} ~${s.size.estimatedTokens}`).join(", ");
      ctx.report({ tool: bySize[0]!.tool, pointer: "", messageId: "total", data: { count: sized.length, tokens: total, max: maxTotalTokens, largest } });
    }
  },
});
