/**
 * Where toolgen's validators follow the JSON Schema spec and ajv 8 does not (docs/dispatch.md,
 * "Where toolgen differs from ajv"). A built tool whose schema has the shape rejects the input ajv
 * wrongly accepts, through the generated dispatcher; and each named predicate of ajv-bugs.ts that
 * the differential tests use to leave ajv's wrong verdicts out holds exactly on inputs where ajv
 * disagrees with verdicts worked out by hand from the spec, where the interpreter agrees with them.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { Ajv } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import { build } from "../../src/pipeline.js";
import { repoTempDir } from "../e2e/compile.js";
import { compiled } from "./compiled.js";
import { ajvStaleContains, ajvUnsetTupleFlag } from "./ajv-bugs.js";
import { useReferenceEqual } from "./reference-ajv.js";


// ajvStaleContains compiles ajv in this process: its `equal` must take own "__proto__" keys (reference-ajv.ts).
useReferenceEqual();
const S2020 = "https://json-schema.org/draft/2020-12/schema";
const TAGS = { type: "object", description: "Tags per field.", additionalProperties: { type: "array", description: "Tags.", contains: { type: "string" } } };

interface Generated {
  dispatcher: { dispatch(block: unknown): Promise<{ content?: unknown; is_error?: boolean }> };
}

async function generated(tools: Array<{ name: string; input_schema: object }>): Promise<Generated> {
  const dir = await repoTempDir();
  await mkdir(path.join(dir, "schemas"), { recursive: true });
  for (const t of tools) {
    await writeFile(path.join(dir, "schemas", `${t.name}.json`), JSON.stringify({ description: "Tags things. Use it to tag. It returns the count.", ...t }, null, 2));
  }
  const out = path.join(dir, "generated");
  const handlers = path.join(dir, "handlers");
  await build({ schemas: path.join(dir, "schemas"), out, handlers, lint: false });
  await writeFile(path.join(dir, "package.json"), JSON.stringify({ type: "module" }));
  for (const t of tools) {
    const handler = path.join(handlers, `${t.name}.ts`);
    await writeFile(handler, (await readFile(handler, "utf8")).replace(/  throw new Error\(.*\);\n/, "  return \"handled\";\n"));
  }
  return (await import(path.join(out, "index.ts"))) as Generated;
}

describe("a built tool follows the spec where ajv 8 does not", () => {
  it("contains wanting one item, in a loop: an empty array after a passing one is rejected (draft-07 and 2020-12)", async () => {
    const g = await generated([
      { name: "tag_07", input_schema: { type: "object", properties: { tags: TAGS } } },
      { name: "tag_2020", input_schema: { $schema: S2020, type: "object", properties: { tags: TAGS } } },
    ]);
    for (const name of ["tag_07", "tag_2020"]) {
      const call = (input: unknown) => g.dispatcher.dispatch({ type: "tool_use", id: "toolu_1", name, input });
      expect(await call({ tags: { a: ["x"], b: [] } })).toMatchObject({ is_error: true, content: "Error: Parameter 'tags.b' must contain at least 1 valid item(s)" });
      expect(await call({ tags: { a: [], b: ["x"] } })).toMatchObject({ is_error: true, content: "Error: Parameter 'tags.a' must contain at least 1 valid item(s)" });
      expect(await call({ tags: { a: ["x"], b: [1, "y"] } })).toMatchObject({ content: "handled" });
    }
  });

  it("a tuple inside if or not: an array shorter than the tuple still meets the keywords after it (draft-07 items, 2020-12 prefixItems)", async () => {
    const shape = (tuple: string) => ({
      type: "object",
      properties: {
        // `[]` fails `contains`, so the `if` fails and `else` (false) applies.
        pair: { description: "A pair.", if: { [tuple]: [{ const: "a" }], contains: { const: "b" } }, then: true, else: false },
        // `[]` fails `contains`, so the `not` holds.
        other: { description: "Not a pair.", not: { [tuple]: [{}, false], contains: true } },
      },
    });
    const g = await generated([
      { name: "pair_07", input_schema: shape("items") },
      { name: "pair_2020", input_schema: { $schema: S2020, ...shape("prefixItems") } },
    ]);
    for (const name of ["pair_07", "pair_2020"]) {
      const call = (input: unknown) => g.dispatcher.dispatch({ type: "tool_use", id: "toolu_1", name, input });
      expect(await call({ pair: [] })).toMatchObject({ is_error: true, content: "Error: Parameter 'pair' is not allowed" });
      expect(await call({ pair: ["a", "b"] })).toMatchObject({ content: "handled" });
      expect(await call({ other: [] })).toMatchObject({ content: "handled" });
      expect(await call({ other: [1] })).toMatchObject({ is_error: true });
    }
  });
});

/** [schema, input, the spec's verdict worked out by hand, why, the one draft it is worked out for]. */
type Case = [Record<string, unknown>, unknown, boolean, string, ("07" | "2020")?];
const STALE: Case[] = [
  [{ additionalProperties: { contains: { type: "string" } } }, { a: ["x"], b: [] }, false, "b has no string"],
  [{ additionalProperties: { contains: { type: "string" } } }, { a: [], b: ["x"] }, false, "a has no string"],
  [{ additionalProperties: { contains: { type: "string" } } }, { a: ["x"], b: ["y"] }, true, "both have a string"],
  [{ additionalProperties: { contains: { type: "string" } } }, { a: [1], b: [] }, false, "neither has a string"],
  [{ items: { contains: { const: 1 } } }, [[1], [], [1]], false, "the second item has no 1"],
  [{ items: { contains: { const: 1 } } }, [[1], [2, 1]], true, "each item has a 1"],
  [{ patternProperties: { "^p": { contains: true, items: { contains: { type: "null" } } } } }, { p1: [[null]], p2: [[null], []] }, false, "p2's second item has no null"],
  [{ properties: { a: { contains: { type: "string" } } } }, { a: [] }, false, "a has no string (no loop: ajv is right)"],
  [{ additionalProperties: { minContains: 2, contains: { type: "string" } } }, { a: ["x", "y"], b: [] }, false, "2020-12 counts: b has none", "2020"],
  [{ additionalProperties: { minContains: 0, contains: { type: "string" } } }, { a: ["x"], b: [] }, false, "draft-07 has no minContains: b has no string", "07"],
  [{ additionalProperties: { minContains: 0, contains: { type: "string" } } }, { a: ["x"], b: [] }, true, "2020-12: minContains 0 wants none", "2020"],
  [{ properties: { a: { minContains: 0, contains: { type: "string" } } } }, { a: [] }, false, "draft-07 has no minContains, no loop: ajv is right", "07"],
];

/** The tuple cases in draft-07's spelling; 2020-12 spells a tuple `prefixItems`. */
const UNSET: Case[] = [
  [{ not: { items: [{}, false], contains: true } }, [], true, "[] fails contains, so the not holds"],
  [{ not: { items: [{}, false], contains: true } }, [1], false, "[1] meets both, so the not fails"],
  [{ not: { items: [{}, false], contains: true } }, [1, 2], true, "item 1 fails false"],
  [{ if: { items: [{ const: "a" }], contains: { const: "b" } }, then: true, else: false }, [], false, "[] fails contains: else"],
  [{ if: { items: [{ const: "a" }], contains: { const: "b" } }, then: true, else: false }, ["a", "b"], true, "the if holds: then"],
  [{ if: { items: [{ const: "a" }], contains: { const: "b" } }, then: true, else: false }, ["b"], false, "item 0 is not a: else"],
  [{ additionalProperties: { not: { items: [{ type: "string" }], contains: { type: "number" } } } }, { a: [1], b: [] }, true, "a's item 0 is no string, b has no number: both nots hold"],
  [{ additionalProperties: { not: { items: [{ type: "string" }], contains: { type: "number" } } } }, { a: ["x", 1], b: [] }, false, "a meets both: its not fails"],
  [{ items: [{ type: "string" }], contains: { type: "number" } }, [], false, "no not/if: ajv with allErrors is right (with its defaults it accepts)"],
];
const in2020 = (s: unknown): unknown =>
  Array.isArray(s) ? s.map(in2020) : typeof s === "object" && s !== null
    ? Object.fromEntries(Object.entries(s).map(([k, v]) => [k === "items" && Array.isArray(v) ? "prefixItems" : k, in2020(v)])) : s;

describe("each named predicate holds exactly where ajv's verdict is wrong", () => {
  for (const next of [false, true]) {
    for (const [name, cases, predicate] of [["ajvStaleContains", STALE, ajvStaleContains], ["ajvUnsetTupleFlag", UNSET, ajvUnsetTupleFlag]] as const) {
      it(`${name}, ${next ? "2020-12" : "draft-07"}: hand-evaluated verdicts`, async () => {
        let wrong = 0;
        for (const [original, input, spec, why, only] of cases) {
          if (only !== undefined && (only === "2020") !== next) continue;
          const schema = (next ? in2020(original) : original) as Record<string, unknown>;
          const root = next ? { $schema: S2020, ...schema } : schema;
          // ajv with toolgen's options (allErrors, ownProperties, strict: false), and with its defaults.
          const options = { logger: false, strict: false, allErrors: true, ownProperties: true } as const;
          const plain = (next ? new Ajv2020(options) : new Ajv(options)).compile(schema);
          // Strict mode only logs (to no logger): some cases have a keyword the draft does not know.
          const defaults = (next ? new Ajv2020({ logger: false, strict: "log" }) : new Ajv({ logger: false, strict: "log" })).compile(schema);
          const mine = await compiled(root);
          const label = `${JSON.stringify(schema)} on ${JSON.stringify(input)} (${why})`;
          expect([label, mine(input)]).toEqual([label, spec]);
          const ajvWrong = plain(input) !== spec;
          if (ajvWrong) wrong++;
          // ajv's defaults (allErrors: false) are wrong wherever toolgen's options are, and more often.
          if (ajvWrong) expect([label, defaults(input)]).toEqual([label, plain(input)]);
          expect([label, predicate(root, input, next)]).toEqual([label, ajvWrong]);
        }
        // The brief's counterexamples are ajv bugs, not disagreements about the spec.
        expect(wrong).toBeGreaterThanOrEqual(3);
      });
    }
  }
});
