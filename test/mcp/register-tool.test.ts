/**
 * Issue 25: the MCP SDK's high-level `McpServer.registerTool` (@modelcontextprotocol/server 2.x)
 * takes the `standard-schema` output's objects as they are, for `inputSchema` and `outputSchema`.
 * A server written the way the SDK's docs show, with `standardSchemas[name]` in place of a Zod
 * schema and the handlers run through `runFrameworkCall`, is compiled with tsc and run over stdio;
 * the official MCP client's `tools/list` equals tools.json (and the tool file's output schema), and a
 * call validates with toolgen's validator and messages.
 */
import { cp, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "@modelcontextprotocol/client";
import { build } from "../../src/pipeline.js";
import { repoRoot } from "../helpers.js";
import { repoTempDir } from "../e2e/compile.js";
import { compile, fillHandlers, stdioClient } from "./harness.js";

const OUTPUTS = ["native", "types", "validators", "handlers", "runtime", "index", "standard-schema"];

/** The SDK's documented registerTool form, with toolgen's Standard Schemas. */
const SERVER = `
import { McpServer, type CallToolResult } from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import { dispatcher, tools } from "./generated/index.js";
import { frameworkText, runFrameworkCall } from "./generated/runtime/framework.js";
import { standardOutputSchemas, standardSchemas } from "./generated/standard-schema.js";

const server = new McpServer({ name: "registered", version: "1.0.0" });
for (const t of tools) {
  const outputSchema = t.name === "count_words" ? standardOutputSchemas.count_words : undefined;
  server.registerTool(
    t.name,
    { description: t.description, inputSchema: standardSchemas[t.name], ...(outputSchema ? { outputSchema } : {}) },
    async (args: unknown, ctx: { mcpReq: { signal: AbortSignal } }): Promise<CallToolResult> => {
      const outcome = await runFrameworkCall(dispatcher, { toolName: t.name, input: args, signal: ctx.mcpReq.signal });
      if (!outcome.ok) return { content: [{ type: "text" as const, text: outcome.message }], isError: true };
      const text = frameworkText(outcome.content);
      return { content: [{ type: "text" as const, text }], ...(outputSchema ? { structuredContent: JSON.parse(text) as { [key: string]: unknown } } : {}) };
    },
  );
}
await server.connect(new StdioServerTransport());
`;

let client: Client;
let dir = "";

beforeAll(async () => {
  dir = await repoTempDir();
  const schemas = path.join(dir, "schemas");
  await cp(path.join(repoRoot, "schemas"), schemas, { recursive: true });
  await cp(path.join(repoRoot, "test", "mcp", "fixtures", "schemas", "count_words.json"), path.join(schemas, "count_words.json"));
  const out = path.join(dir, "generated");
  const handlers = path.join(dir, "handlers");
  await build({ schemas, out, handlers, cache: false, outputs: OUTPUTS });
  await fillHandlers(handlers);
  await writeFile(path.join(dir, "package.json"), JSON.stringify({ type: "module" }));
  await writeFile(path.join(dir, "server.ts"), SERVER);
  const handlerFiles = ["count_words", "get_current_stock_price", "get_stock_price", "get_ticker_symbol", "get_weather"].map((f) => path.join(handlers, `${f}.ts`));
  expect(compile(dir, [path.join(dir, "server.ts"), ...handlerFiles])).toEqual([]);
  await writeFile(path.join(dir, "dist", "package.json"), JSON.stringify({ type: "module" }));
  client = await stdioClient(path.join(dir, "dist", "server.js"));
});

afterAll(async () => {
  await client?.close();
});

describe("McpServer.registerTool with the standard-schema output", () => {
  it("lists every tool as tools.json has it: tools/list's input schemas are toolgen's", async () => {
    const { tools: listed } = await client.listTools();
    const tools = JSON.parse(await readFile(path.join(dir, "generated", "tools.json"), "utf8")) as Array<{ name: string; description: string; input_schema: unknown }>;
    expect(listed.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema }))).toEqual(
      tools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.input_schema })),
    );
    const file = JSON.parse(await readFile(path.join(repoRoot, "test", "mcp", "fixtures", "schemas", "count_words.json"), "utf8")) as { outputSchema: unknown };
    expect(listed.find((t) => t.name === "count_words")?.outputSchema).toEqual(file.outputSchema);
  });

  it("calls a tool through toolgen's validator: the handler's answer, structured content, and toolgen's messages for an invalid call", async () => {
    expect(await client.callTool({ name: "get_weather", arguments: { location: "Paris" } })).toEqual({
      content: [{ type: "text", text: JSON.stringify({ tool: "get_weather", input: { location: "Paris" } }) }],
    });
    const counted = await client.callTool({ name: "count_words", arguments: { text: "one two three" } });
    expect(counted.structuredContent).toEqual({ count: 3 });
    const invalid = await client.callTool({ name: "get_weather", arguments: { unit: "kelvin" } });
    expect(invalid.isError).toBe(true);
    // The SDK validates with the Standard Schema before the callback; its error text carries toolgen's messages and paths.
    const text = (invalid.content as Array<{ text: string }>)[0]!.text;
    expect(text).toContain("location: Missing required parameter 'location'");
    expect(text).toContain("unit: Parameter 'unit' must be one of: celsius, fahrenheit");
  });
});
