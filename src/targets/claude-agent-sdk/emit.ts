/**
 * The `claude-agent-sdk` output's files: `claude-agent-sdk/shapes.ts` (the Zod raw shapes,
 * shapes-emit.ts) and `claude-agent-sdk/tools.ts`: a `tool()` of `@anthropic-ai/claude-agent-sdk` per
 * tool with a shape (`createClaudeAgentSdkTools(dispatcher)`, and `tools` over the ready dispatcher of
 * index.ts), and `createSdkMcpServer` wiring. A call runs through toolgen's dispatcher (with
 * runtime/framework.ts, whose `frameworkBlocks` gives the SDK MCP's content blocks): the same validators,
 * repair, messages and handler files as native dispatch. Each tool() also gets the file's MCP annotations, its search hint and alwaysLoad
 * (toolExtras). Only tools.ts imports the SDK; shapes.ts imports `zod` alone.
 */
import type { BundledTool, GeneratedFile } from "../../model.js";
import { GENERATED_HEADER } from "../../emit/literal.js";
import { layoutExpression } from "../../emit/expression-layout.js";
import { tsString } from "../../emit/names.js";
import { readAnnotations } from "../../load/tool-fields.js";
import { isPlainObject } from "../../schema/pointer.js";
import { shapesModule } from "./shapes-emit.js";
import type { ZodProblem } from "./zod-source.js";

export interface ClaudeAgentFiles {
  files: GeneratedFile[];
  /** The tools left out (no exact Zod shape), with why. */
  left: Array<{ tool: BundledTool; problem: ZodProblem }>;
}

/**
 * What a tool's `tool()` takes besides its name, description, shape and handler (the SDK's `_extras`,
 * @anthropic-ai/claude-agent-sdk 0.3 sdk.d.ts `tool`): the file's MCP `annotations`; `searchHint`, the
 * file's `_meta["anthropic/searchHint"]`; `alwaysLoad` (the SDK lists it as `_meta["anthropic/alwaysLoad"]`,
 * "equivalent to defer_loading: false on the API") for a tool kept loaded: its file says
 * `_meta["anthropic/alwaysLoad"]: true`, or some tools are deferred (`defer_loading`, or the
 * `deferLoading` plan, which marks them) and it is not, as the mcp output marks the same tools. A
 * deferred tool gets none: the SDK defers tools by default when tool search is on, and its tool() has
 * no way to say false.
 */
export function toolExtras(tool: BundledTool, someDeferred: boolean): string | undefined {
  const parts: string[] = [];
  const annotations = readAnnotations(tool.source.data);
  if (annotations !== undefined) {
    const entries = Object.entries(annotations).map(([k, v]) => `${k}: ${typeof v === "string" ? tsString(v) : String(v)}`);
    parts.push(`annotations: { ${entries.join(", ")} }`);
  }
  const data: unknown = tool.source.data;
  const meta = isPlainObject(data) && isPlainObject(data._meta) ? data._meta : {};
  const hint = meta["anthropic/searchHint"];
  if (typeof hint === "string" && hint !== "") parts.push(`searchHint: ${tsString(hint)}`);
  if (meta["anthropic/alwaysLoad"] === true || (someDeferred && tool.fields?.defer_loading !== true)) parts.push(`alwaysLoad: true`);
  return parts.length === 0 ? undefined : `{ ${parts.join(", ")} }`;
}

function toolsModule(shaped: readonly BundledTool[], someDeferred: boolean): string {
  return [
    `// ${GENERATED_HEADER}`,
    `// The tools for the Claude Agent SDK (@anthropic-ai/claude-agent-sdk 0.3): each tool's Zod raw shape`,
    `// (shapes.ts), and a handler that runs the call through toolgen's dispatcher (index.ts): the same`,
    `// validators, input repair, messages and handler files as native dispatch.`,
    `//`,
    `//   query({ prompt, options: { mcpServers: { toolgen: createClaudeAgentMcpServer() } } })`,
    `import { createSdkMcpServer, tool } from "@anthropic-ai/claude-agent-sdk";`,
    `import type { McpSdkServerConfigWithInstance, SdkMcpToolDefinition } from "@anthropic-ai/claude-agent-sdk";`,
    `import type { z } from "zod";`,
    `import { dispatcher } from "../index.js";`,
    `import type { Dispatcher } from "../runtime/dispatch.js";`,
    `import { frameworkBlocks, runFrameworkCall, type BlockFormat } from "../runtime/framework.js";`,
    `import { tools as definitions } from "../tools.js";`,
    `import { zodShapes } from "./shapes.js";`,
    ``,
    `type CallToolResult = Awaited<ReturnType<SdkMcpToolDefinition["handler"]>>;`,
    ``,
    `/** A shape whose fields accept what the model sent, each with its JSON Schema unchanged. */`,
    `type DecidedByToolgen<S extends Record<string, z.ZodType>> = { [K in keyof S]: z.ZodCatch<S[K]> };`,
    ``,
    `/**`,
    ` * The SDK checks a call's arguments against the shape before the handler runs, and answers a`,
    ` * mismatch with Zod's issues. Each field here hands the model's value on unchanged instead, so that`,
    ` * toolgen's validator (in the handler) decides, as in native dispatch: its repairs, RE2 patterns and`,
    ` * formats, and its message. (Zod calls a catch function without a context when it exports the schema.)`,
    ` */`,
    `function decidedByToolgen<S extends Record<string, z.ZodType>>(shape: S): DecidedByToolgen<S> {`,
    `  const out: Record<string, z.ZodType> = {};`,
    `  for (const [key, field] of Object.entries(shape)) {`,
    `    out[key] = field.catch((ctx: { input: unknown } | undefined) => ctx?.input);`,
    `  }`,
    `  return out as DecidedByToolgen<S>;`,
    `}`,
    ``,
    `const descriptions = new Map<string, string>(definitions.map((t) => [t.name, t.description ?? ""]));`,
    ``,
    `/** A handler's text and image blocks as MCP content. */`,
    `const blocks: BlockFormat<CallToolResult["content"][number]> = {`,
    `  text: (text) => ({ type: "text", text }),`,
    `  image: ({ data, mediaType }) => ({ type: "image", data, mimeType: mediaType }),`,
    `};`,
    ``,
    `/** One call as the SDK's MCP server hands it over (\`extra\`: the request's id and abort signal), through \`native\`. */`,
    `async function call(`,
    `  native: Dispatcher,`,
    `  toolName: string,`,
    `  args: Record<string, unknown>,`,
    `  extra: unknown,`,
    `): Promise<CallToolResult> {`,
    `  const request =`,
    `    typeof extra === "object" && extra !== null ? (extra as { requestId?: unknown; signal?: AbortSignal }) : {};`,
    `  const input: Record<string, unknown> = {};`,
    `  for (const [key, value] of Object.entries(args)) if (value !== undefined) input[key] = value;`,
    `  const outcome = await runFrameworkCall(native, {`,
    `    toolName,`,
    `    input,`,
    `    callId:`,
    `      typeof request.requestId === "string" || typeof request.requestId === "number"`,
    `        ? String(request.requestId)`,
    `        : undefined,`,
    `    signal: request.signal,`,
    `  });`,
    `  if (!outcome.ok) return { content: [{ type: "text", text: outcome.message }], isError: true };`,
    `  return { content: frameworkBlocks(outcome.content, blocks) };`,
    `}`,
    ``,
    `/**`,
    ` * The tools over a dispatcher of yours (\`createDispatcher(handlers)\` from index.ts), for`,
    ` * createSdkMcpServer({ tools }).`,
    ` */`,
    `export function createClaudeAgentSdkTools(native: Dispatcher) {`,
    `  return [`,
    ...shaped.map((t) => {
      const name = tsString(t.name);
      const extras = toolExtras(t, someDeferred);
      const code = `tool(${name}, descriptions.get(${name}) ?? "", decidedByToolgen(zodShapes[${name}]), (args, extra) => call(native, ${name}, args, extra)${extras === undefined ? "" : `, ${extras}`})`;
      return `    ${layoutExpression(code, 4, "    ", ",")}`;
    }),
    `  ];`,
    `}`,
    ``,
    `/** One SDK tool per tool with a shape. */`,
    `export type ClaudeAgentSdkTools = ReturnType<typeof createClaudeAgentSdkTools>;`,
    ``,
    `/** The tools over the ready dispatcher (the handler files), for createSdkMcpServer({ tools }). */`,
    `export const tools: ClaudeAgentSdkTools = createClaudeAgentSdkTools(dispatcher);`,
    ``,
    `/** \`tools\` again, by the name earlier versions exported. */`,
    `export const claudeAgentTools: ClaudeAgentSdkTools = tools;`,
    ``,
    `/** An in-process MCP server of the tools, for query()'s \`mcpServers\` option. */`,
    `export function createClaudeAgentMcpServer(`,
    `  options: { name?: string; version?: string } = {},`,
    `): McpSdkServerConfigWithInstance {`,
    `  return createSdkMcpServer({`,
    `    name: options.name ?? "toolgen",`,
    `    version: options.version ?? "1.0.0",`,
    `    tools,`,
    `  });`,
    `}`,
    ``,
  ].join("\n");
}

export function emitClaudeAgentSdk(tools: readonly BundledTool[]): ClaudeAgentFiles {
  const shapes = shapesModule(tools);
  return {
    files: [
      { root: "out", path: "claude-agent-sdk/shapes.ts", contents: shapes.contents, ownership: "generated" },
      { root: "out", path: "claude-agent-sdk/tools.ts", contents: toolsModule(shapes.shaped, tools.some((t) => t.fields?.defer_loading === true)), ownership: "generated" },
    ],
    left: shapes.left,
  };
}
