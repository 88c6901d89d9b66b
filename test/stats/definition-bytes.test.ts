/**
 * definitionBytes (src/lint/stats.ts) counts a tool definition's compact JSON from its parts, without
 * building the entry: it must equal the bytes of `JSON.stringify(toolDefinition(tool))`, on every
 * tool of the test fixtures and on random names, descriptions, schemas and fields (every kind of
 * character, number and value JSON.stringify skips).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bundleTools, loadFolder } from "../../src/load/index.js";
import { PASS_THROUGH_FIELDS } from "../../src/load/tool-fields.js";
import type { JsonObject, ToolFields } from "../../src/model.js";
import { definitionBytes, toolSize } from "../../src/lint/stats.js";
import { toolDefinition } from "../../src/load/tool-definition.js";
import { fixture } from "../helpers.js";
import { fixtureFolders, json, key, text } from "./json-arbitraries.js";

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
