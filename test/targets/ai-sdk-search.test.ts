/**
 * Issue 28, the AI SDK's tool search: with the `ai-sdk` and `search` outputs, ai-sdk.ts exports
 * `toolsWithSearch` (the AI SDK 7's own `toolSearch()`, ranked by the generated search, and every tool
 * `deferLoading: true`). The AI SDK's real agent loop (`generateText`, through @ai-sdk/openai against
 * a fake Chat Completions server, and through @ai-sdk/anthropic against a fake Messages API, both on
 * 127.0.0.1) runs search -> the tools found load -> the model calls one -> the handler's result: the
 * first request carries only the search tool, the second the tools found and no other, the call runs
 * through toolgen's validator to its handler file. Also: the deferLoading budget's plan, toolsets,
 * what is written without the search output, and `tsc -p` over a user's project against the installed `ai`.
 */
import { copyFile, mkdir, readFile, readdir } from "node:fs/promises";
import path from "node:path";
import type { ToolSet } from "ai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoTempDir } from "../e2e/compile.js";
import { fillHandlers } from "../mcp/harness.js";
import { startMessagesServer, type MessagesServer } from "../runtime/messages-server.js";
import { catalogProject, toolgen } from "../toolsets/project.js";
import { frameworkProject } from "./framework-project.js";
import { call, completion, startChatCompletionsServer, type ChatCompletionsServer } from "./chat-completions-server.js";

const OUTPUTS = ["native", "types", "validators", "handlers", "runtime", "index", "standard-schema", "ai-sdk", "search"];
/** The search's rankings below are those of the first 60 catalogue tools. */
const N = 60;
/** Builds whose property does not depend on the folder's size (the defer plan, what is written) use fewer tools. */
const SMALL = 20;
/** What the user's project of the tsc test compiles: the tool its types name and a few others (tsc's check time grows with the folder, its verdict here does not). */
const COMPILED = ["infra_archive_deployment", "shop_export_coupon", "chat_list_user_status", "billing_update_refund", "infra_delete_dns_record"];

interface SearchModule {
  searchTools(query: string, options?: { k?: number; toolset?: string }): Array<{ name: string; score: number }>;
}
interface AiSdkSearchModule {
  tools: Record<string, { deferLoading?: boolean }>;
  deferredTools: Record<string, { deferLoading?: boolean }>;
  toolsWithSearch: Record<string, { deferLoading?: boolean }>;
  searchTool(options?: { maxResults?: number; toolset?: string }): object;
}

/** A project of `n` catalog tools built by the bin with `config`, its handlers answering `{ tool, input }`. */
async function catalogBuild(config: Record<string, unknown>, n = N): Promise<string> {
  const dir = await repoTempDir();
  await catalogProject(dir, n, config);
  const built = toolgen(dir, ["build"]);
  expect(built.code, built.stderr).toBe(0);
  await fillHandlers(path.join(dir, "handlers"));
  return dir;
}

let dir: string;
let search: SearchModule;
let aiSdk: AiSdkSearchModule;
const servers: Array<{ close(): Promise<void> }> = [];

beforeAll(async () => {
  dir = await catalogBuild({ outputs: OUTPUTS, toolsets: { billing: ["billing_*"] } });
  search = (await import(path.join(dir, "generated", "search.ts"))) as SearchModule;
  aiSdk = (await import(path.join(dir, "generated", "ai-sdk.ts"))) as AiSdkSearchModule;
});

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

async function chatServer(replies: unknown[]): Promise<ChatCompletionsServer> {
  const server = await startChatCompletionsServer(replies);
  servers.push(server);
  return server;
}

const sentNames = (body: Record<string, unknown>) => ((body["tools"] ?? []) as Array<{ function: { name: string } }>).map((t) => t.function.name).sort();

describe("the AI SDK's tool search (issue 28)", () => {
  it("runs search -> the tools found load -> the model calls one -> its result, in generateText through @ai-sdk/openai", async () => {
    const { generateText, isStepCount } = await import("ai");
    const { createOpenAI } = await import("@ai-sdk/openai");
    // "get rid of" says delete only through the search's synonyms; "entry" is in the DNS record's description.
    const query = "get rid of the DNS entry";
    const found = search.searchTools(query, { k: 5 }).map((h) => h.name);
    expect(found[0]).toBe("infra_delete_dns_record");
    const fake = await chatServer([
      // The search, and in the same turn a call to the tool it is about to find: not loaded yet, so refused.
      completion({ content: null, tool_calls: [call("call_search", "tool_search", { query }), call("call_early", "infra_delete_dns_record", { record_id: "rec_www" })] }, "tool_calls"),
      completion({ content: null, tool_calls: [call("call_ok", "infra_delete_dns_record", { record_id: "rec_www", confirm: true }), call("call_bad", "infra_delete_dns_record", { confirm: "yes" })] }, "tool_calls"),
      completion({ content: "The DNS record rec_www is deleted." }, "stop"),
    ]);
    const model = createOpenAI({ baseURL: fake.baseURL, apiKey: "test-key" }).chat("gpt-test");
    const result = await generateText({ model, tools: aiSdk.toolsWithSearch as ToolSet, prompt: "Remove the www DNS record.", stopWhen: isStepCount(5) });

    expect(fake.bodies).toHaveLength(3);
    // First request: the search tool alone (every tool deferred); second: it and exactly the tools found.
    expect(sentNames(fake.bodies[0]!)).toEqual(["tool_search"]);
    expect(sentNames(fake.bodies[1]!)).toEqual(["tool_search", ...found].sort());
    expect(found.length).toBe(5);
    expect(sentNames(fake.bodies[2]!)).toEqual(sentNames(fake.bodies[1]!));

    // The search tool's result is the generated search's ranking, best first.
    const [searchResult] = result.steps[0]!.toolResults;
    expect(searchResult?.toolName).toBe("tool_search");
    expect((searchResult?.output as { tools: Array<{ name: string }> }).tools.map((t) => t.name)).toEqual(found);
    const early = result.steps[0]!.content.find((c) => c.type === "tool-error" && c.toolCallId === "call_early");
    expect(early, "a call before the tool loaded is an error").toBeDefined();
    expect(String((early as { error: unknown }).error)).toContain("unavailable tool 'infra_delete_dns_record'");

    // The found tool ran through toolgen's validator to its handler file; the invalid call got toolgen's messages.
    const messages = (fake.bodies[2] as { messages: Array<{ role: string; tool_call_id?: string; content: unknown }> }).messages;
    const toolMessage = (id: string) => messages.find((m) => m.role === "tool" && m.tool_call_id === id)?.content;
    expect(JSON.parse(String(toolMessage("call_ok")))).toEqual({ tool: "infra_delete_dns_record", input: { record_id: "rec_www", confirm: true } });
    const bad = String(toolMessage("call_bad"));
    expect(bad).toContain("Missing required parameter 'record_id'");
    expect(bad).toContain("'confirm'");
    expect(result.text).toBe("The DNS record rec_www is deleted.");
    expect(result.steps).toHaveLength(3);
  });

  it("runs the same loop through @ai-sdk/anthropic against a Messages API on 127.0.0.1", async () => {
    const { generateText, isStepCount } = await import("ai");
    const { createAnthropic } = await import("@ai-sdk/anthropic");
    const server: MessagesServer = await startMessagesServer();
    servers.push(server);
    const query = "refund money back to a customer, change its notes";
    const found = search.searchTools(query, { k: 5 }).map((h) => h.name);
    expect(found[0]).toBe("billing_update_refund");
    server.script([
      { kind: "json", content: [{ type: "tool_use", id: "toolu_1", name: "tool_search", input: { query } }], stop_reason: "tool_use" },
      { kind: "json", content: [{ type: "tool_use", id: "toolu_2", name: "billing_update_refund", input: { refund_id: "rf_9921", notes: "late" } }], stop_reason: "tool_use" },
      { kind: "json", content: [{ type: "text", text: "Noted." }], stop_reason: "end_turn" },
    ]);
    const model = createAnthropic({ baseURL: `${server.client.baseURL}/v1`, apiKey: "test-key" })("claude-test");
    const result = await generateText({ model, tools: aiSdk.toolsWithSearch as ToolSet, prompt: "Add a note to refund rf_9921.", stopWhen: isStepCount(5) });

    const names = server.requests.map((r) => (r.body.tools ?? []).map((t) => t.name).sort());
    expect(names).toEqual([["tool_search"], ["tool_search", ...found].sort(), ["tool_search", ...found].sort()]);
    const last = server.requests[2]!.body.messages.at(-1)!.content as Array<{ type: string; tool_use_id?: string; content?: unknown; is_error?: boolean }>;
    const reply = last.find((b) => b.type === "tool_result" && b.tool_use_id === "toolu_2");
    expect(reply?.is_error, JSON.stringify(reply)).not.toBe(true);
    expect(JSON.stringify(reply?.content)).toContain(JSON.stringify(JSON.stringify({ tool: "billing_update_refund", input: { refund_id: "rf_9921", notes: "late" } })).slice(1, -1));
    expect(result.text).toBe("Noted.");
  });

  it("searches within a toolset and loads at most maxResults; an unknown toolset throws when the tool is made", async () => {
    const { generateText, isStepCount } = await import("ai");
    const { createOpenAI } = await import("@ai-sdk/openai");
    // Over the whole folder the best two are not both billing tools; within the toolset they are.
    const QUERY = "export the billing records as a csv";
    expect(search.searchTools(QUERY, { k: 2 }).every((h) => h.name.startsWith("billing_"))).toBe(false);
    const fake = await chatServer([
      completion({ content: null, tool_calls: [call("call_search", "tool_search", { query: QUERY })] }, "tool_calls"),
      completion({ content: "Which one?" }, "stop"),
    ]);
    const model = createOpenAI({ baseURL: fake.baseURL, apiKey: "test-key" }).chat("gpt-test");
    const tools = { tool_search: aiSdk.searchTool({ toolset: "billing", maxResults: 2 }), ...aiSdk.deferredTools } as ToolSet;
    await generateText({ model, tools, prompt: "Export them.", stopWhen: isStepCount(3) });
    const expected = search.searchTools(QUERY, { k: 2, toolset: "billing" }).map((h) => h.name);
    expect(expected).toHaveLength(2);
    expect(expected.every((name) => name.startsWith("billing_"))).toBe(true);
    expect(sentNames(fake.bodies[1]!)).toEqual(["tool_search", ...expected].sort());
    expect(() => aiSdk.searchTool({ toolset: "nope" })).toThrow(/no toolset 'nope'/);
  });

  it("keeps the deferLoading budget's plan: the tools it loads up front are sent from the first step", async () => {
    const always = "support_get_ticket";
    const planned = await catalogBuild({ outputs: OUTPUTS, deferLoading: { budgetTokens: 1500, alwaysLoad: [always] } }, SMALL);
    const plan = JSON.parse(await readFile(path.join(planned, "generated", "tools.json"), "utf8")) as Array<{ name: string; defer_loading?: boolean }>;
    const loaded = plan.filter((t) => t.defer_loading !== true).map((t) => t.name);
    expect(loaded).toContain(always);
    expect(loaded.length).toBeGreaterThan(1);
    expect(loaded.length).toBeLessThan(SMALL);
    const mod = (await import(path.join(planned, "generated", "ai-sdk.ts"))) as AiSdkSearchModule;
    expect(Object.keys(mod.toolsWithSearch).filter((name) => mod.toolsWithSearch[name]!.deferLoading !== true).sort()).toEqual(["tool_search", ...loaded].sort());
    expect(mod.deferredTools).toBe(mod.tools);
  });

  it("is written only with the search output; then only ai-sdk.ts imports a package (`ai`)", async () => {
    const plain = await catalogBuild({ outputs: OUTPUTS.filter((o) => o !== "search") }, SMALL);
    const text = await readFile(path.join(plain, "generated", "ai-sdk.ts"), "utf8");
    expect(text).not.toMatch(/toolSearch|search\.js/);
    expect(await readFile(path.join(dir, "generated", "ai-sdk.ts"), "utf8")).toMatch(/toolSearch/);
    for (const file of (await readdir(path.join(dir, "generated"), { recursive: true })).filter((f) => f.endsWith(".ts"))) {
      const source = await readFile(path.join(dir, "generated", file), "utf8");
      expect((source.match(/from "[^.][^"]*"/g) ?? []).map((s) => `${file} ${s}`)).toEqual(file === "ai-sdk.ts" ? [`ai-sdk.ts from "ai"`] : []);
    }
  });

  it("compiles as a user's project (tsc -p, strict, NodeNext) against the installed `ai`: toolsWithSearch is a ToolSet for generateText and ToolLoopAgent", async () => {
    const user = [
      `import { generateText, isStepCount, ToolLoopAgent, type LanguageModel, type ToolSet, type InferToolInput } from "ai";`,
      `import { deferredTools, searchTool, toolsWithSearch } from "../generated/ai-sdk.js";`,
      `import type { ToolInputs } from "../generated/types.js";`,
      `type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;`,
      `export const set: ToolSet = toolsWithSearch;`,
      `export const input: Same<InferToolInput<typeof toolsWithSearch.infra_delete_dns_record>, ToolInputs["infra_delete_dns_record"]> = true;`,
      `export const query: Same<InferToolInput<typeof toolsWithSearch.tool_search>, { query: string }> = true;`,
      `export async function ask(model: LanguageModel) {`,
      `  const agent = new ToolLoopAgent({ model, tools: { tool_search: searchTool({ maxResults: 3 }), ...deferredTools } });`,
      `  await agent.generate({ prompt: "Refund rf_9921." });`,
      `  return generateText({ model, tools: toolsWithSearch, prompt: "Remove the www DNS record.", stopWhen: isStepCount(5) });`,
      `}`,
    ].join("\n");
    const schemas = path.join(await repoTempDir(), "schemas");
    await mkdir(schemas);
    for (const name of COMPILED) await copyFile(path.join(dir, "schemas", `${name}.json`), path.join(schemas, `${name}.json`));
    const project = await frameworkProject(["standard-schema", "ai-sdk", "search"], { "use.ts": user }, schemas);
    const compiled = JSON.parse(await readFile(path.join(project.out, "tools.json"), "utf8")) as Array<{ name: string }>;
    expect(compiled.map((t) => t.name).sort()).toEqual([...COMPILED].sort());
    expect(project.diagnostics).toEqual([]);
  });
});
