/** Lint rule `tool-size-budget` (docs/rules/tool-size-budget.md): a tool definition, or all tools that are not deferred, exceed a token budget (estimated as in `toolgen stats`). */
import { readToolFields } from "../../load/tool-fields.js";
import { definitionBytes, estimateTokens } from "../stats.js";
import type { ToolDocument } from "../rule.js";
import { defineRule } from "../rule.js";

/**
 * Tool definitions cost context on every request. Estimates each rendered tool's tokens as
 * `toolgen stats` does (src/lint/stats.ts: bytes / 3.5, an estimate) and advises `defer_loading` for a tool,
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
    // The rendered tools that are not deferred, measured.
    const measured: { tool: ToolDocument; name: string; bytes: number; tokens: number }[] = [];
    for (const tool of ctx.renderedTools) {
      const { name, bundledSchema } = tool;
      if (name === undefined || bundledSchema === undefined) continue;
      const { fields } = readToolFields(tool.data);
      if (fields.defer_loading === true) continue;
      const bytes = definitionBytes({ name, description: tool.description, bundledSchema, fields });
      measured.push({ tool, name, bytes, tokens: estimateTokens(bytes) });
    }
    if (maxToolTokens > 0) {
      const inScope = new Set(ctx.tools);
      for (const { tool, name, bytes, tokens } of measured) {
        if (tokens > maxToolTokens && inScope.has(tool)) ctx.report({ tool, pointer: "", messageId: "tool", data: { name, tokens, max: maxToolTokens, bytes } });
      }
    }
    const total = measured.reduce((sum, m) => sum + m.tokens, 0);
    if (maxTotalTokens > 0 && total > maxTotalTokens) {
      // One finding for the folder, on its largest tool: by tokens, then name (a stable sort: the earlier of equals first).
      const top = [...measured].sort((a, b) => b.tokens - a.tokens || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)).slice(0, 3);
      const largest = top.map((m) => `${m.name} ~${m.tokens}`).join(", ");
      ctx.report({ tool: top[0]!.tool, pointer: "", messageId: "total", data: { count: measured.length, tokens: total, max: maxTotalTokens, largest } });
    }
  },
});
