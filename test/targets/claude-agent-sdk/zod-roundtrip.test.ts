/**
 * The `claude-agent-sdk` output's Zod shapes against the tools' schemas (issue 25): Zod's own JSON
 * Schema export of each generated shape, `z.toJSONSchema(z.object(shape), { io: "input" })`, equals
 * the tool's input schema under the documented normalisation (src/targets/claude-agent-sdk/zod-normalise.ts),
 * on the fixtures, the seed schemas and the synthetic corpus (bench/corpus.mjs: 200 tools here, 1,000
 * with TOOLGEN_HEAVY=1). The module is the one the output writes (shapes-emit.ts), imported as a user's
 * code imports it.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { bundleTools, loadFolder } from "../../../src/index.js";
import type { BundledTool, JsonObject } from "../../../src/model.js";
import { shapesModule } from "../../../src/targets/claude-agent-sdk/shapes-emit.js";
import { normaliseForZod } from "../../../src/targets/claude-agent-sdk/zod-normalise.js";
// @ts-expect-error: bench/corpus.mjs is plain JavaScript without declarations
import { writeCorpus } from "../../../bench/corpus.mjs";
import { fixture, repoRoot } from "../../helpers.js";

const HEAVY = process.env["TOOLGEN_HEAVY"] === "1";
const CORPUS = HEAVY ? 1_000 : 200;

// Inside the repository, so that the module's `import "zod"` resolves as in a user's project.
const scratch = path.join(repoRoot, ".cache", `zod-roundtrip-${process.pid}`);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function tools(dir: string): Promise<BundledTool[]> {
  const loaded = await loadFolder(dir);
  return (await bundleTools(loaded)).tools;
}

type Shapes = Record<string, z.ZodRawShape>;

async function roundTrip(label: string, list: readonly BundledTool[]): Promise<{ shaped: number; left: string[] }> {
  const module = shapesModule(list);
  mkdirSync(scratch, { recursive: true });
  const file = path.join(scratch, `${label}.ts`);
  writeFileSync(file, module.contents);
  const { zodShapes } = (await import(pathToFileURL(file).href)) as { zodShapes: Shapes };
  expect(Object.keys(zodShapes)).toEqual(module.shaped.map((t) => t.name));
  for (const tool of module.shaped) {
    const exported = z.toJSONSchema(z.object(zodShapes[tool.name]!), { io: "input" }) as JsonObject;
    expect(normaliseForZod(exported), `${label}: ${tool.name}`).toEqual(normaliseForZod(tool.bundledSchema));
  }
  return { shaped: module.shaped.length, left: module.left.map((l) => `${l.tool.name} ${l.problem.pointer}: ${l.problem.reason}`) };
}

describe("Zod round trip", () => {
  const dirs = [
    path.join(repoRoot, "schemas"),
    ...readdirSync(fixture()).flatMap((c) => {
      try {
        return readdirSync(fixture(c, "schemas")).length > 0 ? [fixture(c, "schemas")] : [];
      } catch {
        return [];
      }
    }),
  ];

  it("holds on the seed schemas and every fixture's schemas", async () => {
    let shaped = 0;
    const left: string[] = [];
    for (const dir of dirs) {
      const r = await roundTrip(path.basename(path.dirname(dir)) || "seed", await tools(dir));
      shaped += r.shaped;
      left.push(...r.left);
    }
    // What Zod cannot say exactly: a recursive $ref, a const object, allOf.
    expect(left).toEqual([
      "mcp_fetch /$defs/defs_def00/properties/self/$ref: '#/$defs/defs_def00' is recursive (a Zod shape would need z.lazy, whose export is a $ref of its own)",
      "mcp_search /$defs/node/properties/children/items/$ref: '#/$defs/node' is recursive (a Zod shape would need z.lazy, whose export is a $ref of its own)",
      "ship_parcel /$defs/address/properties/previous/$ref: '#/$defs/address' is recursive (a Zod shape would need z.lazy, whose export is a $ref of its own)",
      "pick /properties/a/const: 'const' holds an object or an array (Zod's literals are primitives)",
      "filter_logs /properties/level/allOf: Zod has no construct whose JSON Schema is 'allOf' here",
      "merge_records /properties/keep/allOf: Zod has no construct whose JSON Schema is 'allOf' here",
    ]);
    expect(shaped).toBeGreaterThanOrEqual(20);
  });

  // Issue 37: Zod 4 exports z.record(z.string(), V) as a string-keyed record, and a format on a number is
  // carried as metadata as on a string; neither tool may be left out.
  it("holds on string-keyed records and formats on numbers", async () => {
    const dir = path.join(scratch, "records");
    mkdirSync(dir, { recursive: true });
    const write = (name: string, properties: JsonObject) =>
      writeFileSync(path.join(dir, `${name}.json`), JSON.stringify({ name, description: "d", input_schema: { type: "object", properties } }));
    write("set_labels", {
      labels: { type: "object", propertyNames: { type: "string" }, additionalProperties: { type: "string", maxLength: 40 }, description: "Label name to value." },
      weights: { type: "object", propertyNames: { type: "string", pattern: "^[a-z_]+$", minLength: 1 }, additionalProperties: { type: "number" }, minProperties: 1 },
      anything: { type: "object", propertyNames: { maxLength: 8 } },
      nested: { type: "array", items: { type: "object", propertyNames: { type: "string" }, additionalProperties: { type: "object", properties: { on: { type: "boolean" } }, required: ["on"] } } },
    });
    write("page_rows", {
      page_size: { type: "integer", format: "int32", minimum: 1, maximum: 100 },
      offset: { type: "integer", format: "int64" },
      ratio: { type: "number", format: "double", description: "A fraction." },
      either: { anyOf: [{ type: "integer", format: "int32" }, { type: "string", format: "uuid" }] },
    });
    const r = await roundTrip("records", await tools(dir));
    expect(r.left).toEqual([]);
    expect(r.shaped).toBe(2);
  });

  it(`holds on ${CORPUS} synthetic tools`, async () => {
    const dir = path.join(scratch, "corpus");
    await writeCorpus(dir, CORPUS);
    const r = await roundTrip("corpus", await tools(dir));
    expect(r.left).toEqual([]);
    expect(r.shaped).toBe(CORPUS);
  }, HEAVY ? 600_000 : 120_000);
});
