/**
 * Issue 15: the dispatcher's per-request options `{ context, signal, timeoutMs }`, for dispatch,
 * dispatchAll and dispatchFunctionCalls.
 */
import { describe, expect, it } from "vitest";
import {
  createDispatcherFrom,
  type AbortSignalLike,
  type RegisteredTool,
  type ToolContext,
  type ToolHandler,
} from "../../src/runtime/dispatch.js";

interface Ctx {
  userId: string;
}
const accept = () => true;
const tool = (name: string): RegisteredTool => ({ name, inputSchema: { type: "object" }, loadValidator: () => accept });
const use = (name: string, id = "toolu_1") => ({ type: "tool_use" as const, id, name, input: {} });
const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));
const never = () => new Promise<never>(() => {});

function make(handlers: Record<string, ToolHandler<unknown, Ctx>>) {
  return createDispatcherFrom<Record<string, unknown>, Ctx>(Object.keys(handlers).map(tool), handlers);
}

describe("the request context", () => {
  it("reaches the handler through dispatch, dispatchAll and dispatchFunctionCalls", async () => {
    const seen: string[] = [];
    const d = make({ who: (_i, ctx: ToolContext<Ctx>) => { seen.push(`${ctx.protocol}:${ctx.context.userId}`); return "ok"; } });
    await d.dispatch(use("who"), { context: { userId: "a" } });
    await d.dispatchAll([use("who")], { context: { userId: "b" } });
    await d.dispatchFunctionCalls("<function_calls><invoke><tool_name>who</tool_name><parameters></parameters></invoke>", { context: { userId: "c" } });
    expect(seen).toEqual(["native:a", "native:b", "legacy:c"]);
  });

  it("without options, a handler still gets a signal that is not aborted, the same object on every read", async () => {
    const signals: AbortSignalLike[] = [];
    const d = createDispatcherFrom<Record<string, unknown>>([tool("t")], { t: (_i, ctx) => { signals.push(ctx.signal, ctx.signal); return ctx.context === undefined ? "none" : "some"; } });
    expect((await d.dispatch(use("t"))).content).toBe("none");
    expect(signals[0]?.aborted).toBe(false);
    expect(signals[0]).toBe(signals[1]);
  });
});

describe("timeoutMs", () => {
  it("answers a hung handler 'timed out after N ms', aborts its signal, and does not hold the others back", async () => {
    let hung: ToolContext<Ctx>["signal"] | undefined;
    const d = make({
      hang: (_i, ctx) => { hung = ctx.signal; return never(); },
      quick: async () => { await delay(5); return "quick"; },
    });
    // 'timed out' in the answer is the timeout firing; a hang fails by vitest's own limit (no clock here).
    const results = await d.dispatchAll([use("hang", "toolu_h"), use("quick", "toolu_q")], { context: { userId: "u" }, timeoutMs: 40 });
    expect(results).toEqual([
      { type: "tool_result", tool_use_id: "toolu_h", content: "Error: the tool 'hang' timed out after 40 ms", is_error: true },
      { type: "tool_result", tool_use_id: "toolu_q", content: "quick" },
    ]);
    expect(hung?.aborted).toBe(true);
    expect((hung?.reason as Error).name).toBe("TimeoutError");
  });

  it("times out a legacy call too, as an <error> element", async () => {
    const d = make({ hang: () => never() });
    const out = await d.dispatchFunctionCalls("<function_calls><invoke><tool_name>hang</tool_name><parameters></parameters></invoke>", { context: { userId: "u" }, timeoutMs: 20 });
    expect(out).toContain("<error>\nError: the tool 'hang' timed out after 20 ms\n</error>");
  });

  it("keeps a handler's answer, its error, and a synchronous throw when they come in time", async () => {
    const d = make({
      ok: async () => { await delay(2); return { n: 1 }; },
      fails: async () => { throw new TypeError("bad"); },
      throws: () => { throw new Error("sync"); },
      thenGetterThrows: () => ({ get then(): unknown { throw new Error("then getter"); } }),
    });
    const o = { context: { userId: "u" }, timeoutMs: 1_000 };
    expect(await d.dispatch(use("ok"), o)).toEqual({ type: "tool_result", tool_use_id: "toolu_1", content: '{"n":1}' });
    expect((await d.dispatch(use("fails"), o)).content).toBe("TypeError: bad");
    expect((await d.dispatch(use("throws"), o)).content).toBe("Error: sync");
    expect(await d.dispatch(use("thenGetterThrows"), o)).toMatchObject({ is_error: true, content: "Error: then getter" });
  });

  it("rejects a timeout that is not a positive number with an is_error result, not a throw; Infinity means none", async () => {
    let ran = 0;
    const d = make({ t: () => { ran++; return "ran"; } });
    for (const bad of [0, -5, Number.NaN]) {
      const r = await d.dispatch(use("t"), { context: { userId: "u" }, timeoutMs: bad });
      expect(r).toMatchObject({ is_error: true });
      expect(r.content).toMatch(/^Error: toolgen: timeoutMs must be a positive number of milliseconds \(got (0|-5|NaN)\)$/);
    }
    expect(ran).toBe(0);
    expect((await d.dispatch(use("t"), { context: { userId: "u" }, timeoutMs: Number.POSITIVE_INFINITY })).content).toBe("ran");
    // Past setTimeout's range Node would fire at once: it means no timeout instead.
    expect((await d.dispatch(use("t"), { context: { userId: "u" }, timeoutMs: 2 ** 40 })).content).toBe("ran");
  });
});

describe("signal", () => {
  it("does not start a handler when the signal is already aborted", async () => {
    let ran = false;
    const d = make({ t: () => { ran = true; return "ran"; } });
    const r = await d.dispatch(use("t"), { context: { userId: "u" }, signal: AbortSignal.abort() });
    expect(r).toEqual({ type: "tool_result", tool_use_id: "toolu_1", content: "Error: the call to tool 't' was aborted", is_error: true });
    expect(ran).toBe(false);
  });

  it("answers a running call at once when the signal aborts, and aborts the handler's signal with the reason", async () => {
    const controller = new AbortController();
    let inner: ToolContext<Ctx>["signal"] | undefined;
    const d = make({ t: (_i, ctx) => { inner = ctx.signal; return never(); } });
    const pending = d.dispatch(use("t"), { context: { userId: "u" }, signal: controller.signal });
    await delay(5);
    controller.abort(new Error("user left"));
    expect(await pending).toMatchObject({ is_error: true, content: "Error: the call to tool 't' was aborted" });
    expect(inner?.aborted).toBe(true);
    expect((inner?.reason as Error).message).toBe("user left");
  });

  it("gives a handler that reads its signal only after the abort or the timeout an aborted signal with the reason", async () => {
    // The handler's signal is made on first read (bench/RESULTS.md 2026-11-26 23:00Z), so a late read must still see the abort.
    const controller = new AbortController();
    const late: Array<ToolContext<Ctx>["signal"]> = [];
    const d = make({ t: async (_i, ctx) => { await delay(60); late.push(ctx.signal); return "late"; } });
    const aborted = d.dispatch(use("t", "toolu_a"), { context: { userId: "u" }, signal: controller.signal });
    const timedOut = d.dispatch(use("t", "toolu_t"), { context: { userId: "u" }, timeoutMs: 10 });
    await delay(5);
    controller.abort(new Error("user left"));
    expect(await aborted).toMatchObject({ is_error: true, content: "Error: the call to tool 't' was aborted" });
    expect(await timedOut).toMatchObject({ is_error: true, content: "Error: the tool 't' timed out after 10 ms" });
    await delay(120);
    expect(late.map((s) => [s.aborted, (s.reason as Error).name, (s.reason as Error).message]).sort()).toEqual([
      [true, "Error", "user left"],
      [true, "TimeoutError", "the tool 't' timed out after 10 ms"],
    ]);
  });

  it("removes its abort listener from the caller's signal when a call ends", async () => {
    let listeners = 0;
    const signal: AbortSignalLike = {
      aborted: false,
      reason: undefined,
      addEventListener: () => { listeners++; },
      removeEventListener: () => { listeners--; },
    };
    const d = make({ a: () => "a", b: async () => "b", c: () => { throw new Error("c"); } });
    await d.dispatchAll([use("a"), use("b"), use("c")], { context: { userId: "u" }, signal });
    expect(listeners).toBe(0);
  });
});
