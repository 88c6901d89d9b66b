/** The `mcp` output (generated/mcp/: a server over the official MCP SDK, with stdio and HTTP entries). */
import { UsageError } from "../../errors.js";
import type { GeneratedFile } from "../../model.js";
import { defineOutput, defineSetting, type OutputContext } from "../../outputs/output.js";
import { toolsets } from "../../toolsets/settings.js";
import { searchSynonyms } from "../../search/settings.js";
import { ANNOTATIONS_DIRECTORY_RULE } from "./rules/annotations-directory.js";

/**
 * The lint profile of the MCP server's tools: `"directory"` checks what Anthropic's MCP directory
 * requires of each tool (mcp/annotations-directory, on as an error; the config's "rules" win).
 */
export const mcpProfile = defineSetting({
  key: "mcpProfile",
  describe: 'the MCP checks to turn on: "directory" requires the annotations Anthropic\'s MCP directory asks of each tool (title, readOnlyHint, destructiveHint) [default: none]',
  default: null as "directory" | null,
  parse: (value, where): "directory" | null => {
    if (value !== "directory" && value !== null) throw new UsageError(`${where}: 'mcpProfile' must be "directory" (or null for none)`);
    return value;
  },
  rules: (value, rules, given) => (value === "directory" && given[ANNOTATIONS_DIRECTORY_RULE] === undefined ? { ...rules, [ANNOTATIONS_DIRECTORY_RULE]: "error" } : { ...rules }),
});

/**
 * Issue 41: how the server shows its tools. `"list"` (the default) lists every tool in tools/list;
 * `"search"` lists two, `search_tools` and `call_tool` (./discovery.ts), beside the tools the deferral
 * plan loads up front, and a client finds the others by searching.
 */
export const mcpDiscovery = defineSetting({
  key: "mcpDiscovery",
  describe: 'what the MCP server\'s tools/list shows: "list" every tool, or "search" two tools, search_tools and call_tool (and the tools deferLoading keeps loaded), through which a client finds and calls the others; "search" needs the "search" output [default: list]',
  default: "list" as "list" | "search",
  parse: (value, where): "list" | "search" => {
    if (value !== "list" && value !== "search") throw new UsageError(`${where}: 'mcpDiscovery' must be "list" (every tool in tools/list) or "search" (search_tools and call_tool)`);
    return value;
  },
});

/** Opt-in (not in the default outputs): the generated code imports `@modelcontextprotocol/server`. */
export default defineOutput({
  id: "mcp",
  description: "mcp/*.ts: createMcpServer() with the official MCP SDK, stdio and Streamable HTTP entries, and a stateless fetch handler (opt-in)",
  optIn: true,
  framework: { package: "@modelcontextprotocol/server", major: "2" },
  needs: ["index", "native", "types", "validators", "runtime"],
  provides: [
    {
      kind: "tool-fields",
      title: "MCP server (`mcp/server.ts`)",
      files: ["mcp/server.ts"],
      fields: {
        annotations: { use: "carried", as: "annotations (and the top-level title)", marker: "tool.annotations = x.annotations" },
        needs_approval: { use: "dropped", why: "MCP's `Tool` has no approval field (a client asks from the annotations)" },
        output_schema: { use: "mapped", as: "outputSchema", marker: "tool.outputSchema = x.outputSchema" },
        allowed_callers: { use: "dropped", why: "MCP's `Tool` has no callers" },
        defer_loading: { use: "mapped", as: "_meta[\"anthropic/alwaysLoad\"] on the tools not deferred", marker: "\"anthropic/alwaysLoad\": true" },
        input_examples: { use: "dropped", why: "MCP's `Tool` has no examples" },
        strict: { use: "dropped", why: "MCP's `Tool` has no strict mode" },
      },
    },
    { kind: "re2-engine" },
  ],
  emit: async (ctx) => {
    const { emitMcp, mcpRejection, MCP_NAME } = await import("./emit.js");
    for (const tool of ctx.tools) {
      if (!MCP_NAME.test(tool.name)) ctx.note(`the tool name '${tool.name}' breaks MCP's name rule (1-128 characters of A-Z a-z 0-9 _ . -)`);
      const rejection = mcpRejection(tool);
      if (rejection !== undefined) ctx.note(`${tool.source.displayPath}: the tool '${tool.name}' is left out of the MCP server (MCP clients reject a tools/list that carries it): ${rejection}`);
    }
    // Issue 28: with the toolsets output, a server may serve one toolset (src/targets/mcp/toolsets.ts).
    const specs = ctx.setting(toolsets);
    const toolsetModules = ctx.provided("toolset-modules").length > 0;
    if (specs.length > 0 && !toolsetModules) ctx.note(`the config has "toolsets" but "outputs" leaves out "toolsets": the MCP server serves every tool (add "toolsets" for a server per toolset, --toolset NAME)`);
    const sets = specs.length > 0 && toolsetModules ? (await import("../../toolsets/resolve.js")).resolveToolsets(specs, ctx.tools) : [];
    const discovery = ctx.setting(mcpDiscovery);
    // Issue 41: search_tools ranks with the search output's scorer (runtime/search.ts), which only that output ships.
    if (discovery === "search" && ctx.provided("tool-search").length === 0) {
      throw new UsageError(`'mcpDiscovery' is "search" but "outputs" leaves out "search": the server's search_tools ranks with the generated search (add "search" to "outputs")`);
    }
    return withRe2(ctx, await emitMcp(ctx.tools, ctx.names, ctx.handlersImportBase, sets, discovery, ctx.setting(searchSynonyms)), "mcp");
  },
});

/**
 * `files` and the vendored RE2 engine when one of `<dir>/output-validators/` needs it: an output validator with
 * a pattern imports it, and the validators output ships it only when an input validator needs it too. With
 * `leaveToProvider` (the client's), an output that provides "re2-engine" (this server's, for the same output
 * schemas) ships it instead: one writer per file.
 */
export async function withRe2(ctx: OutputContext, files: GeneratedFile[], dir: string, leaveToProvider = false): Promise<GeneratedFile[]> {
  if (leaveToProvider && ctx.provided("re2-engine").length > 0) return files;
  const needsRe2 = (f: { path: string; contents: string }, from: string) => f.path.endsWith(".ts") && f.contents.includes(`from "${from}runtime/re2.js"`);
  if (files.some((f) => f.path.startsWith(`${dir}/output-validators/`) && needsRe2(f, "../../"))) {
    const inputs = ctx.provided("input-validators").length > 0 ? await ctx.perTool("validator") : [];
    if (!inputs.some((f) => needsRe2(f, "../"))) {
      const { re2Files } = await import("../../emit/validator-files.js");
      return [...files, ...re2Files(ctx.vendored.re2)];
    }
  }
  return files;
}
