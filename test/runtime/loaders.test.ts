/**
 * src/runtime/loaders.ts `lazyHandler`: the handler file is imported on the first call, and every
 * later call is the file's function called directly (its value handed on as it is, no async wrapper),
 * through a real dispatcher as the generated index.ts wires it.
 */
import { describe, expect, it } from "vitest";
import { createDispatcherFrom, type RegisteredTool, type ToolContext } from "../../src/runtime/dispatch.js";
import { lazyHandler, type HandlerModule } from "../../src/runtime/loaders.js";

const accept = () => true;
const tool = (name: string): RegisteredTool => ({ name, inputSchema: { type: "object" }, loadValidator: () => accept });
const context = (toolName: string): ToolContext => ({ toolUseId: "toolu_1", toolName, protocol: "native", context: undefined, signal: AbortSignal.abort() });

describe("lazyHandler", () => {
  it("imports the file once; after that a call returns the file's own value (a Promise only if the handler made one)", async () => {
    let loads = 0;
    const sync = (input: { n: number }) => input.n + 1;
    const handler = lazyHandler<{ n: number }>(async () => { loads++; return { default: sync }; });
    await expect(handler({ n: 1 }, context("t"))).resolves.toBe(2);
    expect(handler({ n: 2 }, context("t"))).toBe(3);
    const promised = lazyHandler<unknown>(async () => ({ default: async () => "later" }));
    await promised({}, context("p"));
    const value = promised({}, context("p"));
    expect(value).toBeInstanceOf(Promise);
    await expect(value).resolves.toBe("later");
    expect(loads).toBe(1);
  });

  it("reads a CommonJS file's default.default, and rejects a file with no default function, naming the tool, on every call", async () => {
    const cjs = lazyHandler<unknown>(async () => ({ default: { default: () => "cjs" } }) as HandlerModule<unknown>);
    await expect(cjs({}, context("c"))).resolves.toBe("cjs");
    expect(cjs({}, context("c"))).toBe("cjs");
    const empty = lazyHandler<unknown>(async () => ({ default: { other: 1 } }) as unknown as HandlerModule<unknown>);
    await expect(empty({}, context("e"))).rejects.toThrow("toolgen: the handler file of 'e' has no default export function");
    await expect(empty({}, context("e"))).rejects.toThrow("has no default export function");
  });

  it("through dispatch: answers, a synchronous throw and a rejection after the first call are the same tool_results as on it", async () => {
    const files = {
      ok: async () => ({ default: (input: { n?: number }) => ({ n: input.n }) }),
      boom: async () => ({ default: () => { throw new RangeError("too big"); } }),
      nope: async () => ({ default: async () => { throw new Error("no"); } }),
    };
    const handlers = {
      ok: lazyHandler<{ n?: number }>(files.ok),
      boom: lazyHandler<unknown>(files.boom),
      nope: lazyHandler<unknown>(files.nope),
    };
    const d = createDispatcherFrom<{ ok: { n?: number }; boom: unknown; nope: unknown }>(Object.keys(handlers).map(tool), handlers);
    for (let round = 0; round < 2; round++) {
      const results = await d.dispatchAll([
        { type: "tool_use", id: "a", name: "ok", input: { n: round } },
        { type: "tool_use", id: "b", name: "boom", input: {} },
        { type: "tool_use", id: "c", name: "nope", input: {} },
      ]);
      expect(results).toEqual([
        { type: "tool_result", tool_use_id: "a", content: JSON.stringify({ n: round }) },
        { type: "tool_result", tool_use_id: "b", content: "RangeError: too big", is_error: true },
        { type: "tool_result", tool_use_id: "c", content: "Error: no", is_error: true },
      ]);
    }
  });
});
