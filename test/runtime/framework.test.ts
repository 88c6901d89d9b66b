/**
 * Issue 25: runtime/framework.ts, the one path by which the framework outputs run a call: through a
 * toolgen dispatcher, so the handler's content, toolgen's messages (validation, a throwing handler,
 * an abort, a timeout), the call id, the context and the abort signal are dispatch's.
 */
import { describe, expect, it } from "vitest";
import { createDispatcherFrom, type RegisteredTool, type ToolContext, type ValidateFunction } from "../../src/runtime/dispatch.js";
import { frameworkBlocks, frameworkContent, frameworkText, isContentBlocks, runFrameworkCall, ToolCallFailed, type BlockFormat } from "../../src/runtime/framework.js";
import { compiled } from "./compiled.js";

const schema = { type: "object", properties: { n: { type: "integer" } }, required: ["n"] } as const;

async function setup() {
  const validate: ValidateFunction = await compiled(schema);
  const seen: Array<{ input: unknown; id: string; context: unknown; signal: boolean }> = [];
  const tools: RegisteredTool[] = [
    { name: "double", inputSchema: schema, loadValidator: () => validate },
    { name: "boom", inputSchema: schema, loadValidator: () => validate },
    { name: "wait", inputSchema: schema, loadValidator: () => validate },
    { name: "picture", inputSchema: schema, loadValidator: () => validate },
  ];
  const handlers = {
    double: (input: { n: number }, ctx: ToolContext) => {
      seen.push({ input, id: ctx.toolUseId, context: ctx.context, signal: ctx.signal.aborted });
      return { doubled: input.n * 2 };
    },
    boom: () => {
      throw new RangeError("too big");
    },
    wait: (_input: unknown, ctx: ToolContext) => new Promise((resolve) => ctx.signal.addEventListener("abort", () => resolve("late"))),
    picture: () => [{ type: "text", text: "a dot" }, { type: "image", source: { type: "base64", media_type: "image/png", data: "AAAA" } }],
  };
  return { dispatcher: createDispatcherFrom<Record<string, never>>(tools, handlers), seen };
}

describe("runFrameworkCall", () => {
  it("returns the handler's content, with the call id, the context and the input (repaired as dispatch repairs) passed through", async () => {
    const { dispatcher, seen } = await setup();
    expect(await runFrameworkCall(dispatcher, { toolName: "double", input: { n: "4" }, callId: "call_abc", context: { user: 7 } })).toEqual({ ok: true, content: '{"doubled":8}' });
    expect(seen).toEqual([{ input: { n: 4 }, id: "call_abc", context: { user: 7 }, signal: false }]);
    // No id from the framework: a fresh one.
    await runFrameworkCall(dispatcher, { toolName: "double", input: { n: 1 } });
    expect(seen[1]!.id).toMatch(/^call_\d+$/);
  });

  it("answers toolgen's messages: an invalid input, a throwing handler, an unknown tool", async () => {
    const { dispatcher } = await setup();
    expect(await runFrameworkCall(dispatcher, { toolName: "double", input: { n: 1.5 } })).toEqual({ ok: false, message: "Error: Parameter 'n' must be an integer" });
    expect(await runFrameworkCall(dispatcher, { toolName: "double", input: {} })).toEqual({ ok: false, message: "Error: Missing required parameter 'n'" });
    expect(await runFrameworkCall(dispatcher, { toolName: "boom", input: { n: 1 } })).toEqual({ ok: false, message: "RangeError: too big" });
    const unknown = await runFrameworkCall(dispatcher, { toolName: "dubble", input: { n: 1 } });
    expect(unknown).toEqual({ ok: false, message: "Error: Unknown tool 'dubble'. Available tools: double, boom, wait, picture" });
    const failed = new ToolCallFailed("Error: Missing required parameter 'n'");
    expect([failed instanceof Error, failed.name, failed.message, String(failed)]).toEqual([true, "ToolCallFailed", "Error: Missing required parameter 'n'", "Error: Missing required parameter 'n'"]);
  });

  it("passes the framework's abort signal to the handler, and a timeout", async () => {
    const { dispatcher } = await setup();
    const controller = new AbortController();
    const pending = runFrameworkCall(dispatcher, { toolName: "wait", input: { n: 1 }, signal: controller.signal });
    controller.abort();
    expect(await pending).toEqual({ ok: false, message: "Error: the call to tool 'wait' was aborted" });
    expect(await runFrameworkCall(dispatcher, { toolName: "wait", input: { n: 1 }, timeoutMs: 20 })).toEqual({ ok: false, message: "Error: the tool 'wait' timed out after 20 ms" });
  });

  it("gives text and image blocks as they are, and as one string for frameworks that take text", async () => {
    const { dispatcher } = await setup();
    const outcome = await runFrameworkCall(dispatcher, { toolName: "picture", input: { n: 1 } });
    expect(outcome.ok && frameworkText(outcome.content)).toBe("a dot\n[image: image/png]");
    expect(frameworkText(undefined)).toBe("");
  });

  it("maps blocks by a framework's declared format: a string stays one (frameworkContent) or is one text block (frameworkBlocks)", async () => {
    const { dispatcher } = await setup();
    const outcome = await runFrameworkCall(dispatcher, { toolName: "picture", input: { n: 1 } });
    const format: BlockFormat<{ kind: string; value: string }> = {
      text: (text) => ({ kind: "t", value: text }),
      image: ({ data, mediaType }) => ({ kind: mediaType, value: data }),
    };
    const mapped = [{ kind: "t", value: "a dot" }, { kind: "image/png", value: "AAAA" }];
    expect(outcome.ok && frameworkContent(outcome.content, format)).toEqual(mapped);
    expect(outcome.ok && frameworkBlocks(outcome.content, format)).toEqual(mapped);
    expect(frameworkContent("plain", format)).toBe("plain");
    expect(frameworkContent(undefined, format)).toBe("");
    expect(frameworkBlocks("plain", format)).toEqual([{ kind: "t", value: "plain" }]);
    expect(frameworkBlocks(undefined, format)).toEqual([]);
    expect(outcome.ok && isContentBlocks(outcome.content)).toBe(true);
    expect([isContentBlocks("text"), isContentBlocks([]), isContentBlocks([1]), isContentBlocks({ type: "text" })]).toEqual([false, false, false, false]);
  });
});
