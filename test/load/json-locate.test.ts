import fc from "fast-check";
import { parseTree, type Node } from "jsonc-parser";
import { describe, expect, it } from "vitest";
import { jsonKeyOffset, jsonPointerOffset } from "../../src/load/json-locate.js";

/** The reference: walk jsonc-parser's tree (what src/load/positions.ts did before the targeted scan). */
function treeOffset(text: string, tokens: readonly string[]): number {
  const root = parseTree(text, [], { disallowComments: true });
  if (!root) return 0;
  let node: Node = root;
  let offset = node.offset;
  for (const token of tokens) {
    let next: Node | undefined;
    if (node.type === "object") {
      const prop = node.children?.find((p) => p.children?.[0]?.value === token);
      const key = prop?.children?.[0];
      next = prop?.children?.[1];
      if (!key || !next) return offset;
      offset = key.offset;
    } else if (node.type === "array") {
      next = /^\d+$/.test(token) ? node.children?.[Number(token)] : undefined;
      if (!next) return offset;
      offset = next.offset;
    } else {
      return offset;
    }
    node = next;
  }
  return offset;
}

/** Every pointer into `value`, plus some that go one step too far. */
function pointersOf(value: unknown, prefix: string[] = []): string[][] {
  const out: string[][] = [prefix, [...prefix, "missing"], [...prefix, "0"]];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...pointersOf(v, [...prefix, String(i)])));
  else if (value !== null && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) out.push(...pointersOf(v, [...prefix, k]));
  }
  return out;
}

describe("jsonPointerOffset", () => {
  it("finds keys, array items and the root like a tree walk does", () => {
    const text = '{\n  "a": {"b": [1, {"c": "x\\"}"}]},\n  "d\\u0065": true\n}\n';
    for (const tokens of [[], ["a"], ["a", "b"], ["a", "b", "1"], ["a", "b", "1", "c"], ["de"], ["a", "zz"], ["a", "b", "7"]]) {
      expect(jsonPointerOffset(text, tokens), tokens.join("/")).toBe(treeOffset(text, tokens));
    }
  });

  it("agrees with jsonc-parser's tree on any JSON, at any indentation", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.constantFrom(0, 1, 2, "\t"), (value, indent) => {
        const text = JSON.stringify(value, null, indent);
        for (const tokens of pointersOf(value)) {
          expect(jsonPointerOffset(text, tokens)).toBe(treeOffset(text, tokens));
        }
      }),
      { numRuns: 300 },
    );
  });

  it("matches keys written with escapes, and tokens holding backslashes, exactly", () => {
    // Keys: a\b (backslash), newline, \n (backslash n), ab written \u0061b, ab again, x"y.
    const text = String.raw`{"a\\b": 1, "\n": 2, "\\n": 3, "\u0061b": 4, "ab": 5, "x\"y": 6}`;
    const data = JSON.parse(text) as Record<string, number>;
    expect(Object.keys(data)).toEqual(["a\\b", "\n", "\\n", "ab", 'x"y']);
    for (const key of [...Object.keys(data), "a\\\\b", "n", "\\u0061b", "zz"]) {
      expect(jsonPointerOffset(text, [key]), JSON.stringify(key)).toBe(treeOffset(text, [key]));
    }
  });

  it("agrees with jsonc-parser's tree on keys full of escapes", () => {
    const key = fc.string({ unit: fc.constantFrom("a", "b", "\\", '"', "\n", "/", "~", "é", "\u2028") , maxLength: 4 });
    fc.assert(
      fc.property(fc.dictionary(key, fc.dictionary(key, fc.integer(), { maxKeys: 3 }), { maxKeys: 4 }), (value) => {
        const text = JSON.stringify(value).replace(/[a-z]/g, (c) => (c === "a" ? "\\u0061" : c));
        for (const tokens of pointersOf(value)) {
          expect(jsonPointerOffset(text, tokens)).toBe(treeOffset(text, tokens));
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe("jsonKeyOffset (the parsed document at hand)", () => {
  const name = fc.constantFrom("a", "b", "type", "name", "latitude", "$ref", "x.y", "a-b", "0", "10", "__proto__", "", "a b", ",", ":", "\\", '"');
  const { value } = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: "small" },
      fc.constantFrom(1, true, null, "a", "latitude", "type", ":", ",", "b:", '"', "\\"),
      name,
      fc.array(fc.oneof(name, tie("value")), { maxLength: 4 }),
      fc.dictionary(name, tie("value"), { maxKeys: 4 }),
    ),
  }));

  it("agrees with jsonc-parser's tree on every pointer, at any indentation, with keys repeated as values (fast-check, seed 31)", () => {
    fc.assert(
      fc.property(value, fc.constantFrom(0, 2, "\t"), fc.boolean(), (data, indent, spaceBeforeColon) => {
        let text = JSON.stringify(data, null, indent);
        // A space before some colons: a key is `"key"` then white space then `:`.
        if (spaceBeforeColon) text = text.replace(/":/g, '" :');
        const parsed: unknown = JSON.parse(text);
        for (const tokens of pointersOf(parsed)) {
          expect(jsonKeyOffset(text, parsed, tokens), `${text} ${JSON.stringify(tokens)}`).toBe(treeOffset(text, tokens));
        }
      }),
      { seed: 31, numRuns: 1500 },
    );
  });

  it("falls back to the scan for a key repeated in other objects or in one (the first counts), and in a text with escapes", () => {
    const repeated = '{"a": {"k": 1}, "b": {"k": 2}, "k": 3}';
    expect(jsonKeyOffset(repeated, JSON.parse(repeated), ["b", "k"])).toBe(treeOffset(repeated, ["b", "k"]));
    const duplicate = '{"k": 1, "k": 2}';
    expect(jsonKeyOffset(duplicate, JSON.parse(duplicate), ["k"])).toBe(treeOffset(duplicate, ["k"]));
    const escaped = String.raw`{"x": "\"k\": 1", "k": 2}`;
    expect(jsonKeyOffset(escaped, JSON.parse(escaped), ["k"])).toBe(treeOffset(escaped, ["k"]));
  });
});
