/**
 * Issue 27: a handler's `inputRequired(...)` (MCP 2026-07-28's input_required, SEP-2322) through the
 * generated folder's native dispatch (a tool_result that is not is_error, carrying the request), the
 * legacy format (its words), and runTools / runToolsStreaming against a scripted Messages client: the
 * loop stops with RunResult.inputRequired, and `resume` makes the asking call again with the answers.
 */
import { cp } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { build } from "../../src/pipeline.js";
import type { Dispatcher, ToolContext } from "../../src/runtime/dispatch.js";
import type { InputRequired, InputRequiredSpec, ElicitationRequest } from "../../src/runtime/input-required.js";
import type { ModelMessage, RunResult } from "../../src/runtime/run.js";
import { repoRoot } from "../helpers.js";
import { repoTempDir } from "../e2e/compile.js";
import { sseEvents } from "./messages-server.js";

type Handler = (input: never, ctx: ToolContext) => unknown;
type Handlers = Record<"get_weather" | "get_ticker_symbol" | "get_current_stock_price" | "get_stock_price", Handler>;

interface Generated {
  createDispatcher(handlers: Handlers): Dispatcher;
  runTools(options: object): Promise<RunResult>;
  runToolsStreaming(options: object): Promise<RunResult>;
  runLegacyTools(options: object): Promise<RunResult>;
  inputRequired: ((spec: InputRequiredSpec) => InputRequired) & { elicit(params: ElicitationRequest["params"]): ElicitationRequest };
  acceptedContent(responses: ToolContext["inputResponses"], key: string): Record<string, unknown> | undefined;
}

let g: Generated;

beforeAll(async () => {
  const dir = await repoTempDir();
  await cp(path.join(repoRoot, "schemas"), path.join(dir, "schemas"), { recursive: true });
  const out = path.join(dir, "generated");
  await build({ schemas: path.join(dir, "schemas"), out, handlers: path.join(dir, "handlers"), lint: false });
  g = (await import(path.join(out, "index.ts"))) as Generated;
});

const UNIT_FORM = { type: "object" as const, properties: { unit: { type: "string", enum: ["C", "F"] } }, required: ["unit"] };

/** get_weather asks which unit (once), then answers in it; every call is logged with what its context carried. */
function handlers(log: string[]): Handlers {
  return {
    get_weather: (input: never, ctx: ToolContext) => {
      const where = (input as { location: string }).location;
      log.push(`get_weather ${JSON.stringify(ctx.inputResponses ?? null)} ${ctx.requestState ?? "-"}`);
      const answer = g.acceptedContent(ctx.inputResponses, "unit");
      if (answer === undefined) {
        return g.inputRequired({ inputRequests: { unit: g.inputRequired.elicit({ message: "Celsius or Fahrenheit?", requestedSchema: UNIT_FORM }) }, requestState: `asked:${where}` });
      }
      return answer["unit"] === "F" ? `59 F in ${where}` : `15 C in ${where}`;
    },
    get_ticker_symbol: (input: never) => {
      log.push("get_ticker_symbol");
      return (input as { company_name: string }).company_name === "General Motors" ? "GM" : "??";
    },
    get_current_stock_price: () => "38.50",
    get_stock_price: () => "38.50",
  };
}

const ASKED: InputRequired = {
  resultType: "input_required",
  inputRequests: { unit: { method: "elicitation/create", params: { mode: "form", message: "Celsius or Fahrenheit?", requestedSchema: UNIT_FORM } } },
  requestState: "asked:Paris",
};

describe("inputRequired through native dispatch", () => {
  it("is a tool_result that is not is_error, carrying the request; the call made again gets the answers", async () => {
    const log: string[] = [];
    const d = g.createDispatcher(handlers(log));
    const use = { type: "tool_use" as const, id: "toolu_1", name: "get_weather", input: { location: "Paris" } };
    const block = await d.dispatch(use);
    expect(block).toEqual({
      type: "tool_result",
      tool_use_id: "toolu_1",
      content: "The tool 'get_weather' needs more input from the user before it can finish: Celsius or Fahrenheit?",
      input_required: ASKED,
    });
    expect(block.is_error).toBeUndefined();
    const again = await d.dispatch(use, { inputResponses: { unit: { action: "accept", content: { unit: "F" } } }, requestState: "asked:Paris" });
    expect(again).toEqual({ type: "tool_result", tool_use_id: "toolu_1", content: "59 F in Paris" });
    expect(log).toEqual(["get_weather null -", `get_weather {"unit":{"action":"accept","content":{"unit":"F"}}} asked:Paris`]);
  });

  it("leaves the results of handlers that do not use it as they were (no new key)", async () => {
    const d = g.createDispatcher(handlers([]));
    const block = await d.dispatch({ type: "tool_use", id: "t", name: "get_ticker_symbol", input: { company_name: "General Motors" } });
    expect(JSON.stringify(block)).toBe(`{"type":"tool_result","tool_use_id":"t","content":"GM"}`);
    const object = await g.createDispatcher({ ...handlers([]), get_stock_price: () => ({ resultType: "complete", price: 1 }) }).dispatch({ type: "tool_use", id: "u", name: "get_stock_price", input: { ticker: "GM" } });
    expect(JSON.stringify(object)).toBe(`{"type":"tool_result","tool_use_id":"u","content":"{\\"resultType\\":\\"complete\\",\\"price\\":1}"}`);
  });

  it("refuses an input_required result that asks nothing: a TypeError from the helper, an is_error result from a hand-built one", async () => {
    expect(() => g.inputRequired({})).toThrow(new TypeError("toolgen: inputRequired(): it has neither inputRequests nor requestState"));
    const d = g.createDispatcher({ ...handlers([]), get_stock_price: () => ({ resultType: "input_required", inputRequests: { x: 1 } }) });
    expect(await d.dispatch({ type: "tool_use", id: "v", name: "get_stock_price", input: { ticker: "GM" } })).toEqual({
      type: "tool_result",
      tool_use_id: "v",
      content: "Error: the tool 'get_stock_price' returned an input_required result, but its input request 'x' has no method",
      is_error: true,
    });
  });

  it("the legacy format, which cannot carry it, tells the model in words (not an error)", async () => {
    const d = g.createDispatcher(handlers([]));
    const text = await d.dispatchFunctionCalls(`<function_calls><invoke name="get_weather"><parameter name="location">Paris</parameter></invoke></function_calls>`);
    expect(text).toContain("<stdout>\nThe tool 'get_weather' needs more input from the user before it can finish: Celsius or Fahrenheit?\n</stdout>");
    expect(text).not.toContain("<error>");
  });
});

/** A Messages client replying from a script, recording every request body. */
function scriptedClient(replies: ModelMessage[]): { client: object; bodies: Array<{ messages: Array<{ role: string; content: unknown }> }> } {
  const bodies: Array<{ messages: Array<{ role: string; content: unknown }> }> = [];
  const client = {
    messages: {
      create: async (body: { messages: Array<{ role: string; content: unknown }> }) => {
        bodies.push(structuredClone(body));
        const reply = replies[bodies.length - 1];
        if (reply === undefined) throw new Error("the script has no more replies");
        return reply;
      },
    },
  };
  return { client, bodies };
}

describe("runTools and inputRequired", () => {
  const calls: ModelMessage = {
    role: "assistant",
    stop_reason: "tool_use",
    content: [
      { type: "text", text: "Let me look." },
      { type: "tool_use", id: "toolu_w", name: "get_weather", input: { location: "Paris" } },
      { type: "tool_use", id: "toolu_t", name: "get_ticker_symbol", input: { company_name: "General Motors" } },
    ],
  };
  const done: ModelMessage = { role: "assistant", stop_reason: "end_turn", content: [{ type: "text", text: "59 F, and GM." }] };
  const request = { model: "claude-test", max_tokens: 1024, messages: [{ role: "user" as const, content: "Weather in Paris, and GM's ticker?" }] };

  it("stops with RunResult.inputRequired (results not sent), and resume makes the asking call again with the answers", async () => {
    const log: string[] = [];
    const dispatcher = g.createDispatcher(handlers(log));
    const { client, bodies } = scriptedClient([calls, done]);
    const stopped = await g.runTools({ client, dispatcher, request });
    expect(bodies).toHaveLength(1);
    expect(stopped.iterations).toBe(1);
    expect(stopped.limitReached).toBe(false);
    expect(stopped.message).toEqual(calls);
    expect(stopped.messages).toEqual([...request.messages, { role: "assistant", content: calls.content }]);
    expect(stopped.inputRequired?.calls).toEqual([{ toolUseId: "toolu_w", toolName: "get_weather", request: ASKED }]);
    expect(stopped.inputRequired?.results.map((r) => [r.tool_use_id, r.content, r.is_error, r.input_required !== undefined])).toEqual([
      ["toolu_w", "The tool 'get_weather' needs more input from the user before it can finish: Celsius or Fahrenheit?", undefined, true],
      ["toolu_t", "GM", undefined, false],
    ]);

    const resumed = await g.runTools({
      client,
      dispatcher,
      request: { ...request, messages: stopped.messages },
      resume: { results: stopped.inputRequired!.results, inputResponses: { toolu_w: { unit: { action: "accept", content: { unit: "F" } } } } },
    });
    expect(resumed.inputRequired).toBeUndefined();
    expect(resumed.message).toEqual(done);
    expect(resumed.iterations).toBe(1);
    // The ticker call ran once; the weather call ran again with its answers and its requestState.
    expect(log).toEqual(["get_weather null -", "get_ticker_symbol", `get_weather {"unit":{"action":"accept","content":{"unit":"F"}}} asked:Paris`]);
    expect(bodies[1]!.messages.at(-1)).toEqual({
      role: "user",
      content: [
        { type: "tool_result", tool_use_id: "toolu_w", content: "59 F in Paris" },
        { type: "tool_result", tool_use_id: "toolu_t", content: "GM" },
      ],
    });
    expect(resumed.messages).toEqual([...stopped.messages, bodies[1]!.messages.at(-1), { role: "assistant", content: done.content }]);
  });

  it("a resume whose answers are declined stops again, without calling the model", async () => {
    const dispatcher = g.createDispatcher(handlers([]));
    const { client, bodies } = scriptedClient([calls]);
    const stopped = await g.runTools({ client, dispatcher, request });
    const again = await g.runTools({ client, dispatcher, request: { ...request, messages: stopped.messages }, resume: { results: stopped.inputRequired!.results, inputResponses: { toolu_w: { unit: { action: "decline" } } } } });
    expect(bodies).toHaveLength(1);
    expect(again.iterations).toBe(0);
    expect(again.inputRequired?.calls.map((c) => c.toolUseId)).toEqual(["toolu_w"]);
    expect(again.messages).toEqual(stopped.messages);
  });

  it("a resume not from a stopped run's messages is refused, and so is one given to the legacy loop", async () => {
    const { client } = scriptedClient([]);
    const results = [{ type: "tool_result" as const, tool_use_id: "toolu_w", input_required: ASKED }];
    await expect(g.runTools({ client, request, resume: { results, inputResponses: {} } })).rejects.toThrow(/resume: request.messages must end with the assistant reply/);
    // The legacy loop never stops for input: a resume there is a mistake, said so.
    await expect(g.runLegacyTools({ client, request, resume: { results, inputResponses: {} } })).rejects.toThrow("toolgen: resume is for runTools and runToolsStreaming; the legacy loop never stops for input");
  });
});

describe("runToolsStreaming and inputRequired", () => {
  it("stops on it as runTools does, and goes on with resume", async () => {
    const log: string[] = [];
    const dispatcher = g.createDispatcher(handlers(log));
    const script = [
      sseEvents([{ type: "tool_use", id: "toolu_s", name: "get_weather", json: ['{"location":', '"Paris"}'] }], "tool_use"),
      sseEvents([{ type: "text", text: "59 F." }], "end_turn"),
    ];
    const bodies: Array<{ messages: Array<{ role: string; content: unknown }> }> = [];
    const client = {
      messages: {
        create: async (body: { messages: Array<{ role: string; content: unknown }> }) => {
          bodies.push(structuredClone(body));
          const events = script[bodies.length - 1] ?? [];
          return (async function* () {
            yield* events;
          })();
        },
      },
    };
    const request = { model: "claude-test", max_tokens: 1024, messages: [{ role: "user" as const, content: "Weather in Paris?" }] };
    const stopped = await g.runToolsStreaming({ client, dispatcher, request });
    expect(stopped.inputRequired?.calls).toEqual([{ toolUseId: "toolu_s", toolName: "get_weather", request: ASKED }]);
    expect(bodies).toHaveLength(1);
    const resumed = await g.runToolsStreaming({
      client,
      dispatcher,
      request: { ...request, messages: stopped.messages },
      resume: { results: stopped.inputRequired!.results, inputResponses: { toolu_s: { unit: { action: "accept", content: { unit: "F" } } } } },
    });
    expect(resumed.inputRequired).toBeUndefined();
    expect(bodies[1]!.messages.at(-1)).toEqual({ role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_s", content: "59 F in Paris" }] });
    expect(log).toEqual(["get_weather null -", `get_weather {"unit":{"action":"accept","content":{"unit":"F"}}} asked:Paris`]);
  });
});
