/** The schema module's resolver, pointer codec, one cycle rule and data-path test (src/schema/refs.ts, pointer.ts, keywords.ts). */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isDataPath, isDataRefPath } from "../../src/schema/keywords.js";
import { localRefPointer } from "../../src/schema/pointer.js";
import { findInPlaceCycle, followRefs, RefPath, resolveLocal, resolveRef, SchemaValues, type SchemaObject } from "../../src/schema/refs.js";

describe("resolveRef: the one resolver and pointer codec", () => {
  const root = {
    $defs: { a: { type: "string" }, "x/y": { type: "integer" }, "t~n": { type: "boolean" }, "50%": { type: "null" }, café: { type: "number" } },
    definitions: { old: { type: "array" } },
    properties: { p: { $ref: "#/$defs/a" } },
    items: [{ const: 0 }, { const: 1 }],
  };
  it("resolves `$defs` and `definitions` alike, and `#` to the root", () => {
    expect(resolveRef(root, "#/$defs/a")).toEqual({ schema: { type: "string" }, tokens: ["$defs", "a"], pointer: "/$defs/a" });
    expect(resolveRef(root, "#/definitions/old")).toEqual({ schema: { type: "array" }, tokens: ["definitions", "old"], pointer: "/definitions/old" });
    expect(resolveRef(root, "#")).toEqual({ schema: root, tokens: [], pointer: "" });
    expect(resolveRef(root, "#/properties/p")?.schema).toEqual({ $ref: "#/$defs/a" });
    expect(resolveRef(root, "#/items/1")?.schema).toEqual({ const: 1 });
  });
  it("reads escaped pointers: ~1 and ~0 in a token, percent-encoding over the whole fragment (RFC 6901 section 6)", () => {
    expect(resolveRef(root, "#/$defs/x~1y")).toMatchObject({ schema: { type: "integer" }, tokens: ["$defs", "x/y"], pointer: "/$defs/x~1y" });
    expect(resolveRef(root, "#/$defs/t~0n")?.schema).toEqual({ type: "boolean" });
    expect(resolveRef(root, "#/%24defs/50%25")?.schema).toEqual({ type: "null" });
    expect(resolveRef(root, "#/$defs/caf%C3%A9")?.schema).toEqual({ type: "number" });
    expect(resolveRef(root, "#/$defs/x%7E1y")?.schema).toEqual({ type: "integer" });
    // `%2F` decodes to a separator: $defs.x.y, which is not there.
    expect(resolveRef(root, "#/$defs/x%2Fy")).toBeUndefined();
    expect(localRefPointer("#/$defs/x%2Fy")).toBe("/$defs/x/y");
  });
  it("names nothing for another file, an anchor, bad encoding, a missing place or an array index written otherwise", () => {
    for (const ref of ["other.json#/$defs/a", "#anchor", "#/$defs/%zz", "#/$defs/none", "#/items/01", "#/items/2", "$defs/a"]) {
      expect(resolveRef(root, ref)).toBeUndefined();
      expect(resolveLocal(root, ref)).toBeUndefined();
    }
  });
  it("reads own properties only", () => {
    expect(resolveRef({}, "#/constructor")).toBeUndefined();
    expect(resolveRef(JSON.parse('{"__proto__":{"type":"string"}}'), "#/__proto__")?.schema).toEqual({ type: "string" });
  });
});

describe("the one cycle rule", () => {
  it("RefPath: a reference whose target is already being followed closes a cycle, however it is spelled", () => {
    const root = { $defs: { a: { $ref: "#/%24defs/a" }, b: { type: "string" } } };
    const path = new RefPath(root);
    const first = path.step("#/$defs/a");
    if (first === undefined || first === "cycle") throw new Error("resolves");
    path.enter("#/$defs/a", first);
    expect(path.step("#/%24defs/a")).toBe("cycle");
    expect(path.step("#/$defs/b")).toMatchObject({ schema: { type: "string" } });
    expect(path.step("#/$defs/none")).toBeUndefined();
    expect(path.refs).toEqual(["#/$defs/a"]);
    path.leave();
    expect(path.step("#/%24defs/a")).toMatchObject({ pointer: "/$defs/a" });
  });

  it("SchemaValues: a schema asked for while its own value is being computed is onCycle; each value is computed once", () => {
    const root: SchemaObject = { $defs: { list: { type: "object", properties: { next: { $ref: "#/$defs/list" } } } }, $ref: "#/$defs/list" };
    let computed = 0;
    const depth = new SchemaValues<number>(root, (node, values) => {
      computed++;
      let below = 0;
      const target = typeof node.$ref === "string" ? resolveLocal(values.root, node.$ref) : undefined;
      if (target !== null && typeof target === "object") below = values.of(target as SchemaObject);
      const props = node.properties as Record<string, SchemaObject> | undefined;
      for (const p of Object.values(props ?? {})) below = Math.max(below, values.of(p));
      return (node.type === "object" ? 1 : 0) + below;
    }, 0);
    expect(depth.of(root)).toBe(1);
    expect(depth.of(root)).toBe(1);
    expect(computed).toBe(3);
  });

  it("SchemaValues takes linear time on a chain of anyOf: [{$ref: next}, {$ref: next}]", () => {
    const defs: Record<string, unknown> = {};
    for (let i = 0; i < 200; i++) defs[`l${i}`] = { anyOf: [{ $ref: `#/$defs/l${i + 1}` }, { $ref: `#/$defs/l${i + 1}` }] };
    defs.l200 = { type: "string" };
    const root: SchemaObject = { $defs: defs, $ref: "#/$defs/l0" };
    let computed = 0;
    const strings = new SchemaValues<number>(root, (node, values) => {
      computed++;
      if (node.type === "string") return 1;
      const target = typeof node.$ref === "string" ? resolveLocal(root, node.$ref) : undefined;
      if (target !== undefined) return values.of(target as SchemaObject);
      return ((node.anyOf as SchemaObject[] | undefined) ?? []).reduce((n, b) => n + values.of(b), 0);
    }, 0);
    expect(strings.of(root) > 0).toBe(true);
    expect(computed).toBeLessThan(1000);
  });
});

describe("followRefs", () => {
  const root = { $defs: { a: { $ref: "#/$defs/b" }, b: { type: "string" }, x: { $ref: "#/$defs/y" }, y: { $ref: "#/$defs/x" } } };
  it("follows a chain to its schema", () => {
    expect(followRefs(root, { $ref: "#/$defs/a" })).toEqual({ ok: true, schema: { type: "string" }, refs: ["#/$defs/a", "#/$defs/b"] });
  });
  it("stops at a cycle and at a reference that does not resolve", () => {
    expect(followRefs(root, { $ref: "#/$defs/x" })).toEqual({ ok: false, reason: "cycle", refs: ["#/$defs/x", "#/$defs/y", "#/$defs/x"] });
    expect(followRefs(root, { $ref: "#/$defs/none" })).toMatchObject({ ok: false, reason: "unresolved" });
  });
  it("follows `definitions` and escaped pointers, and stops where a chain comes back however it is spelled", () => {
    const other = { definitions: { "a/b": { $ref: "#/definitions/c~0d" }, "c~d": { type: "integer" } }, $defs: { s: { $ref: "#/%24defs/t" }, t: { $ref: "#/$defs/s" } } };
    expect(followRefs(other, { $ref: "#/definitions/a~1b" })).toEqual({ ok: true, schema: { type: "integer" }, refs: ["#/definitions/a~1b", "#/definitions/c~0d"] });
    expect(followRefs(other, { $ref: "#/$defs/s" })).toEqual({ ok: false, reason: "cycle", refs: ["#/$defs/s", "#/%24defs/t", "#/$defs/s"] });
    expect(followRefs(other, { $ref: "#/%24defs/s" })).toEqual({ ok: false, reason: "cycle", refs: ["#/%24defs/s", "#/%24defs/t", "#/$defs/s"] });
    expect(followRefs(other, { type: "string" })).toEqual({ ok: true, schema: { type: "string" }, refs: [] });
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
