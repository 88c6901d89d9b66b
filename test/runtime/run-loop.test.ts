/**
 * Issue 15: the generated run loops (runTools, runToolsStreaming, runLegacyTools), driven by the
 * official @anthropic-ai/sdk client over real HTTP against a scripted Messages API on 127.0.0.1.
 */
import { cp } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../../src/pipeline.js";
import type { ToolContext } from "../../src/runtime/dispatch.js";
import type { RunResult } from "../../src/runtime/run.js";
import { repoRoot } from "../helpers.js";
import { repoTempDir } from "../e2e/compile.js";
import { sseEvents, startMessagesServer, type MessagesServer } from "./messages-server.js";

interface Ctx {
  userId: string;
  log: string[];
}
type Handler = (input: never, ctx: ToolContext<Ctx>) => unknown;
type Handlers = Record<"get_weather" | "get_ticker_symbol" | "get_current_stock_price" | "get_stock_price", Handler>;

interface Generated {
  tools: Array<{ name: string }>;
  legacySystemPrompt: string;
  createDispatcher(handlers: Handlers): unknown;
  runTools(options: object): Promise<RunResult>;
  runToolsStreaming(options: object): Promise<RunResult>;
  runLegacyTools(options: object): Promise<RunResult>;
}

let server: MessagesServer;
let g: Generated;

beforeAll(async () => {
  const dir = await repoTempDir();
  await cp(path.join(repoRoot, "schemas"), path.join(dir, "schemas"), { recursive: true });
  const out = path.join(dir, "generated");
  await build({ schemas: path.join(dir, "schemas"), out, handlers: path.join(dir, "handlers"), lint: false });
  g = (await import(path.join(out, "index.ts"))) as Generated;
  server = await startMessagesServer();
});

afterAll(async () => {
  await server?.close();
});

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));
const request = (text = "What's the weather in Paris and GM's ticker?") => ({
  model: "claude-test",
  max_tokens: 1024,
  messages: [{ role: "user" as const, content: text }],
});

function handlers(overrides: Partial<Handlers> = {}): Handlers {
  return {
    get_weather: async (input: never) => {
      await delay(30); // slower than the other, so finishing order differs from call order
      return `15 degrees in ${(input as { location: string }).location}`;
    },
    get_ticker_symbol: (input: never) => ((input as { company_name: string }).company_name === "General Motors" ? "GM" : "??"),
    get_current_stock_price: () => "38.50",
    get_stock_price: () => "38.50",
    ...overrides,
  };
}

/** The tool_result blocks the loop sent in request `i`'s last message. */
function sentResults(i: number): unknown {
  return server.requests[i]?.body.messages.at(-1)?.content;
}

describe("runTools (JSON replies)", () => {
  it("runs parallel calls concurrently, sends the results in call order, and passes tool_choice through", async () => {
    server.script([
      {
        kind: "json",
        content: [
          { type: "text", text: "Let me look both up." },
          { type: "tool_use", id: "toolu_1", name: "get_weather", input: { location: "Paris" } },
          { type: "tool_use", id: "toolu_2", name: "get_ticker_symbol", input: { company_name: "General Motors" } },
        ],
        stop_reason: "tool_use",
      },
      { kind: "json", content: [{ type: "text", text: "15 degrees; GM." }], stop_reason: "end_turn" },
    ]);
    const finished: string[] = [];
    const dispatcher = g.createDispatcher(handlers({
      get_weather: async () => { await delay(30); finished.push("weather"); return "15 degrees"; },
      get_ticker_symbol: () => { finished.push("ticker"); return "GM"; },
    }));
    const toolChoice = { type: "auto", disable_parallel_tool_use: false };
    const result = await g.runTools({ client: server.client, request: { ...request(), tool_choice: toolChoice, temperature: 0 }, dispatcher, context: { userId: "u", log: [] } });

    expect(finished).toEqual(["ticker", "weather"]);
    expect(server.requests).toHaveLength(2);
    const first = server.requests[0]!.body;
    expect(first.tools?.map((t) => t.name)).toEqual(g.tools.map((t) => t.name));
    expect(first.tool_choice).toEqual(toolChoice);
    expect(first.temperature).toBe(0);
    expect(first.stream).toBeFalsy();
    expect(sentResults(1)).toEqual([
      { type: "tool_result", tool_use_id: "toolu_1", content: "15 degrees" },
      { type: "tool_result", tool_use_id: "toolu_2", content: "GM" },
    ]);
    expect(server.requests[1]!.body.tool_choice).toEqual(toolChoice);
    expect(result.iterations).toBe(2);
    expect(result.limitReached).toBe(false);
    expect(result.message.stop_reason).toBe("end_turn");
    expect(result.messages.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
  });

  it("answers a handler error and an invalid input with is_error, and the loop goes on", async () => {
    server.script([
      {
        kind: "json",
        content: [
          { type: "tool_use", id: "toolu_a", name: "get_current_stock_price", input: { symbol: "GM" } },
          { type: "tool_use", id: "toolu_b", name: "get_weather", input: { unit: "kelvin" } },
        ],
        stop_reason: "tool_use",
      },
      { kind: "json", content: [{ type: "text", text: "Sorry." }], stop_reason: "end_turn" },
    ]);
    const dispatcher = g.createDispatcher(handlers({
      get_current_stock_price: () => { throw new RangeError("the quote service is down (HTTP 503)"); },
    }));
    const result = await g.runTools({ client: server.client, request: request(), dispatcher, context: { userId: "u", log: [] } });
    const results = sentResults(1) as Array<{ tool_use_id: string; content: string; is_error?: boolean }>;
    expect(results[0]).toEqual({ type: "tool_result", tool_use_id: "toolu_a", content: "RangeError: the quote service is down (HTTP 503)", is_error: true });
    expect(results[1]?.is_error).toBe(true);
    expect(results[1]?.content).toContain("Missing required parameter 'location'");
    expect(result.iterations).toBe(2);
  });

  it("hands the request context and a signal to every handler", async () => {
    server.script([
      { kind: "json", content: [{ type: "tool_use", id: "toolu_c", name: "get_stock_price", input: { ticker: "GM" } }], stop_reason: "tool_use" },
      { kind: "json", content: [{ type: "text", text: "done" }], stop_reason: "end_turn" },
    ]);
    const context: Ctx = { userId: "user_42", log: [] };
    const dispatcher = g.createDispatcher(handlers({
      get_stock_price: (_input: never, ctx: ToolContext<Ctx>) => {
        ctx.context.log.push(`${ctx.toolName} for ${ctx.context.userId}, aborted: ${ctx.signal.aborted}`);
        return "38.50";
      },
    }));
    await g.runTools({ client: server.client, request: request(), dispatcher, context });
    expect(context.log).toEqual(["get_stock_price for user_42, aborted: false"]);
  });

  it("stops at maxIterations, with the last calls answered so the transcript can be sent again", async () => {
    server.script([
      { kind: "json", content: [{ type: "tool_use", id: "toolu_loop", name: "get_stock_price", input: { ticker: "GM" } }], stop_reason: "tool_use" },
    ]);
    const result = await g.runTools({ client: server.client, request: request(), dispatcher: g.createDispatcher(handlers()), maxIterations: 3, context: { userId: "u", log: [] } });
    expect(server.requests).toHaveLength(3);
    expect(result.iterations).toBe(3);
    expect(result.limitReached).toBe(true);
    expect(result.messages.at(-1)).toEqual({ role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_loop", content: "38.50" }] });
    await expect(g.runTools({ client: server.client, request: request(), maxIterations: 0 })).rejects.toThrow(/maxIterations must be a positive integer/);
  });

  it("a handler past timeoutMs is answered 'timed out after N ms' and its signal aborts; the others still answer", async () => {
    server.script([
      {
        kind: "json",
        content: [
          { type: "tool_use", id: "toolu_hang", name: "get_weather", input: { location: "Paris" } },
          { type: "tool_use", id: "toolu_ok", name: "get_stock_price", input: { ticker: "GM" } },
        ],
        stop_reason: "tool_use",
      },
      { kind: "json", content: [{ type: "text", text: "done" }], stop_reason: "end_turn" },
    ]);
    let hungSignal: ToolContext<Ctx>["signal"] | undefined;
    const dispatcher = g.createDispatcher(handlers({
      get_weather: (_input: never, ctx: ToolContext<Ctx>) => {
        hungSignal = ctx.signal;
        return new Promise(() => {}); // never settles
      },
    }));
    // The answer says the timeout fired (a hang would fail the test by vitest's own limit): no clock here,
    // which a loaded machine can make miss any fixed bound.
    await g.runTools({ client: server.client, request: request(), dispatcher, timeoutMs: 80, context: { userId: "u", log: [] } });
    expect(sentResults(1)).toEqual([
      { type: "tool_result", tool_use_id: "toolu_hang", content: "Error: the tool 'get_weather' timed out after 80 ms", is_error: true },
      { type: "tool_result", tool_use_id: "toolu_ok", content: "38.50" },
    ]);
    expect(hungSignal?.aborted).toBe(true);
  });

  it("an abort while a handler runs aborts the handler's signal and rejects the loop", async () => {
    server.script([
      { kind: "json", content: [{ type: "tool_use", id: "toolu_slow", name: "get_weather", input: { location: "Paris" } }], stop_reason: "tool_use" },
      { kind: "json", content: [{ type: "text", text: "never sent" }], stop_reason: "end_turn" },
    ]);
    const controller = new AbortController();
    let handlerSignal: ToolContext<Ctx>["signal"] | undefined;
    const dispatcher = g.createDispatcher(handlers({
      get_weather: (_input: never, ctx: ToolContext<Ctx>) => {
        handlerSignal = ctx.signal;
        setTimeout(() => controller.abort(), 20);
        return new Promise(() => {});
      },
    }));
    await expect(g.runTools({ client: server.client, request: request(), dispatcher, signal: controller.signal, context: { userId: "u", log: [] } })).rejects.toThrow();
    expect(handlerSignal?.aborted).toBe(true);
    expect(server.requests).toHaveLength(1);
  });

  it("an abort while the request is in flight rejects with the SDK's abort error", async () => {
    server.script([{ kind: "json", content: [{ type: "text", text: "late" }], stop_reason: "end_turn", delayMs: 2_000 }]);
    const controller = new AbortController();
    const running = g.runTools({ client: server.client, request: request(), signal: controller.signal });
    // Aborted once the server holds the request (a fixed 50 ms could fire before it was sent on a loaded
    // machine, and the request then reached the server during the next test). The reply would come,
    // unaborted, after 2 s: an abort error is the abort taking effect.
    while (server.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort();
    await expect(running).rejects.toThrow(/abort/i);
  });

  it("a max_tokens reply cut inside a tool call is answered is_error, not run with a truncated input", async () => {
    server.script([
      {
        kind: "json",
        content: [
          { type: "tool_use", id: "toolu_whole", name: "get_stock_price", input: { ticker: "GM" } },
          { type: "tool_use", id: "toolu_cut", name: "get_weather", input: { location: "Par" } },
        ],
        stop_reason: "max_tokens",
      },
      { kind: "json", content: [{ type: "text", text: "ok" }], stop_reason: "end_turn" },
    ]);
    const ran: string[] = [];
    const dispatcher = g.createDispatcher(handlers({ get_weather: () => { ran.push("weather"); return "x"; } }));
    await g.runTools({ client: server.client, request: request(), dispatcher, context: { userId: "u", log: [] } });
    const results = sentResults(1) as Array<{ tool_use_id: string; content: string; is_error?: boolean }>;
    expect(results[0]).toEqual({ type: "tool_result", tool_use_id: "toolu_whole", content: "38.50" });
    expect(results[1]).toMatchObject({ tool_use_id: "toolu_cut", is_error: true });
    expect(results[1]?.content).toContain("was cut off");
    expect(ran).toEqual([]);
  });
});

describe("runToolsStreaming (server-sent events with input_json_delta)", () => {
  it("assembles streamed inputs, runs the calls in order, and streams every turn", async () => {
    server.script([
      {
        kind: "sse",
        events: sseEvents([
          { type: "text", text: "Checking." },
          { type: "tool_use", id: "toolu_s1", name: "get_weather", json: ['{"loca', 'tion": "Par', 'is", "unit": "celsius"}'] },
          { type: "tool_use", id: "toolu_s2", name: "get_ticker_symbol", json: ['{"company_name": ', '"General Motors"}'] },
        ], "tool_use"),
      },
      { kind: "sse", events: sseEvents([{ type: "text", text: "Done." }], "end_turn") },
    ]);
    const seen: string[] = [];
    const result = await g.runToolsStreaming({
      client: server.client,
      request: request(),
      dispatcher: g.createDispatcher(handlers()),
      context: { userId: "u", log: [] },
      onEvent: (e: { type: string }) => seen.push(e.type),
    });
    expect(server.requests[0]!.body.stream).toBe(true);
    expect(sentResults(1)).toEqual([
      { type: "tool_result", tool_use_id: "toolu_s1", content: "15 degrees in Paris" },
      { type: "tool_result", tool_use_id: "toolu_s2", content: "GM" },
    ]);
    // The assistant turn sent back holds the whole parsed inputs.
    expect(server.requests[1]!.body.messages[1]).toEqual({
      role: "assistant",
      content: [
        { type: "text", text: "Checking." },
        { type: "tool_use", id: "toolu_s1", name: "get_weather", input: { location: "Paris", unit: "celsius" } },
        { type: "tool_use", id: "toolu_s2", name: "get_ticker_symbol", input: { company_name: "General Motors" } },
      ],
    });
    expect(result.message.content).toEqual([{ type: "text", text: "Done." }]);
    expect(seen.filter((t) => t === "message_start")).toHaveLength(2);
  });

  it("an invalid streamed input and a cut-off one become is_error results, never a crash", async () => {
    server.script([
      {
        kind: "sse",
        events: sseEvents([
          { type: "tool_use", id: "toolu_bad", name: "get_weather", json: ['{"location": Par', "is}"] },
          { type: "tool_use", id: "toolu_fine", name: "get_stock_price", json: ['{"ticker": "GM"}'] },
          { type: "tool_use", id: "toolu_cut", name: "get_ticker_symbol", json: ['{"company_name": "Gen'], stop: false },
        ], "max_tokens"),
      },
      { kind: "sse", events: sseEvents([{ type: "text", text: "Retrying later." }], "end_turn") },
    ]);
    const ran: string[] = [];
    const result = await g.runToolsStreaming({
      client: server.client,
      request: request(),
      dispatcher: g.createDispatcher(handlers({
        get_weather: () => { ran.push("weather"); return "x"; },
        get_ticker_symbol: () => { ran.push("ticker"); return "x"; },
      })),
      context: { userId: "u", log: [] },
    });
    const results = sentResults(1) as Array<{ tool_use_id: string; content: string; is_error?: boolean }>;
    expect(results.map((r) => r.tool_use_id)).toEqual(["toolu_bad", "toolu_fine", "toolu_cut"]);
    expect(results[0]).toMatchObject({ is_error: true });
    expect(results[0]?.content).toMatch(/^Error: the input of tool 'get_weather' is not a valid JSON object \(.+\)/);
    expect(results[1]).toEqual({ type: "tool_result", tool_use_id: "toolu_fine", content: "38.50" });
    expect(results[2]).toMatchObject({ is_error: true });
    expect(results[2]?.content).toContain("Error: the input of tool 'get_ticker_symbol' was cut off");
    expect(ran).toEqual([]);
    // The API takes tool_use blocks back only with an object input.
    const echoed = server.requests[1]!.body.messages[1]!.content as Array<{ id: string; input: unknown }>;
    expect(echoed.map((b) => b.input)).toEqual([{}, { ticker: "GM" }, {}]);
    expect(result.iterations).toBe(2);
  });

  it("a max_tokens cut whose truncated JSON still parses is not run (the SDK's partial parser would repair it)", async () => {
    server.script([
      { kind: "sse", events: sseEvents([{ type: "tool_use", id: "toolu_t", name: "get_weather", json: ['{"location": "Par"}'] }], "max_tokens") },
      { kind: "sse", events: sseEvents([{ type: "text", text: "ok" }], "end_turn") },
    ]);
    await g.runToolsStreaming({ client: server.client, request: request(), dispatcher: g.createDispatcher(handlers()), context: { userId: "u", log: [] } });
    expect(sentResults(1)).toMatchObject([{ tool_use_id: "toolu_t", is_error: true }]);
  });

  it("a stream that ends before message_stop rejects the loop instead of passing for a reply", async () => {
    const events = sseEvents([{ type: "tool_use", id: "toolu_d", name: "get_weather", json: ['{"location": "Paris"}'] }], "tool_use");
    server.script([{ kind: "sse", events: events.slice(0, -2) }]);
    await expect(g.runToolsStreaming({ client: server.client, request: request() })).rejects.toThrow(/ended before its message_stop event/);
  });

  it("why the loop reads raw events: the SDK's messages.stream() helper rejects on an invalid tool input", async () => {
    server.script([{ kind: "sse", events: sseEvents([{ type: "tool_use", id: "toolu_x", name: "get_weather", json: ['{"location": Paris}'] }], "tool_use") }]);
    const stream = server.client.messages.stream({ ...request(), tools: [] });
    await expect(stream.finalMessage()).rejects.toThrow();
  });
});

describe("runLegacyTools", () => {
  it("sends the legacy prompt and stop sequence, answers a reply cut at </function_calls> with <function_results>", async () => {
    const call =
      "<scratchpad>I need GM's ticker.</scratchpad>\n<function_calls>\n<invoke>\n<tool_name>get_ticker_symbol</tool_name>\n" +
      "<parameters>\n<company_name>General Motors</company_name>\n</parameters>\n</invoke>\n";
    server.script([
      { kind: "json", content: [{ type: "text", text: call }], stop_reason: "stop_sequence", stop_sequence: "</function_calls>" },
      { kind: "json", content: [{ type: "text", text: "<answer>GM</answer>" }], stop_reason: "end_turn" },
    ]);
    const context: Ctx = { userId: "legacy_user", log: [] };
    const result = await g.runLegacyTools({
      client: server.client,
      request: { ...request("GM's ticker?"), system: "Answer briefly.", stop_sequences: ["</answer>"] },
      dispatcher: g.createDispatcher(handlers({
        get_ticker_symbol: (input: never, ctx: ToolContext<Ctx>) => {
          ctx.context.log.push(`${ctx.protocol} ${ctx.context.userId}`);
          return (input as { company_name: string }).company_name === "General Motors" ? "GM" : "??";
        },
      })),
      context,
    });
    const first = server.requests[0]!.body;
    expect(first.system).toBe(`${g.legacySystemPrompt}\n\nAnswer briefly.`);
    expect(first.stop_sequences).toEqual(["</answer>", "</function_calls>"]);
    expect(first.tools).toBeUndefined();
    const second = server.requests[1]!.body.messages;
    expect(second[1]).toEqual({ role: "assistant", content: `${call}</function_calls>` });
    expect(second[2]).toEqual({
      role: "user",
      content: "<function_results>\n<result>\n<tool_name>get_ticker_symbol</tool_name>\n<stdout>\nGM\n</stdout>\n</result>\n</function_results>",
    });
    expect(context.log).toEqual(["legacy legacy_user"]);
    expect(result.iterations).toBe(2);
    expect(result.message.content).toEqual([{ type: "text", text: "<answer>GM</answer>" }]);
  });
});
