/**
 * `index.ts`: the one module application code imports. It re-exports the renderings and types, and
 * builds the dispatch table: `createDispatcher(handlers)` and `dispatcher`, over `registry.ts`'s
 * `registry` (schema + lazily loaded validator per tool) and `handlers` (the handler files). The MCP
 * server builds its dispatcher from `registry.ts` too, without loading index.ts's legacy prompt.
 *
 * Written to type-check in time linear in the tools, in ES-module and CommonJS projects alike
 * (handler files are loaded through `lazyHandler`, which reads either module shape), and without a
 * `!` or an `as`: every value's type follows from the code.
 */
import type { BundledTool, GeneratedFile } from "../model.js";
import type { ToolNames } from "./names.js";
import { tsString } from "./names.js";
import { importList, member } from "./code-lines.js";
import { GENERATED_HEADER } from "./literal.js";

/** An object literal's key for a tool name: `"__proto__"` written plainly would set the prototype. */
function propKey(name: string): string {
  return name === "__proto__" ? `["__proto__"]` : tsString(name);
}

/**
 * `registry.ts`: `registry` (each tool's schema and lazily loaded validator), `handlers` (each tool's
 * handler file, loaded on its first call) and the `ToolHandlers` type, which every dispatcher of the
 * build is made from: index.ts's and the MCP server's.
 */
export function emitRegistryModule(
  tools: readonly BundledTool[],
  names: ReadonlyMap<string, ToolNames>,
  handlersImportBase: string,
): GeneratedFile {
  const fileOf = (t: BundledTool): string => names.get(t.name)?.file ?? "";
  const out: string[] = [
    `// ${GENERATED_HEADER}`,
    `// What the build's dispatchers are made from: each tool's schema and validator, and its handler file.`,
    `// index.ts's dispatcher and the MCP server's import it (the server without loading index.ts's legacy prompt).`,
    `import type { RegisteredTool, ToolHandler, ValidateFunction } from "./runtime/dispatch.js";`,
    `import { lazyHandler, lazyValidator } from "./runtime/loaders.js";`,
    `import { tools } from "./tools.js";`,
    `import type { ToolInputs, ToolName } from "./types.js";`,
    ``,
    `/** One handler per tool, each receiving its own tool's input type and the request context \`C\`. */`,
    `export type ToolHandlers<C = unknown> = { [K in ToolName]: ToolHandler<ToolInputs[K], C> };`,
    ``,
    `/** Each tool's validator (compiled at build time, loaded on first use), by tool name. */`,
    `const validators: { readonly [K in ToolName]: () => Promise<ValidateFunction> } = {`,
    ...tools.map((t) => {
      const load = `() => import(${tsString(`./validators/${fileOf(t)}.js`)})`;
      return member(propKey(t.name), `lazyValidator(${load})`, ",", { head: "lazyValidator", arg: load });
    }),
    `};`,
    ``,
    `/** Every tool: its schema, and its validator. */`,
    `export const registry: readonly RegisteredTool[] = tools.map((tool) => ({`,
    `  name: tool.name,`,
    `  inputSchema: tool.input_schema,`,
    `  loadValidator: validators[tool.name],`,
    `}));`,
    ``,
    `/** Each tool's handler, from its handler file (loaded on the tool's first call), by tool name. */`,
    `export const handlers: ToolHandlers = {`,
    ...tools.map((t) => {
      const head = `lazyHandler<ToolInputs[${tsString(t.name)}]>`;
      const load = `() => import(${tsString(`${handlersImportBase}/${fileOf(t)}.js`)})`;
      return member(propKey(t.name), `${head}(${load})`, ",", { head, arg: load });
    }),
    `};`,
  ];
  return { root: "out", path: "registry.ts", contents: out.join("\n") + "\n", ownership: "generated" };
}

export function emitIndexModule(
  tools: readonly BundledTool[],
  names: ReadonlyMap<string, ToolNames>,
  /** `legacy: false` when the build writes no `legacy.ts` (the `legacy` output is off). */
  options: { legacy?: boolean } = {},
): GeneratedFile {
  const legacy = options.legacy !== false;
  const typeNames = tools.map((t) => names.get(t.name)?.type ?? "never");
  const out: string[] = [
    `// ${GENERATED_HEADER}`,
    ...importList(
      "import",
      ["createDispatcherFrom", "type Dispatcher", "type DispatcherOptions"],
      "./runtime/dispatch.js",
    ),
    ...importList(
      "import",
      [...(legacy ? ["runLegacyToolsWith"] : []), "runToolsStreamingWith", "runToolsWith", "type RunOptions", "type RunResult", "type StreamingRunOptions"],
      "./runtime/run.js",
    ),
    ...(legacy
      ? [
          `import { parseFunctionCalls as parseCalls, type ParsedFunctionCalls } from "./runtime/legacy.js";`,
          `import { LEGACY_STOP_SEQUENCE, legacyConversions, legacySystemPrompt } from "./legacy.js";`,
        ]
      : []),
    `import { handlers, registry, type ToolHandlers } from "./registry.js";`,
    `import { tools } from "./tools.js";`,
    `import type { ToolInputs, ToolName } from "./types.js";`,
    ``,
    `export { tools, type ToolDefinition } from "./tools.js";`,
    `export { registry, type ToolHandlers } from "./registry.js";`,
    ...(legacy ? [`export { legacySystemPrompt, LEGACY_STOP_SEQUENCE } from "./legacy.js";`] : []),
    ...importList("export type", ["ToolInputs", "ToolName", ...typeNames], "./types.js"),
    `export { renderFunctionCalls, renderFunctionResults, escapeXml, unescapeXml } from "./runtime/legacy.js";`,
    `export type { FunctionCall, FunctionResult, ParsedFunctionCalls } from "./runtime/legacy.js";`,
    ...importList("export", ["acceptedContent", "inputRequired", "isInputRequired"], "./runtime/input-required.js"),
    ...importList("export type", ["ElicitationRequest", "InputRequest", "InputRequired", "InputRequiredSpec"], "./runtime/input-required.js"),
    ...importList(
      "export type",
      ["Dispatcher", "DispatcherOptions", "DispatchOptions", "RepairNote", "ToolContext", "ToolHandler", "ToolUseBlock", "ToolResultBlock", "ToolResultContent", "TextBlock", "ImageBlock"],
      "./runtime/dispatch.js",
    ),
    ...importList(
      "export type",
      ["MessageParam", "MessagesClient", "ModelMessage", "PendingInput", "RunOptions", "RunRequest", "RunResult", "RunResume", "StreamEvent", "StreamingMessagesClient", "StreamingRunOptions", "SwitchedTools", "ToolSwitchTurn"],
      "./runtime/run.js",
    ),
    ...importList("export", ["INLINE_TOOLS_BETA", "toolChanges", "toolsOffered"], "./runtime/tool-changes.js"),
    ...importList("export type", ["ToolAdditionBlock", "ToolChangeBlock", "ToolRemovalBlock", "ToolsRequest"], "./runtime/tool-changes.js"),
    ``,
    `/**`,
    ` * A dispatcher over the given handlers: tool_use in, tool_result out; never throws. Name the request`,
    ` * context's type to hand one to the handlers: \`createDispatcher<MyContext>(handlers)\`. \`options\`: input`,
    ` * repair (\`repair: false\` turns it off) and \`onRepair\`, to log each repair.`,
    ` */`,
    `export function createDispatcher<C = unknown>(handlers: ToolHandlers<C>, options?: DispatcherOptions): Dispatcher<C> {`,
    legacy
      ? `  return createDispatcherFrom<Pick<ToolInputs, ToolName>, C>(registry, handlers, legacyConversions, options);`
      : `  return createDispatcherFrom<Pick<ToolInputs, ToolName>, C>(registry, handlers, undefined, options);`,
    `}`,
    ``,
    ...(legacy
      ? [
          `/** Parses the model's <function_calls> block, converting each value as the legacy prompt announces it. */`,
          `export function parseFunctionCalls(text: string): ParsedFunctionCalls {`,
          `  return parseCalls(text, legacyConversions);`,
          `}`,
          ``,
        ]
      : []),
    `/** The ready dispatcher, wired to the handler files (each loaded on first use). */`,
    `export const dispatcher: Dispatcher = createDispatcher(handlers);`,
    ``,
    `/**`,
    ` * The agent loop: sends \`request\` with \`tools\`, runs every tool_use of each reply (validated, concurrently,`,
    ` * results in order) and sends the results back, until the model stops calling tools or after`,
    ` * \`maxIterations\` model calls (default 10). \`client\` is \`new Anthropic()\` from @anthropic-ai/sdk.`,
    ` */`,
    `export function runTools<C = unknown>(options: RunOptions<C, ToolName>): Promise<RunResult> {`,
    `  return runToolsWith({ tools, dispatcher }, options);`,
    `}`,
    ``,
    `/** \`runTools\` over a streamed reply: a cut-off or invalid streamed tool input is answered is_error. */`,
    `export function runToolsStreaming<C = unknown>(options: StreamingRunOptions<C, ToolName>): Promise<RunResult> {`,
    `  return runToolsStreamingWith({ tools, dispatcher }, options);`,
    `}`,
    ...(legacy
      ? [
          ``,
          `/**`,
          ` * \`runTools\` for the legacy format: the legacy system prompt, the </function_calls> stop sequence and`,
          ` * <function_results> turns.`,
          ` */`,
          `export function runLegacyTools<C = unknown>(options: RunOptions<C, ToolName>): Promise<RunResult> {`,
          `  const defaults = { dispatcher, systemPrompt: legacySystemPrompt, stopSequence: LEGACY_STOP_SEQUENCE };`,
          `  return runLegacyToolsWith(defaults, options);`,
          `}`,
        ]
      : []),
  ];
  return { root: "out", path: "index.ts", contents: out.join("\n") + "\n", ownership: "generated" };
}
