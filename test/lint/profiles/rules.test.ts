/**
 * A failing and a passing case for every target rule (issue 14): each rule linted alone, as
 * rule-tester does, on small tool files.
 */
import { testRule, toolJson } from "../helpers/rule-tester.js";

const tool = (name: string, input_schema: Record<string, unknown> = { type: "object" }, extra: Record<string, unknown> = {}) =>
  toolJson({ name, input_schema, ...extra });
const withProps = (properties: Record<string, unknown>, more: Record<string, unknown> = {}) => tool("t", { type: "object", properties, ...more });
const strictTool = (name: string, input_schema: Record<string, unknown>) => toolJson({ name, strict: true, input_schema });
const closed = (properties: Record<string, unknown>, required: string[] = Object.keys(properties)) => ({
  type: "object",
  properties,
  required,
  additionalProperties: false,
});

testRule("anthropic/tool-name-portable", {
  valid: [
    { name: "64 characters", files: tool("a".repeat(64)) },
    { name: "too long for the API: tool-name-format's error, not this warning", files: tool("a".repeat(129)) },
    { name: "not a strict tool name at all: not this rule's", files: tool("a b".repeat(30)) },
  ],
  invalid: [
    {
      name: "65 characters",
      files: tool("a".repeat(65)),
      errors: [{ message: "is 65 characters long: the API accepts up to 128, but Claude Desktop", pointer: "/name", line: 2, column: 3 }],
    },
  ],
});

testRule("openai/tool-name-format", {
  valid: [{ name: "letters, digits, _ and -", files: tool("get-weather_2") }, { name: "64 characters", files: tool("a".repeat(64)) }],
  invalid: [
    { name: "a dot", files: tool("get.weather"), errors: [{ message: "OpenAI: tool name 'get.weather' does not match ^[a-zA-Z0-9_-]{1,64}$: \".\" is not allowed", pointer: "/name", line: 2, column: 3 }] },
    { name: "65 characters", files: tool("a".repeat(65)), errors: [{ message: "it is 65 characters long (at most 64)", pointer: "/name", line: 2, column: 3 }] },
  ],
});

testRule("gemini/tool-name-format", {
  valid: [
    { name: "dots and colons", files: tool("weather.v1:get") },
    { name: "starts with _", files: tool("_get") },
    { name: "128 characters", files: tool("a".repeat(128)) },
  ],
  invalid: [
    { name: "starts with a digit", files: tool("3d_render"), errors: [{ message: "Gemini: tool name '3d_render' does not match ^[a-zA-Z_][a-zA-Z0-9_.:-]{0,127}$: it must start with a letter or _", pointer: "/name", line: 2, column: 3 }] },
    { name: "starts with -", files: tool("-get"), errors: [{ message: 'it must start with a letter or _, not "-"', pointer: "/name", line: 2, column: 3 }] },
    { name: "129 characters", files: tool("a".repeat(129)), errors: [{ message: "at most 128", pointer: "/name", line: 2, column: 3 }] },
  ],
});

testRule("gemini/property-key-format", {
  valid: [{ name: "letters, digits and _", files: withProps({ city_name: { type: "string" }, _x2: { type: "number" } }) }],
  invalid: [
    {
      name: "a dash",
      files: withProps({ "city-name": { type: "string" } }),
      errors: [{ message: "Gemini: parameter name 'city-name' does not match ^[a-zA-Z_][a-zA-Z0-9_]{0,63}$: \"-\" is not allowed", pointer: "/input_schema/properties/city-name", line: 6, column: 7 }],
    },
    {
      name: "a leading digit",
      files: withProps({ "2nd": { type: "string" } }),
      errors: [{ message: "it must start with a letter or _", pointer: "/input_schema/properties/2nd", line: 6, column: 7 }],
    },
  ],
});

testRule("mcp/tool-name-format", {
  valid: [{ name: "dots", files: tool("weather.get") }, { name: "128 characters", files: tool("a".repeat(128)) }],
  invalid: [
    { name: "a colon", files: tool("weather:get"), errors: [{ message: "MCP: tool name 'weather:get' does not match ^[a-zA-Z0-9_.-]{1,128}$", pointer: "/name", line: 2, column: 3 }] },
  ],
});

// OpenAI takes these keywords and sizes without `strict`: the rules check tools sent strict, those whose
// file says `"strict": true`, or all of them with the option `all` (the `openaiStrict` config).
const ALL: ["error", { all: number }] = ["error", { all: 1 }];

testRule("openai/keyword-unsupported", {
  valid: [
    { name: "anyOf in a property", files: withProps({ v: { anyOf: [{ type: "string" }, { type: "null" }] } }), setting: ALL },
    { name: "allOf in a tool not sent strict", files: withProps({ v: { allOf: [{ type: "string" }] } }) },
  ],
  invalid: [
    {
      name: "allOf and not",
      files: withProps({ v: { allOf: [{ type: "string" }], not: { const: "" } } }),
      setting: ALL,
      errors: [
        { message: "OpenAI: `allOf` is a keyword which OpenAI strict mode (Structured Outputs) rejects", pointer: "/input_schema/properties/v/allOf", line: 7, column: 9 },
        { message: "`not`", pointer: "/input_schema/properties/v/not", line: 12, column: 9 },
      ],
    },
    {
      name: "if in $defs",
      files: tool("t", { type: "object", $defs: { d: { if: { type: "string" } } } }),
      setting: ALL,
      errors: [{ message: "`if`", pointer: "/input_schema/$defs/d/if", line: 7, column: 9 }],
    },
    {
      name: "allOf in a tool whose file says strict",
      files: strictTool("t", { type: "object", properties: { v: { allOf: [{ type: "string" }] } } }),
      errors: [{ message: "`allOf`", pointer: "/input_schema/properties/v/allOf", line: 8, column: 9 }],
    },
  ],
});

const nested = (depth: number): Record<string, unknown> =>
  depth === 1 ? { type: "object" } : { type: "object", properties: { n: nested(depth - 1) } };

testRule("openai/schema-limits", {
  valid: [
    { name: "10 levels", files: tool("t", nested(10)), setting: ALL },
    { name: "3 properties under a limit of 3", files: withProps({ a: {}, b: {}, c: {} }), setting: ["error", { maxProperties: 3, all: 1 }] },
    { name: "11 levels in a tool not sent strict", files: tool("t", nested(11)) },
  ],
  invalid: [
    {
      name: "11 levels",
      files: tool("t", nested(11)),
      setting: ALL,
      errors: [{ message: "OpenAI: this object is nested 11 levels deep, more than the 10 it accepts", pointer: "/input_schema" + "/properties/n".repeat(10), line: 33, column: 43 }],
    },
    {
      name: "4 properties under a limit of 3",
      files: withProps({ a: {}, b: {}, c: {}, d: {} }),
      setting: ["error", { maxProperties: 3, all: 1 }],
      errors: [{ message: "the schema has 4 object properties, more than the 3 it accepts", pointer: "/input_schema", line: 3, column: 3 }],
    },
    {
      name: "1001 enum values",
      files: withProps({ a: { enum: Array.from({ length: 600 }, (_, i) => i) }, b: { enum: Array.from({ length: 401 }, (_, i) => i) } }),
      setting: ALL,
      errors: [{ message: "the schema has 1001 enum values, more than the 1000 it accepts", pointer: "/input_schema", line: 3, column: 3 }],
    },
  ],
});

const strictTools = (count: number) =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [`t${String(i).padStart(2, "0")}.json`, strictTool(`t${String(i).padStart(2, "0")}`, closed({}))]));

testRule("anthropic/strict-limits", {
  valid: [
    { name: "20 strict tools", files: strictTools(20) },
    { name: "optional parameters of tools that are not strict", files: withProps(Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`p${i}`, { type: "string" }]))) },
    {
      name: "24 optional parameters",
      files: strictTool("t", closed(Object.fromEntries(Array.from({ length: 24 }, (_, i) => [`p${i}`, { type: "string" }])), [])),
    },
  ],
  invalid: [
    {
      name: "21 strict tools",
      files: strictTools(21),
      errors: [{ file: "t20.json", message: "Anthropic: 21 tools are strict, more than the 20 strict tools one request may hold; this is strict tool 21", pointer: "/strict", line: 3, column: 3 }],
    },
    {
      name: "25 optional parameters across two tools",
      files: {
        "a.json": strictTool("a", closed(Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`p${i}`, { type: "string" }])), [])),
        "b.json": strictTool("b", closed({ q0: { type: "string" }, q1: { type: "string" }, q2: { type: "string" }, q3: { type: "string" }, q4: { type: "string" } }, [])),
      },
      errors: [{ file: "b.json", message: "the strict tools have 25 optional parameters together, more than the 24", pointer: "/input_schema/properties/q4", line: 19, column: 7 }],
    },
    {
      name: "2 union-typed parameters under a limit of 1",
      files: strictTool("t", closed({ a: { type: ["string", "null"] }, b: { anyOf: [{ type: "string" }, { type: "number" }] } })),
      setting: ["error", { maxUnionParameters: 1 }],
      errors: [{ message: "the strict tools have 2 union-typed parameters", pointer: "/input_schema/properties/b", line: 13, column: 7 }],
    },
  ],
});

testRule("anthropic/strict-schema", {
  valid: [
    { name: "closed objects, a supported format", files: strictTool("t", closed({ when: { type: "string", format: "date-time" }, o: closed({ x: { type: "string" } }) })) },
    { name: "an open object in a tool that is not strict", files: tool("t", { type: "object", properties: { o: { type: "object" } } }) },
    { name: "a $ref that is not recursive", files: strictTool("t", { ...closed({ a: { $ref: "#/$defs/d" } }), $defs: { d: closed({ x: { type: "string" } }) } }) },
  ],
  invalid: [
    {
      name: "no additionalProperties, additionalProperties true",
      files: strictTool("t", { type: "object", properties: { o: { type: "object", additionalProperties: true } } }),
      errors: [
        { message: 'Anthropic: strict tools need `"additionalProperties": false` on every object; this one has none', pointer: "/input_schema", line: 4, column: 3 },
        { message: "not true", pointer: "/input_schema/properties/o/additionalProperties", line: 9, column: 9 },
      ],
    },
    {
      name: "an unsupported format",
      files: strictTool("t", closed({ u: { type: "string", format: "uri-reference" } })),
      errors: [{ message: "strict tools support `format` only for date-time, time, date, duration, email, hostname, uri, ipv4, ipv6, uuid; not 'uri-reference'", pointer: "/input_schema/properties/u/format", line: 9, column: 9 }],
    },
    {
      name: "a recursive $ref",
      files: strictTool("t", { ...closed({ tree: { $ref: "#/$defs/node" } }), $defs: { node: closed({ children: { type: "array", items: { $ref: "#/$defs/node" } } }) } }),
      errors: [{ message: "`$ref` '#/$defs/node' makes the schema recursive", pointer: "/input_schema/$defs/node/properties/children/items/$ref", line: 22, column: 15 }],
    },
    {
      name: "a $ref to the root",
      files: strictTool("t", closed({ next: { $ref: "#" } })),
      errors: [{ message: "`$ref` '#' makes the schema recursive", pointer: "/input_schema/properties/next/$ref", line: 8, column: 9 }],
    },
    {
      name: "a recursive $ref under a key a URI would read as percent-encoding",
      files: strictTool("t", closed({ "50%": { $ref: "#" }, "%41": { $ref: "#" } })),
      errors: [
        { message: "`$ref` '#' makes the schema recursive", pointer: "/input_schema/properties/50%/$ref", line: 8, column: 9 },
        { message: "`$ref` '#' makes the schema recursive", pointer: "/input_schema/properties/%41/$ref", line: 11, column: 9 },
      ],
    },
  ],
});
