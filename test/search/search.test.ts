/**
 * Issue 28, the generated tool search: the `search` output's search.ts over a realistic 300-tool
 * folder (bench/tool-catalog.mjs), compiled with tsc against @anthropic-ai/sdk and openai; searchTools
 * by query and toolset; and runToolsWithSearch end to end against a Messages API on 127.0.0.1 through
 * the official SDK: the model searches, tool_reference blocks load the tools, it calls one, the
 * handler's result goes back.
 */
import { readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoTempDir } from "../e2e/compile.js";
import { compile, fillHandlers } from "../mcp/harness.js";
import { message, startMessagesServer, type MessagesServer } from "../runtime/messages-server.js";
import { catalogProject, toolgen } from "../toolsets/project.js";
import { tools } from "../../bench/tool-catalog.mjs";

const OUTPUTS = ["native", "types", "validators", "handlers", "runtime", "index", "openai", "search"];

const SDK_CHECK = `import type Anthropic from "@anthropic-ai/sdk";
import type OpenAI from "openai";
import { answerOpenAIToolSearch, openaiDeferredTools, openaiToolSearchTool, toolsWithSearch, toolSearchTool, deferredTools, answerSearch } from "./generated/search.js";

export const anthropicTools: Anthropic.ToolUnion[] = [toolSearchTool, ...deferredTools];
export const reference: Anthropic.ToolResultBlockParam = answerSearch({ id: "x", input: { query: "refund" } });
export const all: readonly object[] = toolsWithSearch;
export const openaiTools: OpenAI.Responses.Tool[] = [openaiToolSearchTool, ...openaiDeferredTools];
export const output: OpenAI.Responses.ResponseInputItem = answerOpenAIToolSearch({ call_id: "c", arguments: { query: "refund" } });
`;

interface SearchModule {
  searchTools(query: string, options?: { k?: number; toolset?: string }): { name: string; score: number }[];
  runToolsWithSearch(options: { client: unknown; request: { model: string; max_tokens: number; messages: unknown[] } }): Promise<{ messages: { role: string; content: unknown }[]; iterations: number }>;
  answerOpenAIToolSearch(call: { call_id: string; arguments: unknown }): { tools: { name: string }[] };
}

let dir: string;
let mod: SearchModule;
let server: MessagesServer;

beforeAll(async () => {
  dir = await repoTempDir();
  await catalogProject(dir, 300, { outputs: OUTPUTS, toolsets: { billing: ["billing_*"] } });
  const built = toolgen(dir, ["build"]);
  expect(built.code, built.stderr).toBe(0);
  await fillHandlers(path.join(dir, "handlers"));
  await writeFile(path.join(dir, "sdk-check.ts"), SDK_CHECK);
  const handlers = (await readdir(path.join(dir, "handlers"))).map((f) => path.join(dir, "handlers", f));
  const problems = compile(dir, [path.join(dir, "sdk-check.ts"), path.join(dir, "generated", "search.ts"), ...handlers], []);
  expect(problems).toEqual([]);
  mod = (await import(pathToFileURL(path.join(dir, "dist", "generated", "search.js")).href)) as SearchModule;
  server = await startMessagesServer();
});

afterAll(async () => {
  await server?.close();
});

describe("the generated tool search (issue 28)", () => {
  it("finds tools by the words of a request, within a toolset when asked, deterministically", () => {
    const hits = mod.searchTools("give the customer their money back for refund rf_9921", { k: 5 });
    expect(hits.length).toBe(5);
    expect(hits.some((h) => h.name.endsWith("_refund"))).toBe(true);
    expect(mod.searchTools("give the customer their money back for refund rf_9921", { k: 5 })).toEqual(hits);
    const inSet = mod.searchTools("delete the invoice", { k: 10, toolset: "billing" });
    expect(inSet.length).toBeGreaterThan(0);
    expect(inSet.every((h) => h.name.startsWith("billing_"))).toBe(true);
    expect(() => mod.searchTools("x", { toolset: "nope" })).toThrow(/no toolset 'nope'/);
    expect(mod.searchTools("zzzz qqqq")).toEqual([]);
  });

  it("answers OpenAI's client tool_search_call with the function tools found", () => {
    const out = mod.answerOpenAIToolSearch({ call_id: "call_1", arguments: JSON.stringify({ query: "remove a meeting from the calendar" }) });
    expect(out.tools.length).toBeGreaterThan(0);
    expect(out.tools[0]!.name.startsWith("calendar_")).toBe(true);
  });

  it("runs search -> tool_reference -> call -> result against a Messages API on 127.0.0.1", async () => {
    const query = "delete a calendar meeting";
    const found = mod.searchTools(query, { k: 5 }).map((h) => h.name);
    const target = found[0]!;
    const schema = tools(300).find((t) => t.name === target)!.input_schema;
    const input = Object.fromEntries((schema.required ?? []).map((k) => [k, schema.properties[k]!.type === "boolean" ? true : "id_301"]));
    server.script([
      { kind: "json", content: [{ type: "tool_use", id: "toolu_1", name: "tool_search", input: { query } }], stop_reason: "tool_use" },
      { kind: "json", content: [{ type: "tool_use", id: "toolu_2", name: target, input }], stop_reason: "tool_use" },
      { kind: "json", content: [{ type: "text", text: "Done." }], stop_reason: "end_turn" },
    ]);
    const result = await mod.runToolsWithSearch({ client: server.client, request: { model: "claude-test", max_tokens: 1000, messages: [{ role: "user", content: "Cancel my 3pm meeting" }] } });
    expect(result.iterations).toBe(3);
    const [first, second, third] = server.requests.map((r) => r.body);
    const sent = first!.tools as { name: string; defer_loading?: boolean }[];
    expect(sent[0]!.name).toBe("tool_search");
    expect(sent.slice(1).every((t) => t.defer_loading === true)).toBe(true);
    expect(sent).toHaveLength(301);
    const searchResult = (second!.messages.at(-1)!.content as { type: string; content: unknown }[])[0]!;
    expect(searchResult).toMatchObject({ type: "tool_result", tool_use_id: "toolu_1" });
    expect(searchResult.content).toEqual(found.map((name) => ({ type: "tool_reference", tool_name: name })));
    const callResult = (third!.messages.at(-1)!.content as { type: string; content: unknown; is_error?: boolean }[])[0]!;
    expect(callResult.is_error, JSON.stringify(callResult)).toBeUndefined();
    expect(JSON.parse(callResult.content as string)).toEqual({ tool: target, input });
  });
});
