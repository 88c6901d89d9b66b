/**
 * Issue 41 item 2: toolset switches that keep the prompt cache. `runTools({ switchTools })` switches
 * between toolsets (and deferral plans) between turns through runtime/tool-changes.ts: the request's
 * `tools` stay as sent and the change goes into `messages` as tool_addition and tool_removal blocks,
 * so each request is the one before it with the new messages appended, byte for byte, and carries the
 * beta header. The loops of src/runtime/run.ts (what a generated index binds `runTools` to), driven by
 * the official @anthropic-ai/sdk client over real HTTP against a scripted Messages API on 127.0.0.1.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ToolUseBlock } from "../../src/runtime/dispatch.js";
import {
  runLegacyToolsWith,
  runToolsStreamingWith,
  runToolsWith,
  type MessageParam,
  type RunDispatcher,
  type ToolSwitchTurn,
} from "../../src/runtime/run.js";
import { INLINE_TOOLS_BETA, toolChanges, toolsOffered } from "../../src/runtime/tool-changes.js";
import { repoRoot } from "../helpers.js";
import { echoDispatcher, sseEvents, startMessagesServer, type MessagesServer, type RecordedRequest } from "./messages-server.js";

type Tool = { name: string; description: string; input_schema: object };

/** The seed tools (schemas/), and two toolsets of them. */
const folder = ["get_current_stock_price", "get_stock_price", "get_ticker_symbol", "get_weather"].map(
  (name) => JSON.parse(readFileSync(path.join(repoRoot, "schemas", `${name}.json`), "utf8")) as Tool,
);
const weather = { tools: folder.filter((t) => t.name === "get_weather") };
const stocks = { tools: folder.filter((t) => t.name !== "get_weather") };

let server: MessagesServer;
const calls: ToolUseBlock[] = [];
const ran = (): string[] => calls.map((c) => c.name);
const dispatcher = (): RunDispatcher<unknown> => echoDispatcher(calls);
const defaults = () => ({ tools: folder, dispatcher: dispatcher() });

beforeAll(async () => {
  server = await startMessagesServer();
});

afterAll(async () => {
  await server?.close();
});

const request = (tools: readonly object[]) => ({
  model: "claude-test",
  max_tokens: 1024,
  system: "Answer with the tools.",
  messages: [{ role: "user" as const, content: "The weather in Paris, then GM's stock price." }],
  tools,
});

const call = (id: string, name: string, input: object) => ({
  kind: "json" as const,
  content: [{ type: "tool_use" as const, id, name, input }],
  stop_reason: "tool_use",
});
const done = { kind: "json" as const, content: [{ type: "text" as const, text: "Done." }], stop_reason: "end_turn" };

/**
 * Whether `after` is `before` with messages appended and not one other byte changed: the bytes before
 * the end of `before`'s messages array, then `,` and the new messages, then the rest of `before`
 * (its `tools`, `stream`) as it was.
 */
function appendedOnly(before: RecordedRequest, after: RecordedRequest): boolean {
  const key = '"messages":';
  const messages = JSON.stringify(before.body.messages);
  const start = before.raw.indexOf(key) + key.length;
  // The SDK sends the body as JSON.stringify writes it: the messages array is found as its text.
  expect(before.raw.slice(start, start + messages.length)).toBe(messages);
  const end = start + messages.length - 1; // the array's closing bracket
  const added = after.body.messages.slice(before.body.messages.length).map((m) => JSON.stringify(m));
  return added.length > 0 && after.raw === `${before.raw.slice(0, end)},${added.join(",")}${before.raw.slice(end)}`;
}

describe("runTools({ switchTools }) against the Messages API on 127.0.0.1", () => {
  it("switches toolsets between turns with the request bytes before the switch point unchanged", async () => {
    server.script([call("toolu_1", "get_weather", { location: "Paris" }), call("toolu_2", "get_ticker_symbol", { company_name: "General Motors" }), done]);
    calls.length = 0;
    const turns: ToolSwitchTurn[] = [];
    const result = await runToolsWith(defaults(), {
      client: server.client,
      request: request(weather.tools),
      switchTools: (turn: ToolSwitchTurn) => {
        turns.push(turn);
        return turn.iterations === 1 ? stocks.tools : undefined;
      },
    });

    const [first, second, third] = server.requests;
    expect(server.requests).toHaveLength(3);
    expect(ran()).toEqual(["get_weather", "get_ticker_symbol"]);
    // Every request carries the beta header, the first included, and the same `tools`: the first toolset's.
    expect(server.requests.map((r) => r.headers["anthropic-beta"])).toEqual([INLINE_TOOLS_BETA, INLINE_TOOLS_BETA, INLINE_TOOLS_BETA]);
    expect(server.requests.map((r) => r.body.tools?.map((t) => t.name))).toEqual([["get_weather"], ["get_weather"], ["get_weather"]]);
    // The cache prefix holds: each request is the one before it, byte for byte, with messages appended.
    expect(appendedOnly(first!, second!)).toBe(true);
    expect(appendedOnly(second!, third!)).toBe(true);
    // At the switch point, after the first turn's results: a system message switching to the stocks toolset.
    const appended = second!.body.messages.slice(first!.body.messages.length);
    expect(appended.map((m) => m.role)).toEqual(["assistant", "user", "system"]);
    expect(appended[2]!.content).toEqual([
      { type: "tool_removal", tool: { type: "tool_reference", name: "get_weather" } },
      ...stocks.tools.map((definition) => ({ type: "tool_addition", tool: { type: "tool_definition", definition } })),
    ]);
    // No switch after the second turn: nothing but its reply and results is appended.
    expect(third!.body.messages.slice(second!.body.messages.length).map((m) => m.role)).toEqual(["assistant", "user"]);
    expect(turns.map((t) => [t.iterations, t.tools.map((x) => (x as Tool).name)])).toEqual([
      [1, ["get_weather"]],
      [2, stocks.tools.map((t) => t.name)],
    ]);
    expect(result.messages).toEqual([...third!.body.messages, { role: "assistant", content: done.content }]);

    // The check fails as it should on the switch the plain way, by `tools`: those bytes change.
    server.script([done]);
    await runToolsWith(defaults(), { client: server.client, request: { ...request(stocks.tools), messages: second!.body.messages as MessageParam[] } });
    expect(appendedOnly(first!, server.requests[0]!)).toBe(false);
  });

  it("answers a call to a tool switched away is_error without running it, and brings it back by reference", async () => {
    server.script([call("toolu_1", "get_ticker_symbol", { company_name: "General Motors" }), call("toolu_2", "get_weather", { location: "Paris" }), call("toolu_3", "get_weather", { location: "Paris" }), done]);
    calls.length = 0;
    const result = await runToolsWith(defaults(), {
      client: server.client,
      request: request(weather.tools),
      switchTools: ({ iterations }: ToolSwitchTurn) => (iterations === 1 ? stocks.tools : iterations === 2 ? weather.tools : undefined),
    });
    // The ticker call went to a tool not offered yet; the weather call after the switch too.
    expect(ran()).toEqual(["get_weather"]);
    const results = result.messages.filter((m) => m.role === "user" && Array.isArray(m.content)).map((m) => (m.content as { content: string; is_error?: boolean }[])[0]);
    expect(results.slice(0, 2)).toEqual([
      { type: "tool_result", tool_use_id: "toolu_1", content: "Error: the tool 'get_ticker_symbol' is not offered now (the tools offered: get_weather)", is_error: true },
      { type: "tool_result", tool_use_id: "toolu_2", content: `Error: the tool 'get_weather' is not offered now (the tools offered: ${stocks.tools.map((t) => t.name).join(", ")})`, is_error: true },
    ]);
    const switches = result.messages.filter((m) => m.role === "system").map((m) => m.content);
    expect(switches[1]).toEqual([
      ...stocks.tools.map((t) => ({ type: "tool_removal", tool: { type: "tool_reference", name: t.name } })),
      { type: "tool_addition", tool: { type: "tool_reference", name: "get_weather" } },
    ]);
    for (let i = 1; i < server.requests.length; i++) expect(appendedOnly(server.requests[i - 1]!, server.requests[i]!)).toBe(true);
  });

  it("switches in the streamed loop too, and the legacy loop, which sends no tools, refuses the option", async () => {
    server.script([
      { kind: "sse", events: sseEvents([{ type: "tool_use", id: "toolu_1", name: "get_weather", json: ['{"location":"Paris"}'] }], "tool_use") },
      { kind: "sse", events: sseEvents([{ type: "text", text: "Done." }], "end_turn") },
    ]);
    calls.length = 0;
    await runToolsStreamingWith(defaults(), { client: server.client, request: request(weather.tools), switchTools: () => stocks.tools });
    expect(server.requests.map((r) => r.headers["anthropic-beta"])).toEqual([INLINE_TOOLS_BETA, INLINE_TOOLS_BETA]);
    expect(appendedOnly(server.requests[0]!, server.requests[1]!)).toBe(true);
    expect(server.requests[1]!.body.messages.at(-1)?.role).toBe("system");

    const legacy = { dispatcher: dispatcher(), systemPrompt: "", stopSequence: "</function_calls>" };
    await expect(runLegacyToolsWith(legacy, { client: server.client, request: request([]), switchTools: () => undefined })).rejects.toThrow(
      "toolgen: switchTools is for runTools and runToolsStreaming; the legacy loop sends no tools",
    );
  });
});

describe("toolChanges and toolsOffered", () => {
  const a = { name: "a", description: "A", input_schema: { type: "object" } };
  const b = { name: "b", description: "B", input_schema: { type: "object" } };
  const c = { name: "c", description: "C", input_schema: { type: "object" } };

  it("turns a change of deferral plan into definitions by value, and replays the blocks already sent", () => {
    const plan1 = [a, { ...b, defer_loading: true }, c];
    const plan2 = [{ ...a, defer_loading: true }, b, c];
    const blocks = toolChanges({ tools: plan1, messages: [] }, plan2);
    expect(blocks).toEqual([
      { type: "tool_addition", tool: { type: "tool_definition", definition: plan2[0] } },
      { type: "tool_addition", tool: { type: "tool_definition", definition: b } },
    ]);
    const messages = [{ role: "user", content: "hi" }, { role: "system", content: blocks }];
    expect(toolsOffered({ tools: plan1, messages })).toEqual(plan2);
    // Nothing to switch once there; back to the first plan, every definition is one sent before, by
    // value: a reference names the last definition a name had, which is the second plan's.
    expect(toolChanges({ tools: plan1, messages }, plan2)).toEqual([]);
    expect(toolChanges({ tools: plan1, messages }, plan1).map((x) => x.tool.type)).toEqual(["tool_definition", "tool_definition"]);
    // Key order does not make a definition differ.
    expect(toolChanges({ tools: [a], messages: [] }, [{ input_schema: { type: "object" }, description: "A", name: "a" }])).toEqual([]);
  });

  it("removes, then adds in the new tools' order, by reference when the definition is the one declared", () => {
    const removed = toolChanges({ tools: [a, b], messages: [] }, [c]);
    expect(removed).toEqual([
      { type: "tool_removal", tool: { type: "tool_reference", name: "a" } },
      { type: "tool_removal", tool: { type: "tool_reference", name: "b" } },
      { type: "tool_addition", tool: { type: "tool_definition", definition: c } },
    ]);
    const messages = [{ role: "system", content: removed }];
    expect(toolsOffered({ tools: [a, b], messages })).toEqual([c]);
    expect(toolChanges({ tools: [a, b], messages }, [b, c, a])).toEqual([
      { type: "tool_addition", tool: { type: "tool_reference", name: "b" } },
      { type: "tool_addition", tool: { type: "tool_reference", name: "a" } },
    ]);
  });

  it("refuses a tool named twice and an entry with no name added or dropped; keeps one that stays", () => {
    const toolset = { type: "mcp_toolset", mcp_server_name: "docs" };
    expect(() => toolChanges({ tools: [a], messages: [] }, [a, b, { ...b }])).toThrow("toolgen: the next tools name 'b' twice");
    expect(() => toolChanges({ tools: [a], messages: [] }, [a, toolset])).toThrow(
      "toolgen: a tools entry with no name (of type 'mcp_toolset') cannot be added or removed between turns",
    );
    expect(toolChanges({ tools: [a, toolset], messages: [] }, [{ ...toolset }, b])).toEqual([
      { type: "tool_removal", tool: { type: "tool_reference", name: "a" } },
      { type: "tool_addition", tool: { type: "tool_definition", definition: b } },
    ]);
  });
});
