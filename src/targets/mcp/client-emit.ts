/**
 * The `mcp-client` output: `mcp-client/client.ts`, a typed client of an MCP server someone else runs
 * (its tools typically written by `toolgen import mcp`). `createToolClient(client)` takes a connected
 * client of the official SDK and gives one method per tool: its input type from types.ts, its result
 * the output schema's type (`mcp-client/output-types/<tool>.ts`) or the CallToolResult. The calls run
 * through runtime/mcp-client.ts: the arguments checked by the validators output's file before anything
 * is sent (dispatch's messages), structuredContent by `mcp-client/output-validators/<tool>.ts`. The
 * folder imports no package: the client is passed in, typed by what is called of it (`callTool`).
 */
import type { BundledTool, GeneratedFile, JsonObject } from "../../model.js";
import type { ToolNames } from "../../emit/names.js";
import { tsString } from "../../emit/names.js";
import { GENERATED_HEADER } from "../../emit/literal.js";
import { wrapDocComments } from "../../emit/code-lines.js";
import { isPlainObject } from "../../schema/pointer.js";
import { mcpExtras, outputType, outputValidator } from "./emit.js";

const DIR = "mcp-client";

/** The name the server lists: the tool file's `original_name` (import sanitised the name), else its name. */
export function serverName(tool: BundledTool): string {
  const data = tool.source.data;
  const original = isPlainObject(data) ? data["original_name"] : undefined;
  return typeof original === "string" && original !== "" ? original : tool.name;
}

/** A key of an interface or an object literal for a tool name (`"__proto__"` quoted is a plain key in a type). */
const key = (name: string): string => tsString(name);

/** The first paragraph of the description, as a doc comment's lines (a `*\/` inside cannot close it). */
function docLines(tool: BundledTool, returns: string): string[] {
  const text = (tool.description ?? "").trim().split(/\r?\n\s*\r?\n/)[0]!.replace(/\*\//g, "*\u200b/");
  const lines = text === "" ? [`The tool ${tsString(tool.name)}.`] : text.split(/\r?\n/).map((l) => l.trim());
  return ["  /**", ...lines.map((l) => `   * ${l}`.trimEnd()), "   *", `   * ${returns}`, "   */"];
}

export async function emitMcpClient(tools: readonly BundledTool[], names: ReadonlyMap<string, ToolNames>): Promise<GeneratedFile[]> {
  const files: GeneratedFile[] = [];
  const n = (t: BundledTool) => names.get(t.name)!;
  const outputs = new Map<BundledTool, JsonObject>();
  for (const tool of tools) {
    const schema = mcpExtras(tool).outputSchema;
    if (schema === undefined) continue;
    outputs.set(tool, schema);
    files.push(...outputValidator(tool, schema, n(tool), DIR));
    files.push(await outputType(tool, schema, n(tool), DIR));
  }
  const outputName = (t: BundledTool) => `${n(t).base}Output`;
  const typed = tools.filter((t) => outputs.has(t));
  const methods = tools.flatMap((t) => {
    const result = outputs.has(t) ? outputName(t) : "CallToolResult";
    const returns = outputs.has(t)
      ? `Resolves to the structuredContent, checked against the output schema (else a ToolResultError).`
      : `Resolves to the server's CallToolResult as it is (an isError result included).`;
    const line = `  readonly ${key(t.name)}: (input: ToolInputs[${tsString(t.name)}]) => Promise<${result}>;`;
    const broken = [`  readonly ${key(t.name)}: (`, `    input: ToolInputs[${tsString(t.name)}],`, `  ) => Promise<${result}>;`].join("\n");
    return [...docLines(t, returns), line.length <= 120 ? line : broken];
  });
  /** `    input: lazyValidator(() => import("...")),`, its loader on a line of its own when the line runs past 120. */
  const loader = (field: string, path: string): string => {
    const load = `() => import(${tsString(path)})`;
    const line = `    ${field}: lazyValidator(${load}),`;
    return line.length <= 120 ? line : [`    ${field}: lazyValidator(`, `      ${load},`, `    ),`].join("\n");
  };
  const entries = tools.flatMap((t) => [
    "  {",
    `    method: ${tsString(t.name)},`,
    `    name: ${tsString(serverName(t))},`,
    loader("input", `../validators/${n(t).file}.js`),
    ...(outputs.has(t) ? [loader("output", `./output-validators/${n(t).file}.js`)] : []),
    "  },",
  ]);
  const client = [
    `// ${GENERATED_HEADER}`,
    `// The typed client of the MCP server these tools come from: createToolClient(client) takes a connected client of`,
    `// the official MCP SDK and gives one method per tool. A call's arguments are checked by the tool's validator`,
    `// before anything is sent (dispatch's validators and messages), and structuredContent by its output schema's.`,
    `import { lazyValidator } from "../runtime/loaders.js";`,
    `import { makeToolClient } from "../runtime/mcp-client.js";`,
    `import type { CallToolResult, ClientTool, McpToolCaller } from "../runtime/mcp-client.js";`,
    `import type { ToolInputs } from "../types.js";`,
    ...typed.map((t) => `import type { ${outputName(t)} } from "./output-types/${n(t).file}.js";`),
    ``,
    `export { resultText, ToolInputError, ToolResultError } from "../runtime/mcp-client.js";`,
    `export type { CallToolResult, ContentBlock, McpToolCaller } from "../runtime/mcp-client.js";`,
    ...typed.map((t) => `export type { ${outputName(t)} } from "./output-types/${n(t).file}.js";`),
    ``,
    `/**`,
    ` * One method per tool. A method throws a ToolInputError, sending nothing, when its input does not match the`,
    ` * tool's input schema; the MCP client's own errors (a closed connection, a timeout, an unknown tool) reach the`,
    ` * caller as the client throws them.`,
    ` */`,
    `export interface ToolClient {`,
    ...methods,
    `}`,
    ``,
    `/** Each tool: its method, its name on the server, its validators (compiled at build time, loaded on first use). */`,
    `const tools: readonly ClientTool[] = [`,
    ...entries,
    `];`,
    ``,
    `/**`,
    ` * The typed client over \`client\`, a connected client of the official MCP SDK (\`new Client(...)\` of`,
    ` * @modelcontextprotocol/client 2.x or @modelcontextprotocol/sdk 1.x, after \`await client.connect(transport)\`).`,
    ` */`,
    `export function createToolClient(client: McpToolCaller): ToolClient {`,
    `  return makeToolClient<ToolClient>(client, tools);`,
    `}`,
  ];
  files.push({ root: "out", path: `${DIR}/client.ts`, contents: wrapDocComments(client.join("\n")) + "\n", ownership: "generated" });
  return files;
}
