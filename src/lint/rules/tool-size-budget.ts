import { readToolFields } from "../../load/tool-fields.js";
import { definitionBytes, estimateTokens } from "../../stats.js";
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
    // The measured tools that are not deferred, as parallel lists: no object per tool.
    const tools: ToolDocument[] = [];
    const names: string[] = [];
    const bytes: number[] = [];
    const tokens: number[] = [];
    const rendered = ctx.renderedTools;
    for (let i = 0; i < rendered.length; i++) {
      const tool = rendered[i]!;
      const name = tool.name;
      const schema = tool.bundledSchema;
      if (name === undefined || schema === undefined) continue;
      const { fields } = readToolFields(tool.data);
      if (fields.defer_loading === true) continue;
      const size = definitionBytes({ name, description: tool.description, bundledSchema: schema, fields });
      tools.push(tool);
      names.push(name);
      bytes.push(size);
      tokens.push(estimateTokens(size));
    }
    if (maxToolTokens > 0) {
      let inScope: Set<ToolDocument> | undefined;
      for (let i = 0; i < tools.length; i++) {
        if (tokens[i]! <= maxToolTokens) continue;
        inScope ??= new Set(ctx.tools);
        if (inScope.has(tools[i]!)) ctx.report({ tool: tools[i]!, pointer: "", messageId: "tool", data: { name: names[i]!, tokens: tokens[i]!, max: maxToolTokens, bytes: bytes[i]! } });
      }
    }
    let total = 0;
    for (let i = 0; i < tokens.length; i++) total += tokens[i]!;
    if (maxTotalTokens > 0 && total > maxTotalTokens) {
      // One finding for the folder, on its largest tool.
      const top = largest(tokens, names, 3);
      const largestText = top.map((i) => `${names[i]!} ~${tokens[i]!}`).join(", ");
      ctx.report({ tool: tools[top[0]!]!, pointer: "", messageId: "total", data: { count: tools.length, tokens: total, max: maxTotalTokens, largest: largestText } });
    }
  },
});

/**
 * The indexes of the `count` largest entries, largest first: by tokens, descending, then by name,
 * ascending; among equal entries, the earlier first. The first `count` of a stable sort of the
 * indexes by those keys (what the rule sorted before), in one pass.
 */
export function largest(tokens: readonly number[], names: readonly string[], count: number): number[] {
  const top: number[] = [];
  for (let i = 0; i < tokens.length; i++) {
    // Where entry i goes among the kept ones: after every one that is not smaller (earlier ones win ties).
    let at = top.length;
    while (at > 0 && before(tokens, names, i, top[at - 1]!)) at--;
    if (at >= count) continue;
    top.splice(at, 0, i);
    if (top.length > count) top.pop();
  }
  return top;
}

/** Entry a sorts strictly before entry b: more tokens, or as many and a smaller name. */
function before(tokens: readonly number[], names: readonly string[], a: number, b: number): boolean {
  return tokens[a]! > tokens[b]! || (tokens[a] === tokens[b] && names[a]! < names[b]!);
}
