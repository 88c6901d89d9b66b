/**
 * search.ts in the generated folder (the `search` output): the precomputed index, `searchTools`, and
 * the wiring: Anthropic's custom tool search (a `tool_search` tool answered with tool_reference
 * blocks, the other tools sent `defer_loading: true`, and `runToolsWithSearch`, the run loop with it),
 * OpenAI's client-executed `tool_search` (Responses API) when the openai output is built, and the
 * plain function for everything else.
 */
import { importList, MAX_LINE } from "../emit/code-lines.js";
import { GENERATED_HEADER } from "../emit/literal.js";
import type { GeneratedFile } from "../model.js";
import type { SearchIndex } from "../runtime/search.js";

/** The index's JSON text in pieces: the tools, one posting list a piece, the toolsets, the config's synonyms (joined, it is JSON.stringify(index)). */
function indexChunks(index: SearchIndex): string[] {
  const terms = Object.keys(index.postings);
  return [
    `{"tools":${JSON.stringify(index.tools)},"postings":{`,
    ...terms.map((term, i) => `${JSON.stringify(term)}:${JSON.stringify(index.postings[term])}${i < terms.length - 1 ? "," : ""}`),
    `},"toolsets":${JSON.stringify(index.toolsets)}${index.synonyms === undefined ? "" : `,"synonyms":${JSON.stringify(index.synonyms)}`}}`,
  ];
}

/**
 * `chunk` as the string literals of an array element each (`  "...",`) within 120 columns: cut after a
 * comma where one is near, else between code points (joined, the pieces are `chunk` again).
 */
function chunkLines(chunk: string): string[] {
  const fits = (text: string): boolean => JSON.stringify(text).length + 3 <= MAX_LINE;
  const out: string[] = [];
  let rest = Array.from(chunk);
  while (rest.length > 0) {
    let end = Math.min(rest.length, MAX_LINE);
    while (end > 1 && !fits(rest.slice(0, end).join(""))) end--;
    if (end < rest.length) {
      const comma = rest.lastIndexOf(",", end - 1);
      if (comma >= end / 2) end = comma + 1;
    }
    out.push(`  ${JSON.stringify(rest.slice(0, end).join(""))},`);
    rest = rest.slice(end);
  }
  return out;
}

/** The index as the elements of a string array whose join is its JSON text, one line each, within 120 columns. */
export function indexLiteralLines(index: SearchIndex): string[] {
  return indexChunks(index).flatMap(chunkLines);
}

export function emitSearch(index: SearchIndex, options: { openai: boolean }): GeneratedFile {
  const lines = [
    `// ${GENERATED_HEADER}`,
    `// The generated tool search: BM25F over the tools' names, descriptions, parameters and tags,`,
    `// precomputed at build time.`,
    `import type { Dispatcher, ToolResultBlock, ToolUseBlock } from "./runtime/dispatch.js";`,
    `import { runToolsWith, type RunDispatcher, type RunOptions, type RunResult } from "./runtime/run.js";`,
    ...importList(
      "import",
      [
        "answerToolSearch",
        ...(options.openai ? ["readSearchInput"] : []),
        "search",
        "TOOL_SEARCH_DESCRIPTION",
        "TOOL_SEARCH_NAME",
        "TOOL_SEARCH_SCHEMA",
        "type SearchHit",
        "type SearchIndex",
        "type SearchOptions",
        "type ToolSearchResultBlock",
      ],
      "./runtime/search.js",
    ),
    `import { dispatcher } from "./index.js";`,
    `import { tools, type ToolDefinition } from "./tools.js";`,
    `import type { ToolName } from "./types.js";`,
    ...(options.openai ? [`import { responsesTools } from "./openai.js";`, `import type { ResponsesFunctionTool } from "./runtime/openai.js";`] : []),
    ``,
    `export type { SearchHit, SearchOptions, ToolSearchResultBlock } from "./runtime/search.js";`,
    `export { TOOL_SEARCH_NAME } from "./runtime/search.js";`,
    ``,
    `/** The index (term -> tool, weight postings; toolsets' members), as JSON text one term a line, parsed on import. */`,
    `export const searchIndex: SearchIndex = JSON.parse([`,
    ...indexLiteralLines(index),
    `].join(""));`,
    ``,
    `/** The \`k\` (default 5) tools that best match \`query\`, best first, optionally within a toolset. */`,
    `export function searchTools(query: string, options?: SearchOptions): SearchHit[] {`,
    `  return search(searchIndex, query, options);`,
    `}`,
    ``,
    `/** Anthropic's custom tool search tool: send it with \`deferredTools\`; its results load the tools it names. */`,
    `export const toolSearchTool = {`,
    `  name: TOOL_SEARCH_NAME,`,
    `  description: TOOL_SEARCH_DESCRIPTION,`,
    `  input_schema: TOOL_SEARCH_SCHEMA,`,
    `};`,
    ``,
    `/**`,
    ` * tools.ts's tools for a request with tool search: those tools.ts defers stay deferred and the others load`,
    ` * up front (the deferLoading budget's plan); when tools.ts defers none, every tool is sent`,
    ` * defer_loading: true.`,
    ` */`,
    `export const deferredTools: ToolDefinition[] = tools.some((t) => t.defer_loading === true)`,
    `  ? tools`,
    `  : tools.map((t) => ({ ...t, defer_loading: true }));`,
    ``,
    `/** \`tools\` of a Messages API request with tool search: the search tool, then \`deferredTools\`. */`,
    `export const toolsWithSearch: readonly object[] = [toolSearchTool, ...deferredTools];`,
    ``,
    `/** Answers a tool_search tool_use with tool_reference blocks (\`toolset\`: search only its tools). */`,
    `export function answerSearch(`,
    `  toolUse: { id: string; input: unknown },`,
    `  options?: Pick<SearchOptions, "toolset">,`,
    `): ToolSearchResultBlock {`,
    `  return answerToolSearch(searchIndex, toolUse, options);`,
    `}`,
    ``,
    `/**`,
    ` * A dispatcher that answers tool_search itself and hands every other call to \`inner\` (default: the`,
    ` * ready dispatcher).`,
    ` */`,
    `export function withToolSearch<C>(`,
    `  inner: RunDispatcher<C> = dispatcher as RunDispatcher<C>,`,
    `  options?: Pick<SearchOptions, "toolset">,`,
    `): RunDispatcher<C> {`,
    `  return {`,
    `    dispatch: (toolUse: ToolUseBlock, ...rest) =>`,
    `      toolUse.name === TOOL_SEARCH_NAME`,
    `        ? // tool_reference blocks: content the Messages API takes in a tool_result`,
    `          Promise.resolve(answerSearch(toolUse, options) as unknown as ToolResultBlock)`,
    `        : inner.dispatch(toolUse, ...rest),`,
    `    dispatchFunctionCalls: (text, ...rest) => inner.dispatchFunctionCalls(text, ...rest),`,
    `  };`,
    `}`,
    ``,
    `/**`,
    ` * runTools with tool search: sends \`toolsWithSearch\`; the model searches, the tools it finds load`,
    ` * (tool_reference), it calls one, and the handler's result goes back, until it stops calling tools.`,
    ` */`,
    `export function runToolsWithSearch<C = unknown>(`,
    `  options: RunOptions<C, ToolName | typeof TOOL_SEARCH_NAME>,`,
    `): Promise<RunResult> {`,
    `  const inner = (options.dispatcher ?? (dispatcher as Dispatcher<C>)) as RunDispatcher<C>;`,
    `  const run = Object.assign({}, options, { dispatcher: withToolSearch(inner) });`,
    `  const defaults = { tools: toolsWithSearch, dispatcher: withToolSearch(inner) as RunDispatcher<unknown> };`,
    `  return runToolsWith<C, ToolName | typeof TOOL_SEARCH_NAME>(defaults, run);`,
    `}`,
    ...(options.openai
      ? [
          ``,
          `/** OpenAI's client-executed tool search (Responses API): send with \`openaiDeferredTools\`. */`,
          `export const openaiToolSearchTool = {`,
          `  type: "tool_search" as const,`,
          `  execution: "client" as const,`,
          `  description: TOOL_SEARCH_DESCRIPTION,`,
          `  parameters: TOOL_SEARCH_SCHEMA,`,
          `};`,
          ``,
          `/** openai.ts's Responses function tools, each defer_loading: true (found through tool_search). */`,
          `export const openaiDeferredTools: (ResponsesFunctionTool & { defer_loading: true })[] = responsesTools.map((t) => ({`,
          `  ...t,`,
          `  defer_loading: true,`,
          `}));`,
          ``,
          `/** The \`tool_search_output\` item answering a \`tool_search_call\` item: the function tools found. */`,
          `export function answerOpenAIToolSearch(`,
          `  call: { call_id: string | null; arguments: unknown },`,
          `  options?: Pick<SearchOptions, "toolset">,`,
          `): {`,
          `  type: "tool_search_output";`,
          `  call_id: string | null;`,
          `  execution: "client";`,
          `  status: "completed";`,
          `  tools: ResponsesFunctionTool[];`,
          `} {`,
          `  const read = readSearchInput(typeof call.arguments === "string" ? safeParse(call.arguments) : call.arguments);`,
          `  const found = typeof read === "string" ? [] : search(searchIndex, read.query, { ...options, k: read.k });`,
          `  const byName = new Map(responsesTools.map((t) => [t.name, t]));`,
          `  return {`,
          `    type: "tool_search_output",`,
          `    call_id: call.call_id,`,
          `    execution: "client",`,
          `    status: "completed",`,
          `    tools: found.map((h) => byName.get(h.name)!).filter((t) => t !== undefined),`,
          `  };`,
          `}`,
          ``,
          `function safeParse(text: string): unknown {`,
          `  try {`,
          `    return JSON.parse(text) as unknown;`,
          `  } catch {`,
          `    return undefined;`,
          `  }`,
          `}`,
        ]
      : []),
  ];
  return { root: "out", path: "search.ts", contents: lines.join("\n") + "\n", ownership: "generated" };
}
