/** The meta-schema validators (compiled by Ajv on first use) agree with a fresh Ajv. */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { AJV_OPTIONS, DRAFT_07, metaSchemaErrors } from "../../src/lint/meta/validators.js";

const require = createRequire(import.meta.url);

interface AjvLike {
  validate(id: string, data: unknown): boolean;
  errors?: unknown[] | null;
}

function freshAjv(): AjvLike {
  const Ajv = (require("ajv") as { default: new (options: object) => AjvLike }).default;
  return new Ajv({ ...AJV_OPTIONS });
}

describe("the draft-07 meta-schema validator", () => {
  it("is compiled by Ajv at run time: no precompiled code is evaluated", () => {
    expect(existsSync(new URL("../../src/lint/meta/draft-07.generated.ts", import.meta.url))).toBe(false);
    expect(readFileSync(new URL("../../src/lint/meta/validators.ts", import.meta.url), "utf8")).not.toMatch(/new Function|\beval\(/);
  });

  const samples: unknown[] = [
    { type: "object", properties: { a: { type: "string" } }, required: ["a"] },
    { type: "strng" },
    { type: ["string", "nul"], properties: [], required: "a", minimum: "1", enum: [] },
    { properties: { "a/b": { type: 3 }, "c~d": { items: 1 } } },
    { $ref: 5, definitions: { x: { anyOf: [] } } },
    true,
    "not a schema",
  ];
  it.each(samples.map((s) => [JSON.stringify(s), s]))("agrees with Ajv on %s", (_label, schema) => {
    const ajv = freshAjv();
    const valid = ajv.validate(DRAFT_07.metaSchema, schema);
    expect(metaSchemaErrors(DRAFT_07, schema)).toEqual(valid ? [] : ajv.errors);
  });
});
