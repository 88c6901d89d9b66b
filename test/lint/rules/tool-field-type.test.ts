import { testRule, toolJson } from "../helpers/rule-tester.js";

const tool = (extra: Record<string, unknown>) => toolJson({ name: "a", description: "d", input_schema: { type: "object" }, ...extra });

testRule("tool-field-type", {
  valid: [
    { name: "no newer fields", files: tool({}) },
    {
      name: "every newer field, well typed",
      files: tool({
        type: "custom",
        strict: true,
        input_examples: [{}, { q: 1 }],
        cache_control: { type: "ephemeral", ttl: "1h" },
        defer_loading: false,
        allowed_callers: ["direct", "code_execution_20250825"],
        eager_input_streaming: null,
      }),
    },
    { name: "null cache_control, false eager_input_streaming", files: tool({ cache_control: null, eager_input_streaming: false }) },
    {
      name: "MCP's icons and _meta, well formed",
      files: tool({
        icons: [{ src: "https://example.com/a.png", mimeType: "image/png", sizes: ["48x48"], theme: "dark" }, { src: "data:image/svg+xml;base64,PHN2Zy8+" }],
        _meta: { "anthropic/alwaysLoad": true, ui: { resourceUri: "ui://a" }, "com.example.tools/v1.x": 1, "example.com/": 0 },
      }),
    },

    { name: "toolgen's needs_approval (the openai-agents output's needsApproval)", files: tool({ needs_approval: true }) },
  ],
  invalid: [
    {
      name: "strict as a string",
      files: tool({ strict: "true" }),
      errors: [{ message: '`strict` must be true or false, not "true"', pointer: "/strict", line: 7, column: 3, tool: "a" }],
    },
    {
      name: "input_examples as an object, defer_loading as a number",
      files: tool({ input_examples: { q: 1 }, defer_loading: 1 }),
      errors: [
        { message: "`input_examples` must be an array of objects (example inputs), not an object", pointer: "/input_examples", line: 7, column: 3 },
        { message: "`defer_loading` must be true or false, not 1", pointer: "/defer_loading", line: 10, column: 3 },
      ],
    },
    {
      name: "needs_approval as a string",
      files: tool({ needs_approval: "yes" }),
      errors: [{ message: '`needs_approval` must be true or false, not "yes"', pointer: "/needs_approval", line: 7, column: 3, tool: "a" }],
    },
    {
      name: "an input example that is not an object",
      files: tool({ input_examples: [{}, "q=1"] }),
      errors: [{ message: '`input_examples` must be an object (an example input), not "q=1"', pointer: "/input_examples/1", line: 9, column: 5 }],
    },
    {
      name: "cache_control of another type, and with an unknown ttl",
      files: { "a.json": tool({ name: "a", cache_control: { type: "persistent" } }), "b.json": tool({ name: "b", cache_control: { type: "ephemeral", ttl: "2h" } }) },
      errors: [
        { file: "a.json", message: '`cache_control` must be null or {"type": "ephemeral"}', pointer: "/cache_control/type", line: 8, column: 5 },
        { file: "b.json", message: 'not a ttl of "2h"', pointer: "/cache_control/ttl", line: 9, column: 5 },
      ],
    },
    {
      name: "an unknown caller, a wrong type",
      files: tool({ allowed_callers: ["direct", "code_execution"], type: "function" }),
      errors: [
        { message: '`allowed_callers` must be one of "direct", "code_execution_20250825"', pointer: "/allowed_callers/1", line: 9, column: 5 },
        { message: '`type` must be "custom", not "function"', pointer: "/type", line: 11, column: 3 },
      ],
    },
    {
      name: "eager_input_streaming as a string, in YAML",
      files: { "a.yaml": "name: a\ndescription: d\ninput_schema: {type: object}\neager_input_streaming: yes please\n" },
      errors: [{ file: "a.yaml", message: '`eager_input_streaming` must be true, false or null, not "yes please"', pointer: "/eager_input_streaming", line: 4, column: 1 }],
    },
    {
      name: "icons not an array",
      files: tool({ icons: { src: "a.png" } }),
      errors: [{ message: "`icons` must be an array of icons", pointer: "/icons", line: 7, column: 3 }],
    },
    {
      name: "an icon with an empty src",
      files: tool({ icons: [{ src: "a.png" }, { src: "", mimeType: "x" }] }),
      errors: [{ message: "`icons` must be a non-empty string (the icon's URI), not \"\"", pointer: "/icons/1/src", line: 12, column: 7 }],
    },
    {
      name: "an icon's sizes not strings, theme not light or dark",
      files: { "s.json": tool({ icons: [{ src: "a.png", sizes: [48] }] }), "t.json": tool({ icons: [{ src: "a.png", theme: "blue" }] }) },
      errors: [
        { file: "s.json", message: "`icons` must be an array of strings", pointer: "/icons/0/sizes", line: 10, column: 7 },
        { file: "t.json", message: '`icons` must be "light" or "dark", not "blue"', pointer: "/icons/0/theme", line: 10, column: 7 },
      ],
    },
    {
      name: "_meta not an object",
      files: tool({ _meta: ["anthropic/alwaysLoad"] }),
      errors: [{ message: "`_meta` must be an object", pointer: "/_meta", line: 7, column: 3 }],
    },
    {
      name: "a _meta key outside MCP's key form",
      files: { "a.json": tool({ _meta: { "anthropic/alwaysLoad": true, "bad key": 1 } }), "b.json": tool({ _meta: { "1x.com/a": 1 } }), "c.json": tool({ _meta: { "-lead": 1 } }) },
      errors: [
        { file: "a.json", message: "`_meta` must be keys of MCP's _meta form", pointer: "/_meta/bad key", line: 9, column: 5 },
        { file: "b.json", message: "not the key \"1x.com/a\"", pointer: "/_meta/1x.com~1a", line: 8, column: 5 },
        { file: "c.json", message: "not the key \"-lead\"", pointer: "/_meta/-lead", line: 8, column: 5 },
      ],
    },
  ],
});
