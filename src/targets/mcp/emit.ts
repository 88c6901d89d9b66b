/**
 * The `mcp` output: `mcp/server.ts` (`createMcpServer()`, a low-level `Server` of the official MCP
 * SDK, `@modelcontextprotocol/server` 2.x), the transports (entries.ts: `mcp/stdio.ts` and
 * `mcp/http.ts`, runnable, over `mcp/stdio-server.ts` and `mcp/http-server.ts`; fetch-entry.ts:
 * `mcp/fetch.ts`, the stateless web-standard handler `mcp/http-server.ts` wraps), and
 * `mcp/output-validators/<tool>.ts` for tools with an output schema. Calls go through the same
 * dispatcher as native dispatch (`createDispatcher` from `index.ts`): the same build-time input
 * validators, the same messages, the same handler files. Only these files import the SDK.
 */
import type { BundledTool, GeneratedFile, JsonObject, JsonValue } from "../../model.js";
import type { ToolNames } from "../../emit/names.js";
import { tsString } from "../../emit/names.js";
import { GENERATED_HEADER, toTsLiteral } from "../../emit/literal.js";
import { member } from "../../emit/code-lines.js";
import { layoutExpression } from "../../emit/expression-layout.js";
import { emitToolType } from "../../emit/types.js";
import { asOutputValidator, compileValidator } from "../../emit/validators.js";
import { HTTP_ENTRY, HTTP_SERVER, STDIO_ENTRY, STDIO_SERVER } from "./entries.js";
import { isPlainObject as isObject } from "../../schema/pointer.js";
import { readAnnotations } from "../../load/tool-fields.js";
import { FETCH_HANDLER } from "./fetch-entry.js";
import type { ResolvedToolset } from "../../toolsets/resolve.js";
import * as T from "./toolsets.js";
import * as D from "./discovery.js";

/** MCP's tool-name rule (2025-11-25 spec): 1-128 characters of `[A-Za-z0-9_.-]`. */
export const MCP_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

/** The MCP-only fields a tool file may carry: `title`, `annotations`, `output_schema`/`outputSchema`. */
export interface McpExtras {
  title?: string;
  annotations?: JsonObject;
  outputSchema?: JsonObject;
  /**
   * MCP's `execution` (e.g. `{taskSupport: "forbidden"}`), a field of the 2025-11-25 revision, passed
   * through (its `taskSupport`, the one field the SDK's `Tool` type names and its clients keep). Clients of 2026-07-28 never receive it: tasks moved to the
   * `io.modelcontextprotocol/tasks` extension (SEP-2663), which the SDK (2.4) does not implement, and
   * its 2026 codec deletes `execution` from `tools/list` (`enforceDeletedFields`). Lint: mcp/execution-removed.
   */
  execution?: JsonObject;
  /** MCP's `icons` (SEP-973), checked for shape by the loader (load/tool-fields.ts). */
  icons?: JsonValue[];
  /** MCP's `_meta` (e.g. `{"anthropic/alwaysLoad": true}`, MCP Apps' `{"ui": {"resourceUri": "ui://..."}}`). */
  _meta?: JsonObject;
}

export function mcpExtras(tool: BundledTool): McpExtras {
  // Parsed JSON (or YAML read as JSON).
  const data = tool.source.data as JsonValue | undefined;
  if (!isObject(data)) return {};
  const out: McpExtras = {};
  if (typeof data["title"] === "string") out.title = data["title"];
  const annotations = readAnnotations(data);
  if (annotations !== undefined) out.annotations = { ...annotations };
  // Bundled by the load stage (load/bundle-output.ts): external $refs copied in, self-contained.
  const output = tool.bundledOutputSchema ?? data["output_schema"] ?? data["outputSchema"];
  if (isObject(output)) out.outputSchema = output;
  if (isObject(data["execution"])) out.execution = data["execution"];
  const icons = data["icons"];
  if (Array.isArray(icons) && icons.every(isObject)) out.icons = icons;
  if (isObject(data["_meta"])) out._meta = data["_meta"];
  return out;
}

const TASK_SUPPORT: ReadonlySet<JsonValue> = new Set(["required", "optional", "forbidden"]);

/** Why an MCP client's `Tool` type would refuse this input schema (at `at`), or undefined. */
function inputSchemaProblem(schema: JsonValue | undefined, at: string): string | undefined {
  if (!isObject(schema) || schema["type"] !== "object") return `${at}: the root is not "type": "object"`;
  if (schema["properties"] !== undefined && !isObject(schema["properties"])) return `${at}/properties: not an object`;
  const required = schema["required"];
  if (required !== undefined && !(Array.isArray(required) && required.every((r) => typeof r === "string"))) return `${at}/required: not an array of strings`;
  return undefined;
}

/**
 * Why the official MCP client would reject this tool (and with it the whole `tools/list` answer),
 * as `<JSON pointer in the tool file>: <problem>`, or undefined when it is listable. (Lint refuses
 * an input schema whose root is not an object; with `--no-lint` it reaches here.) An output schema
 * may have any root (SEP-2106, MCP 2026-07-28): for a 2025-era client, whose `Tool` type wants an
 * object, the SDK's 2025 codec wraps it as `{type: "object", properties: {result: S}, required:
 * ["result"]}` in tools/list and the value as `{result: v}` (`server.projectCallToolResult`).
 */
export function mcpRejection(tool: BundledTool): string | undefined {
  const x = mcpExtras(tool);
  const problem = inputSchemaProblem(tool.bundledSchema, "/input_schema");
  if (problem !== undefined) return problem;
  const taskSupport = x.execution?.["taskSupport"];
  if (taskSupport !== undefined && !TASK_SUPPORT.has(taskSupport)) return `/execution/taskSupport: not "required", "optional" or "forbidden"`;
  return undefined;
}

/** `<dir>/output-validators/<tool>.ts` (dir: `mcp`, or the client's `mcp-client`), like the input validators one folder deeper. */
export function outputValidator(tool: BundledTool, schema: JsonObject, names: ToolNames, dir = "mcp"): GeneratedFile[] {
  const file = compileValidator({ name: tool.name, bundledSchema: schema }, names);
  return [
    {
      ...file,
      path: `${dir}/output-validators/${names.file}.ts`,
      contents: asOutputValidator(file.contents),
    },
  ];
}

/** `<dir>/output-types/<tool>.ts`: the type of a tool's output, from its output schema (json-schema-to-typescript). */
export async function outputType(tool: BundledTool, schema: JsonObject, names: ToolNames, dir = "mcp"): Promise<GeneratedFile> {
  const type = `${names.base}Output`;
  const file = await emitToolType({ name: tool.name, bundledSchema: { ...schema, description: typeof schema["description"] === "string" ? schema["description"] : `What the tool ${tool.name} returns.` } }, { ...names, type });
  return {
    ...file,
    path: `${dir}/output-types/${names.file}.ts`,
    contents: file.contents.replace(`// Input types for the tool`, `// Output types for the tool`),
  };
}

/** `mcp/outputs.ts`: `ToolOutputs`, tool name -> output type, for the tools with an output schema. */
async function outputTypes(withOutput: ReadonlyArray<[BundledTool, JsonObject]>, names: ReadonlyMap<string, ToolNames>): Promise<GeneratedFile[]> {
  const files = await Promise.all(withOutput.map(([tool, schema]) => outputType(tool, schema, names.get(tool.name)!)));
  const n = (t: BundledTool) => names.get(t.name)!;
  const index = [
    `// ${GENERATED_HEADER}`,
    ...withOutput.map(([t]) => `import type { ${n(t).base}Output } from "./output-types/${n(t).file}.js";`),
    ``,
    ...withOutput.map(([t]) => `export type { ${n(t).base}Output } from "./output-types/${n(t).file}.js";`),
    ``,
    `/** What each tool with an output schema returns (its handler's value, sent as structuredContent). */`,
    `export interface ToolOutputs {`,
    ...withOutput.map(([t]) => `  ${tsString(t.name)}: ${n(t).base}Output;`),
    `}`,
  ];
  files.push({ root: "out", path: "mcp/outputs.ts", contents: index.join("\n") + "\n", ownership: "generated" });
  return files;
}

/** An object literal's key for a tool name: `"__proto__"` written plainly would set the prototype. */
function propKey(name: string): string {
  return name === "__proto__" ? `["__proto__"]` : tsString(name);
}

/** A JSON value as a one-line TypeScript literal (`{ title: "Orders", annotations: { readOnlyHint: true } }`). */
function inlineLiteral(value: JsonValue): string {
  if (Array.isArray(value)) return `[${value.map(inlineLiteral).join(", ")}]`;
  if (!isObject(value)) return typeof value === "string" ? tsString(value) : JSON.stringify(value);
  const keys = Object.keys(value);
  if (keys.length === 0) return "{}";
  const key = (k: string): string => (k === "__proto__" ? `["__proto__"]` : /^[A-Za-z_$][\w$]*$/.test(k) ? k : tsString(k));
  return `{ ${keys.map((k) => `${key(k)}: ${inlineLiteral(value[k]!)}`).join(", ")} }`;
}

/** The fields of an object the SDK's `Tool` type names (it strips any other when it reads a tools/list answer). */
function only(value: JsonObject, keys: readonly string[]): JsonObject {
  const out: JsonObject = {};
  for (const k of keys) if (value[k] !== undefined) out[k] = value[k]!;
  return out;
}

/** A tool's entry of server.ts' `extras`: what MCP adds to it, as the SDK's `Tool` types it. */
function extrasEntry(x: McpExtras): JsonObject {
  const entry: JsonObject = {};
  if (x.title !== undefined) entry.title = x.title;
  if (x.outputSchema !== undefined) entry.outputSchema = x.outputSchema;
  if (x.annotations !== undefined) entry.annotations = x.annotations;
  if (x.execution !== undefined) entry.execution = only(x.execution, ["taskSupport"]);
  if (x.icons !== undefined) entry.icons = x.icons.map((icon) => only(icon as JsonObject, ["src", "mimeType", "sizes", "theme"]));
  if (x._meta !== undefined) entry._meta = x._meta;
  return entry;
}

export async function emitMcp(
  allTools: readonly BundledTool[],
  names: ReadonlyMap<string, ToolNames>,
  handlersImportBase: string,
  /** The config's toolsets, when the toolsets output is built: then a server may serve one (./toolsets.ts). */
  toolsets: readonly ResolvedToolset[] = [],
  /** "mcpDiscovery": "search" lists search_tools and call_tool (./discovery.ts); "list" every tool. */
  discovery: "list" | "search" = "list",
  /** The config's `searchSynonyms`, which the search_tools index carries as the search output's does. */
  synonyms: readonly (readonly string[])[] = [],
): Promise<GeneratedFile[]> {
  const files: GeneratedFile[] = [];
  const searching = discovery === "search";
  if (searching) D.checkDiscoveryNames(allTools);
  const sets = toolsets.length > 0;
  // A tool MCP clients would reject is left out (the output's note says so): tools.json keeps it.
  const tools = allTools.filter((t) => mcpRejection(t) === undefined);
  const left = allTools.filter((t) => !tools.includes(t));
  const extras: string[] = [];
  const withOutput: BundledTool[] = [];
  const outputSchemas: Array<[BundledTool, JsonObject]> = [];
  for (const tool of tools) {
    const x = mcpExtras(tool);
    if (x.outputSchema !== undefined) {
      withOutput.push(tool);
      outputSchemas.push([tool, x.outputSchema]);
      files.push(...outputValidator(tool, x.outputSchema, names.get(tool.name)!));
    }
    const entry = extrasEntry(x);
    if (Object.keys(entry).length > 0) {
      extras.push(`  ${layoutExpression(`${propKey(tool.name)}: ${inlineLiteral(entry)}`, 2, "  ", ",")}`);
    }
  }
  const file = (t: BundledTool) => names.get(t.name)!.file;
  // When some tools are deferred (`defer_loading`, or the deferLoading budget), the others carry `_meta["anthropic/alwaysLoad"]`.
  const alwaysLoad = tools.some((t) => t.fields?.defer_loading === true) ? tools.filter((t) => t.fields?.defer_loading !== true).map((t) => t.name) : [];
  const handlersBase = handlersImportBase.startsWith(".") ? `../${handlersImportBase}` : handlersImportBase;
  const handlerPath = (t: BundledTool) => tsString(`${handlersBase}/${file(t)}.js`);
  const checked = withOutput.length > 0;
  const server = [
    `// ${GENERATED_HEADER}`,
    `// The MCP server: every tool of tools.json, served with the official SDK (@modelcontextprotocol/server 2.x).`,
    `// Its dispatcher is made from registry.ts, as index.ts's is: not from index.ts, whose legacy prompt a server`,
    `// never reads.`,
    `import { ProtocolError, ProtocolErrorCode, Server } from "@modelcontextprotocol/server";`,
    `import type { CallToolResult, InputRequiredResult, Tool } from "@modelcontextprotocol/server";`,
    `import { createDispatcherFrom } from "../runtime/dispatch.js";`,
    `import type { ${checked ? "ToolHandler, ToolHandlers, " : ""}ToolResultBlock${checked ? ", ValidateFunction" : ""} } from "../runtime/dispatch.js";`,
    ...(checked
      ? [
          `import { isInputRequired } from "../runtime/input-required.js";`,
          `import type { InputRequired } from "../runtime/input-required.js";`,
          `import { lazyValidator } from "../runtime/loaders.js";`,
          `import { describeValidationErrors } from "../runtime/messages.js";`,
        ]
      : []),
    ...(sets ? [T.TOOLSET_IMPORT] : []),
    ...(searching ? D.DISCOVERY_IMPORTS : []),
    `import { handlers, registry } from "../registry.js";`,
    `import { tools } from "../tools.js";`,
    `import type { ToolInputs, ToolName } from "../types.js";`,
    ...(checked ? [`import type { ToolOutputs } from "./outputs.js";`] : []),
    ``,
    `/**`,
    ` * What MCP adds to a tool of tools.json: title, annotations, output schema, execution, icons, _meta (from the`,
    ` * tool files). \`execution\` reaches 2025-11-25 clients only: the SDK's 2026-07-28 codec deletes it from tools/list.`,
    ` */`,
    `type Extras = Partial<Pick<Tool, "title" | "annotations" | "outputSchema" | "execution" | "icons" | "_meta">>;`,
    extras.length === 0
      ? `const extras: { readonly [name: string]: Extras | undefined } = {};`
      : [`const extras: { readonly [name: string]: Extras | undefined } = {`, ...extras, `};`].join("\n"),
    ``,
    ...(left.length === 0
      ? [`/** The tools served: every tool of tools.json. */`, `const served = tools;`]
      : [
          `/** The tools served: those of tools.json that MCP clients accept (the build's notes name the others). */`,
          `const unlistable: readonly string[] = ${toTsLiteral(left.map((t) => t.name))};`,
          `const served = tools.filter((t) => !unlistable.includes(t.name));`,
        ]),
    ...(alwaysLoad.length === 0
      ? []
      : [
          `/** The tools loaded up front when others are deferred (defer_loading): they say so in _meta. */`,
          layoutExpression(`const alwaysLoad: ReadonlySet<string> = new Set([${alwaysLoad.map(tsString).join(", ")}])`, 0, "", ";"),
        ]),
    ``,
    `/** The \`tools/list\` answer: each tool's input schema exactly as tools.json has it, in its order. */`,
    `export const mcpTools: Tool[] = served.map((t) => {`,
    `  const x = extras[t.name] ?? {};`,
    `  const tool: Tool = { name: t.name, inputSchema: t.input_schema as Tool["inputSchema"] };`,
    `  if (x.title !== undefined) tool.title = x.title;`,
    `  if (t.description !== undefined) tool.description = t.description;`,
    `  if (x.outputSchema !== undefined) tool.outputSchema = x.outputSchema;`,
    `  if (x.annotations !== undefined) tool.annotations = x.annotations;`,
    `  if (x.execution !== undefined) tool.execution = x.execution;`,
    `  if (x.icons !== undefined) tool.icons = x.icons;`,
    `  if (x._meta !== undefined) tool._meta = x._meta;`,
    // Issue 28: with deferred tools, those loaded up front say so to clients that defer MCP tools (Claude Code's tool search).
    ...(alwaysLoad.length === 0
      ? []
      : [
          `  if (alwaysLoad.has(t.name)) tool._meta = { ...tool._meta, "anthropic/alwaysLoad": true };`,
        ]),
    `  return tool;`,
    `});`,
    ``,
    `const known: ReadonlySet<string> = new Set(served.map((t) => t.name));`,
    ``,
    ...(sets ? T.toolsetDeclarations(toolsets) : []),
    ...(searching ? D.discoveryDeclarations({ alwaysLoad: alwaysLoad.length > 0 }) : []),
    `/** Handler return values of the calls in flight whose tool has an output schema, by call id. */`,
    `const structured = new Map<string, unknown>();`,
    ``,
    ...(!checked
      ? [
          `/** The native dispatcher over registry.ts (the same validators, messages and handler files as index.ts's). */`,
          `const dispatcher = createDispatcherFrom<Pick<ToolInputs, ToolName>>(registry, handlers);`,
        ]
      : [
          `/**`,
          ` * A handler whose return value is checked against the tool's output schema (its validator loaded on`,
          ` * the first call, then called directly) and kept to be sent as structuredContent.`,
          ` */`,
          `function checkedOutput<I>(handler: ToolHandler<I>, load: () => Promise<ValidateFunction>): ToolHandler<I> {`,
          `  let validate: ValidateFunction | undefined;`,
          `  return async (input, context) => {`,
          `    const value: unknown = await handler(input, context);`,
          `    // inputRequired(...) is not the tool's output: it asks for more input first.`,
          `    if (isInputRequired(value)) return value;`,
          `    validate ??= await load();`,
          `    if (!validate(value)) {`,
          `      const why = describeValidationErrors(validate.errors).join("; ");`,
          `      throw new Error(\`the tool '\${context.toolName}' returned a value that does not match its output schema: \${why}\`);`,
          `    }`,
          `    // A call cut short (cancelled, timed out) was answered already: keep nothing for it.`,
          `    if (!context.signal.aborted) structured.set(context.toolUseId, value);`,
          `    return value;`,
          `  };`,
          `}`,
          ``,
          `/** The awaited return type a handler declares. */`,
          `type Returned<F> = F extends (...args: never[]) => infer R ? Awaited<R> : never;`,
          `/**`,
          ` * A handler may leave its return type \`unknown\` (checked at run time); a declared one must be the tool's`,
          ` * ToolOutputs entry.`,
          ` */`,
          `type OutputTypeCheck<K extends keyof ToolOutputs, F> = unknown extends Returned<F>`,
          `  ? true`,
          `  : [Exclude<Returned<F>, InputRequired>] extends [ToolOutputs[K]]`,
          `    ? true`,
          `    : \`the handler of '\${K}' declares a return type that is not ToolOutputs['\${K}'] (or an InputRequired)\`;`,
          ...withOutput.map((t) => {
            const [name, handler] = [tsString(t.name), `(typeof import(${handlerPath(t)}))["default"]`];
            const line = `true satisfies OutputTypeCheck<${name}, ${handler}>;`;
            // Type arguments break one per line: the expression layout breaks brackets, not `<...>`.
            return line.length <= 120 ? line : [`true satisfies OutputTypeCheck<`, `  ${name},`, `  ${handler}`, `>;`].join("\n");
          }),
          ``,
          `/** The output validators (compiled at build time, loaded on a tool's first call), by tool name. */`,
          `const outputValidators: { readonly [K in keyof ToolOutputs]: () => Promise<ValidateFunction> } = {`,
          ...withOutput.map((t) => {
            const load = `() => import(${tsString(`./output-validators/${file(t)}.js`)})`;
            return member(propKey(t.name), `lazyValidator(${load})`, ",", { head: "lazyValidator", arg: load });
          }),
          `};`,
          ``,
          `const outputLoaders: ReadonlyMap<string, () => Promise<ValidateFunction>> = new Map(Object.entries(outputValidators));`,
          ``,
          `/** A copy of \`all\` whose handlers of the tools with an output schema check their output (checkedOutput). */`,
          `function withOutputChecks<M>(all: ToolHandlers<M>): ToolHandlers<M> {`,
          `  const checked: { -readonly [K in keyof M]: ToolHandler<M[K]> } = { ...all };`,
          `  for (const name in all) {`,
          `    const load = outputLoaders.get(name);`,
          `    if (load !== undefined) checked[name] = checkedOutput(all[name], load);`,
          `  }`,
          `  return checked;`,
          `}`,
          ``,
          `/**`,
          ` * The native dispatcher over registry.ts (the same validators, messages and handler files as index.ts's),`,
          ` * with output checks for the tools that declare an output schema.`,
          ` */`,
          `const dispatcher = createDispatcherFrom<Pick<ToolInputs, ToolName>>(registry, withOutputChecks(handlers));`,
        ]),
    ``,
    `function toCallToolResult(block: ToolResultBlock, callId: string): CallToolResult {`,
    `  const content: CallToolResult["content"] = [];`,
    `  if (typeof block.content === "string") content.push({ type: "text", text: block.content });`,
    `  else if (block.content !== undefined) {`,
    `    for (const part of block.content) {`,
    `      if (part.type === "text") content.push({ type: "text", text: part.text });`,
    `      else content.push({ type: "image", data: part.source.data, mimeType: part.source.media_type });`,
    `    }`,
    `  }`,
    `  const result: CallToolResult = { content };`,
    `  if (block.is_error === true) result.isError = true;`,
    `  // Any JSON value (SEP-2106); projectCallToolResult wraps a non-object one as {result: v} for a 2025-era client.`,
    `  else if (structured.has(callId)) result.structuredContent = structured.get(callId);`,
    `  structured.delete(callId);`,
    `  return result;`,
    `}`,
    ``,
    `let calls = 0;`,
    ``,
    `export interface McpServerInfo {`,
    `  name?: string | undefined;`,
    `  version?: string | undefined;`,
    `}`,
    ``,
    `export interface McpServerOptions extends McpServerInfo {`,
    `  /**`,
    `   * A call still running after this many milliseconds is answered with an isError result, and its`,
    `   * handler's \`context.signal\` aborts (as native dispatch's \`timeoutMs\`). Default: no limit.`,
    `   */`,
    `  timeoutMs?: number | undefined;`,
    ...(sets ? T.TOOLSET_OPTION : []),
    `}`,
    ``,
    `/** \`timeoutMs\` when it is a positive number of milliseconds (or Infinity); otherwise a RangeError. */`,
    `export function checkedTimeout(timeoutMs: number | undefined): number | undefined {`,
    `  if (timeoutMs === undefined || (typeof timeoutMs === "number" && timeoutMs > 0)) return timeoutMs;`,
    `  throw new RangeError(\`timeoutMs must be a positive number of milliseconds (got \${String(timeoutMs)})\`);`,
    `}`,
    ``,
    `/**`,
    ` * A new MCP server (low-level \`Server\`) serving every tool${sets ? " (or one toolset's: options.toolset)" : ""}; connect it to`,
    ` * a transport, or hand this function to \`serveStdio\`/\`createMcpHandler\`. A call's handler gets the request's`,
    ` * abort signal as \`context.signal\`: it aborts on the client's \`notifications/cancelled\`, when the connection`,
    ` * closes (stdio end, HTTP disconnect) and on \`timeoutMs\`.`,
    ` */`,
    `export function createMcpServer(options: McpServerOptions = {}): Server {`,
    `  const timeoutMs = checkedTimeout(options.timeoutMs);`,
    ...(sets ? [T.TOOLSET_VIEW] : []),
    `  const info = { name: options.name ?? "toolgen", version: options.version ?? "1.0.0" };`,
    `  const server = new Server(info, { capabilities: { tools: {} } });`,
    searching
      ? D.discoveryList({ alwaysLoad: alwaysLoad.length > 0, sets })
      : sets
        ? T.TOOLSET_LIST
        : `  server.setRequestHandler("tools/list", () => ({ tools: mcpTools }));`,
    `  server.setRequestHandler("tools/call", async (request, ctx) => {`,
    ...(searching
      ? [
          `    let name = request.params.name;`,
          `    let args: Record<string, unknown> = request.params.arguments ?? {};`,
          ...D.discoveryCall({ sets }),
        ]
      : [`    const name = request.params.name;`]),
    ...(sets ? T.TOOLSET_CALL_CHECK : []),
    `    // The spec's protocol error for an unknown tool: -32602 (invalid params).`,
    `    if (!known.has(name)) throw new ProtocolError(ProtocolErrorCode.InvalidParams, \`Unknown tool: \${name}\`);`,
    `    const callId = \`mcp_\${++calls}\`;`,
    `    const toolUse = { type: "tool_use" as const, id: callId, name, input: ${searching ? "args" : "request.params.arguments ?? {}"} };`,
    `    // A call made again after an input_required answer carries the answers and the echoed state (untrusted).`,
    `    const state: unknown = ctx.mcpReq.requestState();`,
    `    const requestState = typeof state === "string" ? state : undefined;`,
    `    const retry = { signal: ctx.mcpReq.signal, inputResponses: ctx.mcpReq.inputResponses, requestState };`,
    `    const block = await dispatcher.dispatch(toolUse, timeoutMs === undefined ? retry : { ...retry, timeoutMs });`,
    `    if (block.input_required !== undefined) {`,
    `      // A handler's inputRequired(...): MCP's input_required result for a 2026-07-28 client; for a 2025-era`,
    `      // one the SDK asks the client itself (elicitation/create) and calls again with the answers.`,
    `      structured.delete(callId);`,
    `      return block.input_required as InputRequiredResult;`,
    `    }`,
    `    // The SDK's projection for the negotiated protocol revision (as McpServer's own tools/call does).`,
    `    return server.projectCallToolResult(toCallToolResult(block, callId), extras[name]?.outputSchema);`,
    `  });`,
    `  return server;`,
    `}`,
  ];
  files.push({ root: "out", path: "mcp/server.ts", contents: server.join("\n") + "\n", ownership: "generated" });
  files.push(...(await outputTypes(outputSchemas, names)));
  if (searching) files.push(D.searchIndexFile(tools, toolsets, synonyms));
  const entries = sets
    ? ([["mcp/stdio.ts", T.stdioEntryWithToolset(STDIO_ENTRY)], ["mcp/stdio-server.ts", T.transportWithToolset(STDIO_SERVER)], ["mcp/http.ts", T.httpEntryWithToolset(HTTP_ENTRY)], ["mcp/http-server.ts", T.httpServerWithToolset(HTTP_SERVER)], ["mcp/fetch.ts", T.transportWithToolset(FETCH_HANDLER)]] as const)
    : ([["mcp/stdio.ts", STDIO_ENTRY], ["mcp/stdio-server.ts", STDIO_SERVER], ["mcp/http.ts", HTTP_ENTRY], ["mcp/http-server.ts", HTTP_SERVER], ["mcp/fetch.ts", FETCH_HANDLER]] as const);
  for (const [path, contents] of entries) {
    files.push({ root: "out", path, contents, ownership: "generated" });
  }
  return files;
}
