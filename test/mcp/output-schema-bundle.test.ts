/**
 * Issue 13 leftovers: an MCP output schema's `$ref`s are bundled like an input schema's (the server
 * advertises and validates a self-contained schema), and an output validator that uses a `pattern`
 * gets the vendored RE2 engine even when no input validator needed it.
 */
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { bundleTools, loadFolder } from "../../src/load/index.js";
import { build } from "../../src/pipeline.js";
import { tempDir } from "../helpers.js";
import { ALL_OUTPUTS } from "./harness.js";

const MONEY = {
  type: "object",
  properties: { amount: { type: "number" }, currency: { type: "string", pattern: "^[A-Z]{3}$", description: "ISO 4217 code." } },
  required: ["amount", "currency"],
};

const TOOL = {
  name: "price_item",
  description: "Prices an item from the catalogue. Use it when the user asks what something costs. It returns the price in the item's currency.",
  input_schema: { type: "object", properties: { sku: { type: "string", description: "The item's stock-keeping unit, e.g. A-100." } }, required: ["sku"] },
  output_schema: {
    type: "object",
    properties: { price: { $ref: "../shared/money.json" }, note: { $ref: "#/$defs/note" } },
    required: ["price"],
    $defs: { note: { type: "string" } },
  },
};

async function setUp() {
  const dir = await tempDir("toolgen-mcp-out-");
  await mkdir(path.join(dir, "schemas"));
  await mkdir(path.join(dir, "shared"));
  await writeFile(path.join(dir, "shared", "money.json"), JSON.stringify(MONEY, null, 2));
  await writeFile(path.join(dir, "schemas", "price_item.json"), JSON.stringify(TOOL, null, 2));
  return { dir, schemas: path.join(dir, "schemas"), out: path.join(dir, "generated"), handlers: path.join(dir, "handlers"), refRoots: [dir] };
}

describe("mcp output schemas", () => {
  it("are bundled: external $refs copied into the output schema's $defs, local ones kept", async () => {
    const p = await setUp();
    const loaded = await loadFolder(p.schemas, { refRoots: p.refRoots });
    const { tools, problems } = await bundleTools(loaded);
    expect(problems).toEqual([]);
    expect(tools[0]!.bundledOutputSchema).toEqual({
      type: "object",
      properties: { price: { $ref: "#/$defs/money" }, note: { $ref: "#/$defs/note" } },
      required: ["price"],
      $defs: { note: { type: "string" }, money: MONEY },
    });
    // The input schema is untouched by it.
    expect(tools[0]!.bundledSchema).toEqual(TOOL.input_schema);
  });

  it("a $ref in an output schema that does not resolve is reported at its place", async () => {
    const p = await setUp();
    await writeFile(path.join(p.schemas, "price_item.json"), JSON.stringify({ ...TOOL, output_schema: { $ref: "#/$defs/nowhere" } }));
    const { tools, problems } = await bundleTools(await loadFolder(p.schemas, { refRoots: p.refRoots }));
    expect(tools).toEqual([]);
    expect(problems.map((d) => [d.kind, d.pointer])).toEqual([["unresolved", "/output_schema/$ref"]]);
  });

  it("the server advertises the bundled schema, and its validator (with a pattern) gets the RE2 engine though no input validator uses one", async () => {
    const p = await setUp();
    const result = await build({ ...p, cache: false, outputs: ALL_OUTPUTS });
    const paths = result.files.map((f) => f.path);
    expect(paths).toContain("runtime/re2.ts");
    expect(result.files.filter((f) => f.path.startsWith("validators/")).some((f) => f.contents.includes("re2.js"))).toBe(false);
    const server = result.files.find((f) => f.path === "mcp/server.ts")!.contents;
    expect(server).not.toContain("shared/money.json");
    expect(server).toContain("ISO 4217 code.");

    // Run the output validator: the run-time TypeScript transpiled beside it, as a user's build would.
    const runtime = path.join(p.out, "runtime");
    for (const f of await readdir(runtime)) {
      if (!f.endsWith(".ts") || f.endsWith(".d.ts")) continue;
      const js = ts.transpileModule(await readFile(path.join(runtime, f), "utf8"), { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
      await writeFile(path.join(runtime, f.replace(/\.ts$/, ".js")), js);
    }
    await writeFile(path.join(p.dir, "package.json"), JSON.stringify({ type: "module" }));
    const { validate } = (await import(pathToFileURL(path.join(p.out, "mcp", "output-validators", "price_item.ts")).href)) as { validate: (v: unknown) => boolean };
    expect(validate({ price: { amount: 3, currency: "EUR" }, note: "ok" })).toBe(true);
    expect(validate({ price: { amount: 3, currency: "eur" } })).toBe(false);
    expect(validate({ price: { amount: 3 } })).toBe(false);
  });
});
