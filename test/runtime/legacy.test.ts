import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  escapeXml,
  parseFunctionCalls,
  renderFunctionCalls,
  renderFunctionResults,
  unescapeXml,
  type FunctionCall,
  type JsonSchema,
} from "../../src/runtime/legacy.js";
import { legacyConversions } from "../../src/targets/anthropic/legacy-view.js";

/** The conversions a build decides for these schemas (what generated legacy.ts holds). */
const conv = (schemas: ReadonlyMap<string, JsonSchema>) => legacyConversions([...schemas].map(([name, bundledSchema]) => ({ name, bundledSchema })));

const fixture = (name: string): string =>
  readFileSync(new URL(`../fixtures/legacy/${name}`, import.meta.url), "utf8");

/** What the API returns: the text up to the stop sequence `</function_calls>`, excluded. */
const cutAtStopSequence = (text: string): string => text.slice(0, text.indexOf("</function_calls>"));

const SEED_SCHEMAS: ReadonlyMap<string, JsonSchema> = new Map<string, JsonSchema>([
  ["get_ticker_symbol", { type: "object", properties: { company_name: { type: "string" } }, required: ["company_name"] }],
  ["get_current_stock_price", { type: "object", properties: { symbol: { type: "string" } }, required: ["symbol"] }],
]);

describe("seed 000: the General Motors example", () => {
  const turn1 = fixture("gm_turn1_assistant.txt");
  const scratchpad = turn1.slice(0, turn1.indexOf("<function_calls>"));

  it("the fixtures are what the seed shows", () => {
    expect(scratchpad.startsWith("<scratchpad>\nPour répondre à cette question")).toBe(true);
    expect(scratchpad.endsWith("get_current_stock_price().</scratchpad>\n\n")).toBe(true);
    expect(turn1.endsWith("</invoke>\n</function_calls>")).toBe(true);
  });

  it("parses the first turn as cut by the stop sequence", () => {
    const parsed = parseFunctionCalls(cutAtStopSequence(turn1), conv(SEED_SCHEMAS));
    expect(parsed).toStrictEqual({
      text: scratchpad,
      calls: [{ name: "get_ticker_symbol", input: { company_name: "General Motors" } }],
    });
  });

  it("parses the first turn with its closing tag too, and without schemas", () => {
    const expected = { text: scratchpad, calls: [{ name: "get_ticker_symbol", input: { company_name: "General Motors" } }] };
    expect(parseFunctionCalls(turn1, conv(SEED_SCHEMAS))).toStrictEqual(expected);
    expect(parseFunctionCalls(cutAtStopSequence(turn1))).toStrictEqual(expected);
  });

  it("renders the GM result byte for byte", () => {
    expect(renderFunctionResults([{ name: "get_ticker_symbol", ok: true, stdout: "GM" }])).toBe(
      fixture("gm_turn1_results.txt"),
    );
  });

  it("parses the second turn and renders its 38.50 result byte for byte", () => {
    const parsed = parseFunctionCalls(cutAtStopSequence(fixture("gm_turn2_assistant.txt")), conv(SEED_SCHEMAS));
    expect(parsed).toStrictEqual({ text: "", calls: [{ name: "get_current_stock_price", input: { symbol: "GM" } }] });
    expect(renderFunctionResults([{ name: "get_current_stock_price", ok: true, stdout: "38.50" }])).toBe(
      fixture("gm_turn2_results.txt"),
    );
  });

  it("renderFunctionCalls writes the seed's call format", () => {
    expect(renderFunctionCalls([{ name: "get_current_stock_price", input: { symbol: "GM" } }])).toBe(
      fixture("gm_turn2_assistant.txt"),
    );
  });
});

describe("parseFunctionCalls", () => {
  const schemas = new Map<string, JsonSchema>([
    [
      "t",
      {
        type: "object",
        $defs: { count: { type: "integer" } },
        definitions: { flag: { type: "boolean" } },
        properties: {
          s: { type: "string" },
          i: { type: "integer" },
          n: { type: "number" },
          b: { type: "boolean" },
          a: { type: "array", items: { type: "string" } },
          o: { type: "object" },
          z: { type: "null" },
          maybe: { type: ["integer", "null"] },
          either: { anyOf: [{ type: "integer" }, { type: "string" }] },
          ref: { $ref: "#/$defs/count" },
          ref2: { $ref: "#/definitions/flag" },
          color: { enum: ["red", "green"] },
          level: { enum: [1, 2, 3] },
          free: { description: "no type" },
          "user.name": { type: "string" },
          "max-results": { type: "integer" },
          ["__proto__"]: { type: "integer" },
          constructor: { type: "boolean" },
        },
      },
    ],
  ]);
  const call = (params: string, name = "t"): string =>
    `<function_calls>\n<invoke>\n<tool_name>${name}</tool_name>\n<parameters>\n${params}\n</parameters>\n</invoke>\n`;
  const one = (params: string): FunctionCall => {
    const calls = parseFunctionCalls(call(params), conv(schemas)).calls;
    expect(calls).toHaveLength(1);
    return calls[0]!;
  };

  it("returns the whole text and no calls when there is no block", () => {
    expect(parseFunctionCalls("just an <answer>42</answer>")).toStrictEqual({ text: "just an <answer>42</answer>", calls: [] });
    expect(parseFunctionCalls("")).toStrictEqual({ text: "", calls: [] });
  });

  it("converts values by the schema", () => {
    const c = one(
      [
        "<s> 42 </s>", "<i>-17</i>", "<n>38.50</n>", "<b>true</b>", "<a>[\"x\", \"y\"]</a>", '<o>{"k": [1, {"m": null}]}</o>',
        "<z>null</z>", "<maybe>null</maybe>", "<either>12</either>", "<ref> 7 </ref>", "<ref2>FALSE</ref2>",
        "<color>red</color>", "<level>2</level>", "<free>[1]</free>", "<unknown>5</unknown>",
      ].join("\n"),
    );
    expect(c).toStrictEqual({
      name: "t",
      input: {
        s: " 42 ", i: -17, n: 38.5, b: true, a: ["x", "y"], o: { k: [1, { m: null }] }, z: null, maybe: null,
        either: 12, ref: 7, ref2: false, color: "red", level: 2, free: [1], unknown: "5",
      },
    });
  });

  it("reads booleans case-insensitively and trimmed; false is false", () => {
    expect(one("<b>false</b>").input).toStrictEqual({ b: false });
    expect(one("<b>\n False \n</b>").input).toStrictEqual({ b: false });
    expect(one("<b>TRUE</b>").input).toStrictEqual({ b: true });
    expect(one("<b>yes</b>").error).toBe(`Parameter 'b' must be a boolean, got "yes"`);
  });

  it("picks the first type that fits for unions", () => {
    expect(one("<either>abc</either>").input).toStrictEqual({ either: "abc" });
    expect(one("<maybe>5</maybe>").input).toStrictEqual({ maybe: 5 });
    expect(one("<maybe>x</maybe>").error).toBe(`Parameter 'maybe' must be an integer or null, got "x"`);
  });

  it("decodes entities, named and numeric", () => {
    expect(one("<s>a &lt;b&gt; &amp;amp; &#60;&#x3C;&#X3c; &quot;&apos; &bogus; AT&T</s>").input).toStrictEqual({
      s: "a <b> &amp; <<< \"' &bogus; AT&T",
    });
    expect(one('<a>["&lt;/a&gt;"]</a>').input).toStrictEqual({ a: ["</a>"] });
  });

  it("strips exactly one newline after the opening and before the closing tag of a string", () => {
    expect(one("<s>\nline 1\nline 2\n</s>").input).toStrictEqual({ s: "line 1\nline 2" });
    expect(one("<s>\n\n  indented\n\n</s>").input).toStrictEqual({ s: "\n  indented\n" });
    expect(one("<s>  spaced  </s>").input).toStrictEqual({ s: "  spaced  " });
    expect(one("<s></s>").input).toStrictEqual({ s: "" });
    expect(one("<s/>").input).toStrictEqual({ s: "" });
  });

  it("accepts parameter names with dots and dashes, and object-internal names as own properties", () => {
    const c = one("<user.name>ann</user.name>\n<max-results>3</max-results>\n<__proto__>4</__proto__>\n<constructor>true</constructor>");
    expect(c.error).toBeUndefined();
    expect(Object.keys(c.input)).toEqual(["user.name", "max-results", "__proto__", "constructor"]);
    expect(Object.getOwnPropertyDescriptor(c.input, "__proto__")?.value).toBe(4);
    expect(Object.getPrototypeOf(c.input)).toBe(Object.prototype);
    expect(c.input["constructor"]).toBe(true);
  });

  it("tolerates whitespace, CRLF and several invokes, and a missing </function_calls>", () => {
    const text =
      "thinking...<function_calls>  \r\n<invoke>\r\n  <tool_name> t </tool_name>\r\n  <parameters>\r\n   <i>1</i>   <b>true</b>\r\n </parameters>\r\n</invoke>" +
      "<invoke><tool_name>other</tool_name><parameters><x>1</x></parameters></invoke>\n<invoke>\n<tool_name>noargs</tool_name>\n</invoke>";
    expect(parseFunctionCalls(text, conv(schemas))).toStrictEqual({
      text: "thinking...",
      calls: [
        { name: "t", input: { i: 1, b: true } },
        { name: "other", input: { x: "1" } },
        { name: "noargs", input: {} },
      ],
    });
  });

  it("stops at </function_calls> and ignores what follows", () => {
    const text = `${call("<i>1</i>")}</function_calls>\n<invoke><tool_name>late</tool_name></invoke>`;
    expect(parseFunctionCalls(text, conv(schemas)).calls.map((c) => c.name)).toEqual(["t"]);
  });

  it("also reads the attribute style <invoke name=...><parameter name=...>", () => {
    const text = '<function_calls>\n<invoke name="t">\n<parameter name="i">5</parameter>\n<parameter name="s">x</parameter>\n</invoke>\n';
    expect(parseFunctionCalls(text, conv(schemas)).calls).toStrictEqual([{ name: "t", input: { i: 5, s: "x" } }]);
  });

  it("reports calls it cannot read instead of throwing", () => {
    expect(one("<i>abc</i>").error).toBe(`Parameter 'i' must be an integer, got "abc"`);
    expect(one("<n>1.5.6</n>").error).toMatch(/^Parameter 'n' must be a number/);
    expect(one("<i>1.5</i>").error).toMatch(/^Parameter 'i' must be an integer/);
    expect(one("<a>[1, 2</a>").error).toMatch(/^Parameter 'a' must be an array written as JSON \(.+\), got "\[1, 2"$/);
    expect(one('<a>{"x": 1}</a>').error).toMatch(/^Parameter 'a' must be an array written as JSON/);
    expect(one("<z>nil</z>").error).toBe(`Parameter 'z' must be null, got "nil"`);
    expect(one("<i>1</i>\n<i>2</i>").error).toBe("Parameter 'i' was given more than once");
    const both = one("<i>x</i>\n<n>y</n>");
    expect(both.error).toBe(`Parameter 'i' must be an integer, got "x"; Parameter 'n' must be a number, got "y"`);
    expect(both.input).toStrictEqual({ i: "x", n: "y" });
  });

  it("reports a missing tool_name", () => {
    const c = parseFunctionCalls("<function_calls><invoke><parameters><x>1</x></parameters></invoke>").calls;
    expect(c).toHaveLength(1);
    expect(c[0]!.name).toBe("");
    expect(c[0]!.error).toMatch(/no <tool_name>/);
  });

  it("reports an invoke cut off inside a parameter, naming it", () => {
    const text = "<function_calls>\n<invoke>\n<tool_name>t</tool_name>\n<parameters>\n<i>1</i>\n<s>some long te";
    const c = parseFunctionCalls(text, conv(schemas)).calls;
    expect(c).toHaveLength(1);
    expect(c[0]!.name).toBe("t");
    expect(c[0]!.error).toMatch(/cut off inside parameter 's'/);
    expect(c[0]!.input).toStrictEqual({ i: 1 });
  });

  it("reports an invoke cut off between parameters or inside a tag", () => {
    const base = "<function_calls>\n<invoke>\n<tool_name>t</tool_name>\n<parameters>\n<i>1</i>\n";
    expect(parseFunctionCalls(base, conv(schemas)).calls[0]!.error).toMatch(/cut off inside <parameters>/);
    expect(parseFunctionCalls(`${base}<s`, conv(schemas)).calls[0]!.error).toMatch(/cut off/);
    expect(parseFunctionCalls("<function_calls>\n<invoke>\n<tool_na", conv(schemas)).calls[0]!.error).toMatch(/cut off/);
    // Complete parameters without </invoke> are accepted.
    expect(parseFunctionCalls(`${base}</parameters>\n`, conv(schemas)).calls).toStrictEqual([{ name: "t", input: { i: 1 } }]);
  });

  it("treats stray '<' in the text between tags as text", () => {
    const text = "<function_calls>\n3 < 4 <invoke>\n<tool_name>t</tool_name> a<b <parameters>\n<i>1</i>\n</parameters>\n</invoke>\n";
    expect(parseFunctionCalls(text, conv(schemas)).calls).toStrictEqual([{ name: "t", input: { i: 1 } }]);
  });

  it("never throws, whatever the input", () => {
    const soup = fc.array(
      fc.oneof(
        fc.constantFrom(
          "<function_calls>", "</function_calls>", "<invoke>", "</invoke>", "<tool_name>", "</tool_name>", "t",
          "<parameters>", "</parameters>", "<i>", "</i>", "<a>", "</a>", "<", ">", "/", "\n", "&", "&#x", ";", '<invoke name="t">',
          "<parameter name=\"i\">", "</parameter>", "[", "]", "{", "}", "1", "true", "<s/>", "<!--", "-->",
        ),
        fc.string(),
      ),
      { maxLength: 40 },
    );
    fc.assert(
      fc.property(soup, (parts) => {
        const text = parts.join("");
        const parsed = parseFunctionCalls(text, conv(schemas));
        expect(text.startsWith(parsed.text)).toBe(true);
        for (const c of parsed.calls) expect(typeof c.name).toBe("string");
      }),
      { numRuns: 2000 },
    );
    fc.assert(fc.property(fc.string({ unit: "binary" }), (s) => void parseFunctionCalls(`<function_calls>${s}`, conv(schemas))));
    expect(parseFunctionCalls(undefined as unknown as string)).toStrictEqual({ text: "", calls: [] });
  });
});

describe("escapeXml / unescapeXml", () => {
  it("escapes & < > and round-trips", () => {
    expect(escapeXml(`a & b < c > d "e" 'f'`)).toBe(`a &amp; b &lt; c &gt; d "e" 'f'`);
    expect(escapeXml("plain")).toBe("plain");
    expect(unescapeXml("&#128512; &#x1F600; &#1114112; &lt")).toBe("😀 😀 &#1114112; &lt");
    fc.assert(fc.property(fc.string({ unit: "binary" }), (s) => unescapeXml(escapeXml(s)) === s));
  });
});

describe("renderFunctionResults", () => {
  it("renders errors without a tool name, several results in order, escaped, no trailing newline", () => {
    const out = renderFunctionResults([
      { name: "a", ok: true, stdout: "x </stdout></result></function_results> & y" },
      { name: "b", ok: false, error: "ValueError: no <such> symbol" },
    ]);
    expect(out).toBe(
      "<function_results>\n<result>\n<tool_name>a</tool_name>\n<stdout>\nx &lt;/stdout&gt;&lt;/result&gt;&lt;/function_results&gt; &amp; y\n</stdout>\n</result>\n" +
        "<error>\nValueError: no &lt;such&gt; symbol\n</error>\n</function_results>",
    );
    expect(renderFunctionResults([{ name: "e", ok: false, error: "error message here" }])).toBe(
      "<function_results>\n<error>\nerror message here\n</error>\n</function_results>",
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Property: parseFunctionCalls(renderFunctionCalls(calls), conv(schemas)) gives the calls back.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const nastyString = fc.oneof(
  fc.string({ unit: "grapheme" }),
  fc.string({ unit: "binary" }),
  fc.string({ unit: fc.constantFrom("<", ">", "&", "\n", "\r", " ", "/", ";", "#", "x", "a", "é", "😀", "\t") }),
  fc.constantFrom("</function_calls>", "<function_calls>", "</invoke>", "</parameters>", "&lt;", "&amp;#60;", "\n", "\n\n", "a\n", "\nb", "null", "true"),
);
const finiteDouble = fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => (x === 0 ? 0 : x));
const safeKey = fc.stringMatching(/^[a-zA-Z_][a-zA-Z0-9_]{0,8}$/);
const { json } = fc.letrec<{ json: Json }>((tie) => ({
  json: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constant(null), fc.boolean(), finiteDouble, nastyString,
    fc.array(tie("json"), { maxLength: 4 }),
    fc.dictionary(safeKey, tie("json"), { maxKeys: 4, noNullPrototype: true }),
  ),
}));

/** A parameter kind: its schema and values that match it (and come back as themselves). */
const kinds: ReadonlyArray<[JsonSchema, fc.Arbitrary<Json>]> = [
  [{ type: "string" }, nastyString],
  [{ type: "string", enum: ["a<b", "c&d"] }, fc.constantFrom("a<b", "c&d")],
  [{ type: "integer" }, fc.oneof(fc.integer(), fc.maxSafeInteger())],
  [{ type: "number" }, finiteDouble],
  [{ type: "boolean" }, fc.boolean()],
  [{ type: "null" }, fc.constant(null)],
  [{ type: ["integer", "null"] }, fc.option(fc.integer(), { nil: null })],
  [{ $ref: "#/$defs/count" }, fc.nat()],
  [{ type: "array", items: { type: "string" } }, fc.array(nastyString, { maxLength: 5 })],
  [{ type: "array" }, fc.array(json, { maxLength: 4 })],
  [{ type: "object", properties: { inner: { type: "object" } } }, fc.dictionary(safeKey, json, { maxKeys: 4, noNullPrototype: true })],
];

const paramName = fc.stringMatching(/^[a-zA-Z0-9_.-]{1,64}$/);
const toolArb = fc.record({
  name: fc.stringMatching(/^[a-zA-Z0-9_-]{1,64}$/),
  params: fc.uniqueArray(fc.tuple(paramName, fc.nat({ max: kinds.length - 1 })), {
    maxLength: 6,
    selector: ([name]) => name,
  }),
});

/**
 * A call as [key, value] pairs: vitest's toStrictEqual compares `.constructor`, which a parameter
 * named "constructor" overrides, so inputs are compared as their own entries.
 */
const entries = (c: FunctionCall): unknown => ({ ...c, input: Object.entries(c.input) });

describe("property: render then parse gives the calls back", () => {
  it("holds for any valid calls, several invokes per block", () => {
    const scenario = fc
      .uniqueArray(toolArb, { minLength: 1, maxLength: 4, selector: (t) => t.name })
      .chain((tools) =>
        fc.tuple(
          fc.constant(tools),
          fc.tuple(...tools.map((t) => fc.tuple(...t.params.map(([, k]) => kinds[k]![1])))),
          fc.string().filter((s) => !s.includes("<function_calls>") && !s.includes("</function_calls>")),
        ),
      );
    fc.assert(
      fc.property(scenario, ([tools, values, prefix]) => {
        const schemas = new Map<string, JsonSchema>();
        const calls = tools.map((tool, i) => {
          const properties = Object.fromEntries(tool.params.map(([name, k]) => [name, kinds[k]![0]]));
          schemas.set(tool.name, { type: "object", $defs: { count: { type: "integer", minimum: 0 } }, properties });
          const input = Object.fromEntries(tool.params.map(([name], j) => [name, values[i]![j]]));
          return { name: tool.name, input };
        });
        const text = prefix + renderFunctionCalls(calls);
        const expected = { text: prefix, calls: calls.map(entries) };
        for (const t of [text, cutAtStopSequence(text)]) {
          const parsed = parseFunctionCalls(t, conv(schemas));
          expect({ text: parsed.text, calls: parsed.calls.map(entries) }).toStrictEqual(expected);
          for (const c of parsed.calls) expect(Object.getPrototypeOf(c.input)).toBe(Object.prototype);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
