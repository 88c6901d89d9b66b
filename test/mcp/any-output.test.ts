/**
 * Issue 37 item 2: MCP 2026-07-28 (SEP-2106) lets a tool's `outputSchema` be any JSON Schema and its
 * `structuredContent` any JSON value. A tool whose output schema is an array (or an integer) builds,
 * its handler's return type follows the schema, and the official client, over stdio:
 * - pinned to 2026-07-28, lists the schema as written and gets the value itself as structuredContent;
 * - pinned to 2025-11-25 (whose Tool type wants an object root), gets what the SDK's 2025 codec makes
 *   of it: the schema wrapped as `{type: "object", properties: {result: S}, required: ["result"]}` and
 *   the value as `{result: v}` (the server hands both to the SDK, which projects them per revision).
 * The handlers are typed with the output types (test/mcp/harness.ts, anyOutputCase), so the build also
 * checks that ToolOutputs follows each schema's root, in the mcp output and in the standard-schema and
 * ai-sdk outputs (the frameworks that take an output schema), which compile with it.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { anyOutputCase, type McpCase } from "./harness.js";

const MODERN = "2026-07-28";
const LEGACY = "2025-11-25";

async function pinnedStdioClient(entry: string, version: string): Promise<Client> {
  const options = version === MODERN ? { versionNegotiation: { mode: { pin: version } } } : { supportedProtocolVersions: [version] };
  const client = new Client({ name: "toolgen-test", version: "1.0.0" }, options);
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [entry], stderr: "pipe" }));
  expect(client.getNegotiatedProtocolVersion()).toBe(version);
  return client;
}

describe("MCP outputs of any shape (SEP-2106)", () => {
  let c: McpCase & { diagnostics: string[]; notes: string[] };
  const clients: Client[] = [];
  beforeAll(async () => {
    c = await anyOutputCase();
  });
  afterAll(async () => {
    for (const client of clients) await client.close();
  });
  const client = async (version: string): Promise<Client> => {
    const made = await pinnedStdioClient(path.join(c.dist, "generated", "mcp", "stdio.js"), version);
    clients.push(made);
    return made;
  };

  it("builds: every tool is served (word_list's input is an array: unlistable.test.ts), the typed handlers compile", () => {
    expect(c.notes.filter((n) => n.includes("left out")).map((n) => n.slice(n.indexOf("the tool")))).toEqual([
      `the tool 'word_list' is left out of the MCP server (MCP clients reject a tools/list that carries it): /input_schema: the root is not "type": "object"`,
    ]);
    expect(c.diagnostics).toEqual([]);
  });

  it(`${MODERN}: the output schemas as written, the values themselves as structuredContent`, async () => {
    const mcp = await client(MODERN);
    const { tools } = await mcp.listTools();
    expect(tools.map((t) => t.name)).toEqual(["count_letters", "list_words", "say_hello"]);
    expect(tools.find((t) => t.name === "list_words")!.outputSchema).toEqual({ type: "array", items: { type: "string" } });
    expect(tools.find((t) => t.name === "count_letters")!.outputSchema).toEqual({ type: "integer", minimum: 0 });
    const words = await mcp.callTool({ name: "list_words", arguments: { text: "one two  three" } });
    expect(words.isError ?? false).toBe(false);
    expect(words.structuredContent).toEqual(["one", "two", "three"]);
    const letters = await mcp.callTool({ name: "count_letters", arguments: { text: "a b, c!" } });
    expect(letters.structuredContent).toBe(3);
    const hello = await mcp.callTool({ name: "say_hello", arguments: { name: "Ada" } });
    expect(hello.structuredContent).toEqual({ greeting: "Hello, Ada!" });
  });

  it(`${LEGACY}: what the SDK's 2025 codec gives: the schema wrapped under "result", the value as {result: v}`, async () => {
    const mcp = await client(LEGACY);
    const { tools } = await mcp.listTools();
    expect(tools.map((t) => t.name)).toEqual(["count_letters", "list_words", "say_hello"]);
    const wrapped = (natural: unknown) => ({ type: "object", properties: { result: natural }, required: ["result"] });
    expect(tools.find((t) => t.name === "list_words")!.outputSchema).toEqual(wrapped({ type: "array", items: { type: "string" } }));
    expect(tools.find((t) => t.name === "count_letters")!.outputSchema).toEqual(wrapped({ type: "integer", minimum: 0 }));
    // An object root is left as it is.
    expect(tools.find((t) => t.name === "say_hello")!.outputSchema).toEqual({ type: "object", properties: { greeting: { type: "string" } }, required: ["greeting"] });
    const words = await mcp.callTool({ name: "list_words", arguments: { text: "one two  three" } });
    expect(words.isError ?? false).toBe(false);
    expect(words.structuredContent).toEqual({ result: ["one", "two", "three"] });
    // SEP-2106's text rendering for clients that read only `content`.
    expect(words.content).toContainEqual({ type: "text", text: JSON.stringify(["one", "two", "three"]) });
    const letters = await mcp.callTool({ name: "count_letters", arguments: { text: "a b, c!" } });
    expect(letters.structuredContent).toEqual({ result: 3 });
    const hello = await mcp.callTool({ name: "say_hello", arguments: { name: "Ada" } });
    expect(hello.structuredContent).toEqual({ greeting: "Hello, Ada!" });
  });

  it("an empty list goes out as an empty array", async () => {
    const mcp = await client(MODERN);
    const result = await mcp.callTool({ name: "list_words", arguments: { text: "" } });
    expect(result.structuredContent).toEqual([]);
  });
});
