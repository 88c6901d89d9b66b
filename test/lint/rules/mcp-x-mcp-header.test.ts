/** Rule `mcp/x-mcp-header`: one case per MUST of MCP 2026-07-28's x-mcp-header (token, unique ignoring case, type, reachable through properties). */
import { testRule, toolJson } from "../helpers/rule-tester.js";

const tool = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  toolJson({ name: "a", input_schema: { type: "object", properties, ...extra } });
const header = (type: unknown, name: unknown) => ({ type, "x-mcp-header": name });

testRule("mcp/x-mcp-header", {
  valid: [
    { name: "no annotation", files: tool({ q: { type: "string" } }) },
    {
      name: "string, integer and boolean properties, tokens with every tchar class, distinct ignoring case",
      files: tool({ region: header("string", "Region"), page: header("integer", "Page-No"), dry: header("boolean", "x_dry.run!#$%&'*+^`|~") }),
    },
    { name: "at any depth through properties", files: tool({ filter: { type: "object", properties: { owner: header("string", "Owner") } } }) },
    { name: "the same name in two tools", files: { "a.json": tool({ q: header("string", "Q") }), "b.json": tool({ q: header("string", "Q") }) } },
  ],
  invalid: [
    {
      name: "not a token: a space",
      files: tool({ q: header("string", "My Header") }),
      errors: [{ message: 'x-mcp-header "My Header" is not an HTTP token', pointer: "/input_schema/properties/q/x-mcp-header", line: 8, column: 9, tool: "a" }],
    },
    {
      name: "not a token: empty, a colon, not a string",
      files: tool({ a: header("string", ""), b: header("string", "X:Y"), c: header("string", 7) }),
      errors: [
        { message: 'x-mcp-header "" is not an HTTP token', pointer: "/input_schema/properties/a/x-mcp-header", line: 8, column: 9 },
        { message: 'x-mcp-header "X:Y" is not an HTTP token', pointer: "/input_schema/properties/b/x-mcp-header", line: 12, column: 9 },
        { message: "x-mcp-header 7 is not an HTTP token", pointer: "/input_schema/properties/c/x-mcp-header", line: 16, column: 9 },
      ],
    },
    {
      name: "not unique ignoring case",
      files: tool({ a: header("string", "Region"), b: header("string", "REGION") }),
      errors: [{ message: 'x-mcp-header "REGION" repeats "Region" (at /input_schema/properties/a/x-mcp-header) ignoring case', pointer: "/input_schema/properties/b/x-mcp-header", line: 12, column: 9 }],
    },
    {
      name: "on a number, an object, an array, a type list and an untyped property",
      files: tool({ n: header("number", "N"), o: header("object", "O"), r: header("array", "R"), l: header(["string", "null"], "L"), u: { "x-mcp-header": "U" } }),
      errors: [
        { message: 'x-mcp-header is on a property of type "number"', pointer: "/input_schema/properties/n/x-mcp-header", line: 8, column: 9 },
        { message: 'of type "object"', pointer: "/input_schema/properties/o/x-mcp-header", line: 12, column: 9 },
        { message: 'of type "array"', pointer: "/input_schema/properties/r/x-mcp-header", line: 16, column: 9 },
        { message: "of type an array", pointer: "/input_schema/properties/l/x-mcp-header", line: 23, column: 9 },
        { message: "of type none (no `type`)", pointer: "/input_schema/properties/u/x-mcp-header", line: 26, column: 9 },
      ],
    },
    {
      name: "not reachable through properties: under items, anyOf, additionalProperties, $defs, and on the root",
      files: tool(
        { list: { type: "array", items: header("string", "I") }, either: { anyOf: [header("string", "A")] } },
        { additionalProperties: header("string", "P"), $defs: { d: header("string", "D") }, "x-mcp-header": "Root" },
      ),
      errors: [
        { message: "x-mcp-header is under `items`", pointer: "/input_schema/properties/list/items/x-mcp-header", line: 10, column: 11 },
        { message: "under `anyOf`", pointer: "/input_schema/properties/either/anyOf/0/x-mcp-header", line: 17, column: 13 },
        { message: "under `additionalProperties`", pointer: "/input_schema/additionalProperties/x-mcp-header", line: 24, column: 7 },
        { message: "under `$defs`", pointer: "/input_schema/$defs/d/x-mcp-header", line: 29, column: 9 },
        { message: "x-mcp-header is on the input schema's root", pointer: "/input_schema/x-mcp-header", line: 32, column: 5 },
      ],
    },
    {
      name: "in YAML",
      files: { "t.yaml": "name: a\ninput_schema:\n  type: object\n  properties:\n    q:\n      type: number\n      x-mcp-header: Q\n" },
      errors: [{ file: "t.yaml", message: 'of type "number"', pointer: "/input_schema/properties/q/x-mcp-header", line: 7, column: 7 }],
    },
  ],
});
