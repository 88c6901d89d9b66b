/**
 * Issue 28, the input types laid out without Prettier (src/emit/type-layout.ts): on the benchmark
 * corpus and every fixture tool the layout is Prettier's output byte for byte (what
 * json-schema-to-typescript's `format: true` gave before); on random schemas (fixed seed) whatever it
 * lays out is Prettier's code up to spaces and line breaks and parses without error; and a type it
 * does not read (a schema's `tsType`) is still built, formatted by Prettier.
 */
import { readFile, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import fc from "fast-check";
import { compile } from "json-schema-to-typescript";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { layoutTypes } from "../../src/emit/type-layout.js";
import { build } from "../../src/pipeline.js";
import { schema as randomSchema } from "../runtime/arbitraries.js";
import { fixture, project, tempDir } from "../helpers.js";
// @ts-expect-error the corpus generator is plain JavaScript (bench/corpus.mjs)
import { makeTool } from "../../bench/corpus.mjs";

const options = (format: boolean) => ({
  bannerComment: "",
  format,
  style: { printWidth: 120, trailingComma: "all" as const, bracketSpacing: true },
  additionalProperties: false,
  declareExternallyReferenced: true,
  unknownAny: true,
});

async function both(schema: object): Promise<{ ours: string | undefined; prettier: string }> {
  const raw = await compile(structuredClone(schema), "Input", options(false));
  return { ours: layoutTypes(raw), prettier: await compile(structuredClone(schema), "Input", options(true)) };
}

/** Every tool file under test/fixtures/<name>/schemas that has an input schema. */
async function fixtureSchemas(): Promise<Array<{ file: string; schema: object }>> {
  const out: Array<{ file: string; schema: object }> = [];
  for (const name of await readdir(fixture())) {
    const dir = fixture(name, "schemas");
    const files = await readdir(dir, { recursive: true }).catch(() => [] as string[]);
    for (const file of files.filter((f) => f.endsWith(".json"))) {
      let tool: unknown = null;
      try {
        tool = JSON.parse(await readFile(path.join(dir, file), "utf8"));
      } catch {
        continue; // the bad-input fixtures hold files that are not JSON
      }
      if (tool === null || typeof tool !== "object" || Array.isArray(tool)) continue;
      const input = (tool as Record<string, unknown>).input_schema ?? (tool as Record<string, unknown>).parameters;
      if (input === null || typeof input !== "object" || JSON.stringify(input).includes('"$ref":"')) continue;
      const description = (tool as Record<string, unknown>).description;
      out.push({ file: `${name}/${file}`, schema: { ...input, title: "Input", ...(typeof description === "string" ? { description } : {}) } });
    }
  }
  return out;
}

const words = fc.constantFrom("the", "value", "of", "customer_identifier", "*", "@see", "x".repeat(30), "é", "\n", "{", "}", "|", '"q"', "`", "end.");
const text = fc.array(words, { maxLength: 40 }).map((w) => w.join(" "));
const described = fc.letrec<{ s: unknown }>((tie) => ({
  s: fc.oneof(
    { depthSize: "small" },
    randomSchema,
    fc.record(
      { type: fc.constant("object"), description: text, properties: fc.dictionary(fc.constantFrom("a", "long_property_name", "with space", "1st"), tie("s"), { maxKeys: 4 }), required: fc.constant(["a"]) },
      { requiredKeys: ["type", "properties"] },
    ),
    fc.record({ description: text, enum: fc.array(fc.string({ maxLength: 25 }), { minLength: 1, maxLength: 12 }) }),
    fc.record({ anyOf: fc.array(tie("s"), { minLength: 1, maxLength: 4 }) }),
    fc.record({ type: fc.constant(["object", "null"]), properties: fc.dictionary(fc.constantFrom("p", "q"), tie("s"), { maxKeys: 2 }) }),
    fc.record({ type: fc.constant("array"), items: tie("s"), minItems: fc.nat(1), maxItems: fc.integer({ min: 1, max: 4 }) }, { requiredKeys: ["type"] }),
    fc.record({ title: fc.constantFrom("Address", "A Long Named Type"), type: fc.constant("object"), properties: fc.dictionary(fc.constantFrom("a", "b"), tie("s"), { maxKeys: 3 }) }, { requiredKeys: ["title", "type"] }),
  ),
})).s;
const rootSchema = fc.record(
  { type: fc.constant("object"), title: fc.constant("Input"), description: text, properties: fc.dictionary(fc.constantFrom("a", "b", "with-dash"), described, { minKeys: 1, maxKeys: 4 }) },
  { requiredKeys: ["type", "title", "properties"] },
);

/** Code without the spaces, line breaks and trailing commas that only the layout decides. */
const tokensOnly = (code: string): string => code.replace(/\s+/g, "").replace(/,([\])])/g, "$1");

describe("input types laid out without Prettier", () => {
  it("gives Prettier's bytes on the benchmark corpus and on every fixture tool", async () => {
    const cases = [
      ...Array.from({ length: 150 }, (_, i) => {
        const tool = makeTool(i) as { name: string; description: string; input_schema: object };
        return { file: tool.name, schema: { ...tool.input_schema, title: "Input", description: tool.description } };
      }),
      ...(await fixtureSchemas()),
    ];
    expect(cases.length).toBeGreaterThan(160);
    for (const c of cases) {
      const { ours, prettier } = await both(c.schema);
      expect(ours, c.file).toBe(prettier);
    }
  });

  it("lays out random schemas as Prettier's code, parsing without error (seeded)", async () => {
    const samples = fc.sample(rootSchema, { seed: 28, numRuns: 120 });
    let laidOut = 0;
    for (const sample of samples) {
      const result = await both(sample).catch(() => undefined);
      if (result?.ours === undefined) continue;
      laidOut++;
      expect(tokensOnly(result.ours)).toBe(tokensOnly(result.prettier));
      const syntax = ts.transpileModule(result.ours, { reportDiagnostics: true, fileName: "input.ts" }).diagnostics ?? [];
      expect(syntax.map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"))).toEqual([]);
    }
    expect(laidOut).toBeGreaterThan(30);
  });

  it("leaves a type it does not read (a tsType) to Prettier, in a real build", async () => {
    const dir = await tempDir();
    await writeFile(
      path.join(dir, "map_tool.json"),
      JSON.stringify({
        name: "map_tool",
        description: "Reads a map of counts. It returns the total of the counts given.",
        input_schema: { type: "object", properties: { counts: { type: "object", tsType: "Map<string, number>", description: "The counts, by name." } }, required: ["counts"] },
      }),
    );
    const p = await project(dir);
    await build({ schemas: p.schemas, out: p.out, handlers: p.handlers, refRoots: [p.dir], lint: false, cache: false });
    const types = await readFile(path.join(p.out, "types", "map_tool.ts"), "utf8");
    expect(types).toContain("  counts: Map<string, number>;\n");
    expect(layoutTypes("export interface X {\ncounts: Map<string, number>\n}\n")).toBeUndefined();
  });
});
