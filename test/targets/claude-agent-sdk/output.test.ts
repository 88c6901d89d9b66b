/**
 * The `claude-agent-sdk` output as users run it (issue 25): built with toolgen (compiled by tsc from a
 * project tsconfig with the user's line: compile.test.ts, in test:heavy), and called the
 * way the SDK calls a tool: through the in-process MCP server createSdkMcpServer() registers, with the
 * official MCP client. Its `tools/list` gives each tool's schema back (modulo zod-normalise.ts), and a
 * call gets native dispatch's verdict and message (toolgen's validator, its repair, its handler files).
 */
import { cp, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Client, InMemoryTransport } from "@modelcontextprotocol/client";
import { beforeAll, describe, expect, it } from "vitest";
import type { JsonObject } from "../../../src/model.js";
import { build } from "../../../src/pipeline.js";
import { normaliseForZod } from "../../../src/targets/claude-agent-sdk/zod-normalise.js";
import { repoTempDir } from "../../e2e/compile.js";
import { repoRoot } from "../../helpers.js";
import { DEFER_ALL_BUT_FIND_ORDER, FIND_ORDER, NOT_A_STRING, OUTPUTS } from "./fixtures.js";
import { fillHandlers } from "../../mcp/harness.js";


interface Dispatched {
  content?: unknown;
  is_error?: boolean;
}
interface GeneratedIndex {
  dispatcher: { dispatch(block: { type: "tool_use"; id: string; name: string; input: unknown }): Promise<Dispatched> };
}
interface GeneratedTools {
  createClaudeAgentMcpServer(options?: { name?: string }): { type: "sdk"; name: string; instance: { connect(transport: unknown): Promise<void> } };
}

let dir = "";
let notes: string[] = [];
let diagnostics: Array<{ rule: string; tool?: string; severity: string; pointer: string }> = [];

beforeAll(async () => {
  dir = await repoTempDir();
  await cp(path.join(repoRoot, "schemas"), path.join(dir, "schemas"), { recursive: true });
  await writeFile(path.join(dir, "schemas", "find_order.json"), JSON.stringify(FIND_ORDER, null, 2));
  await writeFile(path.join(dir, "schemas", "not_a_string.json"), JSON.stringify(NOT_A_STRING, null, 2));
  const options = { schemas: path.join(dir, "schemas"), out: path.join(dir, "generated"), handlers: path.join(dir, "handlers"), lint: true, cache: false, outputs: OUTPUTS,
    deferLoading: DEFER_ALL_BUT_FIND_ORDER };
  const result = await build(options);
  notes = result.notes;
  diagnostics = result.diagnostics;
  await fillHandlers(options.handlers);
});

describe("the claude-agent-sdk output", () => {
  it("leaves out a tool Zod cannot say exactly, with a note naming the file, the pointer and why", () => {
    expect(notes.filter((n) => n.includes("claude-agent-sdk"))).toEqual([
      expect.stringMatching(/not_a_string\.json: the tool 'not_a_string' is left out of the claude-agent-sdk output \(Zod cannot say its schema exactly, at \/input_schema\/properties\/v\/not: .*\); lint rule claude-agent-sdk\/zod-exact$/),
    ]);
  });

  it("the build's lint reports it under the claude-agent-sdk target (building the output turns the target's rules on)", () => {
    expect(diagnostics.filter((d) => d.rule.startsWith("claude-agent-sdk/")).map((d) => ({ rule: d.rule, tool: d.tool, severity: d.severity, pointer: d.pointer }))).toEqual([
      { rule: "claude-agent-sdk/zod-exact", tool: "not_a_string", severity: "warning", pointer: "/input_schema/properties/v/not" },
    ]);
  });

  describe("through createSdkMcpServer's in-process server and the official MCP client", () => {
    let client: Client;
    let index: GeneratedIndex;
    const text = (result: { content?: unknown }) => (result.content as Array<{ text?: string }>).map((c) => c.text ?? "").join("");

    beforeAll(async () => {
      const tools = (await import(pathToFileURL(path.join(dir, "generated", "claude-agent-sdk", "tools.ts")).href)) as GeneratedTools;
      index = (await import(pathToFileURL(path.join(dir, "generated", "index.ts")).href)) as GeneratedIndex;
      const server = tools.createClaudeAgentMcpServer({ name: "toolgen" });
      expect(server).toMatchObject({ type: "sdk", name: "toolgen" });
      const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
      await server.instance.connect(serverSide);
      client = new Client({ name: "test", version: "1.0.0" });
      await client.connect(clientSide);
    });

    it("tools/list: every tool with a shape, each input schema the tool's own (modulo the documented normalisation)", async () => {
      const listed = (await client.listTools()).tools;
      const toolsJson = JSON.parse(await readFile(path.join(dir, "generated", "tools.json"), "utf8")) as Array<{ name: string; description: string; input_schema: JsonObject }>;
      const expected = toolsJson.filter((t) => t.name !== "not_a_string");
      expect(listed.map((t) => t.name)).toEqual(expected.map((t) => t.name));
      for (const tool of expected) {
        const got = listed.find((t) => t.name === tool.name)!;
        expect(got.description).toBe(tool.description);
        expect(normaliseForZod(JSON.parse(JSON.stringify(got.inputSchema)) as JsonObject), tool.name).toEqual(normaliseForZod(tool.input_schema));
      }
    });

    it("tools/list: the tool file's annotations, its search hint, and alwaysLoad where the deferral plan keeps the tool loaded (issue 40)", async () => {
      const listed = (await client.listTools()).tools;
      const find = listed.find((t) => t.name === "find_order")!;
      expect(find.annotations).toEqual(FIND_ORDER.annotations);
      expect(find._meta).toEqual({ "anthropic/searchHint": "order lookup by id", "anthropic/alwaysLoad": true });
      // Deferred by the plan, no annotations in its file: the SDK's defaults.
      const weather = listed.find((t) => t.name === "get_weather")!;
      expect([weather.annotations, weather._meta]).toEqual([undefined, undefined]);
    });

    const calls: Array<[string, string, Record<string, unknown>]> = [
      ["a valid call", "get_weather", { location: "Paris", unit: "celsius" }],
      ["a wrong type", "get_weather", { location: 42 }],
      ["a missing required parameter", "get_weather", { unit: "celsius" }],
      ["an enum miss", "get_weather", { location: "Paris", unit: "kelvin" }],
      ["a pattern miss (RE2, toolgen's)", "find_order", { id: "ORD-42" }],
      ["a format miss", "find_order", { id: "ORD-0042", email: "not an email" }],
      ["a number sent as a string (dispatch repairs it)", "find_order", { id: "ORD-0042", limit: "3" }],
      ["an out-of-range integer", "find_order", { id: "ORD-0042", limit: 11 }],
      ["repeated items", "find_order", { id: "ORD-0042", tags: ["a", "a"] }],
      ["a handler that throws", "get_weather", { location: "boom" }],
    ];
    for (const [name, tool, args] of calls) {
      it(`${name}: native dispatch's verdict and message`, async () => {
        const native = await index.dispatcher.dispatch({ type: "tool_use", id: "native", name: tool, input: args });
        const result = await client.callTool({ name: tool, arguments: args });
        const nativeText = typeof native.content === "string" ? native.content : JSON.stringify(native.content);
        expect({ isError: result.isError === true, text: text(result) }).toEqual({ isError: native.is_error === true, text: nativeText });
      });
    }

    it("the documented difference: the SDK drops a key the root does not define before the handler runs (native dispatch rejects it)", async () => {
      const args = { id: "ORD-0042", note: "extra" };
      const native = await index.dispatcher.dispatch({ type: "tool_use", id: "native", name: "find_order", input: args });
      expect(native.is_error).toBe(true);
      const result = await client.callTool({ name: "find_order", arguments: args });
      expect(result.isError ?? false, text(result)).toBe(false);
      expect(JSON.parse(text(result))).toEqual({ tool: "find_order", input: { id: "ORD-0042" } });
    });

    it("a valid call runs the handler file with the input as sent", async () => {
      const result = await client.callTool({ name: "find_order", arguments: { id: "ORD-0042", limit: 2 } });
      expect(result.isError ?? false, text(result)).toBe(false);
      expect(JSON.parse(text(result))).toEqual({ tool: "find_order", input: { id: "ORD-0042", limit: 2 } });
    });
  });
});
