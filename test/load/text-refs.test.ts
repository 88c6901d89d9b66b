/**
 * The bundler reads a JSON file's references from its text when it can (refStringsInText,
 * src/load/text-facts.ts) instead of walking the parsed schema. The list must hold every `$ref`
 * string of the data (more is allowed, never fewer), and bundling must give what the walk gives,
 * whatever the formatting, escapes, repeated keys and `$ref`s inside data.
 */
import fc from "fast-check";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { assembleFolder, bundleTools } from "../../src/load/index.js";
import { parseSource } from "../../src/load/read.js";
import { chooser } from "../helpers.js";
import { refStringsInText } from "../../src/load/text-facts.js";
import type { SourceFile } from "../../src/model.js";

const ROOT = path.resolve("test/__memory__/text-refs");

const parsed = (text: string, name = "t.json") => parseSource(path.join(ROOT, name), text, name.endsWith(".json") ? "json" : "yaml");

describe("refStringsInText", () => {
  it("lists each `$ref` string once, in the order of the text", async () => {
    const file = await parsed('{"a": {"$ref" : "#/x"}, "b": {"$ref":"#/y"}, "c": {"$ref": "#/x"}}');
    expect(refStringsInText(file)).toEqual(["#/x", "#/y"]);
  });

  it("lists nothing for a file without `$ref`", async () => {
    expect(refStringsInText(await parsed('{"name": "t", "s": "say \\"hi\\""}'))).toEqual([]);
  });

  it("skips the string \"$ref\" as a value and a `$ref` that is not a string", async () => {
    expect(refStringsInText(await parsed('{"required": ["$ref"], "p": {"$ref": 5}, "q": {"$ref": {"$ref": "#/z"}}}'))).toEqual(["#/z"]);
  });

  it("cannot say when the text has a \\u escape, or a reference holds an escape", async () => {
    expect(refStringsInText(await parsed('{"\\u0024ref": "#/x"}'))).toBeUndefined();
    expect(refStringsInText(await parsed('{"s": "\\u00e9"}'))).toBeUndefined();
    expect(refStringsInText(await parsed('{"$ref": "#\\/x"}'))).toBeUndefined();
  });

  it("cannot say for YAML, or for a file the loader did not parse from its text", async () => {
    expect(refStringsInText(await parsed("$ref: '#/x'\n", "t.yaml"))).toBeUndefined();
    const made: SourceFile = { absPath: path.join(ROOT, "m.json"), displayPath: "m.json", format: "json", text: "{}", data: { $ref: "#/x" } };
    expect(refStringsInText(made)).toBeUndefined();
  });
});

const REFS = ["#", "#/$defs/a", "#/$defs/b", "#/$defs/missing", "#/properties/p", "#/$defs/a/allOf/0", "other.json#/x", "#anchor", "#/%E0", "#/$defs/a/"];

/** JSON text for `value` with random spacing, escapes, and repeated `$ref` keys (the data keeps the last). */
function writeJson(value: unknown, pick: (n: number) => number): string {
  const space = () => ["", " ", "\n  ", "\t", "\r\n"][pick(5)]!;
  const str = (s: string) => {
    let text = JSON.stringify(s);
    if (pick(4) === 0) text = text.replaceAll("/", "\\/");
    if (pick(8) === 0) text = text.replace("$", "\\u0024");
    return text;
  };
  if (Array.isArray(value)) return `[${value.map((v) => space() + writeJson(v, pick) + space()).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const members: string[] = [];
    for (const [key, v] of Object.entries(value)) {
      if (key === "$ref" && pick(4) === 0) members.push(`${str("$ref")}${space()}:${space()}${str(REFS[pick(REFS.length)]!)}`);
      members.push(`${space()}${str(key)}${space()}:${space()}${writeJson(v, pick)}`);
    }
    return `{${members.join(",")}${space()}}`;
  }
  return typeof value === "string" ? str(value) : JSON.stringify(value);
}

const ref = fc.constantFrom(...REFS);
const { node } = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: "small" },
    fc.constant({ type: "string" }),
    ref.map(($ref) => ({ $ref })),
    fc.record({ properties: fc.dictionary(fc.constantFrom("p", "q", "$ref"), tie("node"), { maxKeys: 2 }) }),
    fc.record({ allOf: fc.array(tie("node"), { maxLength: 2 }) }),
    fc.record({ not: tie("node") }),
    fc.record({ $ref: ref, enum: fc.array(ref.map(($ref) => ({ $ref })), { maxLength: 1 }) }),
    fc.record({ default: ref.map(($ref) => ({ $ref })), description: fc.constantFrom("a $ref", "see \"$ref\"", "#/x") }),
  ),
}));

const toolDocument = fc.record(
  {
    name: fc.constant("t"),
    input_schema: fc.record({ type: fc.constant("object"), properties: fc.record({ p: node }), $defs: fc.record({ a: node, b: node }) }),
    output_schema: node,
    input_examples: fc.array(ref.map(($ref) => ({ $ref })), { maxLength: 1 }),
  },
  { requiredKeys: ["name", "input_schema"] },
);

/** Every `$ref` string anywhere in the data. */
function allRefs(value: unknown, out: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) for (const v of value) allRefs(v, out);
  else if (value !== null && typeof value === "object") {
    for (const [key, v] of Object.entries(value)) {
      if (key === "$ref" && typeof v === "string") out.add(v);
      allRefs(v, out);
    }
  }
  return out;
}

describe("bundling from the text's references", () => {
  it("lists every `$ref` string of the data, and bundles as the walk of the parsed schema does", async () => {
    await fc.assert(
      fc.asyncProperty(toolDocument, fc.integer(), async (doc, seed) => {
        const text = writeJson(doc, chooser(seed));
        const file = await parsed(text);
        expect(file.parseError).toBeUndefined();
        const listed = refStringsInText(file);
        if (listed !== undefined) for (const r of allRefs(file.data)) expect(listed).toContain(r);
        // The same file, not parsed by the loader: its references are found by walking the schema.
        const walked: SourceFile = { ...file };
        const byText = await bundleTools(assembleFolder(ROOT, [file], { refRoots: [ROOT] }));
        const byWalk = await bundleTools(assembleFolder(ROOT, [walked], { refRoots: [ROOT] }));
        expect(byText.problems).toEqual(byWalk.problems);
        expect(byText.tools.map((t) => [t.name, t.bundledSchema, t.bundledOutputSchema])).toEqual(
          byWalk.tools.map((t) => [t.name, t.bundledSchema, t.bundledOutputSchema]),
        );
      }),
      { numRuns: 400, seed: 42 },
    );
  });
});

describe("bundling a tool with very many references", () => {
  it("lists and checks 50,000 distinct references in linear time", async () => {
    const properties: Record<string, unknown> = {};
    const defs: Record<string, unknown> = {};
    for (let i = 0; i < 50_000; i++) {
      properties[`p${i}`] = { $ref: `#/$defs/d${i}` };
      defs[`d${i}`] = { type: "string" };
    }
    const file = await parsed(JSON.stringify({ name: "t", input_schema: { type: "object", properties, $defs: defs } }));
    expect(refStringsInText(file)).toHaveLength(50_000);
    const started = process.cpuUsage();
    const { tools, problems } = await bundleTools(assembleFolder(ROOT, [file], { refRoots: [ROOT] }));
    const used = process.cpuUsage(started);
    expect(problems).toEqual([]);
    expect(tools[0]?.bundledSchema).toBe(file.data && (file.data as { input_schema: unknown }).input_schema);
    // CPU time, not the clock: what the bundler did, whatever else the machine runs.
    expect((used.user + used.system) / 1000).toBeLessThan(3000);
  });
});
