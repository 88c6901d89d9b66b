/**
 * `index.ts`: the one module application code imports. It re-exports the renderings and types, and
 * builds the dispatch table: `registry` (schema + lazily loaded validator per tool),
 * `createDispatcher(handlers)`, and `dispatcher`, wired to the handler files.
 *
 * Written to type-check in time linear in the tools, in ES-module and CommonJS projects alike
 * (handler files are loaded through `lazyHandler`, which reads either module shape), and without a
 * `!` or an `as`: every value's type follows from the code.
 */
import type { BundledTool, GeneratedFile } from "../model.js";
import type { ToolNames } from "../names.js";
import { tsString } from "../names.js";
import { importList, member } from "./code-lines.js";
import { GENERATED_HEADER } from "./literal.js";

/** An object literal's key for a tool name: `"__proto__"` written plainly would set the prototype. */
function propKey(name: string): string {
  return name === "__proto__" ? `["__proto__"]` : tsString(name);
}

export function emitIndexModule(
  tools: readonly BundledTool[],
  names: ReadonlyMap<string, ToolNames>,
  handlersImportBase: string,
  /** `legacy: false` when the build writes no `legacy.ts` (the `legacy` output is off). */
  options: { legacy?: boolean } = {},
): GeneratedFile {
  const legacy = options.legacy !== false;
  const fileOf = (t: BundledTool): string => names.get(t.name)?.file ?? "";
  const typeNames = tools.map((t) => names.get(t.name)?.type ?? "never");
  const out: string[] = [
    `// ${GENERATED_HEADER}`,
    ...importList(
      "import",
      ["createDispatcherFrom", "type Dispatcher", "type RegisteredTool", "type ToolHandler", "type ValidateFunction"],
      "./runtime/dispatch.js",
    ),
    `import { lazyHandler, lazyValidator } from "./runtime/loaders.js";`,
    ...(legacy
      ? [
          `import { parseFunctionCalls as parseCalls, type ParsedFunctionCalls } from "./runtime/legacy.js";`,
          `import { legacyConversions } from "./legacy.js";`,
        ]
      : []),
    `import { tools } from "./tools.js";`,
    `import type { ToolInputs, ToolName } from "./types.js";`,
    ``,
    `export { tools, type ToolDefinition } from "./tools.js";`,
    ...(legacy ? [`export { legacySystemPrompt, LEGACY_STOP_SEQUENCE } from "./legacy.js";`] : []),
    ...importList("export type", ["ToolInputs", "ToolName", ...typeNames], "./types.js"),
    `export { renderFunctionCalls, renderFunctionResults, escapeXml, unescapeXml } from "./runtime/legacy.js";`,
    `export type { FunctionCall, FunctionResult, ParsedFunctionCalls } from "./runtime/legacy.js";`,
    ...importList(
      "export type",
      ["Dispatcher", "ToolContext", "ToolHandler", "ToolUseBlock", "ToolResultBlock", "ToolResultContent", "TextBlock", "ImageBlock"],
      "./runtime/dispatch.js",
    ),
    ``,
    `/** One handler per tool, each receiving its own tool's input type. */`,
    `export type ToolHandlers = { [K in ToolName]: ToolHandler<ToolInputs[K]> };`,
    ``,
    `/** Each tool's validator (compiled at build time, loaded on first use), by tool name. */`,
    `const validators: { readonly [K in ToolName]: () => Promise<ValidateFunction> } = {`,
    ...tools.map((t) => {
      const load = `() => import(${tsString(`./validators/${fileOf(t)}.mjs`)})`;
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
    `/** A dispatcher over the given handlers: tool_use in, tool_result out; never throws. */`,
    `export function createDispatcher(handlers: ToolHandlers): Dispatcher {`,
    legacy
      ? `  return createDispatcherFrom<Pick<ToolInputs, ToolName>>(registry, handlers, legacyConversions);`
      : `  return createDispatcherFrom<Pick<ToolInputs, ToolName>>(registry, handlers);`,
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
    `export const dispatcher: Dispatcher = createDispatcher({`,
    ...tools.map((t) => {
      const head = `lazyHandler<ToolInputs[${tsString(t.name)}]>`;
      const load = `() => import(${tsString(`${handlersImportBase}/${fileOf(t)}.js`)})`;
      return member(propKey(t.name), `${head}(${load})`, ",", { head, arg: load });
    }),
    `});`,
  ];
  return { root: "out", path: "index.ts", contents: out.join("\n") + "\n", ownership: "generated" };
}
