/**
 * Issue 38, item 2: a change inside a `$defs` (or draft-07 `definitions`) entry reached from another
 * entry, through chains 2 to 60 deep, is reported with a witness that a separate Ajv re-checks; a
 * schema whose text is the same but whose referenced entries differ is not taken as unchanged.
 */
import { describe, expect, it } from "vitest";
import { diffTools } from "../../src/diff/engine.js";
import type { JsonObject } from "../../src/model.js";
import { ajvFor, tool, witnessHolds } from "./helpers.js";

/** `r` -> d0 -> d1 -> ... -> d(depth-1), the last an integer (with `maximum` in the head). */
function chain(depth: number, defsKey: "$defs" | "definitions", maximum?: number): JsonObject {
  const defs: JsonObject = {};
  for (let i = 0; i < depth - 1; i++) defs[`d${i}`] = { type: "object", properties: { x: { $ref: `#/${defsKey}/d${i + 1}` } } };
  defs[`d${depth - 1}`] = maximum === undefined ? { type: "integer" } : { type: "integer", maximum };
  return { type: "object", properties: { r: { $ref: `#/${defsKey}/d0` } }, [defsKey]: defs };
}

describe("diff follows $ref chains through $defs", () => {
  it("the issue's reproduction: d0 -> d1, maximum added to d1, is breaking for callers with {r:{x:4}}-like witness", () => {
    const base: JsonObject = { properties: { r: { $ref: "#/$defs/d0" } }, $defs: { d0: { type: "object", properties: { x: { $ref: "#/$defs/d1" } } }, d1: { type: "integer" } } };
    const head: JsonObject = structuredClone(base);
    ((head.$defs as JsonObject).d1 as JsonObject).maximum = 3;
    expect(ajvFor(base)({ r: { x: 4 } })).toBe(true);
    expect(ajvFor(head)({ r: { x: 4 } })).toBe(false);
    const { findings } = diffTools([tool("t", base)], [tool("t", head)]);
    expect(findings.map((f) => `${f.rule} ${f.class} ${f.verdict} ${f.pointer}`)).toEqual(["diff/bound-tightened breaking-callers breaking /input_schema/$defs/d1/maximum"]);
    expect(witnessHolds(findings[0]!, base, head)).toBe(true);
  });

  // Every depth through $defs; a few through draft-07's definitions (past 40 was where the walk stopped).
  for (const [defsKey, depths] of [["$defs", Array.from({ length: 59 }, (_, i) => i + 2)], ["definitions", [2, 3, 10, 41, 60]]] as const) {
    it(`chains ${depths.length === 59 ? "2 to 60" : depths.join(", ")} deep through ${defsKey}: every one reported and proved`, () => {
      const missed: number[] = [];
      for (const depth of depths) {
        const base = chain(depth, defsKey);
        const head = chain(depth, defsKey, 3);
        const { findings } = diffTools([tool("t", base)], [tool("t", head)]);
        const f = findings.find((x) => x.rule === "diff/bound-tightened");
        if (f === undefined || f.class !== "breaking-callers" || (f.verdict === "breaking" && !witnessHolds(f, base, head))) missed.push(depth);
      }
      expect(missed).toEqual([]);
    });
  }

  it("a keyword no rule knows (if/then) whose text is the same but whose $ref target changed is reported", () => {
    const make = (max: number): JsonObject => ({
      type: "object",
      properties: { a: { type: "string" }, n: {} },
      if: { properties: { a: { const: "x" } } },
      then: { properties: { n: { $ref: "#/$defs/lim" } } },
      $defs: { lim: { $ref: "#/$defs/inner" }, inner: { type: "integer", maximum: max } },
    });
    const { findings } = diffTools([tool("t", make(10))], [tool("t", make(3))]);
    expect(findings.some((f) => f.class === "breaking-callers")).toBe(true);
  });

  it("a recursive entry whose leaf changed: reported, and the walk ends", () => {
    const make = (leaf: JsonObject): JsonObject => ({
      type: "object",
      properties: { tree: { $ref: "#/$defs/node" } },
      $defs: { node: { type: "object", properties: { value: { $ref: "#/$defs/leaf" }, kids: { type: "array", items: { $ref: "#/$defs/node" } } } }, leaf },
    });
    const base = make({ type: "string" });
    const head = make({ type: "string", maxLength: 2 });
    const { findings } = diffTools([tool("t", base)], [tool("t", head)]);
    const f = findings.find((x) => x.rule === "diff/bound-tightened");
    expect(f?.class).toBe("breaking-callers");
    expect(f?.verdict === "possibly-breaking" || witnessHolds(f!, base, head)).toBe(true);
  });

  it("an unchanged chain is still no change", () => {
    expect(diffTools([tool("t", chain(30, "$defs", 3))], [tool("t", chain(30, "$defs", 3))]).findings).toEqual([]);
  });

  it("a recursive entry named by a $ref with a keyword beside it: each place once, not 500 levels (the heavy soundness run's pair 22)", () => {
    // The sibling kept the $ref's own pointer, one level deeper on each turn: 1,000 changes, each a witness search, and no end in 15 minutes.
    const make = (extra: JsonObject, items: JsonObject): JsonObject => ({
      type: "object",
      properties: { a: { $ref: "#/$defs/d0" } },
      $defs: { d0: { type: "array", items, minItems: 1, ...extra } },
      $schema: "https://json-schema.org/draft/2020-12/schema",
    });
    const base = make({}, { $ref: "#/$defs/d0" });
    const head = make({ maxItems: 0 }, { $ref: "#/$defs/d0", description: "changed" });
    const started = process.cpuUsage();
    const { findings } = diffTools([tool("t", base)], [tool("t", head)]);
    const used = process.cpuUsage(started);
    expect(findings.map((f) => [f.pointer, f.rule])).toEqual([
      ["/input_schema/$defs/d0/maxItems", "diff/bound-tightened"],
      ["/input_schema/$defs/d0/items/description", "diff/description-changed"],
      ["/input_schema/$defs/d0/items/maxItems", "diff/bound-tightened"],
    ]);
    expect((used.user + used.system) / 1000).toBeLessThan(2000);
  });
});
