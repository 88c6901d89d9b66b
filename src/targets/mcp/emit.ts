/**
 * The `mcp` output: `mcp/server.ts` (`createMcpServer()`, a low-level `Server` of the official MCP
 * SDK, `@modelcontextprotocol/server` 2.x), `mcp/stdio.ts` and `mcp/http.ts` (runnable entries),
 * and `mcp/output-validators/<tool>.ts` for tools with an output schema. Calls go through the same
 * dispatcher as native dispatch (`createDispatcher` from `index.ts`): the same build-time input
 * validators, the same messages, the same handler files. Only these files import the SDK.
 */
import type { BundledTool, GeneratedFile, JsonObject, JsonValue } from "../../model.js";
import type { ToolNames } from "../../emit/names.js";
import { tsString } from "../../emit/names.js";
import { GENERATED_HEADER, toTsLiteral } from "../../emit/literal.js";
import { emitToolType } from "../../emit/types.js";
import { compileValidator } from "../../emit/validators.js";

/** MCP's tool-name rule (2025-11-25 spec): 1-128 characters of `[A-Za-z0-9_.-]`. */
export const MCP_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

const ANNOTATION_KEYS = ["title", "readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"] as const;

function isObject(v: unknown): v is JsonObject {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** The MCP-only fields a tool file may carry: `title`, `annotations`, `output_schema`/`outputSchema`. */
export interface McpExtras {
  title?: string;
  annotations?: JsonObject;
  outputSchema?: JsonObject;
  /** MCP's `execution` (e.g. `{taskSupport: "forbidden"}`), passed through as written. */
  execution?: JsonObject;
}

export function mcpExtras(tool: BundledTool): McpExtras {
  const data = tool.source.data;
  if (!isObject(data)) return {};
  const out: McpExtras = {};
  if (typeof data["title"] === "string") out.title = data["title"];
  const annotations = data["annotations"];
  if (isObject(annotations)) {
    const kept: JsonObject = {};
    for (const key of ANNOTATION_KEYS) {
      const v: JsonValue | undefined = annotations[key];
      if (v !== undefined && (typeof v === "boolean" || (key === "title" && typeof v === "string"))) kept[key] = v;
    }
    if (Object.keys(kept).length > 0) out.annotations = kept;
  }
  // Bundled by the load stage (load/bundle-output.ts): external $refs copied in, self-contained.
  const output = tool.bundledOutputSchema ?? data["output_schema"] ?? data["outputSchema"];
  if (isObject(output)) out.outputSchema = output;
  if (isObject(data["execution"])) out.execution = data["execution"];
  return out;
}

/** `mcp/output-validators/<tool>.mjs` and its `.d.mts`, like the input validators one folder deeper. */
function outputValidator(tool: BundledTool, schema: JsonObject, names: ToolNames): GeneratedFile[] {
  const file = compileValidator({ name: tool.name, bundledSchema: schema }, names);
  const declaration =
    `// ${GENERATED_HEADER}\n` +
    `import type { ValidateFunction } from "../../runtime/dispatch.js";\n` +
    `export declare const validate: ValidateFunction;\n` +
    `export default validate;\n`;
  return [
    {
      ...file,
      path: `mcp/output-validators/${names.file}.mjs`,
      contents: file.contents.replace(`// Validator for the tool`, `// Output validator for the tool`).replaceAll(`from "../runtime/`, `from "../../runtime/`),
    },
    { root: "out", path: `mcp/output-validators/${names.file}.d.mts`, contents: declaration, ownership: "generated" },
  ];
}

/** `mcp/output-types/<tool>.ts`: the type of a tool's output, from its output schema (json-schema-to-typescript). */
async function outputType(tool: BundledTool, schema: JsonObject, names: ToolNames): Promise<GeneratedFile> {
  const type = `${names.base}Output`;
  const file = await emitToolType({ name: tool.name, bundledSchema: { ...schema, description: typeof schema["description"] === "string" ? schema["description"] : `What the tool ${tool.name} returns.` } }, { ...names, type });
  return {
    ...file,
    path: `mcp/output-types/${names.file}.ts`,
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

export async function emitMcp(
  tools: readonly BundledTool[],
  names: ReadonlyMap<string, ToolNames>,
  handlersImportBase: string,
): Promise<GeneratedFile[]> {
  const files: GeneratedFile[] = [];
  const extras: Record<string, JsonObject> = {};
  const withOutput: BundledTool[] = [];
  const outputSchemas: Array<[BundledTool, JsonObject]> = [];
  for (const tool of tools) {
    const x = mcpExtras(tool);
    const entry: JsonObject = {};
    if (x.title !== undefined) entry.title = x.title;
    if (x.outputSchema !== undefined) {
      entry.outputSchema = x.outputSchema;
      withOutput.push(tool);
      outputSchemas.push([tool, x.outputSchema]);
      files.push(...outputValidator(tool, x.outputSchema, names.get(tool.name)!));
    }
    if (x.annotations !== undefined) entry.annotations = x.annotations;
    if (x.execution !== undefined) entry.execution = x.execution;
    if (Object.keys(entry).length > 0) extras[tool.name] = entry;
  }
  const file = (t: BundledTool) => names.get(t.name)!.file;
  const handlersBase = handlersImportBase.startsWith(".") ? `../${handlersImportBase}` : handlersImportBase;
  const handlerPath = (t: BundledTool) => tsString(`${handlersBase}/${file(t)}.js`);
  const server = [
    `// ${GENERATED_HEADER}`,
    `// The MCP server: every tool of tools.json, served with the official SDK (@modelcontextprotocol/server 2.x).`,
    `// It imports tools.json's data and the run-time dispatcher, not index.ts (whose legacy prompt a server never reads).`,
    `import { ProtocolError, ProtocolErrorCode, Server } from "@modelcontextprotocol/server";`,
    `import type { CallToolResult, Tool } from "@modelcontextprotocol/server";`,
    `import { createDispatcherFrom } from "../runtime/dispatch.js";`,
    `import type { RegisteredTool, ToolHandler, ToolResultBlock, ValidateFunction } from "../runtime/dispatch.js";`,
    `import { lazyHandler, lazyValidator } from "../runtime/loaders.js";`,
    `import { describeValidationErrors } from "../runtime/messages.js";`,
    `import { tools } from "../tools.js";`,
    `import type { ToolInputs } from "../types.js";`,
    ...(withOutput.length === 0 ? [] : [`import type { ToolOutputs } from "./outputs.js";`]),
    ``,
    `/** What MCP adds to a tool of tools.json: title, annotations, output schema, execution (from the tool files). */`,
    `const extras = new Map<string, Partial<Pick<Tool, "title" | "annotations" | "outputSchema" | "execution">>>(${toTsLiteral(Object.entries(extras))} as Array<[string, Partial<Pick<Tool, "title" | "annotations" | "outputSchema" | "execution">>]>);`,
    ``,
    `/** The \`tools/list\` answer: each tool's input schema exactly as tools.json has it, in its order. */`,
    `export const mcpTools: Tool[] = tools.map((t) => {`,
    `  const x = extras.get(t.name) ?? {};`,
    `  const tool: Tool = { name: t.name, inputSchema: t.input_schema as Tool["inputSchema"] };`,
    `  if (x.title !== undefined) tool.title = x.title;`,
    `  if (t.description !== undefined) tool.description = t.description;`,
    `  if (x.outputSchema !== undefined) tool.outputSchema = x.outputSchema;`,
    `  if (x.annotations !== undefined) tool.annotations = x.annotations;`,
    `  if (x.execution !== undefined) tool.execution = x.execution;`,
    `  return tool;`,
    `});`,
    ``,
    `const known: ReadonlySet<string> = new Set(tools.map((t) => t.name));`,
    ``,
    `/** Each tool's input validator (compiled at build time, loaded on a tool's first call), as in index.ts. */`,
    `const validators = new Map<string, () => Promise<ValidateFunction>>([`,
    ...tools.map((t) => `  [${tsString(t.name)}, lazyValidator(() => import("../validators/${file(t)}.mjs"))],`),
    `]);`,
    ``,
    `const registry: readonly RegisteredTool[] = tools.map((tool) => ({`,
    `  name: tool.name,`,
    `  inputSchema: tool.input_schema,`,
    `  loadValidator: validators.get(tool.name)!,`,
    `}));`,
    ``,
    `/** Handler return values of the calls in flight whose tool has an output schema, by call id. */`,
    `const structured = new Map<string, unknown>();`,
    ``,
    `/**`,
    ` * A handler whose return value is checked against the tool's output schema (its validator loaded on`,
    ` * the first call, then called directly) and kept to be sent as structuredContent.`,
    ` */`,
    `function checkedOutput<I>(handler: ToolHandler<I>, load: () => Promise<ValidateFunction>): ToolHandler<I> {`,
    `  let validate: ValidateFunction | undefined;`,
    `  return async (input, context) => {`,
    `    const value: unknown = await handler(input, context);`,
    `    validate ??= await load();`,
    `    if (!validate(value)) {`,
    `      throw new Error(\`the tool '\${context.toolName}' returned a value that does not match its output schema: \${describeValidationErrors(validate.errors).join("; ")}\`);`,
    `    }`,
    `    structured.set(context.toolUseId, value);`,
    `    return value;`,
    `  };`,
    `}`,
    ``,
    ...(withOutput.length === 0
      ? []
      : [
          `/** The awaited return type a handler declares. */`,
          `type Returned<F> = F extends (...args: never[]) => infer R ? Awaited<R> : never;`,
          `/** A handler may leave its return type \`unknown\` (checked at run time); a declared one must be the tool's ToolOutputs entry. */`,
          `type OutputTypeCheck<K extends keyof ToolOutputs, F> = unknown extends Returned<F> ? true : [Returned<F>] extends [ToolOutputs[K]] ? true : \`the handler of '\${K}' declares a return type that is not ToolOutputs['\${K}']\`;`,
          ...withOutput.map((t) => `true satisfies OutputTypeCheck<${tsString(t.name)}, (typeof import(${handlerPath(t)}))["default"]>;`),
          ``,
        ]),
    `/**`,
    ` * The native dispatcher (the same validators, messages and handler files as index.ts's), each handler`,
    ` * loaded on its first call and called directly after; output checks for tools that declare an output schema.`,
    ` */`,
    `const dispatcher = createDispatcherFrom<Pick<ToolInputs, keyof ToolInputs>>(registry, {`,
    ...tools.map((t) => {
      const handler = `lazyHandler<ToolInputs[${tsString(t.name)}]>(() => import(${handlerPath(t)}))`;
      return withOutput.includes(t)
        ? `  [${tsString(t.name)}]: checkedOutput(${handler}, lazyValidator(() => import("./output-validators/${file(t)}.mjs"))),`
        : `  [${tsString(t.name)}]: ${handler},`;
    }),
    `});`,
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
    `  else if (structured.has(callId)) result.structuredContent = structured.get(callId) as { [key: string]: unknown };`,
    `  structured.delete(callId);`,
    `  return result;`,
    `}`,
    ``,
    `let calls = 0;`,
    ``,
    `export interface McpServerInfo {`,
    `  name?: string;`,
    `  version?: string;`,
    `}`,
    ``,
    `/** A new MCP server (low-level \`Server\`) serving every tool; connect it to a transport, or hand this function to \`serveStdio\`/\`createMcpHandler\`. */`,
    `export function createMcpServer(info: McpServerInfo = {}): Server {`,
    `  const server = new Server({ name: info.name ?? "toolgen", version: info.version ?? "1.0.0" }, { capabilities: { tools: {} } });`,
    `  server.setRequestHandler("tools/list", () => ({ tools: mcpTools }));`,
    `  server.setRequestHandler("tools/call", async (request) => {`,
    `    const name = request.params.name;`,
    `    // The spec's protocol error for an unknown tool: -32602 (invalid params).`,
    `    if (!known.has(name)) throw new ProtocolError(ProtocolErrorCode.InvalidParams, \`Unknown tool: \${name}\`);`,
    `    const callId = \`mcp_\${++calls}\`;`,
    `    const block = await dispatcher.dispatch({ type: "tool_use", id: callId, name, input: request.params.arguments ?? {} });`,
    `    // The SDK's projection for the negotiated protocol revision (as McpServer's own tools/call does).`,
    `    return server.projectCallToolResult(toCallToolResult(block, callId), extras.get(name)?.outputSchema);`,
    `  });`,
    `  return server;`,
    `}`,
  ];
  files.push({ root: "out", path: "mcp/server.ts", contents: server.join("\n") + "\n", ownership: "generated" });
  files.push({
    root: "out",
    path: "mcp/stdio.ts",
    contents: [
      `// ${GENERATED_HEADER}`,
      `// Serves the tools over stdio: \`node <out>/mcp/stdio.js\` (compiled), e.g. from Claude Code or Claude Desktop.`,
      `import { serveStdio } from "@modelcontextprotocol/server/stdio";`,
      `import { createMcpServer } from "./server.js";`,
      ``,
      `serveStdio(() => createMcpServer(), { onerror: (error) => process.stderr.write(\`mcp: \${error.message}\\n\`) });`,
      ``,
    ].join("\n"),
    ownership: "generated",
  });
  files.push(...(await outputTypes(outputSchemas, names)));
  files.push({
    root: "out",
    path: "mcp/http.ts",
    contents: HTTP_ENTRY,
    ownership: "generated",
  });
  return files;
}

const HTTP_ENTRY = `// ${GENERATED_HEADER}
// Serves the tools over Streamable HTTP at http://127.0.0.1:<port>/mcp (PORT, default 3000; HOST, default 127.0.0.1).
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from "node:http";
import { pathToFileURL } from "node:url";
import { createMcpHandler, hostHeaderValidationResponse, localhostAllowedHostnames, localhostAllowedOrigins, originValidationResponse } from "@modelcontextprotocol/server";
import { createMcpServer } from "./server.js";

async function toRequest(req: IncomingMessage, base: string): Promise<Request> {
  const chunks: Buffer[] = [];
  if (req.method !== "GET" && req.method !== "HEAD") for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value !== undefined) headers.set(key, value);
  }
  const init: RequestInit = { method: req.method ?? "GET", headers };
  if (chunks.length > 0) init.body = Buffer.concat(chunks);
  return new Request(new URL(req.url ?? "/", base), init);
}

async function send(res: ServerResponse, response: Response): Promise<void> {
  const headers: { [name: string]: string } = {};
  response.headers.forEach((value, key) => {
    headers[key] = value;
  });
  res.writeHead(response.status, headers);
  if (response.body === null) return void res.end();
  const reader = response.body.getReader();
  res.on("close", () => void reader.cancel().catch(() => undefined));
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    res.write(value);
  }
  res.end();
}

/** Starts the HTTP server; resolves once it listens (port 0 picks a free port: read \`address()\`). */
export function startHttpServer(port = 3000, host = "127.0.0.1", path = "/mcp"): Promise<HttpServer> {
  const handler = createMcpHandler(() => createMcpServer());
  const loopback = ["127.0.0.1", "localhost", "::1"].includes(host);
  const base = \`http://\${host.includes(":") ? \`[\${host}]\` : host}:\${port}\`;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", base);
    if (url.pathname !== path) {
      res.writeHead(404, { "content-type": "text/plain" }).end("Not found\\n");
      return;
    }
    toRequest(req, base)
      .then((request) => {
        // DNS-rebinding protection on a loopback address: only local Host and Origin headers.
        const rejected = loopback
          ? (hostHeaderValidationResponse(request, localhostAllowedHostnames()) ?? originValidationResponse(request, localhostAllowedOrigins()))
          : undefined;
        return rejected ?? handler.fetch(request);
      })
      .then((response) => send(res, response))
      .catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
        res.end(\`\${error instanceof Error ? error.message : String(error)}\\n\`);
      });
  });
  server.on("close", () => void handler.close());
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(server));
  });
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const port = Number(process.env["PORT"] ?? 3000);
  startHttpServer(port, process.env["HOST"] ?? "127.0.0.1").then(
    (server) => {
      const address = server.address();
      const where = typeof address === "object" && address !== null ? address.port : port;
      process.stderr.write(\`MCP server on http://\${process.env["HOST"] ?? "127.0.0.1"}:\${where}/mcp\\n\`);
    },
    (error: unknown) => {
      process.stderr.write(\`mcp: \${error instanceof Error ? error.message : String(error)}\\n\`);
      process.exitCode = 1;
    },
  );
}
`;
