/** Issue 14: the OpenAI adapters (src/runtime/openai.ts) over a native dispatcher, without a build. */
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { createDispatcherFrom, type ValidateFunction } from "../../src/runtime/dispatch.js";
import { createOpenAIDispatcher } from "../../src/runtime/openai.js";
import { lowerStrict } from "../../src/targets/openai/strict.js";

const schema = { type: "object", properties: { q: { type: "string" }, limit: { type: "integer" } }, required: ["q"] };
const ajv = new Ajv2020({ strict: false });
const native = createDispatcherFrom<{ search: { q: string; limit?: number } }>(
  [{ name: "search", inputSchema: schema, loadValidator: () => ajv.compile(schema) as ValidateFunction }],
  { search: async (input) => ({ seen: input, hasLimit: "limit" in input }) },
);
const adapter = createOpenAIDispatcher(native, new Map([["search", lowerStrict(schema).plan]]));

describe("OpenAI adapters", () => {
  it("normalise a strict call's nulls before the handler sees them", async () => {
    const [m] = await adapter.toolMessages([{ id: "1", type: "function", function: { name: "search", arguments: '{"q":"x","limit":null}' } }]);
    expect(JSON.parse(m!.content)).toEqual({ seen: { q: "x" }, hasLimit: false });
  });

  it("never reject, whatever the calls: hostile objects, non-arrays", async () => {
    const hostile = new Proxy({}, { get: () => { throw new Error("trap"); }, has: () => { throw new Error("trap"); } });
    const messages = await adapter.toolMessages([hostile, { id: "2", type: "function", function: { name: "search", arguments: '{"q":"y"}' } }]);
    expect(messages[0]).toEqual({ role: "tool", tool_call_id: "", content: "Error: malformed tool call (trap)" });
    expect(JSON.parse(messages[1]!.content)).toEqual({ seen: { q: "y" }, hasLimit: false });
    const outputs = await adapter.functionCallOutputs([hostile, { type: "function_call", call_id: "c", name: "search", arguments: '{"q":"z"}' }]);
    expect(outputs.map((o) => o.call_id)).toEqual(["", "c"]);
    expect(outputs[0]!.output).toBe("Error: malformed function call (trap)");
    expect(await adapter.functionCallOutputs("nope" as unknown as unknown[])).toEqual([]);
  });

  it("send images as input_image items to the Responses API, and a placeholder in a Chat tool message", async () => {
    const image = { type: "image", source: { type: "base64", media_type: "image/png", data: "AAAA" } };
    const pictures = createDispatcherFrom<{ draw: Record<string, never> }>(
      [{ name: "draw", inputSchema: { type: "object" }, loadValidator: () => ajv.compile({ type: "object" }) as ValidateFunction }],
      { draw: () => [{ type: "text", text: "here" }, image] },
    );
    const a = createOpenAIDispatcher(pictures, new Map());
    const [out] = await a.functionCallOutputs([{ type: "function_call", call_id: "d", name: "draw", arguments: "{}" }]);
    expect(out!.output).toEqual([{ type: "input_text", text: "here" }, { type: "input_image", image_url: "data:image/png;base64,AAAA" }]);
    const [msg] = await a.toolMessages([{ id: "e", type: "function", function: { name: "draw", arguments: "{}" } }]);
    expect(msg!.content).toBe("here\n[image omitted: a Chat Completions tool message cannot carry images]");
  });
});

describe("the adapters pass dispatch options on (issue 15's request context, signal and timeout)", () => {
  const slow = createDispatcherFrom<{ who: Record<string, never>; hang: Record<string, never> }>(
    [
      { name: "who", inputSchema: { type: "object" }, loadValidator: () => ajv.compile({ type: "object" }) as ValidateFunction },
      { name: "hang", inputSchema: { type: "object" }, loadValidator: () => ajv.compile({ type: "object" }) as ValidateFunction },
    ],
    { who: (_input, context) => ({ user: context.context }), hang: () => new Promise(() => undefined) },
  );
  const a = createOpenAIDispatcher(slow, new Map());

  it("Chat: the context reaches the handler, and a hung handler times out", async () => {
    const calls = [
      { id: "1", type: "function", function: { name: "who", arguments: "{}" } },
      { id: "2", type: "function", function: { name: "hang", arguments: "{}" } },
    ];
    const [who, hang] = await a.toolMessages(calls, { context: "ada", timeoutMs: 50 });
    expect(JSON.parse(who!.content)).toEqual({ user: "ada" });
    expect(hang!.content).toMatch(/timed out after 50 ms/);
  });

  it("Responses: the same", async () => {
    const items = [
      { type: "function_call", call_id: "a", name: "who", arguments: "{}" },
      { type: "function_call", call_id: "b", name: "hang", arguments: "{}" },
    ];
    const [who, hang] = await a.functionCallOutputs(items, { context: "bob", timeoutMs: 50 });
    expect(JSON.parse(String(who!.output))).toEqual({ user: "bob" });
    expect(String(hang!.output)).toMatch(/timed out after 50 ms/);
  });
});
