/**
 * Issue 10 items 1, 2, 5, 16 (the Proxy) and issue 11 items 6, 12, 13: dispatch answers hostile
 * input in bounded time, reads own properties only, enforces formats, and words its messages so a
 * model can act on them. Validators are the generated ones (compiled.ts).
 */
import { describe, expect, it } from "vitest";
import {
  createDispatcherFrom,
  unknownToolMessage,
  type RegisteredTool,
  type ToolHandler,
  type ValidateFunction,
} from "../../src/runtime/dispatch.js";
import { describeValidationErrors, MAX_MESSAGE_CHARS, type ValidationError } from "../../src/runtime/messages.js";
import { equal } from "../../src/runtime/ajv.js";
import { compiled } from "./compiled.js";

type Handlers = Record<string, ToolHandler<never>>;

async function dispatcherFor(schema: unknown, handler: ToolHandler<never> = () => "ok") {
  const validate = await compiled(schema);
  const tools: RegisteredTool[] = [{ name: "t", inputSchema: schema as RegisteredTool["inputSchema"], loadValidator: () => validate }];
  const handlers: Handlers = { t: handler };
  return createDispatcherFrom<Record<string, never>>(tools, handlers);
}

/** CPU milliseconds of this process: the work done, where wall time on a loaded machine is mostly waiting. */
const cpu = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

const use = (input: unknown, name = "t") => ({ type: "tool_use" as const, id: "toolu_1", name, input });

describe("10.1: a catastrophic pattern cannot hang dispatch", () => {
  it("^(a+)+$ on 64 KB of model input answers within 100 ms", async () => {
    const d = await dispatcherFor({ type: "object", properties: { s: { type: "string", pattern: "^(a+)+$" } } });
    for (const n of [41, 1_000, 64_000]) {
      const started = cpu();
      const r = await d.dispatch(use({ s: `${"a".repeat(n)}b` }));
      const took = cpu() - started;
      expect(r.is_error).toBe(true);
      expect(r.content).toBe("Error: Parameter 's' must match the pattern ^(a+)+$");
      expect(took).toBeLessThan(n > 1000 ? 500 : 100);
    }
    expect((await d.dispatch(use({ s: "aaaa" }))).is_error).toBeUndefined();
  });

  it("patternProperties run on the same engine", async () => {
    const d = await dispatcherFor({ type: "object", patternProperties: { "^(x+x+)+y$": { type: "integer" } } });
    const started = cpu();
    const r = await d.dispatch(use({ [`${"x".repeat(5000)}`]: "no" }));
    expect(cpu() - started).toBeLessThan(500);
    expect(r.is_error).toBeUndefined();
    expect((await d.dispatch(use({ xxy: "no" }))).content).toBe("Error: Parameter 'xxy' must be an integer");
  });

  it("ECMA escapes RE2 spells differently keep their meaning", async () => {
    const v = await compiled({ type: "string", pattern: "^\\u00e9\\s.\\S[^]\\cJ$" });
    expect(v("é\u00a0x!\u2028\n")).toBe(true);
    expect(v("é x!\n\n")).toBe(true);
    expect(v("e x!\n\n")).toBe(false);
    expect(v("é \n!\n\n")).toBe(false);
    const emoji = await compiled({ type: "string", pattern: "^\\uD83D\\uDE00.$" });
    expect(emoji("😀😀")).toBe(true);
  });

  it("a pattern RE2 cannot run stops the build instead of surprising at run time", async () => {
    await expect(compiled({ type: "string", pattern: "(a)\\1" })).rejects.toThrow(/invalid escape/);
    await expect(compiled({ type: "string", pattern: "a(?=b)" })).rejects.toThrow(/unsupported/);
  });
});

describe("10.2: error messages are linear and bounded", () => {
  it("32,000 invalid items in 64 KB: fast, and a message of a glance", async () => {
    const d = await dispatcherFor({ type: "object", properties: { xs: { type: "array", items: { type: "string" } } } });
    const input = { xs: Array.from({ length: 32_000 }, (_, i) => i) };
    expect(JSON.stringify(input).length).toBeLessThan(200_000);
    const started = cpu();
    const r = await d.dispatch(use(input));
    expect(cpu() - started).toBeLessThan(1_000);
    const text = String(r.content);
    expect(text.length).toBeLessThanOrEqual(MAX_MESSAGE_CHARS + 100);
    expect(text).toMatch(/^Error: Parameter 'xs\[0\]' must be a string; Parameter 'xs\[1\]' must be a string; /);
    expect(text).toMatch(/; … and 31,?9\d\d more errors$/);
  });

  it("dedupes in linear time (no Array.includes over all messages)", () => {
    const errors: ValidationError[] = Array.from({ length: 100_000 }, (_, i) => ({
      instancePath: `/${i % 50_000}`,
      schemaPath: "#/items/type",
      keyword: "type",
      params: { type: "string" },
    }));
    const started = cpu();
    const out = describeValidationErrors(errors);
    // Quadratic dedupe took minutes here; linear takes well under a second, even on a loaded machine.
    expect(cpu() - started).toBeLessThan(4_000);
    expect(out.at(-1)).toBe("… and 99980 more errors");
  });

  it("one very long message is cut, not sent whole", () => {
    const allowed = Array.from({ length: 5000 }, (_, i) => `value_${i}`);
    const out = describeValidationErrors([{ instancePath: "/u", schemaPath: "#/properties/u/enum", keyword: "enum", params: { allowedValues: allowed } }]);
    expect(out).toHaveLength(1);
    expect(out[0]!.length).toBeLessThanOrEqual(400);
    expect(out[0]).toMatch(/^Parameter 'u' must be one of: value_0, value_1, .*…$/);
  });
});

describe("uniqueItems is linear, and reads own members", () => {
  it("64 KB of distinct objects is checked fast; the duplicate pair is ajv's", async () => {
    const d = await dispatcherFor({ type: "object", properties: { u: { type: "array", uniqueItems: true } } });
    const items = Array.from({ length: 8_000 }, (_, i) => ({ k: i }));
    const started = cpu();
    expect((await d.dispatch(use({ u: items }))).is_error).toBeUndefined();
    expect(cpu() - started).toBeLessThan(500);
    expect((await d.dispatch(use({ u: ["1", 1, null, "null", [], {}, 0, -0.0] }))).content).toBe(
      "Error: Parameter 'u' must not contain duplicate items (items 6 and 7 are identical)",
    );
    expect((await d.dispatch(use({ u: [{ a: 1, b: [2] }, 3, { b: [2], a: 1 }, 3] }))).content).toBe(
      "Error: Parameter 'u' must not contain duplicate items (items 1 and 3 are identical)",
    );
  });

  it("two '__proto__' strings are duplicates", async () => {
    const d = await dispatcherFor({ type: "object", properties: { u: { type: "array", items: { type: "string" }, uniqueItems: true } } });
    expect((await d.dispatch(use({ u: ["__proto__", "__proto__"] }))).content).toBe(
      "Error: Parameter 'u' must not contain duplicate items (items 0 and 1 are identical)",
    );
  });
});

describe("10.5: validators read own properties only", () => {
  it("required: ['constructor'] is not met by {}", async () => {
    const d = await dispatcherFor({ type: "object", required: ["constructor"] });
    expect((await d.dispatch(use({}))).content).toBe("Error: Missing required parameter 'constructor'");
    expect((await d.dispatch(use({ constructor: 1 }))).is_error).toBeUndefined();
  });

  it("an absent optional toString / valueOf is not checked against the inherited function", async () => {
    const d = await dispatcherFor({ type: "object", properties: { toString: { type: "string" }, valueOf: { type: "integer" } } });
    expect((await d.dispatch(use({}))).is_error).toBeUndefined();
    expect((await d.dispatch(use({ toString: 1 }))).content).toBe("Error: Parameter 'toString' must be a string");
  });

  it("a __proto__ property is validated", async () => {
    // JSON.parse: in an object literal, `__proto__:` would set the prototype instead.
    const d = await dispatcherFor(JSON.parse('{"type": "object", "properties": {"__proto__": {"type": "string"}}, "additionalProperties": false}'));
    const input: unknown = JSON.parse('{"__proto__": 5}');
    expect((await d.dispatch(use(input))).content).toBe("Error: Parameter '__proto__' must be a string");
    expect((await d.dispatch(use(JSON.parse('{"__proto__": "x"}')))).is_error).toBeUndefined();
  });

  it("schema data with a __proto__ key keeps it as a key (enum, const)", async () => {
    const v = await compiled(JSON.parse('{"enum": ["x", {"__proto__": -2}, {"__proto__": {"a": 1}}]}'));
    expect(v({})).toBe(false);
    expect(v(JSON.parse('{"__proto__": -2}'))).toBe(true);
    expect(v(JSON.parse('{"__proto__": {"a": 1}}'))).toBe(true);
    expect(v({ a: 1 })).toBe(false);
    const c = await compiled(JSON.parse('{"const": {"__proto__": {"__proto__": 1}}}'));
    expect(c({})).toBe(false);
    expect(c(JSON.parse('{"__proto__": {"__proto__": 1}}'))).toBe(true);
  });

  it("equal compares own members, never .constructor", async () => {
    expect(equal(JSON.parse('{"constructor": {}}'), JSON.parse('{"constructor": {}}'))).toBe(true);
    expect(equal(Object.create(null) as object, {})).toBe(true);
    expect(equal([], {})).toBe(false);
    expect(equal({ a: [1, { b: 2 }] }, { a: [1, { b: 3 }] })).toBe(false);
    const d = await dispatcherFor({ type: "object", properties: { c: { const: { constructor: {} } }, u: { type: "array", uniqueItems: true } } });
    expect((await d.dispatch(use(JSON.parse('{"c": {"constructor": {}}}')))).is_error).toBeUndefined();
    expect((await d.dispatch(use(JSON.parse('{"u": [{"constructor": {}}, {"constructor": {}}]}')))).content).toBe(
      "Error: Parameter 'u' must not contain duplicate items (items 0 and 1 are identical)",
    );
  });
});

describe("10.16: a handler returning a throwing Proxy", () => {
  const hostile = (target: object) =>
    new Proxy(target, {
      get() {
        throw new Error("trap");
      },
      ownKeys() {
        throw new Error("trap");
      },
      getOwnPropertyDescriptor() {
        throw new Error("trap");
      },
    });

  it("still resolves with an is_error tool_result", async () => {
    for (const make of [() => hostile({}), () => hostile([]), () => { const r = Proxy.revocable({}, {}); r.revoke(); return r.proxy; }, () => { const r = Proxy.revocable([], {}); r.revoke(); return r.proxy; }]) {
      const d = await dispatcherFor({ type: "object" }, () => make());
      const r = await d.dispatch(use({}));
      expect(r.type).toBe("tool_result");
      expect(r.is_error).toBe(true);
      expect(typeof r.content).toBe("string");
      const all = await d.dispatchAll([use({})]);
      expect(all[0]?.is_error).toBe(true);
    }
  });

  it("an array Proxy whose get throws only past 'then' is an error, not a rejection", async () => {
    const value = new Proxy([1], {
      get(target, key) {
        if (key === "then") return undefined;
        throw new Error("trap");
      },
    });
    const d = await dispatcherFor({ type: "object" }, () => value);
    const r = await d.dispatch(use({}));
    expect(r).toMatchObject({ type: "tool_result", tool_use_id: "toolu_1", is_error: true });
    expect(r.content).toMatch(/^Error: the tool 't' returned a value that cannot be read \(Error: trap\)$/);
  });
});

describe("11.6: format is enforced at run time", () => {
  const cases: Record<string, [string[], string[]]> = {
    date: [["2024-02-29", "2023-12-31"], ["2023-02-29", "2024-13-01", "24-01-01", "2024-1-1", "today"]],
    time: [["10:20:30Z", "23:59:60Z", "10:20:30.5+02:00"], ["25:00:00Z", "10:20:30", "10:60:00Z"]],
    "date-time": [["2024-01-02T10:20:30Z", "2024-01-02t10:20:30.123-05:30"], ["2024-01-02", "2024-01-02T10:20:30", "2024-02-30T00:00:00Z"]],
    duration: [["P1D", "PT1H30M", "P2W", "P1Y2M3DT4H5M6S"], ["P", "PT", "1D", "P1H"]],
    email: [["a@example.com", "first.last+tag@sub.example.org"], ["a", "@example.com", "a@", "a b@example.com", "a..b@example.com"]],
    hostname: [["example.com", "a-b.c", "localhost"], ["-a.com", "a_b.com", "", `${"a".repeat(64)}.com`]],
    ipv4: [["192.168.0.1", "0.0.0.0"], ["256.1.1.1", "1.2.3", "01.2.3.4"]],
    ipv6: [["::1", "2001:db8::8a2e:370:7334", "::ffff:192.168.0.1", "1:2:3:4:5:6:7:8"], ["1:2:3:4:5:6:7:8:9", "::1::", "12345::", "1.2.3.4"]],
    uri: [["https://example.com/a?b=c#d", "urn:isbn:0451450523", "http://[::1]:80/"], ["example.com/a", "/relative", "http://exa mple.com", "http://[zz]/"]],
    "uri-reference": [["/relative/path", "#frag", "https://example.com"], ["a b", "#a#b"]],
    uuid: [["123e4567-e89b-12d3-a456-426614174000"], ["123e4567e89b12d3a456426614174000", "g23e4567-e89b-12d3-a456-426614174000"]],
    "json-pointer": [["", "/a/b~0~1"], ["a", "/a~2"]],
    "relative-json-pointer": [["0", "1/a", "2#"], ["-1", "01", "/a"]],
  };
  it.each(Object.keys(cases))("%s", async (format) => {
    const v = await compiled({ type: "string", format });
    const [good, bad] = cases[format]!;
    for (const s of good) expect([s, v(s)]).toEqual([s, true]);
    for (const s of bad) expect([s, v(s)]).toEqual([s, false]);
  });

  it("names the format to the model; unknown formats are annotations and accept any string", async () => {
    const d = await dispatcherFor({ type: "object", properties: { when: { type: "string", format: "date" }, c: { type: "string", format: "color" } } });
    expect((await d.dispatch(use({ when: "tomorrow" }))).content).toBe("Error: Parameter 'when' must be a valid date");
    expect((await d.dispatch(use({ when: "2024-05-06", c: "anything" }))).is_error).toBeUndefined();
    const v = await compiled({ format: "email" });
    expect(v(42)).toBe(true);
  });

  it("format checks are linear on 64 KB strings", async () => {
    for (const format of Object.keys(cases)) {
      const v = await compiled({ type: "string", format });
      for (const s of ["a".repeat(65_000), "1".repeat(65_000), `${"a@".repeat(32_000)}`, `${"::".repeat(32_000)}`, `/${"~".repeat(65_000)}`, `${"%0".repeat(32_000)}`]) {
        const started = cpu();
        v(s);
        expect([format, cpu() - started < 100]).toEqual([format, true]);
      }
    }
  });
});

describe("11.12: a nullable parameter with a bad value gets the other branch's error", () => {
  it("anyOf [{integer, maximum}, {null}]", async () => {
    for (const keyword of ["anyOf", "oneOf"]) {
      const d = await dispatcherFor({
        type: "object",
        properties: { count: { [keyword]: [{ type: "integer", maximum: 100 }, { type: "null" }] } },
      });
      expect((await d.dispatch(use({ count: 500 }))).content).toBe("Error: Parameter 'count' must be at most 100");
      expect((await d.dispatch(use({ count: "x" }))).content).toBe("Error: Parameter 'count' must be an integer or null");
      expect((await d.dispatch(use({ count: null }))).is_error).toBeUndefined();
    }
  });

  it("the null branch may come first, and the other branch may be an object", async () => {
    const d = await dispatcherFor({
      type: "object",
      properties: { where: { anyOf: [{ type: "null" }, { type: "object", required: ["city"], properties: { city: { type: "string" } } }] } },
    });
    expect((await d.dispatch(use({ where: {} }))).content).toBe("Error: Missing required parameter 'where.city'");
  });

  it("type: [T, 'null'] already names the bound; two non-null branches still say 'no allowed shape'", async () => {
    const d = await dispatcherFor({
      type: "object",
      properties: {
        n: { type: ["integer", "null"], maximum: 100 },
        m: { anyOf: [{ type: "integer", maximum: 5 }, { type: "integer", minimum: 10 }] },
      },
    });
    expect((await d.dispatch(use({ n: 500 }))).content).toBe("Error: Parameter 'n' must be at most 100");
    expect((await d.dispatch(use({ m: 7 }))).content).toBe("Error: Parameter 'm' does not match any allowed shape");
  });
});

describe("11.13: an unknown tool name gets a message of a glance", () => {
  const many = Array.from({ length: 1084 }, (_, i) => `server_${i % 45}_tool_${i}`).concat(["get_weather", "get_weather_forecast", "set_weather_alert"]);

  it("closest names first, then a count, whatever the number of tools", () => {
    const m = unknownToolMessage("get_wether", many);
    expect(m).toBe(
      "Error: Unknown tool 'get_wether'. Did you mean: get_weather, set_weather_alert, get_weather_forecast, server_0_tool_0, server_1_tool_1? (5 closest of 1087 tools)",
    );
    expect(m.length).toBeLessThan(300);
  });

  it("bounded for a huge name, and small sets are listed whole", () => {
    const started = cpu();
    const m = unknownToolMessage("x".repeat(1_000_000), many);
    expect(cpu() - started).toBeLessThan(500);
    expect(m.length).toBeLessThan(500);
    expect(unknownToolMessage("nope", ["a", "b"])).toBe("Error: Unknown tool 'nope'. Available tools: a, b");
  });

  it("through dispatch", async () => {
    const tools: RegisteredTool[] = many.map((name) => ({ name, inputSchema: {}, loadValidator: () => Object.assign(() => true, { errors: null }) as ValidateFunction }));
    const handlers: Handlers = Object.fromEntries(many.map((n) => [n, () => "ok"]));
    const d = createDispatcherFrom<Record<string, never>>(tools, handlers);
    const r = await d.dispatch(use({}, "get_weathr"));
    expect(r.content).toMatch(/^Error: Unknown tool 'get_weathr'\. Did you mean: get_weather, /);
    expect(String(r.content).length).toBeLessThan(300);
  });
});
