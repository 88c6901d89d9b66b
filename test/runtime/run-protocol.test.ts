/**
 * Issue 24 N2 and issue 23 item 14: the run loops against replies that break the Messages API's
 * protocol (a content block index that is not the next one, a delta for no open block, `content`
 * that is not an array of blocks) answer at once with a clear error, never a hang or a wrong
 * transcript; a tool input cut off by max_tokens gets the same message streamed or not. The official
 * @anthropic-ai/sdk client talks over real HTTP to a scripted Messages API on 127.0.0.1.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ToolUseBlock } from "../../src/runtime/dispatch.js";
import { runLegacyToolsWith, runToolsStreamingWith, runToolsWith, type RunResult } from "../../src/runtime/run.js";
import { echoDispatcher, message, sseEvents, startMessagesServer, type MessagesServer } from "./messages-server.js";

let server: MessagesServer;

beforeAll(async () => {
  server = await startMessagesServer();
});

afterAll(async () => {
  await server?.close();
});

const request = { model: "claude-test", max_tokens: 1024, messages: [{ role: "user" as const, content: "Weather in Paris?" }] };

function run(stream: boolean, ran: ToolUseBlock[], maxIterations = 10): Promise<RunResult> {
  const options = { client: server.client, request, dispatcher: echoDispatcher(ran), maxIterations };
  const defaults = { tools: [], dispatcher: echoDispatcher(ran) };
  return stream ? runToolsStreamingWith(defaults, options) : runToolsWith(defaults, options);
}

/** CPU milliseconds of this process (the fake server included): the work done, not the run queue. */
const cpu = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

type Event = { type: string; [key: string]: unknown };

/** A streamed reply of one get_weather call whose content block events carry `index`. */
function weatherAt(index: unknown): Event[] {
  return sseEvents([{ type: "tool_use", id: "toolu_w", name: "get_weather", json: ['{"location": "Paris"}'] }], "tool_use").map((e) =>
    e.type.startsWith("content_block_") ? { ...e, index } : e,
  );
}

describe("N2: a stream's content block index is the next block's, or the reply is a protocol error", () => {
  it("an index that skips, repeats, is fractional, negative, huge or not a number rejects at once, and nothing runs", async () => {
    const cases: Array<[unknown, RegExp]> = [
      [1, /^toolgen: the stream's content_block_start event has index 1 where 0 was expected$/],
      [0.5, /^toolgen: the stream's content_block_start event has index 0\.5 where 0 was expected$/],
      [-1, /^toolgen: the stream's content_block_start event has index -1 where 0 was expected$/],
      ["0", /^toolgen: the stream's content_block_start event has index "0" where 0 was expected$/],
      [undefined, /^toolgen: the stream's content_block_start event has no index where 0 was expected$/],
      [1e8, /^toolgen: the stream's content_block_start event has index 100000000 where 0 was expected$/],
      [1e9, /index 1000000000 where 0 was expected$/],
      [4294967294, /index 4294967294 where 0 was expected$/],
    ];
    for (const [index, error] of cases) {
      server.script([{ kind: "sse", events: weatherAt(index) }]);
      const ran: ToolUseBlock[] = [];
      const started = cpu();
      await expect(run(true, ran), `index ${String(index)}`).rejects.toThrow(error);
      // index 1e9 took 27 s of CPU: the sparse array's forEach walked every hole.
      expect(cpu() - started, `index ${String(index)}`).toBeLessThan(1_000);
      expect(ran).toEqual([]);
      expect(server.requests).toHaveLength(1);
    }
  });

  it("a delta or stop for a block that is not open, a block started while another is open, and events out of the message's order are protocol errors", async () => {
    const events = sseEvents(
      [
        { type: "text", text: "Checking." },
        { type: "tool_use", id: "toolu_w", name: "get_weather", json: ['{"location": "Paris"}'] },
      ],
      "tool_use",
    );
    const at = (i: number, patch: object): Event[] => events.map((e, k) => (k === i ? { ...e, ...patch } : e));
    // events: 0 message_start, 1-3 text block 0, 4 start 1, 5 delta 1, 6 stop 1, 7 message_delta, 8 message_stop
    const cases: Array<[Array<Event | null>, RegExp]> = [
      [at(5, { index: 0 }), /^toolgen: the stream's content_block_delta event has index 0 where 1 was expected$/],
      [at(5, { index: 2 }), /^toolgen: the stream's content_block_delta event has index 2 where 1 was expected$/],
      [at(6, { index: 7 }), /^toolgen: the stream's content_block_stop event has index 7 where 1 was expected$/],
      [[...events.slice(0, 5), events[3]!, ...events.slice(5)], /^toolgen: the stream's content_block_stop event has index 0 where 1 was expected$/],
      [[events[0]!, events[5]!, ...events.slice(1)], /^toolgen: the stream's content_block_delta event has index 1 where no content block is open$/],
      [[...events.slice(0, 3), ...events.slice(4)], /^toolgen: the stream's content_block_start event for block 1 came while block 0 was open$/],
      [at(4, { content_block: null }), /^toolgen: the stream's content_block_start event for block 1 has no content_block object$/],
      [[events[4]!, ...events], /^toolgen: the stream's content_block_start event came before its message_start event$/],
      [[...events, events[4]!], /^toolgen: the stream's content_block_start event came after its message_stop event$/],
      [[events[0]!, ...events], /^toolgen: the stream has a second message_start event$/],
      [[events[0]!, null, ...events.slice(1)], /^toolgen: the stream sent an event that is not an object \(got null\)$/],
      [[...events, events[7]!], /^toolgen: the stream's message_delta event came after its message_stop event$/],
    ];
    for (const [sequence, error] of cases) {
      server.script([{ kind: "sse", events: sequence }]);
      const ran: ToolUseBlock[] = [];
      await expect(run(true, ran), error.source).rejects.toThrow(error);
      expect(ran).toEqual([]);
    }
  });

  it("the well-formed sequence the cases above break runs its call", async () => {
    server.script([
      { kind: "sse", events: weatherAt(0) },
      { kind: "sse", events: sseEvents([{ type: "text", text: "15 degrees." }], "end_turn") },
    ]);
    const ran: ToolUseBlock[] = [];
    const result = await run(true, ran);
    expect(ran).toEqual([{ type: "tool_use", id: "toolu_w", name: "get_weather", input: { location: "Paris" } }]);
    expect(result.iterations).toBe(2);
  });
});

describe("N2, also seen: a reply whose content is not an array of blocks is a protocol error", () => {
  it.each([
    ["null", null, "tool_use", /^toolgen: the reply's content is not an array of content blocks \(got null\)$/],
    ["a string", "x", "tool_use", /^toolgen: the reply's content is not an array of content blocks \(got a string\)$/],
    ["null, end_turn", null, "end_turn", /^toolgen: the reply's content is not an array of content blocks \(got null\)$/],
    ["a list holding a string", ["x"], "end_turn", /^toolgen: the reply's content block 0 is not an object \(got a string\)$/],
    ["a tool_use without an id", [{ type: "tool_use", name: "get_weather", input: {} }], "tool_use", /^toolgen: the reply's content block 0 is a tool_use block without a string id and name$/],
    ["a tool_use with a numeric name", [{ type: "text", text: "" }, { type: "tool_use", id: "toolu_1", name: 7, input: {} }], "tool_use", /^toolgen: the reply's content block 1 is a tool_use block without a string id and name$/],
    ["no tool_use block at stop_reason tool_use", [{ type: "text", text: "Let me check." }], "tool_use", /^toolgen: the reply stopped for tool_use but holds no tool_use block$/],
  ])("runTools: content %s rejects after one request, with no empty user turn sent", async (_, content, stopReason, error) => {
    server.script([{ kind: "raw", body: { ...message([], stopReason), content } }]);
    const ran: ToolUseBlock[] = [];
    await expect(run(false, ran)).rejects.toThrow(error);
    expect(server.requests).toHaveLength(1);
    expect(ran).toEqual([]);
  });

  it("runTools: a reply that is not an object rejects", async () => {
    server.script([{ kind: "raw", body: null }]);
    await expect(run(false, [])).rejects.toThrow(/^toolgen: the reply is not a message object \(got null\)$/);
    expect(server.requests).toHaveLength(1);
  });

  it("runToolsStreaming: stop_reason tool_use without a tool_use block rejects the same way", async () => {
    server.script([{ kind: "sse", events: sseEvents([{ type: "text", text: "Let me check." }], "tool_use") }]);
    await expect(run(true, [])).rejects.toThrow(/^toolgen: the reply stopped for tool_use but holds no tool_use block$/);
    expect(server.requests).toHaveLength(1);
  });

  it("runLegacyTools: content null rejects with the same error, not a TypeError", async () => {
    server.script([{ kind: "raw", body: { ...message([], "end_turn"), content: null } }]);
    const defaults = { dispatcher: echoDispatcher([]), systemPrompt: "legacy", stopSequence: "</function_calls>" };
    await expect(runLegacyToolsWith(defaults, { client: server.client, request })).rejects.toThrow(
      /^toolgen: the reply's content is not an array of content blocks \(got null\)$/,
    );
  });
});

describe("issue 23 item 14: a tool input cut off by max_tokens", () => {
  it("gets the same cut-off message streamed or not (not 'not a valid JSON object')", async () => {
    const sent: Record<string, unknown> = {};
    for (const stream of [false, true]) {
      server.script([
        stream
          ? { kind: "sse", events: sseEvents([{ type: "tool_use", id: "toolu_c", name: "get_weather", json: ['{"location": "Par'] }], "max_tokens") }
          : { kind: "json", content: [{ type: "tool_use", id: "toolu_c", name: "get_weather", input: { location: "Par" } }], stop_reason: "max_tokens" },
      ]);
      const ran: ToolUseBlock[] = [];
      const result = await run(stream, ran, 1);
      expect(ran).toEqual([]);
      sent[stream ? "streaming" : "non-streaming"] = result.messages.at(-1)?.content;
    }
    const cutOff = [
      {
        type: "tool_result",
        tool_use_id: "toolu_c",
        content:
          "Error: the input of tool 'get_weather' was cut off: the reply reached max_tokens before the input was complete, so the tool did not run. Call it again with the whole input (shorter, if it can be).",
        is_error: true,
      },
    ];
    expect(sent).toEqual({ "non-streaming": cutOff, streaming: cutOff });
  });
});
