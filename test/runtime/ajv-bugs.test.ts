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
import { ajvStaleContains } from "./ajv-bugs.js";
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
});

/** [schema, input, the spec's verdict worked out by hand, why]. */
type Case = [Record<string, unknown>, unknown, boolean, string];
const STALE: Case[] = [
  [{ additionalProperties: { contains: { type: "string" } } }, { a: ["x"], b: [] }, false, "b has no string"],
  [{ additionalProperties: { contains: { type: "string" } } }, { a: [], b: ["x"] }, false, "a has no string"],
  [{ additionalProperties: { contains: { type: "string" } } }, { a: ["x"], b: ["y"] }, true, "both have a string"],
  [{ additionalProperties: { contains: { type: "string" } } }, { a: [1], b: [] }, false, "neither has a string"],
  [{ items: { contains: { const: 1 } } }, [[1], [], [1]], false, "the second item has no 1"],
  [{ items: { contains: { const: 1 } } }, [[1], [2, 1]], true, "each item has a 1"],
  [{ patternProperties: { "^p": { contains: true, items: { contains: { type: "null" } } } } }, { p1: [[null]], p2: [[null], []] }, false, "p2's second item has no null"],
  [{ properties: { a: { contains: { type: "string" } } } }, { a: [] }, false, "a has no string (no loop: ajv is right)"],
  [{ additionalProperties: { minContains: 2, contains: { type: "string" } } }, { a: ["x", "y"], b: [] }, false, "2020-12 counts: b has none"],
];

describe("ajvStaleContains: exactly where ajv's verdict is wrong", () => {
  for (const next of [false, true]) {
    it(`${next ? "2020-12" : "draft-07"}: hand-evaluated verdicts`, async () => {
      for (const [schema, input, spec, why] of STALE) {
        const counts = JSON.stringify(schema).includes("minContains");
        if (counts && !next) continue;
        const root = next ? { $schema: S2020, ...schema } : schema;
        // Plain ajv, default options, and with toolgen's (allErrors, ownProperties, strict: false).
        const plain = (next ? new Ajv2020({ logger: false, strict: false }) : new Ajv({ logger: false, strict: false })).compile(schema);
        const defaults = (next ? new Ajv2020({ logger: false }) : new Ajv({ logger: false })).compile(schema);
        const mine = await compiled(root);
        const label = `${JSON.stringify(schema)} on ${JSON.stringify(input)} (${why})`;
        expect([label, mine(input)]).toEqual([label, spec]);
        const ajvWrong = plain(input) !== spec;
        expect([label, defaults(input) !== spec]).toEqual([label, ajvWrong]);
        expect([label, ajvStaleContains(root, input, next)]).toEqual([label, ajvWrong]);
      }
      // The counterexamples of the brief are ajv bugs, not disagreements about the spec.
      expect(STALE.filter(([s, i, spec]) => !JSON.stringify(s).includes("minContains") && ajvStaleContains(s, i, false) && spec === false).length).toBeGreaterThanOrEqual(3);
    });
  }
});
