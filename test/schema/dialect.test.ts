/**
 * Issue 37 item 1: a schema without `$schema` is read as JSON Schema 2020-12 (src/schema/dialect.ts),
 * as MCP (SEP-1613) and Anthropic read it. A tool whose tuple is `prefixItems` with `items: false` is
 * validated as 2020-12 by dispatch, the Standard Schema and the claude-agent-sdk output's Zod shape,
 * and its type is a tuple; the same tool declaring draft-07 (or a folder whose config sets
 * `"defaultDialect": "draft-07"`) is validated as draft-07, which ignores `prefixItems`.
 */
import { spawnSync } from "node:child_process";
import { readFile, readdir, writeFile, mkdir } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { loadConfig } from "../../src/commands/config.js";
import { build } from "../../src/pipeline.js";
import { readsAs2020, withDraft07Tuples } from "../../src/schema/dialect.js";
import { repoTempDir } from "../e2e/compile.js";
import { repoRoot } from "../helpers.js";

const DRAFT_07 = "http://json-schema.org/draft-07/schema#";
const OUTPUTS = ["native", "types", "validators", "handlers", "runtime", "index", "standard-schema", "claude-agent-sdk"];

/** A tool whose one field is a 2020-12 tuple: a name, then a count, and nothing after. */
function pairTool($schema?: string) {
  return {
    name: "record_pair",
    description: "Records a pair of a name and a count. Use it when the user gives both. It stores nothing else.",
    input_schema: {
      ...($schema === undefined ? {} : { $schema }),
      type: "object",
      properties: {
        pair: { type: "array", description: "The name, then the count.", prefixItems: [{ type: "string" }, { type: "number" }], items: false },
      },
      required: ["pair"],
    },
  };
}

interface Built {
  dispatch(input: unknown): Promise<boolean>;
  standard(input: unknown): boolean;
  zod(input: unknown): boolean | undefined;
  type: string;
}

async function buildTool(tool: object, config: { defaultDialect?: "draft-07" | "2020-12" } = {}): Promise<Built> {
  const dir = await repoTempDir();
  const schemas = path.join(dir, "schemas");
  await mkdir(schemas, { recursive: true });
  await writeFile(path.join(schemas, "record_pair.json"), JSON.stringify(tool, null, 2));
  const out = path.join(dir, "generated");
  const handlers = path.join(dir, "handlers");
  await build({ schemas, out, handlers, cache: false, outputs: OUTPUTS, ...config });
  for (const file of await readdir(handlers)) {
    const full = path.join(handlers, file);
    const text = await readFile(full, "utf8");
    await writeFile(full, text.replace("_context:", "context:").replace(/  throw new Error\(.*\);\n/, "  return { tool: context.toolName, input };\n"));
  }
  const index = (await import(pathToFileURL(path.join(out, "index.ts")).href)) as {
    dispatcher: { dispatch(block: unknown): Promise<{ is_error?: boolean }> };
  };
  const std = (await import(pathToFileURL(path.join(out, "standard-schema.ts")).href)) as {
    standardSchemas: Record<string, { "~standard": { validate(v: unknown): { issues?: unknown } } }>;
  };
  const sdk = (await import(pathToFileURL(path.join(out, "claude-agent-sdk", "shapes.ts")).href)) as { zodShapes: Record<string, z.ZodRawShape> };
  const shape = sdk.zodShapes["record_pair"];
  return {
    dispatch: async (input) => (await index.dispatcher.dispatch({ type: "tool_use", id: "toolu_1", name: "record_pair", input })).is_error !== true,
    standard: (input) => std.standardSchemas["record_pair"]!["~standard"].validate(input).issues === undefined,
    zod: (input) => (shape === undefined ? undefined : z.object(shape).safeParse(input).success),
    type: await readFile(path.join(out, "types", "record_pair.ts"), "utf8"),
  };
}

describe("the default dialect", () => {
  it("reads a schema without $schema as 2020-12, and a declared one as it says", () => {
    expect(readsAs2020({ type: "object" })).toBe(true);
    expect(readsAs2020({ $schema: DRAFT_07, type: "object" })).toBe(false);
    expect(readsAs2020({ $schema: "https://json-schema.org/draft/2020-12/schema" })).toBe(true);
    expect(readsAs2020({ $schema: "http://json-schema.org/draft-04/schema#" })).toBe(false);
    // An array `items` is no 2020-12 schema: it keeps its draft-07 reading (the lint rule warns).
    expect(readsAs2020({ type: "object", properties: { p: { items: [{ type: "string" }] } } })).toBe(false);
  });

  it("spells a 2020-12 tuple as draft-07's for json-schema-to-typescript, never touching the input", () => {
    const schema = { type: "object", properties: { p: { prefixItems: [{ type: "string" }], items: { type: "number" }, enum: [{ prefixItems: 1 }] } } };
    const copy = structuredClone(schema);
    expect(withDraft07Tuples(schema)).toEqual({ type: "object", properties: { p: { items: [{ type: "string" }], additionalItems: { type: "number" }, enum: [{ prefixItems: 1 }] } } });
    expect(schema).toEqual(copy);
    expect(withDraft07Tuples({ $schema: DRAFT_07, prefixItems: [{}], items: false })).toEqual({ $schema: DRAFT_07, items: false });
    const plain = { type: "object" };
    expect(withDraft07Tuples(plain)).toBe(plain);
  });

  it("no $schema: prefixItems with items: false is a tuple for dispatch, Standard Schema, Zod and the type", async () => {
    const t = await buildTool(pairTool());
    const cases: Array<[unknown, boolean]> = [
      [{ pair: ["apples", 3] }, true],
      [{ pair: ["apples"] }, true],
      [{ pair: [] }, true],
      [{ pair: ["apples", 3, 4] }, false],
      [{ pair: [3, "apples"] }, false],
    ];
    for (const [input, valid] of cases) {
      expect(await t.dispatch(input), `dispatch ${JSON.stringify(input)}`).toBe(valid);
      expect(t.standard(input), `standard ${JSON.stringify(input)}`).toBe(valid);
      expect(t.zod(input), `zod ${JSON.stringify(input)}`).toBe(valid);
    }
    expect(t.type).toMatch(/pair: \[\] \| \[string\] \| \[string, number\];/);
  });

  it("declared draft-07, or the config's defaultDialect draft-07: prefixItems is ignored and items: false allows no item", async () => {
    for (const t of [await buildTool(pairTool(DRAFT_07)), await buildTool(pairTool(), { defaultDialect: "draft-07" })]) {
      expect(await t.dispatch({ pair: [] })).toBe(true);
      expect(await t.dispatch({ pair: ["apples", 3] })).toBe(false);
      expect(t.standard({ pair: [] })).toBe(true);
      expect(t.standard({ pair: ["apples", 3] })).toBe(false);
      // Zod's tuples are 2020-12's: the claude-agent-sdk output leaves the tool out rather than send it looser.
      expect(t.zod({ pair: [] })).toBeUndefined();
      expect(t.type).toMatch(/pair: never\[\];/);
    }
  });
});

describe("the defaultDialect config key", () => {
  async function configDir(config: unknown): Promise<string> {
    const dir = await repoTempDir();
    await writeFile(path.join(dir, "toolgen.config.json"), JSON.stringify(config));
    return dir;
  }

  it("is read from the config, and refuses a dialect toolgen does not validate", async () => {
    expect((await loadConfig({}, await configDir({ defaultDialect: "draft-07" }))).defaultDialect).toBe("draft-07");
    expect((await loadConfig({}, await configDir({}))).defaultDialect).toBeUndefined();
    await expect(loadConfig({}, await configDir({ defaultDialect: "draft-06" }))).rejects.toThrow(
      /'defaultDialect' must be one of "draft-07", "2019-09", "2020-12" \(found "draft-06"\)/,
    );
  });

  it("is listed by `toolgen build --help`", () => {
    const run = spawnSync(process.execPath, [path.join(repoRoot, "dist", "bin", "toolgen.cjs"), "build", "--help"], { encoding: "utf8" });
    expect(run.stdout).toMatch(/--default-dialect|defaultDialect/);
  });

  it("is part of the cache key: changing it rebuilds what it changes", async () => {
    const dir = await repoTempDir();
    const schemas = path.join(dir, "schemas");
    await mkdir(schemas, { recursive: true });
    await writeFile(path.join(schemas, "record_pair.json"), JSON.stringify(pairTool(), null, 2));
    const options = { schemas, out: path.join(dir, "generated"), handlers: path.join(dir, "handlers"), outputs: ["native", "types", "validators", "handlers", "runtime", "index"] };
    const type = () => readFile(path.join(dir, "generated", "types", "record_pair.ts"), "utf8");
    await build({ ...options });
    expect(await type()).toMatch(/\[string, number\]/);
    await build({ ...options, defaultDialect: "draft-07" });
    expect(await type()).toMatch(/pair: never\[\];/);
    const tools = JSON.parse(await readFile(path.join(dir, "generated", "tools.json"), "utf8")) as Array<{ input_schema: Record<string, unknown> }>;
    expect(Object.keys(tools[0]!.input_schema)[0]).toBe("$schema");
    expect(tools[0]!.input_schema["$schema"]).toBe(DRAFT_07);
    await build({ ...options, defaultDialect: "2020-12" });
    expect(await type()).toMatch(/\[string, number\]/);
  });
});
