/**
 * src/json-size.ts against what it replaces: `Buffer.byteLength(JSON.stringify(x), "utf8")`, on random
 * JSON (every kind of character, number and skipped value), on values JSON.stringify treats
 * specially, and on every tool definition of the test fixtures (src/stats.ts definitionBytes).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonByteLength, MAX_DEPTH, stringBytes } from "../../src/json-size.js";
import { bundleTools, loadFolder } from "../../src/load/index.js";
import { PASS_THROUGH_FIELDS } from "../../src/load/tool-fields.js";
import type { JsonObject, ToolFields } from "../../src/model.js";
import { definitionBytes, toolSize } from "../../src/stats.js";
import { toolDefinition } from "../../src/tool-definition.js";
import { fixture } from "../helpers.js";

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

/** One UTF-16 unit or character: every escape class, each UTF-8 length, lone and paired surrogates. */
const char = fc.oneof(
  fc.constantFrom("a", "Z", " ", "~", "/", "'", '"', "\\", "\b", "\f", "\n", "\r", "\t", "\v", "\0", "\u001f", "\u007f", "\u0080", "é", "\u07ff", "\u0800", "€", "\u2028", "\ufeff", "\uffff"),
  fc.constantFrom("\ud800", "\udbff", "\udc00", "\udfff", "\ud83d\ude00", "\ud83d", "\ude00"),
  fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
  fc.integer({ min: 0x10000, max: 0x10ffff }).map((c) => String.fromCodePoint(c)),
  fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
);
const text = fc.string({ unit: char, maxLength: 12 });
const number = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(0, -0, 1e21, 1e-7, 123e-20, 5e-324, Number.MAX_VALUE, -Number.MAX_VALUE, Number.MAX_SAFE_INTEGER + 2, 2 ** 64, 0.1, 1 / 3, NaN, Infinity, -Infinity),
);
/** Values JSON.stringify skips in an object and writes as null in an array. */
const skipped = fc.constantFrom(undefined, Symbol("s"));
const key = fc.oneof(text, fc.constantFrom("type", "0", "10", "-1", "__proto__", "toJSON", "constructor", ""));

const json: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    text,
    number,
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.oneof(tie("value"), skipped), { maxLength: 5 }),
    fc.dictionary(key, fc.oneof(tie("value"), skipped), { maxKeys: 5 }),
  ),
})).value;

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
      // eslint-disable-next-line no-sparse-arrays
      [1, , 3],
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

/** Every folder of test/fixtures that holds schema files, and the files. */
function fixtureFolders(): string[] {
  const folders: string[] = [];
  const visit = (dir: string) => {
    const entries = readdirSync(dir, { withFileTypes: true });
    if (entries.some((e) => e.isFile() && /\.(json|ya?ml)$/.test(e.name))) folders.push(dir);
    for (const e of entries) if (e.isDirectory()) visit(path.join(dir, e.name));
  };
  visit(fixture());
  return folders;
}

describe("definitionBytes", () => {
  it("equals the bytes of the tool definition, for every tool of the test fixtures", async () => {
    let measured = 0;
    for (const folder of fixtureFolders()) {
      const loaded = await loadFolder(folder, { refRoots: [fixture()] });
      const { tools } = await bundleTools(loaded);
      for (const tool of tools) {
        const expected = Buffer.byteLength(JSON.stringify(toolDefinition(tool)), "utf8");
        expect(toolSize(tool).bytes, `${tool.source.displayPath}`).toBe(expected);
        measured++;
      }
      for (const file of loaded.files) {
        if (file.data !== undefined) expect(jsonByteLength(file.data), file.displayPath).toBe(reference(file.data));
      }
    }
    expect(measured).toBeGreaterThanOrEqual(40);
  });

  it("equals the bytes of the tool definition, on random names, descriptions, schemas and fields", () => {
    const schema = fc.dictionary(key, json, { maxKeys: 4 }) as fc.Arbitrary<JsonObject>;
    const object = fc.dictionary(key, json, { maxKeys: 3 }) as fc.Arbitrary<JsonObject>;
    const fields: fc.Arbitrary<ToolFields | undefined> = fc.option(
      fc.record(
        {
          type: fc.constant("custom" as const),
          strict: fc.boolean(),
          input_examples: fc.array(object, { maxLength: 3 }),
          cache_control: fc.oneof(fc.constant(null), fc.constant({ type: "ephemeral" as const }), fc.constant({ type: "ephemeral" as const, ttl: "1h" as const })),
          defer_loading: fc.boolean(),
          allowed_callers: fc.subarray(["direct", "code_execution_20250825"] as const).map((a) => [...a]),
          eager_input_streaming: fc.oneof(fc.boolean(), fc.constant(null)),
        },
        { requiredKeys: [] },
      ),
      { nil: undefined },
    );
    fc.assert(
      fc.property(text, fc.option(text, { nil: undefined }), schema, fields, (name, description, bundledSchema, toolFields) => {
        const source = { name, bundledSchema, ...(description !== undefined ? { description } : {}), ...(toolFields !== undefined ? { fields: toolFields } : {}) };
        expect(definitionBytes(name, description, bundledSchema, toolFields)).toBe(Buffer.byteLength(JSON.stringify(toolDefinition(source)), "utf8"));
      }),
      { seed: 9, numRuns: 2000 },
    );
    // Every pass-through field is covered by the record above.
    expect(PASS_THROUGH_FIELDS.length).toBe(7);
  });
});
