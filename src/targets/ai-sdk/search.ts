/**
 * The AI SDK's tool search in ai-sdk.ts, written only when the `search` output is built too: the
 * AI SDK 7's own `toolSearch()` (from `ai`) with its `search` callback answered by the generated
 * search (search.ts: BM25F over names, descriptions, parameters and tags) instead of its keyword
 * match, and the tools sent `deferLoading: true`, which the AI SDK hides from the model until a
 * search finds them and loads on the next step. So `generateText({ model, tools: toolsWithSearch,
 * stopWhen, prompt })` runs search -> the found tools load -> the model calls one -> the result.
 */

/** The names ai-sdk.ts then imports besides its own: from `ai`, and from search.ts. */
export const SEARCH_IMPORTS = {
  ai: `import { tool, toolSearch, type Tool, type ToolApprovalStatus, type ToolSet } from "ai";`,
  search: `import { searchIndex, searchTools, TOOL_SEARCH_NAME, type SearchOptions } from "./search.js";`,
};

/** The lines after the `tools` record. */
export function aiSdkSearchLines(): string[] {
  return [
    ``,
    `/** What \`searchTool\` takes. */`,
    `export interface SearchToolOptions {`,
    `  /** The most tools one search loads (the AI SDK's \`maxResults\`; default 5). */`,
    `  maxResults?: number;`,
    `  /** Find only this toolset's tools (the config's "toolsets"); an unknown name throws a RangeError here. */`,
    `  toolset?: string;`,
    `}`,
    ``,
    `/**`,
    ` * The AI SDK's \`toolSearch()\`, ranked by the generated search (\`searchTools\` of search.ts) instead of its keyword`,
    ` * match: of the deferred tools the AI SDK offers it, the best \`maxResults\` for the model's query, best first.`,
    ` * The AI SDK loads the tools found on the next step.`,
    ` */`,
    `export function searchTool(options: SearchToolOptions = {}): ReturnType<typeof toolSearch> {`,
    `  const within: SearchOptions = { k: searchIndex.tools.length };`,
    `  if (options.toolset !== undefined) within.toolset = options.toolset;`,
    `  searchTools("", within); // an unknown toolset throws now rather than at the model's first search`,
    `  return toolSearch({`,
    `    maxResults: options.maxResults ?? 5,`,
    `    search: ({ query, tools: eligible }) => {`,
    `      const names = new Set(eligible.map((t) => t.name));`,
    `      return searchTools(query, within)`,
    `        .map((hit) => hit.name)`,
    `        .filter((name) => names.has(name));`,
    `    },`,
    `  });`,
    `}`,
    ``,
    `/** \`set\` with each tool \`deferLoading: true\`. */`,
    `function deferAll<T extends ToolSet>(set: T): T {`,
    `  return Object.fromEntries(Object.entries(set).map(([name, t]) => [name, { ...t, deferLoading: true }])) as T;`,
    `}`,
    ``,
    `/**`,
    ` * \`tools\` for a generation with tool search: those tools.ts defers stay deferred and the others load up front`,
    ` * (the deferLoading budget's plan); when tools.ts defers none, every tool is \`deferLoading: true\`.`,
    ` */`,
    `export const deferredTools: typeof tools = definitions.some((d) => d.defer_loading === true) ? tools : deferAll(tools);`,
    ``,
    `/**`,
    ` * Pass as \`tools\` to \`generateText\`, \`streamText\` or \`new ToolLoopAgent\`, with a \`stopWhen\` of a few steps:`,
    ` * \`tool_search\` (\`searchTool()\`), then \`deferredTools\`.`,
    ` */`,
    `export const toolsWithSearch = { [TOOL_SEARCH_NAME]: searchTool(), ...deferredTools };`,
  ];
}
