/**
 * src/lint/json-size.ts against what it replaces: `Buffer.byteLength(JSON.stringify(x), "utf8")`, on random
 * JSON (every kind of character, number and skipped value), on values JSON.stringify treats
 * specially, and on every parsed file of the test fixtures (definitionBytes, which measures tool
 * definitions with it, is held by definition-bytes.test.ts).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonByteLength, MAX_DEPTH, stringBytes } from "../../src/lint/json-size.js";
import { loadFolder } from "../../src/load/index.js";
import { fixture } from "../helpers.js";
import { char, fixtureFolders, json } from "./json-arbitraries.js";

/** What the walk must equal: the bytes of the text, or the same undefined, or the same error. */
function reference(value: unknown): number | undefined {
  const text: string | undefined = JSON.stringify(value);
  return text === undefined ? undefined : Buffer.byteLength(text, "utf8");
}

function outcome(f: () => number | undefined): { value: number | undefined } | { error: string } {
  try {
    return { value: f() };
  } catch (error) {
    return { error: error instanceof Error ? error.constructor.name : String(error) };
  }
}

describe("jsonByteLength", () => {
  it("equals Buffer.byteLength(JSON.stringify(x)) on random JSON values", () => {
    fc.assert(
      fc.property(json, (value) => {
        expect(jsonByteLength(value)).toBe(reference(value));
      }),
      { seed: 9, numRuns: 5000 },
    );
  });

  it("stringBytes equals the bytes of the quoted string, for any string", () => {
    fc.assert(
      fc.property(fc.string({ unit: char, maxLength: 40 }), (s) => {
        expect(stringBytes(s)).toBe(Buffer.byteLength(JSON.stringify(s), "utf8"));
      }),
      { seed: 9, numRuns: 5000 },
    );
  });

  it("measures each escape and each UTF-8 length exactly", () => {
    const cases: [string, number][] = [
      ["", 2],
      ["plain ascii", 13],
      ['"', 4],
      ["\\", 4],
      ["\n\t\r\b\f", 12],
      ["\u0000\u001f\u000b", 20],
      ["\u007f", 3],
      ["é", 4],
      ["€", 5],
      ["\ud83d\ude00", 6],
      ["\ud800", 8],
      ["\udc00", 8],
      ["\udc00\ud800", 14],
      ["a\ud800", 9],
    ];
    for (const [s, bytes] of cases) {
      expect(stringBytes(s)).toBe(bytes);
      expect(jsonByteLength(s)).toBe(bytes);
      expect(jsonByteLength([s])).toBe(bytes + 2);
    }
  });

  it("writes numbers as String(n), and non-finite ones as null", () => {
    for (const n of [0, -0, 1, -1, 1e21, 1e-7, 5e-324, Number.MAX_VALUE, 0.1, 123456789012345680000, NaN, Infinity, -Infinity]) {
      expect(jsonByteLength(n)).toBe(reference(n));
      expect(jsonByteLength({ n })).toBe(reference({ n }));
    }
    expect(jsonByteLength([-0, NaN])).toBe("[0,null]".length);
  });

  it("skips and nulls what JSON.stringify skips and nulls", () => {
    const fn = () => 1;
    const values: unknown[] = [
      { a: undefined, b: Symbol("b"), c: 1 },
      { a: undefined },
      [undefined, Symbol("x"), 1],
      [1, , 3], // a hole, which JSON.stringify writes as null
      { f: fn, g: 2 },
      [fn],
      { [Symbol("k")]: 1, k: 2 },
      Object.defineProperty({ shown: 1 }, "hidden", { value: 2, enumerable: false }),
    ];
    for (const value of values) expect(jsonByteLength(value)).toBe(reference(value));
    expect(jsonByteLength(undefined)).toBeUndefined();
    expect(jsonByteLength(fn)).toBeUndefined();
    expect(jsonByteLength(Symbol("s"))).toBeUndefined();
  });

  it("hands over to JSON.stringify for what is not plain data, with the same answer", () => {
    class Point {
      x = 1;
      y = 2;
    }
    const nullProto = Object.assign(Object.create(null) as Record<string, unknown>, { a: "b" });
    const withExtra = Object.assign([1, 2], { extra: "ignored" });
    const values: unknown[] = [
      new Date(0),
      { when: new Date(0) },
      [new Number(1), new String("s\n"), new Boolean(false)],
      { toJSON: () => "replaced" },
      { toJSON: "just data" },
      { nested: { toJSON: (k: string) => ({ key: k }) } },
      nullProto,
      new Point(),
      new Map([["a", 1]]),
      new Uint8Array([1, 2, 3]),
      withExtra,
      Object.assign(() => 1, { toJSON: () => "fn" }),
      { f: Object.assign(() => 1, { toJSON: () => "fn" }) },
    ];
    for (const value of values) expect(jsonByteLength(value)).toBe(reference(value));
  });

  it("ignores an enumerable key on Object.prototype, as JSON.stringify does", () => {
    const proto = Object.prototype as Record<string, unknown>;
    proto.polluted = "yes";
    try {
      const value = { a: 1, b: [{ c: "d" }] };
      expect(jsonByteLength(value)).toBe(reference(value));
    } finally {
      delete proto.polluted;
    }
  });

  it("throws what JSON.stringify throws: a cycle, a bigint, nesting too deep for the stack", () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    const inArray: unknown[] = [];
    inArray.push({ back: inArray });
    let deep: unknown = "leaf";
    for (let i = 0; i < 200_000; i++) deep = [deep];
    for (const value of [cyclic, inArray, { n: 1n }, [2n], deep]) {
      const expected = outcome(() => reference(value));
      expect(expected).toHaveProperty("error");
      expect(outcome(() => jsonByteLength(value))).toEqual(expected);
    }
  });

  it("measures nesting past MAX_DEPTH exactly (by JSON.stringify), or throws as it does", () => {
    for (const levels of [MAX_DEPTH - 1, MAX_DEPTH, MAX_DEPTH + 1, 2 * MAX_DEPTH, 5000]) {
      let value: unknown = { leaf: "é" };
      for (let i = 0; i < levels; i++) value = i % 2 === 0 ? [value, 1] : { k: value };
      const expected = outcome(() => reference(value));
      if (levels <= 2 * MAX_DEPTH) expect(expected).toHaveProperty("value");
      expect(outcome(() => jsonByteLength(value))).toEqual(expected);
    }
  });
});


describe("jsonByteLength on the test fixtures", () => {
  // definitionBytes, which measures tool definitions with it, is held by definition-bytes.test.ts.
  it("equals Buffer.byteLength(JSON.stringify(data)) for every parsed file of the fixtures", async () => {
    let measured = 0;
    for (const folder of fixtureFolders()) {
      const loaded = await loadFolder(folder, { refRoots: [fixture()] });
      for (const file of loaded.files) {
        if (file.data === undefined) continue;
        expect(jsonByteLength(file.data), file.displayPath).toBe(reference(file.data));
        measured++;
      }
    }
    expect(measured).toBeGreaterThanOrEqual(40);
  });
});
