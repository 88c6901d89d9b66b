import { readFileSync } from "node:fs";
import { Ajv } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it, vi } from "vitest";
import {
  createDispatcherFrom,
  type RegisteredTool,
  type ToolContext,
  type ToolHandler,
  type ToolResultBlock,
  type ValidateFunction,
} from "../../src/runtime/dispatch.js";
import type { JsonSchema } from "../../src/runtime/legacy.js";
import { legacyConversions } from "../../src/targets/anthropic/legacy-view.js";

const ajv = new Ajv({ allErrors: true, strict: false });
ajv.addFormat("email", /^[^@\s]+@[^@\s]+$/);

function tool(name: string, inputSchema: JsonSchema, loader?: () => ValidateFunction | Promise<ValidateFunction>): RegisteredTool {
  return { name, inputSchema, loadValidator: loader ?? (() => ajv.compile(inputSchema)) };
}

const fixture = (name: string): string => readFileSync(new URL(`../fixtures/legacy/${name}`, import.meta.url), "utf8");

type Handlers = Record<string, ToolHandler<never>>;
/** A dispatcher over ad-hoc tools (the typed path is covered by types.test.ts). */
function make(tools: RegisteredTool[], handlers: Handlers) {
  // The legacy conversions a build would generate for these schemas (generated legacy.ts).
  const conversions = legacyConversions(tools.map((t) => ({ name: t.name, bundledSchema: t.inputSchema })));
  return createDispatcherFrom<Record<string, never>>(tools, handlers, conversions);
}

const use = (name: string, input: unknown, id = "toolu_1") => ({ type: "tool_use" as const, id, name, input });

const weatherSchema = {
  type: "object",
  properties: {
    location: { type: "string", description: "The city and state, e.g. San Francisco, CA" },
    unit: { type: "string", enum: ["celsius", "fahrenheit"] },
  },
  required: ["location"],
  additionalProperties: false,
} as const;

describe("dispatch: valid input and return values", () => {
  it("runs the handler with the input and a context, and returns its string", async () => {
    const seen: Array<[unknown, ToolContext]> = [];
    const d = make([tool("get_weather", weatherSchema)], {
      get_weather: (input: never, ctx: ToolContext) => {
        seen.push([input, ctx]);
        return "15 degrees";
      },
    });
    const r = await d.dispatch(use("get_weather", { location: "Paris", unit: "celsius" }, "toolu_42"));
    expect(r).toStrictEqual({ type: "tool_result", tool_use_id: "toolu_42", content: "15 degrees" });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.[0]).toStrictEqual({ location: "Paris", unit: "celsius" });
    expect(seen[0]?.[1]).toMatchObject({ toolUseId: "toolu_42", toolName: "get_weather", protocol: "native", context: undefined });
    expect(seen[0]?.[1].signal.aborted).toBe(false);
    expect(d.toolNames).toEqual(["get_weather"]);
  });

  const returning = (value: unknown) =>
    make([tool("t", { type: "object" })], { t: async () => value }).dispatch(use("t", {}));

  it("sends each kind of return value", async () => {
    const blocks = [
      { type: "text", text: "a chart:" },
      { type: "image", source: { type: "base64", media_type: "image/png", data: "iVBORw0KGgo=" } },
    ];
    expect(await returning(blocks)).toStrictEqual({ type: "tool_result", tool_use_id: "toolu_1", content: blocks });
    const none = await returning(undefined);
    expect(none).toStrictEqual({ type: "tool_result", tool_use_id: "toolu_1" });
    expect("content" in none).toBe(false);
    expect("is_error" in none).toBe(false);
    expect((await returning({ temperature: 15.5, conditions: "sunny" })).content).toBe('{"temperature":15.5,"conditions":"sunny"}');
    expect((await returning(42)).content).toBe("42");
    expect((await returning(false)).content).toBe("false");
    expect((await returning(null)).content).toBe("null");
    expect((await returning([])).content).toBe("[]");
    expect((await returning([1, "a"])).content).toBe('[1,"a"]');
    expect((await returning([{ type: "text", text: "x" }, { type: "image", source: { type: "url", url: "u" } }])).content).toBe(
      '[{"type":"text","text":"x"},{"type":"image","source":{"type":"url","url":"u"}}]',
    );
  });

  it("turns values JSON cannot hold into is_error results", async () => {
    const big = await returning(10n);
    expect(big.is_error).toBe(true);
    expect(big.content).toMatch(/^Error: the tool 't' returned a value that cannot be converted to JSON \(TypeError: .*BigInt/);
    const cycle: Record<string, unknown> = {};
    cycle["self"] = cycle;
    const c = await returning(cycle);
    expect(c.is_error).toBe(true);
    expect(c.content).toMatch(/cannot be converted to JSON \(TypeError: .*circular/i);
    expect(await returning(() => 1)).toStrictEqual({
      type: "tool_result",
      tool_use_id: "toolu_1",
      content: "Error: the tool 't' returned a function, which cannot be converted to JSON",
      is_error: true,
    });
    const throwingJson = await returning({ toJSON: () => { throw new RangeError("nope"); } });
    expect(throwingJson.content).toMatch(/\(RangeError: nope\)$/);
  });
});

describe("dispatch: validation messages", () => {
  const schema = {
    type: "object",
    $defs: { tag: { type: "string", minLength: 2 } },
    properties: {
      location: { type: "string" },
      unit: { type: "string", enum: ["celsius", "fahrenheit"] },
      symbol: { type: "string" },
      count: { type: "integer", minimum: 1, maximum: 10 },
      ratio: { type: "number", exclusiveMinimum: 0, exclusiveMaximum: 1 },
      flag: { type: "boolean" },
      tags: { type: "array", items: { $ref: "#/$defs/tag" }, minItems: 1, maxItems: 3, uniqueItems: true },
      address: {
        type: "object",
        properties: { city: { type: "string", maxLength: 5 }, zip: { type: "string", pattern: "^[0-9]{5}$" } },
        required: ["city"],
        additionalProperties: false,
      },
      nothing: { type: "null" },
      note: { type: ["string", "null"] },
      email: { type: "string", format: "email" },
      version: { const: 2 },
      step: { type: "number", multipleOf: 0.5 },
      id: { anyOf: [{ type: "string" }, { type: "integer" }] },
      shape: {
        anyOf: [
          { type: "object", properties: { radius: { type: "number" } }, required: ["radius"] },
          { type: "object", properties: { side: { type: "number" } }, required: ["side"] },
        ],
      },
      not_this: { not: { type: "string" } },
      amount: { oneOf: [{ type: "integer" }, { type: "number" }] },
      ids: { type: "array", items: { anyOf: [{ type: "string" }, { type: "integer" }] } },
      "user.name": { type: "string" },
    },
    required: ["location"],
    additionalProperties: false,
    dependencies: { count: ["flag"] },
  };
  const d = make([tool("t", schema)], { t: () => "ran" });
  const errorOf = async (input: unknown): Promise<string> => {
    const r = await d.dispatch(use("t", input));
    expect(r.is_error).toBe(true);
    expect(typeof r.content).toBe("string");
    return r.content as string;
  };
  const ok = { location: "Paris" };

  it.each([
    [{}, "Error: Missing required parameter 'location'"],
    [{ ...ok, unit: "kelvin" }, "Error: Parameter 'unit' must be one of: celsius, fahrenheit"],
    [{ ...ok, symbol: 5 }, "Error: Parameter 'symbol' must be a string"],
    // Strings with no other reading: "3" and "false" would be repaired (repair.test.ts).
    [{ ...ok, count: "three", flag: true }, "Error: Parameter 'count' must be an integer"],
    [{ ...ok, ratio: "x" }, "Error: Parameter 'ratio' must be a number"],
    [{ ...ok, flag: "no" }, "Error: Parameter 'flag' must be a boolean"],
    [{ ...ok, tags: "a,b" }, "Error: Parameter 'tags' must be an array"],
    [{ ...ok, address: "Main St" }, "Error: Parameter 'address' must be an object"],
    [{ ...ok, nothing: 0 }, "Error: Parameter 'nothing' must be null"],
    [{ ...ok, note: 1 }, "Error: Parameter 'note' must be a string or null"],
    [{ ...ok, x: 1 }, "Error: Unknown parameter 'x'"],
    [{ ...ok, count: 0, flag: true }, "Error: Parameter 'count' must be at least 1"],
    [{ ...ok, count: 11, flag: true }, "Error: Parameter 'count' must be at most 10"],
    [{ ...ok, ratio: 0 }, "Error: Parameter 'ratio' must be greater than 0"],
    [{ ...ok, ratio: 1 }, "Error: Parameter 'ratio' must be less than 1"],
    [{ ...ok, tags: ["a"] }, "Error: Parameter 'tags[0]' must be at least 2 characters long"],
    [{ ...ok, address: { city: "Amsterdam" } }, "Error: Parameter 'address.city' must be at most 5 characters long"],
    [{ ...ok, address: { city: "Rome", zip: "1" } }, "Error: Parameter 'address.zip' must match the pattern ^[0-9]{5}$"],
    [{ ...ok, address: {} }, "Error: Missing required parameter 'address.city'"],
    [{ ...ok, address: { city: "Rome", country: "IT" } }, "Error: Unknown parameter 'address.country'"],
    [{ ...ok, tags: [] }, "Error: Parameter 'tags' must have at least 1 item"],
    [{ ...ok, tags: ["ab", "cd", "ef", "gh"] }, "Error: Parameter 'tags' must have at most 3 items"],
    [{ ...ok, tags: ["ab", "ab"] }, "Error: Parameter 'tags' must not contain duplicate items (items 0 and 1 are identical)"],
    [{ ...ok, tags: ["ab", 7] }, "Error: Parameter 'tags[1]' must be a string"],
    [{ ...ok, version: 3 }, "Error: Parameter 'version' must be exactly 2"],
    [{ ...ok, email: "nope" }, "Error: Parameter 'email' must be a valid email"],
    [{ ...ok, step: 0.3 }, "Error: Parameter 'step' must be a multiple of 0.5"],
    [{ ...ok, id: true }, "Error: Parameter 'id' must be a string or an integer"],
    [{ ...ok, shape: { size: 1 } }, "Error: Parameter 'shape' does not match any allowed shape"],
    [{ ...ok, not_this: "s" }, "Error: Parameter 'not_this' must NOT be valid"],
    [{ ...ok, amount: 1 }, "Error: Parameter 'amount' matches more than one allowed shape; it must match exactly one"],
    [{ ...ok, amount: "1" }, "Error: Parameter 'amount' must be an integer or a number"],
    [{ ...ok, ids: ["a", true, 3] }, "Error: Parameter 'ids[1]' must be a string or an integer"],
    [{ ...ok, count: 2 }, "Error: Missing required parameter 'flag' (required when 'count' is present)"],
    [{ ...ok, "user.name": 1 }, "Error: Parameter 'user.name' must be a string"],
    ["Paris", "Error: Input must be an object"],
    [null, "Error: Input must be an object"],
  ])("%j -> %s", async (input, message) => {
    expect(await errorOf(input)).toBe(message);
  });

  it("reports every error, joined with '; ', without anyOf branch noise", async () => {
    expect(await errorOf({ unit: "kelvin", extra: 1, shape: { radius: "big" }, tags: [1] })).toBe(
      "Error: Missing required parameter 'location'; Unknown parameter 'extra'; Parameter 'unit' must be one of: celsius, fahrenheit; " +
        "Parameter 'tags[0]' must be a string; Parameter 'shape' does not match any allowed shape",
    );
  });

  it("reads draft 2020-12 keywords too (dependentRequired, unevaluatedProperties)", async () => {
    const ajv2020 = new Ajv2020({ allErrors: true, strict: false });
    const s2020 = {
      type: "object",
      properties: { a: { type: "string" }, b: { type: "string" } },
      dependentRequired: { a: ["b"] },
      unevaluatedProperties: false,
    };
    const d2 = make([tool("t", s2020, () => ajv2020.compile(s2020))], { t: () => "ran" });
    expect((await d2.dispatch(use("t", { a: "x", c: 1 }))).content).toBe(
      "Error: Missing required parameter 'b' (required when 'a' is present); Unknown parameter 'c'",
    );
  });

  it("does not run the handler for invalid input, and runs it for valid input", async () => {
    const handler = vi.fn(() => "ran");
    const d2 = make([tool("t", schema)], { t: handler });
    await d2.dispatch(use("t", {}));
    expect(handler).not.toHaveBeenCalled();
    expect(await d2.dispatch(use("t", ok))).toStrictEqual({ type: "tool_result", tool_use_id: "toolu_1", content: "ran" });
  });
});

describe("dispatch: validators are loaded lazily and cached", () => {
  it("loads on first call only, sync or async, and shares a pending load", async () => {
    const syncLoader = vi.fn(() => ajv.compile(weatherSchema));
    const asyncLoader = vi.fn(async () => ajv.compile(weatherSchema));
    const d = make([tool("a", weatherSchema, syncLoader), tool("b", weatherSchema, asyncLoader)], { a: () => "A", b: () => "B" });
    expect(syncLoader).not.toHaveBeenCalled();
    expect(asyncLoader).not.toHaveBeenCalled();
    const results = await Promise.all([1, 2, 3].flatMap((i) => [d.dispatch(use("a", { location: "x" }, `a${i}`)), d.dispatch(use("b", { location: "x" }, `b${i}`))]));
    expect(results.map((r) => r.content)).toEqual(["A", "B", "A", "B", "A", "B"]);
    await d.dispatch(use("b", {}));
    expect(syncLoader).toHaveBeenCalledTimes(1);
    expect(asyncLoader).toHaveBeenCalledTimes(1);
  });

  it("reports a failing loader as is_error and tries again next time", async () => {
    let attempts = 0;
    const loader = async () => {
      attempts++;
      if (attempts === 1) throw new Error("chunk failed to load");
      return ajv.compile(weatherSchema);
    };
    const d = make([tool("a", weatherSchema, loader)], { a: () => "A" });
    const first = await d.dispatch(use("a", { location: "x" }));
    expect(first).toStrictEqual({
      type: "tool_result",
      tool_use_id: "toolu_1",
      content: "Error: could not validate the input of tool 'a' (Error: chunk failed to load)",
      is_error: true,
    });
    expect((await d.dispatch(use("a", { location: "x" }))).content).toBe("A");
  });
});

describe("dispatch: failures", () => {
  it("names an unknown tool and lists the tools that exist", async () => {
    const d = make([tool("a", {}), tool("b", {})], { a: () => 1, b: () => 2 });
    expect(await d.dispatch(use("foo", {}, "toolu_9"))).toStrictEqual({
      type: "tool_result",
      tool_use_id: "toolu_9",
      content: "Error: Unknown tool 'foo'. Available tools: a, b",
      is_error: true,
    });
  });

  it("reports thrown errors as 'Name: message'", async () => {
    class ConnectionError extends Error {
      override name = "ConnectionError";
    }
    class TickerNotFound extends Error {}
    const throwing = (e: unknown) => make([tool("t", {})], { t: () => { throw e; } }).dispatch(use("t", {}));
    const rejecting = (e: unknown) => make([tool("t", {})], { t: () => Promise.reject(e) }).dispatch(use("t", {}));
    expect(await throwing(new ConnectionError("the weather service API is not available (HTTP 500)"))).toStrictEqual({
      type: "tool_result",
      tool_use_id: "toolu_1",
      content: "ConnectionError: the weather service API is not available (HTTP 500)",
      is_error: true,
    });
    expect((await rejecting(new ConnectionError("down"))).content).toBe("ConnectionError: down");
    expect((await throwing(new TickerNotFound("no GMX"))).content).toBe("TickerNotFound: no GMX");
    expect((await throwing(new TypeError("bad"))).content).toBe("TypeError: bad");
    expect((await throwing(new Error(""))).content).toBe("Error");
    expect((await throwing("plain string failure")).content).toBe("plain string failure");
    expect((await rejecting("rejected string")).content).toBe("rejected string");
    expect((await throwing({ code: 7 })).content).toBe('{"code":7}');
    expect((await throwing(42)).content).toBe("42");
    expect((await throwing(undefined)).content).toBe("Error: the tool failed (it threw undefined)");
    expect((await throwing(10n)).content).toBe("10");
    expect((await throwing(10n)).is_error).toBe(true);
  });

  it("never throws on malformed blocks or inputs", async () => {
    const d = make([tool("get_weather", weatherSchema)], { get_weather: () => "ok" });
    const bad: unknown[] = [
      null, undefined, 5, "tool_use", [], {}, { type: "tool_use" }, { type: "tool_use", id: 3, name: 4 },
      { type: "tool_use", id: "x", name: "get_weather" }, { type: "tool_use", id: "x", name: "get_weather", input: [1] },
      new Proxy({}, { get() { throw new Error("trap"); } }),
    ];
    for (const b of bad) {
      const r = await d.dispatch(b as never);
      expect(r.type).toBe("tool_result");
      expect(r.is_error).toBe(true);
      expect(typeof r.content).toBe("string");
    }
    expect((await d.dispatch({ type: "tool_use", id: "x", name: "get_weather" } as never)).content).toBe("Error: Input must be an object");
    expect(await d.dispatchAll(null as never)).toEqual([]);
    expect(await d.dispatchAll("x" as never)).toEqual([]);
  });

  it("rejects a missing handler or a duplicate tool when the dispatcher is built", () => {
    expect(() => make([tool("a", {})], {})).toThrow("toolgen: no handler for tool 'a'");
    expect(() => make([tool("a", {}), tool("a", {})], { a: () => 1 })).toThrow("the registry lists tool 'a' twice");
    const inherited = Object.create({ a: () => 1 }) as Handlers;
    expect(() => make([tool("a", {})], inherited)).toThrow("no handler for tool 'a'");
  });
});

describe("dispatch: object-internal names", () => {
  const internal = ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf", "__defineGetter__"];

  it("are unknown tools unless registered", async () => {
    const d = make([tool("a", {})], { a: () => 1 });
    for (const name of internal) {
      const r = await d.dispatch(use(name, {}));
      expect(r).toStrictEqual({
        type: "tool_result",
        tool_use_id: "toolu_1",
        content: `Error: Unknown tool '${name}'. Available tools: a`,
        is_error: true,
      });
    }
  });

  it("work as real tools when registered", async () => {
    const handlers: Handlers = {};
    for (const name of internal) {
      Object.defineProperty(handlers, name, { value: (_input: never, ctx: ToolContext) => `ran ${ctx.toolName}`, enumerable: true });
    }
    const schema = { type: "object", properties: { n: { type: "integer" } } };
    const d = make(internal.map((n) => tool(n, schema)), handlers);
    expect(d.toolNames).toEqual(internal);
    for (const name of internal) {
      expect((await d.dispatch(use(name, { n: 1 }))).content).toBe(`ran ${name}`);
      expect((await d.dispatch(use(name, { n: "x" }))).content).toBe("Error: Parameter 'n' must be an integer");
    }
    const text = `<function_calls>\n<invoke>\n<tool_name>__proto__</tool_name>\n<parameters>\n<n>3</n>\n</parameters>\n</invoke>\n`;
    expect(await d.dispatchFunctionCalls(text)).toBe(
      "<function_results>\n<result>\n<tool_name>__proto__</tool_name>\n<stdout>\nran __proto__\n</stdout>\n</result>\n</function_results>",
    );
  });

  it("uses computed keys in object literals (how generated code writes them)", async () => {
    const d = make([tool("__proto__", {}), tool("constructor", {})], {
      ["__proto__"]: () => "proto",
      ["constructor"]: () => "ctor",
    });
    expect((await d.dispatch(use("__proto__", {}))).content).toBe("proto");
    expect((await d.dispatch(use("constructor", {}))).content).toBe("ctor");
  });
});

describe("dispatchAll", () => {
  it("runs tool_use blocks concurrently and returns results in the original order", async () => {
    const started: string[] = [];
    const finished: string[] = [];
    const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const d = make([tool("slow", {}), tool("fast", {})], {
      slow: async (_i: never, ctx: ToolContext) => { started.push(ctx.toolUseId); await delay(30); finished.push(ctx.toolUseId); return "slow done"; },
      fast: async (_i: never, ctx: ToolContext) => { started.push(ctx.toolUseId); await delay(1); finished.push(ctx.toolUseId); return "fast done"; },
    });
    const content = [
      { type: "text", text: "<thinking>I need both.</thinking>" },
      use("slow", {}, "t1"),
      { type: "thinking", thinking: "..." },
      use("fast", {}, "t2"),
      use("nope", {}, "t3"),
      use("fast", {}, "t4"),
    ];
    const results = await d.dispatchAll(content);
    expect(results.map((r: ToolResultBlock) => [r.tool_use_id, r.content])).toEqual([
      ["t1", "slow done"],
      ["t2", "fast done"],
      ["t3", "Error: Unknown tool 'nope'. Available tools: slow, fast"],
      ["t4", "fast done"],
    ]);
    expect(started).toEqual(["t1", "t2", "t4"]);
    expect(finished).toEqual(["t2", "t4", "t1"]);
    expect(await d.dispatchAll([{ type: "text", text: "no tools" }])).toEqual([]);
  });
});

describe("dispatchFunctionCalls (legacy)", () => {
  const tickerSchema = { type: "object", properties: { company_name: { type: "string" } }, required: ["company_name"] };
  const priceSchema = { type: "object", properties: { symbol: { type: "string" } }, required: ["symbol"] };
  const contexts: ToolContext[] = [];
  const d = make([tool("get_ticker_symbol", tickerSchema), tool("get_current_stock_price", priceSchema), tool("chart", {}), tool("fail", {}), tool("count", { type: "object", properties: { n: { type: "integer", maximum: 3 } } })], {
    get_ticker_symbol: (input: never, ctx: ToolContext) => {
      contexts.push(ctx);
      return (input as { company_name: string }).company_name === "General Motors" ? "GM" : Promise.reject(new Error("TickerNotFound"));
    },
    get_current_stock_price: () => "38.50",
    chart: () => [
      { type: "text", text: "price chart" },
      { type: "image", source: { type: "base64", media_type: "image/png", data: "AAAA" } },
    ],
    fail: () => { throw new RangeError("bad <range> & more"); },
    count: (input: never) => (input as { n: number }).n,
  });

  it("answers the seed's GM turns byte for byte", async () => {
    const turn1 = fixture("gm_turn1_assistant.txt");
    expect(await d.dispatchFunctionCalls(turn1.slice(0, turn1.indexOf("</function_calls>")))).toBe(fixture("gm_turn1_results.txt"));
    expect(await d.dispatchFunctionCalls(fixture("gm_turn2_assistant.txt"))).toBe(fixture("gm_turn2_results.txt"));
    expect(contexts.at(-1)).toMatchObject({ toolName: "get_ticker_symbol", protocol: "legacy" });
    expect(contexts.at(-1)!.toolUseId).toMatch(/^legacy_\d+$/);
  });

  it("turns parse errors, invalid input, unknown tools and failures into <error> elements, in order", async () => {
    const text =
      "<function_calls>\n" +
      "<invoke>\n<tool_name>count</tool_name>\n<parameters>\n<n>abc</n>\n</parameters>\n</invoke>\n" +
      "<invoke>\n<tool_name>count</tool_name>\n<parameters>\n<n>5</n>\n</parameters>\n</invoke>\n" +
      "<invoke>\n<tool_name>count</tool_name>\n<parameters>\n<n>2</n>\n</parameters>\n</invoke>\n" +
      "<invoke>\n<tool_name>nope</tool_name>\n</invoke>\n" +
      "<invoke>\n<tool_name>fail</tool_name>\n<parameters>\n</parameters>\n</invoke>\n" +
      "<invoke>\n<tool_name>chart</tool_name>\n<parameters>\n</parameters>\n</invoke>\n" +
      "<invoke>\n<tool_name>get_ticker_symbol</tool_name>\n<parameters>\n<company_name>Gen";
    expect(await d.dispatchFunctionCalls(text)).toBe(
      [
        "<function_results>",
        "<error>\nError: Parameter 'n' must be an integer, got \"abc\"\n</error>",
        "<error>\nError: Parameter 'n' must be at most 3\n</error>",
        "<result>\n<tool_name>count</tool_name>\n<stdout>\n2\n</stdout>\n</result>",
        "<error>\nError: Unknown tool 'nope'. Available tools: get_ticker_symbol, get_current_stock_price, chart, fail, count\n</error>",
        "<error>\nRangeError: bad &lt;range&gt; &amp; more\n</error>",
        "<result>\n<tool_name>chart</tool_name>\n<stdout>\nprice chart\n[image omitted: the legacy function-calling format cannot carry images]\n</stdout>\n</result>",
        "<error>\nError: The call was cut off inside parameter 'company_name' (no closing </company_name> tag); send the whole call again\n</error>"
          .replace("</company_name>", "&lt;/company_name&gt;"),
        "</function_results>",
      ].join("\n"),
    );
  });

  it("returns an empty string when there is nothing to run", async () => {
    expect(await d.dispatchFunctionCalls("Just an answer.")).toBe("");
    expect(await d.dispatchFunctionCalls(undefined as never)).toBe("");
  });
});
