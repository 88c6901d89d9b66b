/**
 * Outputs as plug-ins (issue 9): the `outputs` config chooses what a build writes, a native-only
 * build drops the legacy files and the legacy-only lint rules, and adding an output is one file plus
 * one line in the list (shown with a `tools.jsonl` output defined here, not shipped).
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/commands/config.js";
import { OUTPUTS } from "../../src/catalog.js";
import { defineOutput } from "../../src/outputs/output.js";
import { build } from "../../src/pipeline.js";
import { repoTempDir, typecheck } from "../e2e/compile.js";
import { project, readTree, repoRoot, tempDir } from "../helpers.js";

const NATIVE_ONLY = ["native", "types", "validators", "runtime", "index", "handlers"];

/** Six small tools: more than the legacy format's advice of five. */
async function sixTools(dir: string): Promise<string> {
  const schemas = path.join(dir, "schemas");
  await mkdir(schemas, { recursive: true });
  for (let i = 1; i <= 6; i++) {
    const tool = {
      name: `tool_${i}`,
      description: `Tool number ${i} returns the value it is given. It is only here to make the folder hold six tools.`,
      input_schema: { type: "object", properties: { value: { type: "string", description: "The value to return." } }, required: ["value"] },
    };
    await writeFile(path.join(schemas, `tool_${i}.json`), JSON.stringify(tool, null, 2));
  }
  return schemas;
}

describe("the outputs a build writes", () => {
  it("default to every output of the list but the opt-in ones (mcp), in list order", async () => {
    const p = await project(path.join(repoRoot, "schemas"));
    const all = await build({ schemas: p.schemas, out: p.out, handlers: p.handlers, cache: false });
    const q = await project(path.join(repoRoot, "schemas"));
    const named = await build({ schemas: q.schemas, out: q.out, handlers: q.handlers, cache: false, outputs: OUTPUTS.filter((o) => o.optIn !== true).map((o) => o.id) });
    expect(named.files.map((f) => [f.root, f.path, f.contents])).toEqual(all.files.map((f) => [f.root, f.path, f.contents]));
  });

  it("native only: no legacy files, no legacy-only lint rules, and generated code that still type-checks", async () => {
    const dir = await repoTempDir();
    const schemas = await sixTools(dir);
    const out = path.join(dir, "generated");
    const handlers = path.join(dir, "handlers");
    const withLegacy = await build({ schemas, out: path.join(dir, "all"), handlers: path.join(dir, "all-handlers"), cache: false });
    expect(withLegacy.diagnostics.some((d) => d.rule === "legacy-tool-count")).toBe(true);

    const result = await build({ schemas, out, handlers, cache: false, outputs: NATIVE_ONLY });
    expect(result.diagnostics.filter((d) => d.rule.startsWith("legacy-"))).toEqual([]);
    const tree = await readTree(out);
    expect(tree.has("legacy-prompt.txt")).toBe(false);
    expect(tree.has("legacy.ts")).toBe(false);
    expect(tree.has("tools.json")).toBe(true);
    expect(tree.get("index.ts")).not.toContain('"./legacy.js"');
    const files = [...tree.keys()].filter((f) => f.endsWith(".ts")).map((f) => path.join(out, f));
    files.push(...[...(await readTree(handlers)).keys()].map((f) => path.join(handlers, f)));
    expect(typecheck(files, "nodenext")).toEqual([]);
  });

  it("an unknown output id, or an output without what it imports, is a usage error", async () => {
    const p = await project(path.join(repoRoot, "schemas"));
    const run = (outputs: string[]) => build({ schemas: p.schemas, out: p.out, handlers: p.handlers, cache: false, outputs });
    await expect(run(["native", "mcp-server"])).rejects.toMatchObject({ name: "UsageError", exitCode: 2, message: expect.stringContaining("unknown output 'mcp-server'") });
    await expect(run(["index"])).rejects.toMatchObject({ name: "UsageError", message: expect.stringContaining("output 'index' needs") });
    await expect(run([])).rejects.toMatchObject({ name: "UsageError" });
    expect((await readTree(p.out)).size).toBe(0);
  });

  it("are read from toolgen.config.json's `outputs`, which must be an array of distinct ids", async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, "toolgen.config.json"), JSON.stringify({ outputs: NATIVE_ONLY }));
    expect((await loadConfig({}, dir)).outputs).toEqual(NATIVE_ONLY);
    for (const bad of ["native", [1], ["native", "native"]]) {
      await writeFile(path.join(dir, "toolgen.config.json"), JSON.stringify({ outputs: bad }));
      await expect(loadConfig({}, dir)).rejects.toMatchObject({ name: "UsageError", message: expect.stringContaining("'outputs'") });
    }
  });

  it("take a new output as one file plus one line: tools.jsonl, defined in this test", async () => {
    // The file: an output writing one line of JSON per tool.
    const toolsJsonl = defineOutput({
      id: "tools-jsonl",
      description: "tools.jsonl: one Messages API tool definition per line",
      emit: (ctx) => [
        {
          root: "out",
          path: "tools.jsonl",
          contents: ctx.tools.map((t) => JSON.stringify({ name: t.name, description: t.description, input_schema: t.bundledSchema }) + "\n").join(""),
          ownership: "generated",
        },
      ],
    });
    // The line: the list with it.
    const outputList = [...OUTPUTS, toolsJsonl];

    const p = await project(path.join(repoRoot, "schemas"));
    const cacheDir = path.join(p.dir, "cache");
    const run = () => build({ schemas: p.schemas, out: p.out, handlers: p.handlers, cacheDir, outputList, outputs: ["tools-jsonl"] });
    await run();
    const lines = (await readFile(path.join(p.out, "tools.jsonl"), "utf8")).trimEnd().split("\n");
    const native = JSON.parse(await readFile(path.join(repoRoot, "test", "fixtures", "seed-tools", "expected", "generated", "tools.json"), "utf8")) as unknown[];
    expect(lines.map((l) => JSON.parse(l) as unknown)).toEqual(native);
    expect([...(await readTree(p.out)).keys()]).toEqual([".toolgen-manifest.json", "tools.jsonl"]);
    expect((await run()).upToDate).toBe(true);
  });
});

describe("a build with no tools", () => {
  it("is an input error for an empty schemas folder, and writes nothing", async () => {
    const dir = await tempDir();
    await mkdir(path.join(dir, "schemas"));
    const out = path.join(dir, "generated");
    await expect(build({ schemas: path.join(dir, "schemas"), out, handlers: path.join(dir, "handlers"), cache: false })).rejects.toMatchObject({
      name: "InputError",
      exitCode: 1,
      message: expect.stringContaining("no tools found"),
    });
    expect((await readTree(out)).size).toBe(0);
  });

  it("is a usage error for a missing schemas folder", async () => {
    const dir = await tempDir();
    await expect(build({ schemas: path.join(dir, "nope"), out: path.join(dir, "g"), handlers: path.join(dir, "h"), cache: false })).rejects.toMatchObject({
      exitCode: 2,
      message: expect.stringContaining("schemas folder not found"),
    });
  });
});
