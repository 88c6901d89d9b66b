/** The schema module's resolver, cycle rule and data-path test (src/schema/refs.ts, keywords.ts). */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isDataPath, isDataRefPath } from "../../src/schema/keywords.js";
import { findInPlaceCycle, followRefs } from "../../src/schema/refs.js";

describe("followRefs", () => {
  const root = { $defs: { a: { $ref: "#/$defs/b" }, b: { type: "string" }, x: { $ref: "#/$defs/y" }, y: { $ref: "#/$defs/x" } } };
  it("follows a chain to its schema", () => {
    expect(followRefs(root, { $ref: "#/$defs/a" })).toEqual({ ok: true, schema: { type: "string" }, refs: ["#/$defs/a", "#/$defs/b"] });
  });
  it("stops at a cycle and at a reference that does not resolve", () => {
    expect(followRefs(root, { $ref: "#/$defs/x" })).toEqual({ ok: false, reason: "cycle", refs: ["#/$defs/x", "#/$defs/y", "#/$defs/x"] });
    expect(followRefs(root, { $ref: "#/$defs/none" })).toMatchObject({ ok: false, reason: "unresolved" });
  });
});

describe("findInPlaceCycle", () => {
  it("finds cycles through references and in-place keywords only", () => {
    expect(findInPlaceCycle({ $ref: "#" })).toEqual({ pointer: "/$ref", refs: ["#"] });
    expect(findInPlaceCycle({ properties: { a: { $ref: "#/properties/a" } } })?.pointer).toBe("/properties/a/$ref");
    expect(findInPlaceCycle({ $defs: { a: { not: { allOf: [{ $ref: "#/$defs/a" }] } } } })?.refs).toEqual(["#/$defs/a"]);
    expect(findInPlaceCycle({ type: "object", properties: { kids: { type: "array", items: { $ref: "#" } } } })).toBeUndefined();
    expect(findInPlaceCycle({ $defs: { n: { properties: { next: { $ref: "#/$defs/n" } } } }, $ref: "#/$defs/n" })).toBeUndefined();
  });

  it("terminates and never throws on any JSON with references", () => {
    const key = fc.constantFrom("$ref", "allOf", "anyOf", "not", "if", "then", "properties", "items", "$defs", "a", "b");
    const ref = fc.constantFrom("#", "#/a", "#/b", "#/$defs/a", "#/properties/a", "#/allOf/0", "#/anyOf/1", "#%zz", "#x", "x.json");
    const junk: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
      v: fc.oneof({ depthSize: "small" }, ref, fc.dictionary(key, tie("v"), { maxKeys: 4 }), fc.array(tie("v"), { maxLength: 3 })),
    })).v;
    fc.assert(fc.property(junk, (root) => void findInPlaceCycle(root)), { seed: 3, numRuns: 2000 });
  });

  it("takes linear time on a chain of anyOf: [{$ref: next}, {$ref: next}]", () => {
    const defs: Record<string, unknown> = {};
    for (let i = 0; i < 200; i++) defs[`l${i}`] = { anyOf: [{ $ref: `#/$defs/l${i + 1}` }, { $ref: `#/$defs/l${i + 1}` }] };
    defs.l200 = { type: "string" };
    expect(findInPlaceCycle({ $ref: "#/$defs/l0", $defs: defs })).toBeUndefined();
  });
});

describe("isDataPath", () => {
  it("tells data keywords from schemas, a property named enum included", () => {
    expect(isDataPath(["properties", "x", "enum", "0"])).toBe(true);
    expect(isDataPath(["properties", "x", "const"])).toBe(true);
    expect(isDataPath(["properties", "enum"])).toBe(false);
    expect(isDataPath(["properties", "enum", "items", "0", "default"])).toBe(true);
    expect(isDataPath(["anyOf", "1", "properties", "const"])).toBe(false);
    expect(isDataRefPath("#/properties/x/enum/0")).toBe(true);
    expect(isDataRefPath("#/properties/enum")).toBe(false);
    expect(isDataRefPath("#/properties/a~1b/examples")).toBe(true);
  });
});
