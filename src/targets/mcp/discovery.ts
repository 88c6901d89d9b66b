/**
 * The `mcp` output with `"mcpDiscovery": "search"` (issue 41): progressive discovery served by the
 * server itself. tools/list lists two tools, `search_tools` (a query and a limit; the best matches'
 * names, descriptions and input schemas, ranked by the generated search's scorer over an index of the
 * tools served, `mcp/search-index.ts`, loaded on the first search) and `call_tool` (a tool's name and
 * its arguments, dispatched as a tools/call of that tool is: the same validators, handlers and
 * messages), beside the tools the deferral plan loads up front. A server for one toolset searches and
 * calls only its tools. A build with the default `"list"` writes none of this: its mcp/ files are the
 * same bytes as before.
 */
import { UsageError } from "../../errors.js";
import { GENERATED_HEADER } from "../../emit/literal.js";
import type { BundledTool, GeneratedFile } from "../../model.js";
import { buildSearchIndex } from "../../search/index.js";
import { indexLiteralLines } from "../../search/emit.js";
import type { ResolvedToolset } from "../../toolsets/resolve.js";

/** The two tools a discovering server lists. */
export const SEARCH_TOOLS = "search_tools";
export const CALL_TOOL = "call_tool";

/** A folder tool may not take a discovery tool's name: a call of that name would never reach it. */
export function checkDiscoveryNames(tools: readonly BundledTool[]): void {
  for (const tool of tools) {
    if (tool.name === SEARCH_TOOLS || tool.name === CALL_TOOL) {
      throw new UsageError(`${tool.source.displayPath}: the tool '${tool.name}' has the name of one of the tools "mcpDiscovery": "search" lists; rename it, or set "mcpDiscovery": "list"`);
    }
  }
}

/** `mcp/search-index.ts`: the search index of the tools the server serves (and of its toolsets, over those tools). */
export function searchIndexFile(served: readonly BundledTool[], sets: readonly ResolvedToolset[], synonyms: readonly (readonly string[])[] = []): GeneratedFile {
  const index = buildSearchIndex(served, sets, { synonyms });
  const lines = [
    `// ${GENERATED_HEADER}`,
    `// The MCP server's search index ("mcpDiscovery": "search"): BM25F over the tools it serves, precomputed at build`,
    `// time, for search_tools. server.ts loads it on the first search.`,
    `import type { SearchIndex } from "../runtime/search.js";`,
    ``,
    `/** The index (term -> tool, weight postings; toolsets' members), as JSON text one term a line, parsed on import. */`,
    `export const searchIndex: SearchIndex = JSON.parse([`,
    ...indexLiteralLines(index),
    `].join(""));`,
  ];
  return { root: "out", path: "mcp/search-index.ts", contents: lines.join("\n") + "\n", ownership: "generated" };
}

/** server.ts: the imports of a discovering server. */
export const DISCOVERY_IMPORTS = [
  `import { readSearchInput, search, TOOL_SEARCH_SCHEMA, type SearchIndex } from "../runtime/search.js";`,
];

/**
 * server.ts, after `mcpTools` and `known` (and the toolsets): the two tools, what tools/list lists
 * (`alwaysLoad`: the deferral plan's tools kept loaded, when some are deferred), search_tools' and
 * call_tool's answers.
 */
export function discoveryDeclarations(options: { alwaysLoad: boolean }): string[] {
  return [
    `/**`,
    ` * "mcpDiscovery": "search": tools/list lists search_tools and call_tool${options.alwaysLoad ? " (and the tools loaded up front)" : ""}; a client`,
    ` * finds the other tools with search_tools and calls them with call_tool (a tools/call of any tool served works too).`,
    ` */`,
    `export const discoveryTools: Tool[] = [`,
    `  {`,
    `    name: ${JSON.stringify(SEARCH_TOOLS)},`,
    `    description:`,
    `      "Searches this server's tools by what they do, and answers the best matches, best first: each one's name, " +`,
    `      "description and input schema. Use a few words naming the action and the object (e.g. \\"refund an order\\"), " +`,
    `      "then call the tool you chose with call_tool.",`,
    `    inputSchema: TOOL_SEARCH_SCHEMA as Tool["inputSchema"],`,
    `  },`,
    `  {`,
    `    name: ${JSON.stringify(CALL_TOOL)},`,
    `    description:`,
    `      "Calls one of this server's tools by its name (search_tools finds them) with its arguments, which are checked " +`,
    `      "against the tool's input schema; answers what the tool answers.",`,
    `    inputSchema: {`,
    `      type: "object",`,
    `      properties: {`,
    `        name: { type: "string", description: "The tool's name, as search_tools gave it." },`,
    `        arguments: { type: "object", description: "The tool's input, as its input schema describes it." },`,
    `      },`,
    `      required: ["name"],`,
    `      additionalProperties: false,`,
    `    },`,
    `  },`,
    `];`,
    ``,
    ...(options.alwaysLoad
      ? [
          `/** tools/list: the discovery tools, then those of \`tools\` loaded up front (not deferred), in their order. */`,
          `function discoveryListing(tools: readonly Tool[]): Tool[] {`,
          `  return [...discoveryTools, ...tools.filter((t) => alwaysLoad.has(t.name))];`,
          `}`,
          ``,
          `const listing = discoveryListing(mcpTools);`,
        ]
      : [`/** tools/list: the discovery tools (no tool is loaded up front: none is deferred). */`, `const listing = discoveryTools;`]),
    ``,
    `const byName: ReadonlyMap<string, Tool> = new Map(mcpTools.map((t) => [t.name, t]));`,
    ``,
    `let index: Promise<SearchIndex> | undefined;`,
    ``,
    `/** The search index of the tools served (search-index.ts), loaded on the first search. */`,
    `function searchIndex(): Promise<SearchIndex> {`,
    `  index ??= import("./search-index.js").then((m) => m.searchIndex);`,
    `  return index;`,
    `}`,
    ``,
    `function errorResult(text: string): CallToolResult {`,
    `  return { content: [{ type: "text", text }], isError: true };`,
    `}`,
    ``,
    `/** search_tools' answer: the best matches' names, titles, descriptions and input schemas (within \`toolset\`). */`,
    `async function searchResult(input: unknown, toolset: string | undefined): Promise<CallToolResult> {`,
    `  const read = readSearchInput(input);`,
    `  if (typeof read === "string") return errorResult(\`Error: \${read}\`);`,
    `  const within = toolset === undefined ? { k: read.k } : { k: read.k, toolset };`,
    `  const found: Tool[] = [];`,
    `  for (const hit of search(await searchIndex(), read.query, within)) {`,
    `    const tool = byName.get(hit.name);`,
    `    if (tool === undefined) continue;`,
    `    const entry: Tool = { name: tool.name, inputSchema: tool.inputSchema };`,
    `    if (tool.title !== undefined) entry.title = tool.title;`,
    `    if (tool.description !== undefined) entry.description = tool.description;`,
    `    found.push(entry);`,
    `  }`,
    `  if (found.length === 0) {`,
    `    return { content: [{ type: "text", text: \`No tool matches "\${read.query.slice(0, 200)}"; try other words.\` }] };`,
    `  }`,
    `  const structuredContent = { tools: found };`,
    `  return { content: [{ type: "text", text: JSON.stringify(structuredContent) }], structuredContent };`,
    `}`,
    ``,
    `function isRecord(value: unknown): value is Record<string, unknown> {`,
    `  return typeof value === "object" && value !== null && !Array.isArray(value);`,
    `}`,
    ``,
    `/** call_tool's input: the tool's name and its arguments, or what is wrong with it. */`,
    `function readCall(input: unknown): { name: string; args: Record<string, unknown> } | string {`,
    `  if (!isRecord(input)) return 'the input must be an object with the tool\\'s "name" and its "arguments"';`,
    `  const name = input["name"];`,
    `  if (typeof name !== "string" || name === "") return '"name" must be the name of a tool (search_tools finds them)';`,
    `  const args = input["arguments"] ?? {};`,
    `  if (!isRecord(args)) return '"arguments" must be an object: the tool\\'s input';`,
    `  return { name, args };`,
    `}`,
    ``,
    `/** call_tool's answer to a name that is no tool served. */`,
    `function unknownToolResult(name: string): CallToolResult {`,
    `  const text = \`Error: Unknown tool: \${name.slice(0, 128)}. search_tools finds this server's tools by what they do.\`;`,
    `  return errorResult(text);`,
    `}`,
    ``,
  ];
}

/** server.ts, createMcpServer: the tools/list handler of a discovering server (`sets`: it may serve one toolset). */
export function discoveryList(options: { alwaysLoad: boolean; sets: boolean }): string {
  if (!options.sets) return `  server.setRequestHandler("tools/list", () => ({ tools: listing }));`;
  const own = options.alwaysLoad ? `discoveryListing(view.tools)` : `discoveryTools`;
  return [
    `  const listed = view === undefined ? listing : ${own};`,
    `  server.setRequestHandler("tools/list", () => ({ tools: listed }));`,
  ].join("\n");
}

/**
 * server.ts, first in the tools/call handler: search_tools answered; call_tool read and turned into a
 * call of the tool it names (`name` and `args` reassigned), which the rest of the handler dispatches.
 */
export function discoveryCall(options: { sets: boolean }): string[] {
  return [
    `    if (name === ${JSON.stringify(SEARCH_TOOLS)}) return searchResult(args, ${options.sets ? "view?.name" : "undefined"});`,
    `    if (name === ${JSON.stringify(CALL_TOOL)}) {`,
    `      const read = readCall(args);`,
    `      if (typeof read === "string") return errorResult(\`Error: \${read}\`);`,
    ...(options.sets ? [`      // A name outside the toolset served is answered below, as a tools/call of it is.`] : []),
    `      if (!known.has(read.name)${options.sets ? " && view === undefined" : ""}) return unknownToolResult(read.name);`,
    `      ({ name, args } = read);`,
    `    }`,
  ];
}
