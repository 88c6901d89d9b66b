/**
 * The change table of issue 26: each kind of change, at the top of a tool's input, nested three
 * objects deep, inside a draft-07 `definitions` entry reached by `$ref`, inside a 2020-12 `$defs`
 * entry and as array items; each with the classes diff must report and, for breaking verdicts, a
 * witness re-checked here with a separate Ajv (with ajv-formats).
 */
import { describe, expect, it } from "vitest";
import { diffTools } from "../../src/diff/engine.js";
import type { JsonObject } from "../../src/model.js";
import { tool, witnessHolds } from "./helpers.js";

/** `rule class verdict` (verdict: B breaking, P possibly breaking, C changed). */
type Expect = string[];

interface Kind {
  name: string;
  base: JsonObject;
  head: JsonObject;
  expect: Expect;
}

const obj = (properties: JsonObject, extra: JsonObject = {}): JsonObject => ({ type: "object", properties, ...extra });

const KINDS: Kind[] = [
  { name: "type narrowed", base: { type: ["string", "number"] }, head: { type: "string" }, expect: ["type-narrowed callers B"] },
  { name: "type widened", base: { type: "string" }, head: { type: ["string", "null"] }, expect: ["type-widened handlers B"] },
  { name: "number to integer", base: { type: "number" }, head: { type: "integer" }, expect: ["type-narrowed callers B"] },
  { name: "integer to number", base: { type: "integer" }, head: { type: "number" }, expect: ["type-widened handlers B"] },
  { name: "enum value removed", base: { type: "string", enum: ["a", "b", "c"] }, head: { type: "string", enum: ["a", "b"] }, expect: ["enum-narrowed callers B"] },
  { name: "enum value added", base: { type: "string", enum: ["a", "b"] }, head: { type: "string", enum: ["a", "b", "c"] }, expect: ["enum-widened handlers B"] },
  { name: "enum added", base: { type: "string" }, head: { type: "string", enum: ["a"] }, expect: ["enum-narrowed callers B"] },
  { name: "enum removed", base: { type: "string", enum: ["a"] }, head: { type: "string" }, expect: ["enum-widened handlers B"] },
  { name: "const changed", base: { const: "a" }, head: { const: "b" }, expect: ["const-changed callers B", "const-changed handlers B"] },
  { name: "minimum raised", base: { type: "number", minimum: 0 }, head: { type: "number", minimum: 5 }, expect: ["bound-tightened callers B"] },
  { name: "maximum raised", base: { type: "number", maximum: 10 }, head: { type: "number", maximum: 20 }, expect: ["bound-loosened handlers B"] },
  { name: "exclusiveMinimum added", base: { type: "integer" }, head: { type: "integer", exclusiveMinimum: 0 }, expect: ["bound-tightened callers B"] },
  { name: "maxLength lowered", base: { type: "string", maxLength: 10 }, head: { type: "string", maxLength: 5 }, expect: ["bound-tightened callers B"] },
  { name: "minLength removed", base: { type: "string", minLength: 3 }, head: { type: "string" }, expect: ["bound-loosened handlers B"] },
  { name: "pattern added", base: { type: "string" }, head: { type: "string", pattern: "^[0-9]+$" }, expect: ["pattern-changed callers B"] },
  { name: "pattern removed", base: { type: "string", pattern: "^[0-9]+$" }, head: { type: "string" }, expect: ["pattern-changed handlers B"] },
  { name: "format added", base: { type: "string" }, head: { type: "string", format: "email" }, expect: ["format-changed callers B"] },
  { name: "multipleOf added", base: { type: "integer" }, head: { type: "integer", multipleOf: 2 }, expect: ["multiple-of-changed callers B"] },
  { name: "optional param added (closed)", base: obj({ x: { type: "string" } }, { additionalProperties: false }), head: obj({ x: { type: "string" }, y: { type: "number" } }, { additionalProperties: false }), expect: ["param-added handlers B"] },
  { name: "param removed (closed)", base: obj({ x: { type: "string" }, y: { type: "number" } }, { additionalProperties: false }), head: obj({ x: { type: "string" } }, { additionalProperties: false }), expect: ["param-removed callers B"] },
  { name: "param newly required", base: obj({ x: { type: "string" } }), head: obj({ x: { type: "string" } }, { required: ["x"] }), expect: ["param-required-added callers B"] },
  { name: "param no longer required", base: obj({ x: { type: "string" } }, { required: ["x"] }), head: obj({ x: { type: "string" } }), expect: ["param-required-removed handlers B"] },
  { name: "additionalProperties closed", base: obj({ x: { type: "string" } }), head: obj({ x: { type: "string" } }, { additionalProperties: false }), expect: ["additional-properties-closed callers B"] },
  { name: "additionalProperties opened", base: obj({ x: { type: "string" } }, { additionalProperties: false }), head: obj({ x: { type: "string" } }), expect: ["additional-properties-opened handlers B"] },
  { name: "nested property narrowed", base: obj({ x: obj({ y: { type: "string" } }) }), head: obj({ x: obj({ y: { type: "string", maxLength: 2 } }) }), expect: ["bound-tightened callers B"] },
  { name: "maxItems lowered", base: { type: "array", items: { type: "string" }, maxItems: 3 }, head: { type: "array", items: { type: "string" }, maxItems: 1 }, expect: ["bound-tightened callers B"] },
  { name: "minItems raised", base: { type: "array", items: { type: "string" } }, head: { type: "array", items: { type: "string" }, minItems: 1 }, expect: ["bound-tightened callers B"] },
  { name: "uniqueItems added", base: { type: "array", items: { type: "string" } }, head: { type: "array", items: { type: "string" }, uniqueItems: true }, expect: ["unique-items-changed callers B"] },
  { name: "array item narrowed", base: { type: "array", items: { type: "string" } }, head: { type: "array", items: { type: "string", enum: ["a"] } }, expect: ["enum-narrowed callers B"] },
  { name: "anyOf branch removed", base: { anyOf: [{ type: "string" }, { type: "number" }] }, head: { anyOf: [{ type: "string" }] }, expect: ["branch-removed callers B"] },
  { name: "anyOf branch added", base: { anyOf: [{ type: "string" }] }, head: { anyOf: [{ type: "string" }, { type: "boolean" }] }, expect: ["branch-added handlers B"] },
  { name: "oneOf branch removed", base: { oneOf: [{ type: "string" }, { type: "integer" }] }, head: { oneOf: [{ type: "string" }] }, expect: ["branch-removed callers B", "branch-removed handlers P"] },
  { name: "allOf branch added", base: { allOf: [{ type: "string" }] }, head: { allOf: [{ type: "string" }, { minLength: 2 }] }, expect: ["branch-removed callers B"] },
  { name: "not widened (narrows)", base: { type: "string", not: { enum: ["a"] } }, head: { type: "string", not: { enum: ["a", "b"] } }, expect: ["enum-widened callers B"] },
  { name: "if/then changed", base: { type: "string", if: { const: "a" }, then: { minLength: 1 } }, head: { type: "string", if: { const: "a" }, then: { minLength: 5 } }, expect: ["keyword-changed callers B", "keyword-changed handlers P"] },
  { name: "anyOf added", base: { type: "string" }, head: { type: "string", anyOf: [{ minLength: 2 }, { const: "a" }] }, expect: ["keyword-changed callers B", "openai-strict-lost target C"] },
  { name: "param removed (open, a patterned sibling required)", base: obj({ id: { type: "string", pattern: "^[A-Z]{3}-[0-9]{6}$" }, x: { type: "string" } }, { required: ["id"] }), head: obj({ id: { type: "string", pattern: "^[A-Z]{3}-[0-9]{6}$" } }, { required: ["id"] }), expect: ["param-removed handlers B"] },
  // Issue 37.3: a dialect change over keywords both drafts read alike changes nothing that validates.
  { name: "$schema added, no keyword read differently", base: { type: "string" }, head: { $schema: "http://json-schema.org/draft-07/schema#", type: "string" }, expect: [] },
  { name: "description changed", base: { type: "string", description: "A." }, head: { type: "string", description: "B." }, expect: ["description-changed prompt C"] },
  { name: "title changed", base: { type: "string", title: "A" }, head: { type: "string", title: "B" }, expect: ["title-changed prompt C"] },
  { name: "examples changed", base: { type: "string", examples: ["a"] }, head: { type: "string", examples: ["b"] }, expect: ["examples-changed prompt C"] },
  { name: "minimum lowered", base: { type: "number", minimum: 5 }, head: { type: "number", minimum: 1 }, expect: ["bound-loosened handlers B"] },
  { name: "maximum lowered", base: { type: "number", maximum: 10 }, head: { type: "number", maximum: 5 }, expect: ["bound-tightened callers B"] },
  { name: "exclusiveMaximum removed", base: { type: "number", exclusiveMaximum: 10 }, head: { type: "number" }, expect: ["bound-loosened handlers B"] },
  { name: "maxLength raised", base: { type: "string", maxLength: 5 }, head: { type: "string", maxLength: 10 }, expect: ["bound-loosened handlers B"] },
  { name: "minLength added", base: { type: "string" }, head: { type: "string", minLength: 3 }, expect: ["bound-tightened callers B"] },
  { name: "maxItems removed", base: { type: "array", items: { type: "string" }, maxItems: 2 }, head: { type: "array", items: { type: "string" } }, expect: ["bound-loosened handlers B"] },
  { name: "minItems lowered", base: { type: "array", items: { type: "string" }, minItems: 2 }, head: { type: "array", items: { type: "string" }, minItems: 1 }, expect: ["bound-loosened handlers B"] },
  { name: "uniqueItems removed", base: { type: "array", items: { type: "string" }, uniqueItems: true }, head: { type: "array", items: { type: "string" } }, expect: ["unique-items-changed handlers B"] },
  { name: "const removed", base: { type: "string", const: "a" }, head: { type: "string" }, expect: ["const-changed handlers B"] },
  { name: "format removed", base: { type: "string", format: "email" }, head: { type: "string" }, expect: ["format-changed handlers B"] },
  { name: "multipleOf removed", base: { type: "integer", multipleOf: 5 }, head: { type: "integer" }, expect: ["multiple-of-changed handlers B"] },
  { name: "null dropped from a type list", base: { type: ["string", "null"] }, head: { type: "string" }, expect: ["type-narrowed callers B"] },
  { name: "array item widened", base: { type: "array", items: { type: "integer" } }, head: { type: "array", items: { type: "number" } }, expect: ["type-widened handlers B"] },
  { name: "oneOf branch added", base: { oneOf: [{ type: "string" }, { type: "integer" }] }, head: { oneOf: [{ type: "string" }, { type: "integer" }, { type: "boolean" }] }, expect: ["branch-added handlers B", "branch-added callers P"] },
  { name: "default changed", base: { type: "string", default: "a" }, head: { type: "string", default: "b" }, expect: ["examples-changed prompt C"] },
  { name: "nested param newly required", base: obj({ o: obj({ x: { type: "string" } }) }, { required: ["o"] }), head: obj({ o: obj({ x: { type: "string" } }, { required: ["x"] }) }, { required: ["o"] }), expect: ["param-required-added callers B"] },
  { name: "maxProperties added", base: { type: "object" }, head: { type: "object", maxProperties: 1 }, expect: ["bound-tightened callers B"] },
  { name: "enum value renamed", base: { type: "string", enum: ["a", "b"] }, head: { type: "string", enum: ["a", "c"] }, expect: ["enum-narrowed callers B", "enum-widened handlers B"] },
  { name: "properties reordered", base: obj({ x: { type: "string" }, y: { type: "string" } }), head: obj({ y: { type: "string" }, x: { type: "string" } }), expect: ["property-order-changed prompt C"] },
];

type Wrap = (node: JsonObject) => JsonObject;
const WRAPS: [string, Wrap][] = [
  ["top", (n) => ({ type: "object", properties: { p: n }, required: ["p"], additionalProperties: false })],
  ["depth 3", (n) => obj({ a: obj({ b: obj({ c: n }, { required: ["c"] }) }, { required: ["b"] }) }, { required: ["a"] })],
  ["draft-07 definitions via $ref", (n) => ({ $schema: "http://json-schema.org/draft-07/schema#", type: "object", definitions: { d: n }, properties: { p: { $ref: "#/definitions/d" } }, required: ["p"] })],
  ["2020-12 $defs via $ref", (n) => ({ $schema: "https://json-schema.org/draft/2020-12/schema", type: "object", $defs: { d: n }, properties: { p: { $ref: "#/$defs/d" } }, required: ["p"] })],
];
/** 2020-12 keywords with no draft-07 spelling, and draft-07's tuple form. */
const DRAFT_SPECIFIC: Kind[] = [
  { name: "prefixItems item narrowed (2020-12)", base: { $schema: "https://json-schema.org/draft/2020-12/schema", type: "array", prefixItems: [{ type: "string" }, { type: "number" }] }, head: { $schema: "https://json-schema.org/draft/2020-12/schema", type: "array", prefixItems: [{ type: "string" }, { type: "integer" }] }, expect: ["type-narrowed callers B"] },
  { name: "items tuple item widened (draft-07)", base: { type: "array", items: [{ type: "string" }, { type: "integer" }] }, head: { type: "array", items: [{ type: "string" }, { type: "number" }] }, expect: ["type-widened handlers B"] },
  { name: "dependentRequired added (2020-12)", base: { $schema: "https://json-schema.org/draft/2020-12/schema", type: "object", properties: { a: { type: "string" }, b: { type: "string" } } }, head: { $schema: "https://json-schema.org/draft/2020-12/schema", type: "object", properties: { a: { type: "string" }, b: { type: "string" } }, dependentRequired: { a: ["b"] } }, expect: ["keyword-changed callers B", "keyword-changed handlers P", "openai-strict-lost target C"] },
];

const CASES: { name: string; base: JsonObject; head: JsonObject; expect: Expect }[] = [
  ...KINDS.flatMap((k) => WRAPS.map(([w, wrap]) => ({ name: `${k.name} (${w})`, base: wrap(k.base), head: wrap(k.head), expect: k.expect }))),
  ...DRAFT_SPECIFIC.map((k) => ({ name: k.name, base: k.base, head: k.head, expect: k.expect })),
];

const code = { B: "breaking", P: "possibly-breaking", C: "changed" } as const;
const shortClass = (c: string) => c.replace("breaking-", "");

describe("toolgen diff: the change table", () => {
  it("has at least 60 change kinds, each at every placement", () => {
    expect(KINDS.length).toBeGreaterThanOrEqual(60);
    expect(CASES.length).toBe(KINDS.length * WRAPS.length + DRAFT_SPECIFIC.length);
  });
  it.each(CASES)("$name", ({ base, head, expect: expected }) => {
    const { findings } = diffTools([tool("t", base)], [tool("t", head)]);
    const got = findings.map((f) => `${f.rule.slice("diff/".length)} ${shortClass(f.class)} ${Object.entries(code).find(([, v]) => v === f.verdict)![0]}`);
    expect([...new Set(got)].sort()).toEqual([...expected].sort());
    for (const f of findings) if (f.verdict === "breaking") expect(witnessHolds(f, base, head), JSON.stringify(f)).toBe(true);
  });
});

describe("toolgen diff: tools", () => {
  const s: JsonObject = { type: "object", properties: { q: { type: "string" } }, required: ["q"] };
  const other: JsonObject = { type: "object", properties: { n: { type: "integer" } } };
  it("reports a removed tool, a renamed one and an added one, each with a witness input", () => {
    const { findings } = diffTools([tool("a", s, "Same."), tool("gone", other)], [tool("b", s, "Same."), tool("new", { ...other, required: ["n"] })]);
    expect(findings.map((f) => `${f.rule} ${f.tool}`).sort()).toEqual(["diff/tool-added new", "diff/tool-removed gone", "diff/tool-renamed a"]);
    const renamed = findings.find((f) => f.rule === "diff/tool-renamed")!;
    expect(renamed.message).toBe("tool 'a' was renamed to 'b'");
    expect(witnessHolds(renamed, s, undefined)).toBe(true);
    expect(witnessHolds(findings.find((f) => f.rule === "diff/tool-added")!, undefined, { ...other, required: ["n"] })).toBe(true);
  });
  it("recognises a respelt name as a rename, and reports the renamed tool's own changes under its new name", () => {
    const { findings } = diffTools([tool("getTinyImage", s, "Tiny.")], [tool("get-tiny-image", { ...s, required: [] }, "Tiny.")]);
    expect(findings.map((f) => `${f.rule} ${f.tool}`)).toEqual(["diff/tool-renamed getTinyImage", "diff/param-required-removed get-tiny-image"]);
    expect(findings[0]!.message).toBe("tool 'getTinyImage' was renamed to 'get-tiny-image'");
  });
  it("proves each keyword's change by its own witness (both bounds removed: one input below, one above)", () => {
    const base: JsonObject = { type: "object", properties: { n: { type: "integer", minimum: 1, maximum: 100 } }, required: ["n"] };
    const head: JsonObject = { type: "object", properties: { n: { type: "integer" } }, required: ["n"] };
    const { findings } = diffTools([tool("t", base)], [tool("t", head)]);
    const n = (keyword: string) => (findings.find((f) => f.pointer.endsWith(keyword))!.witness!.input as { n: number }).n;
    expect(n("/minimum")).toBeLessThan(1);
    expect(n("/maximum")).toBeGreaterThan(100);
  });
  it("reports a tool description change as a prompt change, and nothing for identical tools", () => {
    expect(diffTools([tool("a", s)], [tool("a", s)]).findings).toEqual([]);
    const { findings } = diffTools([tool("a", s, "Old.")], [tool("a", s, "New.")]);
    expect(findings.map((f) => [f.rule, f.class, f.pointer])).toEqual([["diff/description-changed", "prompt", "/description"]]);
  });
  it("reports the tool file's other fields: a title as a prompt change, an MCP output schema as possibly breaking for handlers", () => {
    const withDoc = (t: ReturnType<typeof tool>, doc: JsonObject) => ({ ...t, source: { ...t.source, data: { name: t.name, ...doc } } });
    const b = withDoc(tool("a", s), { input_schema: s });
    const h = withDoc(tool("a", s), { title: "A", input_schema: s, output_schema: { type: "object" } });
    const { findings } = diffTools([b], [h]);
    expect(findings.map((f) => [f.rule, f.class, f.verdict, f.pointer])).toEqual([
      ["diff/title-changed", "prompt", "changed", "/title"],
      ["diff/output-schema-changed", "breaking-handlers", "possibly-breaking", "/output_schema"],
    ]);
  });
  it("an MCP output schema whose keys only changed order is a prompt change, not possibly breaking (server-everything 2026.1.14 -> 2026.8.31)", () => {
    const withDoc = (t: ReturnType<typeof tool>, doc: JsonObject) => ({ ...t, source: { ...t.source, data: { name: t.name, ...doc } } });
    const out = { type: "object", properties: { n: { type: "integer" } } };
    const b = withDoc(tool("a", s), { input_schema: s, output_schema: { $schema: "https://json-schema.org/draft/2020-12/schema", additionalProperties: false, ...out } });
    const h = withDoc(tool("a", s), { input_schema: s, output_schema: { ...out, additionalProperties: false, $schema: "https://json-schema.org/draft/2020-12/schema" } });
    const { findings } = diffTools([b], [h]);
    expect(findings.map((f) => [f.rule, f.class, f.verdict, f.pointer])).toEqual([["diff/tool-field-changed", "prompt", "changed", "/output_schema"]]);
  });
  it("reports a tool that stops being strict-lowerable for OpenAI as a target change", () => {
    const head: JsonObject = { type: "object", properties: { q: { type: "string" }, list: { type: "array" } }, required: ["q"], additionalProperties: false };
    const base: JsonObject = { type: "object", properties: { q: { type: "string" } }, required: ["q"], additionalProperties: false };
    const { findings } = diffTools([tool("a", base)], [tool("a", head)]);
    const target = findings.find((f) => f.class === "target");
    expect(target?.rule).toBe("diff/openai-strict-lost");
    expect(target?.pointer).toBe("/input_schema/properties/list");
  });
});
