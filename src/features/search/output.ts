/** The `search` output (opt-in): search.ts, the generated tool search over the folder (its index and text: src/search/). */
import { defineOutput } from "../../outputs/output.js";
import { toolsets } from "../../toolsets/settings.js";
import { searchSynonyms } from "../../search/settings.js";

export default defineOutput({
  id: "search",
  description: "search.ts: a tool search over the tools (BM25F, index built at build time): searchTools(), Anthropic's tool_search with tool_reference results and runToolsWithSearch, OpenAI's client tool_search (opt-in)",
  optIn: true,
  needs: ["index", "native", "types", "validators", "runtime"],
  runtime: ["search.ts"],
  provides: [{ kind: "tool-search", module: "search" }],
  emit: async (ctx) => {
    const { buildSearchIndex } = await import("../../search/index.js");
    const { emitSearch } = await import("../../search/emit.js");
    const specs = ctx.setting(toolsets);
    const sets = specs.length === 0 ? [] : (await import("../../toolsets/resolve.js")).resolveToolsets(specs, ctx.tools);
    return [emitSearch(buildSearchIndex(ctx.tools, sets, { synonyms: ctx.setting(searchSynonyms) }), { openai: ctx.provided("tool-array").some((a) => a.format === "openai-responses") })];
  },
});
