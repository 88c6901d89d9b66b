/**
 * definitionBytes (src/stats.ts): the UTF-8 bytes of a tool definition's compact JSON, as the request
 * sends it: multi-byte characters count their bytes, escapes their characters, pass-through fields
 * their key and value, and a field left undefined nothing.
 */
import { expect, it } from "vitest";
import { definitionBytes, toolSize } from "../../src/lint/stats.js";

it("counts the compact JSON's UTF-8 bytes, escapes and pass-through fields included", () => {
  const bytes = (text: string) => new TextEncoder().encode(text).length;
  expect(definitionBytes({ name: "t", bundledSchema: { type: "object" } })).toBe(bytes('{"name":"t","input_schema":{"type":"object"}}'));
  expect(definitionBytes({ name: "t", description: "Café ☕ \"q\"\n𝄞", bundledSchema: {} })).toBe(bytes('{"name":"t","description":"Café ☕ \\"q\\"\\n𝄞","input_schema":{}}'));
  expect(definitionBytes({ name: "t", bundledSchema: {}, fields: { strict: true, defer_loading: undefined } })).toBe(bytes('{"name":"t","input_schema":{},"strict":true}'));
  expect(toolSize({ name: "t", bundledSchema: {}, fields: { defer_loading: true } })).toMatchObject({ deferred: true, bytes: bytes('{"name":"t","input_schema":{},"defer_loading":true}') });
});
