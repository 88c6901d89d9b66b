/**
 * `index.ts`: the one module application code imports. It re-exports the renderings and types, and
 * builds the dispatch table: `registry` (schema + lazily loaded validator per tool),
 * `createDispatcher(handlers)`, and `dispatcher`, wired to the handler files.
 */
import type { BundledTool, GeneratedFile } from "../model.js";
import type { ToolNames } from "../names.js";
import { tsString } from "../names.js";
import { GENERATED_HEADER } from "./literal.js";

export function emitIndexModule(
  tools: readonly BundledTool[],
  names: ReadonlyMap<string, ToolNames>,
  handlersImportBase: string,
  /** `legacy: false` when the build writes no `legacy.ts` (the `legacy` output is off). */
  options: { legacy?: boolean } = {},
): GeneratedFile {
  const n = (t: BundledTool) => names.get(t.name)!;
  const key = (t: BundledTool) => `[${tsString(t.name)}]`;
  const typeNames = tools.map((t) => n(t).type);
  const out: string[] = [
    `// ${GENERATED_HEADER}`,
    `import { createDispatcherFrom, type Dispatcher, type RegisteredTool, type ToolHandler, type ValidateFunction } from "./runtime/dispatch.js";`,
    `import { parseFunctionCalls as parseCalls, type JsonSchema, type ParsedFunctionCalls } from "./runtime/legacy.js";`,
    `import { legacyConversions } from "./legacy.js";`,
    `import { tools } from "./tools.js";`,
    `import type { ToolInputs, ToolName } from "./types.js";`,
    ``,
    `export { tools, type ToolDefinition } from "./tools.js";`,
    ...(options.legacy === false ? [] : [`export { legacySystemPrompt, LEGACY_STOP_SEQUENCE } from "./legacy.js";`]),
    `export type { ToolInputs, ToolName${typeNames.map((t) => `, ${t}`).join("")} } from "./types.js";`,
    `export { renderFunctionCalls, renderFunctionResults, escapeXml, unescapeXml } from "./runtime/legacy.js";`,
    `export type { FunctionCall, FunctionResult, ParsedFunctionCalls } from "./runtime/legacy.js";`,
    `export type { Dispatcher, ToolContext, ToolHandler, ToolUseBlock, ToolResultBlock, ToolResultContent, TextBlock, ImageBlock } from "./runtime/dispatch.js";`,
    ``,
    `/** One handler per tool, each receiving its own tool's input type. */`,
    `export type ToolHandlers = { [K in ToolName]: ToolHandler<ToolInputs[K]> };`,
    ``,
    `const schemas: ReadonlyMap<string, JsonSchema> = new Map(tools.map((t) => [t.name, t.input_schema] as const));`,
    ``,
    `/** Every tool: its schema, and its validator (compiled at build time, loaded on first use). */`,
    `export const registry: readonly RegisteredTool[] = [`,
    ...tools.map(
      (t) =>
        `  { name: ${tsString(t.name)}, inputSchema: schemas.get(${tsString(t.name)})!, loadValidator: () => import(${tsString(`./validators/${n(t).file}.js`)}).then((m) => m.validate as ValidateFunction) },`,
    ),
    `];`,
    ``,
    `/** A dispatcher over the given handlers: tool_use in, tool_result out; never throws. */`,
    `export function createDispatcher(handlers: ToolHandlers): Dispatcher {`,
    `  return createDispatcherFrom<ToolInputs>(registry, handlers, legacyConversions);`,
    `}`,
    ``,
    `/** Parses the model's <function_calls> block, converting each value as the legacy prompt announces it. */`,
    `export function parseFunctionCalls(text: string): ParsedFunctionCalls {`,
    `  return parseCalls(text, legacyConversions);`,
    `}`,
    ``,
    `/** The ready dispatcher, wired to the handler files (each loaded on first use). */`,
    `export const dispatcher: Dispatcher = createDispatcher({`,
    ...tools.map(
      (t) =>
        `  ${key(t)}: async (input, context) => (await import(${tsString(`${handlersImportBase}/${n(t).file}.js`)})).default(input, context),`,
    ),
    `});`,
  ];
  return { root: "out", path: "index.ts", contents: out.join("\n") + "\n", ownership: "generated" };
}
