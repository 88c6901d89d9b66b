/**
 * definitionBytes (src/stats.ts) counts a tool definition's compact JSON from its parts, without
 * building the entry: it must equal the bytes of `JSON.stringify(toolDefinition(tool))`, on every
 * tool of the test fixtures and on random names, descriptions, schemas and fields (every kind of
 * character, number and value JSON.stringify skips).
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bundleTools, loadFolder } from "../../src/load/index.js";
import { PASS_THROUGH_FIELDS } from "../../src/load/tool-fields.js";
import type { JsonObject, ToolFields } from "../../src/model.js";
import { definitionBytes, toolSize } from "../../src/stats.js";
import { toolDefinition } from "../../src/tool-definition.js";
import { fixture } from "../helpers.js";

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
