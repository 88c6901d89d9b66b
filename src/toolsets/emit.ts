/**
 * toolsets/<name>.ts, one per toolset: its tool names and types, its Messages API `tools` array, the
 * OpenAI and Gemini arrays when those outputs are built, and dispatchers that answer only its tools
 * (runtime/toolset.ts; with the legacy output, reading a legacy call's parameters as the folder's
 * does). Each array is the folder's, filtered by name at import, so a toolset costs a list of names,
 * not a second copy of the schemas, and keeps the folder's array types (the SDKs' types are checked
 * once, on the folder's).
 */
import { GENERATED_HEADER } from "../emit/literal.js";
import type { GeneratedFile } from "../model.js";
import type { ResolvedToolset } from "./resolve.js";

export interface ToolsetEmitOptions {
  /** The outputs this build writes (the arrays of `openai` and `gemini` are filtered only when they are). */
  built: ReadonlySet<string>;
}

export function emitToolset(set: ResolvedToolset, options: ToolsetEmitOptions): GeneratedFile {
  const openai = options.built.has("openai");
  const gemini = options.built.has("gemini");
  // With the legacy output, a legacy call's parameters are read as the folder's dispatcher reads them.
  const legacy = options.built.has("legacy");
  const name = JSON.stringify(set.name);
  const lines = [
    `// ${GENERATED_HEADER}`,
    `// The toolset ${name} (toolgen.config "toolsets"): ${set.tools.length} of the folder's tools, with dispatchers that answer only them.`,
    `import { createDispatcherFrom, type Dispatcher, type DispatcherOptions, type ToolHandler } from "../runtime/dispatch.js";`,
    `import { restrictDispatcher } from "../runtime/toolset.js";`,
    `import { dispatcher as folderDispatcher, registry } from "../index.js";`,
    `import { tools as folderTools, type ToolDefinition } from "../tools.js";`,
    `import type { ToolInputs } from "../types.js";`,
    ...(legacy ? [`import { legacyConversions } from "../legacy.js";`] : []),
    ...(openai ? [`import { chatCompletionTools as folderChatTools, createOpenAIDispatcherFor, responsesTools as folderResponsesTools, type OpenAIDispatcher } from "../openai.js";`] : []),
    ...(gemini ? [`import { functionDeclarations as folderDeclarations, type GeminiFunctionDeclaration } from "../gemini.js";`, `import { createGeminiDispatcher, type GeminiDispatcher } from "../runtime/gemini.js";`] : []),
    ``,
    `/** The toolset's name (out-of-set calls are answered is_error naming it). */`,
    `export const TOOLSET = ${name};`,
    ``,
    `/** The toolset's tools, in name order. */`,
    `export const toolNames = [`,
    ...set.tools.map((t) => `  ${JSON.stringify(t)},`),
    `] as const;`,
    ``,
    `export type ToolsetToolName = (typeof toolNames)[number];`,
    `/** Each of the toolset's tools' input type, by tool name. */`,
    `export type ToolsetInputs = Pick<ToolInputs, ToolsetToolName>;`,
    `/** One handler per tool of the toolset. */`,
    `export type ToolsetHandlers<C = unknown> = { [K in ToolsetToolName]: ToolHandler<ToolInputs[K], C> };`,
    ``,
    `const members: ReadonlySet<string> = new Set(toolNames);`,
    ``,
    `/** Pass as the \`tools\` of a Messages API request: the toolset's entries of tools.ts. */`,
    `export const tools: ToolDefinition[] = folderTools.filter((t) => members.has(t.name));`,
    ...(openai
      ? [
          ``,
          `/** The toolset's Chat Completions tools (openai.ts's, filtered). */`,
          `export const chatCompletionTools: typeof folderChatTools = folderChatTools.filter((t) => members.has(t.function.name));`,
          `/** The toolset's Responses API tools (openai.ts's, filtered). */`,
          `export const responsesTools: typeof folderResponsesTools = folderResponsesTools.filter((t) => members.has(t.name));`,
        ]
      : []),
    ...(gemini ? [``, `/** The toolset's Gemini \`functionDeclarations\` (gemini.ts's, filtered). */`, `export const functionDeclarations: GeminiFunctionDeclaration[] = folderDeclarations.filter((d) => members.has(d.name));`] : []),
    ``,
    `/** The folder's ready dispatcher (the handler files), answering only this toolset's tools. */`,
    `export const dispatcher: Dispatcher = restrictDispatcher(folderDispatcher, TOOLSET, toolNames);`,
    ``,
    `/** A dispatcher over handlers for this toolset's tools only; any other tool is answered is_error naming the toolset. */`,
    `export function createDispatcher<C = unknown>(handlers: ToolsetHandlers<C>, options?: DispatcherOptions): Dispatcher<C> {`,
    `  const own = registry.filter((t) => members.has(t.name));`,
    `  return restrictDispatcher(createDispatcherFrom<ToolsetInputs, C>(own, handlers, ${legacy ? "legacyConversions" : "undefined"}, options), TOOLSET, toolNames);`,
    `}`,
    ...(openai ? [``, `/** The OpenAI adapters over the toolset's ready dispatcher. */`, `export const openaiDispatcher: OpenAIDispatcher = createOpenAIDispatcherFor(dispatcher);`] : []),
    ...(gemini ? [``, `/** The Gemini adapter over the toolset's ready dispatcher. */`, `export const geminiDispatcher: GeminiDispatcher = createGeminiDispatcher(dispatcher);`] : []),
  ];
  return { root: "out", path: `toolsets/${set.name}.ts`, contents: lines.join("\n") + "\n", ownership: "generated" };
}
