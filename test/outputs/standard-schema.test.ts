/**
 * Issue 25: the opt-in `standard-schema` output. Its golden file for the seed tools; the generated
 * objects type-checked against @standard-schema/spec's own `StandardSchemaV1` and
 * `StandardJSONSchemaV1` (synchronous `validate`, the inferred types); `validate`'s verdicts, values
 * and messages against native dispatch's on the seed tools; the JSON Schema targets (the schema as
 * tools.json has it, OpenAPI 3.0, a clear error for the others); output schemas.
 */
import { cp, readFile, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { build } from "../../src/pipeline.js";
import { fixture, readTree, repoRoot, tempDir } from "../helpers.js";
import { repoTempDir, typecheck } from "../e2e/compile.js";

const OUTPUTS = ["native", "types", "validators", "handlers", "runtime", "index", "standard-schema"];
const seedSchemas = path.join(repoRoot, "schemas");

async function buildInto(dir: string, schemas: string | Record<string, unknown>, outputs = OUTPUTS) {
  const p = { dir, schemas: path.join(dir, "schemas"), out: path.join(dir, "generated"), handlers: path.join(dir, "handlers") };
  if (typeof schemas === "string") await cp(schemas, p.schemas, { recursive: true });
  else {
    await cp(seedSchemas, p.schemas, { recursive: true });
    for (const [name, doc] of Object.entries(schemas)) await writeFile(path.join(p.schemas, `${name}.json`), JSON.stringify(doc, null, 2));
  }
  const result = await build({ schemas: p.schemas, out: p.out, handlers: p.handlers, cache: false, outputs });
  return { ...p, result };
}

/** Makes every stub return `{tool, input}` instead of throwing (as test/e2e/generated.test.ts does). */
async function fillHandlers(handlers: string): Promise<void> {
  for (const file of await readdir(handlers)) {
    const full = path.join(handlers, file);
    const text = await readFile(full, "utf8");
    await writeFile(full, text.replace("_context:", "context:").replace(/  throw new Error\(.*\);\n/, "  return { tool: context.toolName, input };\n"));
  }
}

type Result = { value: unknown; issues?: undefined } | { issues: ReadonlyArray<{ message: string; path?: ReadonlyArray<PropertyKey> }> };
interface Std {
  "~standard": {
    version: number;
    vendor: string;
    validate(value: unknown): Result;
    jsonSchema: { input(o: { target: string }): Record<string, unknown>; output(o: { target: string }): Record<string, unknown> };
  };
}
interface StandardModule {
  standardSchemas: Record<string, Std>;
  standardOutputSchemas: Record<string, Std>;
}
interface IndexModule {
  dispatcher: { dispatch(block: unknown, options?: { repair?: boolean }): Promise<{ content?: unknown; is_error?: boolean }> };
}

/** A tool whose schema uses draft-07's tuple `items` (no 2020-12 form as written) and has an output schema. */
const TUPLE_TOOL = {
  name: "plot_point",
  description: "Plots one point given as an [x, y] pair and returns where it was drawn. Use it when the user asks to mark a point on the chart.",
  input_schema: {
    type: "object",
    properties: {
      point: { type: "array", items: [{ type: "number" }, { type: "number" }], additionalItems: false, description: "The point as [x, y]." },
      label: { type: "string", pattern: "^[a-z]+$", description: "A lower-case label for the point." },
    },
    required: ["point"],
  },
  output_schema: {
    type: "object",
    properties: { drawn: { type: "boolean" }, at: { type: "string", pattern: "^[0-9]+,[0-9]+$" } },
    required: ["drawn"],
  },
};

/** Written for 2020-12: one with no keyword the drafts read differently, one with `prefixItems`, one recursive. */
const DRAFT_2020 = "https://json-schema.org/draft/2020-12/schema";
const DIALECT_TOOLS = {
  tag_note: {
    name: "tag_note",
    description: "Adds a tag to a note and returns the note's tags. Use it when the user asks to label a note. It does not create notes.",
    input_schema: { $schema: DRAFT_2020, type: "object", properties: { tag: { type: "string", description: "The tag to add." } }, required: ["tag"] },
  },
  move_piece: {
    name: "move_piece",
    description: "Moves a piece to a square given as [file, rank] and returns the new position. Use it when the user says where a piece goes.",
    input_schema: { $schema: DRAFT_2020, type: "object", properties: { to: { type: "array", prefixItems: [{ type: "string" }, { type: "integer" }], description: "The square as [file, rank]." } }, required: ["to"] },
  },
  walk_tree: {
    name: "walk_tree",
    description: "Walks a tree of named nodes and returns their names in order. Use it when the user gives a nested outline. It does not sort the names.",
    input_schema: {
      type: "object",
      properties: { root: { $ref: "#/$defs/node", description: "The tree's root." } },
      required: ["root"],
      $defs: { node: { type: "object", properties: { name: { type: "string" }, children: { type: "array", items: { $ref: "#/$defs/node" } } } } },
    },
  },
};

describe("the standard-schema output", () => {
  it("is not built by default, and its run-time files are not copied then", async () => {
    const dir = await tempDir();
    const result = await build({ schemas: seedSchemas, out: path.join(dir, "generated"), handlers: path.join(dir, "handlers"), cache: false });
    const paths = result.files.map((f) => f.path);
    expect(paths).toContain("runtime/dispatch.ts");
    expect(paths.filter((p) => p.includes("standard-schema") || p === "runtime/framework.ts")).toEqual([]);
  });

  it("matches the golden file for the seed tools and imports no package", async () => {
    const p = await buildInto(await tempDir(), seedSchemas);
    const tree = await readTree(p.out);
    await expect(tree.get("standard-schema.ts")).toMatchFileSnapshot(fixture("seed-tools", "expected", "standard-schema", "standard-schema.ts"));
    for (const name of ["standard-schema.ts", "runtime/standard-schema.ts", "runtime/framework.ts"]) {
      expect(tree.get(name), name).toBeDefined();
      expect(tree.get(name)!.match(/from "[^.][^"]*"/g) ?? [], name).toEqual([]);
    }
  });

  it("type-checks as @standard-schema/spec's StandardSchemaV1 and StandardJSONSchemaV1, with a synchronous validate and the tools' types", async () => {
    const dir = await repoTempDir();
    const p = await buildInto(dir, { plot_point: TUPLE_TOOL });
    const check = path.join(dir, "check.ts");
    await writeFile(
      check,
      [
        `import type { StandardJSONSchemaV1, StandardSchemaV1 } from "@standard-schema/spec";`,
        `import { standardOutputSchemas, standardSchemas, type ToolOutputs } from "./generated/standard-schema.js";`,
        `import type { ToolInputs, ToolName } from "./generated/types.js";`,
        `type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;`,
        `const validation: StandardSchemaV1<ToolInputs["get_weather"]> = standardSchemas.get_weather;`,
        `const json: StandardJSONSchemaV1<ToolInputs["get_weather"]> = standardSchemas.get_weather;`,
        `const output: StandardSchemaV1<ToolOutputs["plot_point"]> & StandardJSONSchemaV1<ToolOutputs["plot_point"]> = standardOutputSchemas.plot_point;`,
        `const every: { [N in ToolName]: StandardSchemaV1<ToolInputs[N]> & StandardJSONSchemaV1<ToolInputs[N]> } = standardSchemas;`,
        `const input: Same<StandardSchemaV1.InferInput<typeof standardSchemas.get_weather>, ToolInputs["get_weather"]> = true;`,
        `const out: Same<StandardSchemaV1.InferOutput<typeof standardOutputSchemas.plot_point>, { drawn: boolean; at?: string }> = true;`,
        // Synchronous: the result is read without await.
        `const result = standardSchemas.get_weather["~standard"].validate({ location: "Paris" });`,
        `const location: string | undefined = result.issues === undefined ? result.value.location : undefined;`,
        `export { validation, json, output, every, input, out, location };`,
      ].join("\n"),
    );
    await writeFile(path.join(dir, "package.json"), JSON.stringify({ type: "module" }));
    expect(p.result.files.some((f) => f.path === "standard-schema/output-types/plot_point.ts")).toBe(true);
    expect(typecheck([check], "nodenext")).toEqual([]);
    // Without any output schema too (an empty ToolOutputs).
    const seeds = await buildInto(await repoTempDir(), seedSchemas);
    expect(typecheck([path.join(seeds.out, "standard-schema.ts")], "nodenext")).toEqual([]);
  });

  it("validates as native dispatch does: the same verdicts, repaired values and messages, with paths", async () => {
    const p = await buildInto(await repoTempDir(), seedSchemas);
    await fillHandlers(p.handlers);
    const std = (await import(path.join(p.out, "standard-schema.ts"))) as StandardModule;
    const index = (await import(path.join(p.out, "index.ts"))) as IndexModule;
    const cases: Array<[string, unknown]> = [
      ["get_weather", { location: "Paris" }],
      ["get_weather", { location: "Paris", unit: "kelvin" }],
      ["get_weather", {}],
      ["get_weather", { location: 7, unit: "celsius" }],
      ["get_weather", "Paris"],
      ["get_weather", null],
      ["get_weather", JSON.parse(`{"__proto__": {"location": "x"}}`)],
      ["get_stock_price", { ticker: "ACME", days: "30" }],
      ["get_ticker_symbol", { company_name: "Acme" }],
      ["get_ticker_symbol", { company_name: ["Acme"] }],
      ["get_current_stock_price", { ticker: 5 }],
      ["get_current_stock_price", { ticker: "AC", extra: true }],
    ];
    for (const [tool, input] of cases) {
      const result = std.standardSchemas[tool]!["~standard"].validate(input);
      const block = await index.dispatcher.dispatch({ type: "tool_use", id: "toolu_1", name: tool, input });
      const label = `${tool} ${JSON.stringify(input)}`;
      if (result.issues === undefined) {
        expect(block.is_error, label).toBeUndefined();
        // The handler got what validate returned (repaired where dispatch repairs).
        expect(JSON.parse(String(block.content)), label).toEqual({ tool, input: result.value });
      } else {
        expect(block.is_error, label).toBe(true);
        expect(block.content, label).toBe(`Error: ${result.issues.map((i) => i.message).join("; ")}`);
      }
    }
    const weather = std.standardSchemas["get_weather"]!["~standard"];
    expect(weather.version).toBe(1);
    expect(weather.vendor).toBe("toolgen");
    expect(weather.validate({ unit: "kelvin" })).toEqual({
      issues: [
        { message: "Missing required parameter 'location'", path: ["location"] },
        { message: "Parameter 'unit' must be one of: celsius, fahrenheit", path: ["unit"] },
      ],
    });
    expect(weather.validate("Paris")).toEqual({ issues: [{ message: "Input must be an object", path: [] }] });
    const input = { location: "Paris" };
    expect(weather.validate(input)).toEqual({ value: input });
  });

  it("gives the schema as tools.json has it for both drafts, OpenAPI 3.0's form, and a clear error for other targets", async () => {
    const p = await buildInto(await repoTempDir(), { plot_point: TUPLE_TOOL });
    const std = (await import(path.join(p.out, "standard-schema.ts"))) as StandardModule;
    const tools = JSON.parse(await readFile(path.join(p.out, "tools.json"), "utf8")) as Array<{ name: string; input_schema: Record<string, unknown> }>;
    for (const tool of tools.filter((t) => t.name !== "plot_point")) {
      const converter = std.standardSchemas[tool.name]!["~standard"].jsonSchema;
      expect(converter.input({ target: "draft-07" })).toEqual(tool.input_schema);
      expect(converter.input({ target: "draft-2020-12" })).toEqual(tool.input_schema);
      expect(converter.output({ target: "draft-2020-12" })).toEqual(tool.input_schema);
      expect(() => converter.input({ target: "draft-04" })).toThrow(`toolgen: no JSON Schema target "draft-04" for the input schema of tool '${tool.name}' (targets: draft-07, draft-2020-12, openapi-3.0)`);
      // A copy: a consumer that edits it changes nothing here.
      converter.input({ target: "draft-07" })["type"] = "string";
      expect(converter.input({ target: "draft-07" })["type"]).toBe("object");
    }
    expect(std.standardSchemas["get_weather"]!["~standard"].jsonSchema.input({ target: "openapi-3.0" })).toEqual({
      type: "object",
      properties: {
        location: { type: "string", description: "The city and state or country, e.g. San Francisco, CA or Paris, France." },
        unit: { type: "string", enum: ["celsius", "fahrenheit"], description: "The temperature unit of the answer, either 'celsius' or 'fahrenheit'." },
      },
      required: ["location"],
    });
    const plot = std.standardSchemas["plot_point"]!["~standard"];
    const plotted = tools.find((t) => t.name === "plot_point")!.input_schema;
    expect(plot.jsonSchema.input({ target: "draft-07" })).toEqual(plotted);
    expect(() => plot.jsonSchema.input({ target: "draft-2020-12" })).toThrow(
      "toolgen: the input schema of tool 'plot_point' has no draft-2020-12 form: it is written for draft-07 and uses `items` as an array (a tuple in draft-07, `prefixItems` in 2020-12) at /properties/point",
    );
    // The pattern runs (RE2), and a tuple's extra item is refused, as dispatch refuses them.
    expect(plot.validate({ point: [1, 2], label: "Ab" })).toEqual({ issues: [{ message: "Parameter 'label' must match the pattern ^[a-z]+$", path: ["label"] }] });
    expect(plot.validate({ point: [1, 2, 3] }).issues?.[0]?.path).toEqual(["point"]);

    const output = std.standardOutputSchemas["plot_point"]!["~standard"];
    expect(Object.keys(std.standardOutputSchemas)).toEqual(["plot_point"]);
    expect(output.jsonSchema.output({ target: "draft-2020-12" })).toEqual(TUPLE_TOOL.output_schema);
    expect(output.validate({ drawn: true, at: "3,4" })).toEqual({ value: { drawn: true, at: "3,4" } });
    // No repair of an output: "true" is not read as true.
    expect(output.validate({ drawn: "true", at: "3;4" })).toEqual({
      issues: [
        { message: "Parameter 'drawn' must be a boolean", path: ["drawn"] },
        { message: "Parameter 'at' must match the pattern ^[0-9]+,[0-9]+$", path: ["at"] },
      ],
    });
  });

  it("gives a schema written for one draft to the other only where it means the same, and says why not otherwise", async () => {
    const p = await buildInto(await repoTempDir(), DIALECT_TOOLS);
    const std = (await import(path.join(p.out, "standard-schema.ts"))) as StandardModule;
    const tools = JSON.parse(await readFile(path.join(p.out, "tools.json"), "utf8")) as Array<{ name: string; input_schema: Record<string, unknown> }>;
    const schemaOf = (name: string) => tools.find((t) => t.name === name)!.input_schema;
    const tag = std.standardSchemas["tag_note"]!["~standard"].jsonSchema;
    expect(tag.input({ target: "draft-2020-12" })).toEqual(schemaOf("tag_note"));
    expect(tag.input({ target: "draft-07" })).toEqual({ ...schemaOf("tag_note"), $schema: "http://json-schema.org/draft-07/schema#" });
    const move = std.standardSchemas["move_piece"]!["~standard"];
    expect(move.jsonSchema.input({ target: "draft-2020-12" })).toEqual(schemaOf("move_piece"));
    expect(() => move.jsonSchema.input({ target: "draft-07" })).toThrow(
      "toolgen: the input schema of tool 'move_piece' has no draft-07 form: it is written for draft-2020-12 and uses `prefixItems` (2020-12; draft-07 ignores it) at /properties/to",
    );
    // Its validator reads `prefixItems` as 2020-12 does (repair leaves tuples alone, as dispatch's does).
    expect(move.validate({ to: ["e", "4"] })).toEqual({ issues: [{ message: "Parameter 'to[1]' must be an integer", path: ["to", 1] }] });
    expect(move.validate({ to: ["e", 4] })).toEqual({ value: { to: ["e", 4] } });
    const walk = std.standardSchemas["walk_tree"]!["~standard"].jsonSchema;
    expect(walk.input({ target: "draft-07" })).toEqual(schemaOf("walk_tree"));
    expect(() => walk.input({ target: "openapi-3.0" })).toThrow(/^toolgen: the input schema of tool 'walk_tree' has no openapi-3.0 form: .*\$defs\/node/);
  });

  it("builds, type-checks and answers for awkward tool names (__proto__, constructor, toString, 3d_render) and the hostile fixture", async () => {
    for (const name of ["awkward", "hostile"]) {
      const dir = await repoTempDir();
      const p = await buildInto(dir, fixture(name, "schemas"), [...OUTPUTS, "ai-sdk"]);
      await writeFile(path.join(dir, "package.json"), JSON.stringify({ type: "module" }));
      expect(typecheck([path.join(p.out, "standard-schema.ts"), path.join(p.out, "ai-sdk.ts")], "nodenext"), name).toEqual([]);
      const std = (await import(path.join(p.out, "standard-schema.ts"))) as StandardModule;
      const ai = (await import(path.join(p.out, "ai-sdk.ts"))) as { tools: Record<string, { inputSchema: unknown }> };
      const tools = JSON.parse(await readFile(path.join(p.out, "tools.json"), "utf8")) as Array<{ name: string; input_schema: unknown }>;
      for (const tool of tools) {
        expect(Object.prototype.hasOwnProperty.call(std.standardSchemas, tool.name), tool.name).toBe(true);
        expect(std.standardSchemas[tool.name]!["~standard"].jsonSchema.input({ target: "draft-07" }), tool.name).toEqual(tool.input_schema);
        expect(ai.tools[tool.name]!.inputSchema, tool.name).toBe(std.standardSchemas[tool.name]);
      }
      expect(Object.keys(ai.tools).sort()).toEqual(tools.map((t) => t.name).sort());
    }
  });
});
