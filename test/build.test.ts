import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { build } from "../src/pipeline.js";
import { InputError, StaleOutputError } from "../src/errors.js";
import { fixture, project, readTree, repoRoot } from "./helpers.js";

const seedSchemas = path.join(repoRoot, "schemas");

async function buildProject(schemasDir: string, extra: { lint?: boolean } = {}) {
  const p = await project(schemasDir);
  // The project's folder is where `$ref`s may read (cross-ref's `../shared/`), as its config's folder would be.
  const result = await build({ schemas: p.schemas, out: p.out, handlers: p.handlers, refRoots: [p.dir], ...extra });
  return { ...p, result };
}

describe("build: the seed tools", () => {
  it("matches the golden files for every output kind", async () => {
    const p = await buildProject(seedSchemas);
    const out = await readTree(p.out);
    const handlers = await readTree(p.handlers);
    expect([...out.keys()].filter((k) => !k.startsWith("runtime/"))).toMatchSnapshot();
    for (const [file, text] of out) {
      if (file.startsWith("runtime/")) continue; // copies of src/runtime, checked in runtime.test.ts
      await expect(text).toMatchFileSnapshot(fixture("seed-tools", "expected", "generated", file));
    }
    for (const [file, text] of handlers) {
      await expect(text).toMatchFileSnapshot(fixture("seed-tools", "expected", "handlers", file));
    }
  });

  it("writes tools.json equal to the input tools, sorted by name", async () => {
    const p = await buildProject(seedSchemas);
    const tools = JSON.parse(await readFile(path.join(p.out, "tools.json"), "utf8")) as { name: string }[];
    const inputs = await Promise.all(
      ["get_current_stock_price", "get_stock_price", "get_ticker_symbol", "get_weather"].map(async (n) =>
        JSON.parse(await readFile(path.join(seedSchemas, `${n}.json`), "utf8")),
      ),
    );
    expect(tools).toEqual(inputs);
  });

  it("is deterministic: two builds give byte-identical output", async () => {
    const a = await buildProject(seedSchemas);
    const b = await buildProject(seedSchemas);
    expect(await readTree(a.out)).toEqual(await readTree(b.out));
    expect(await readTree(a.handlers)).toEqual(await readTree(b.handlers));
    // and a second build in place changes nothing
    const again = await build({ schemas: a.schemas, out: a.out, handlers: a.handlers });
    expect(again.written).toEqual([]);
  });
});

describe("build --check", () => {
  it("passes right after a build, fails after a schema edit, and writes nothing", async () => {
    const p = await buildProject(seedSchemas);
    await expect(build({ schemas: p.schemas, out: p.out, handlers: p.handlers, check: true })).resolves.toBeDefined();

    const file = path.join(p.schemas, "get_weather.json");
    const schema = JSON.parse(await readFile(file, "utf8"));
    schema.input_schema.properties.days = { type: "integer", description: "How many days ahead, from 0 (today) to 3." };
    await writeFile(file, JSON.stringify(schema, null, 2));
    const before = { out: await readTree(p.out), handlers: await readTree(p.handlers) };

    const error = await build({ schemas: p.schemas, out: p.out, handlers: p.handlers, check: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StaleOutputError);
    const stale = (error as StaleOutputError).stale.map((s) => s.replace(/\\/g, "/"));
    expect(stale.some((s) => s.endsWith("generated/tools.json"))).toBe(true);
    expect(stale.some((s) => s.endsWith("generated/types/get_weather.ts"))).toBe(true);
    expect(stale.some((s) => s.endsWith("generated/validators/get_weather.ts"))).toBe(true);
    expect(await readTree(p.out)).toEqual(before.out);
    expect(await readTree(p.handlers)).toEqual(before.handlers);
  });

  it("reports missing files and files no longer generated", async () => {
    const p = await buildProject(seedSchemas);
    await rm(path.join(p.out, "legacy-prompt.txt"));
    await rm(path.join(p.schemas, "get_stock_price.json"));
    const error = (await build({ schemas: p.schemas, out: p.out, handlers: p.handlers, check: true }).catch((e) => e)) as StaleOutputError;
    expect(error).toBeInstanceOf(StaleOutputError);
    expect(error.stale.join("\n")).toMatch(/legacy-prompt\.txt \(missing\)/);
    expect(error.stale.join("\n")).toMatch(/types\/get_stock_price\.ts \(no longer generated\)/);
  });
});

describe("build: removed tools", () => {
  it("removes the generated files of a removed tool but keeps its handler and says so", async () => {
    const p = await buildProject(seedSchemas);
    await writeFile(path.join(p.handlers, "get_stock_price.ts"), "// my code\nexport default async function f() { return 1; }\n");
    await rm(path.join(p.schemas, "get_stock_price.json"));
    const result = await build({ schemas: p.schemas, out: p.out, handlers: p.handlers });
    const out = await readTree(p.out);
    expect(out.has("types/get_stock_price.ts")).toBe(false);
    expect(out.has("validators/get_stock_price.ts")).toBe(false);
    expect(await readFile(path.join(p.handlers, "get_stock_price.ts"), "utf8")).toContain("// my code");
    expect(result.notes.join("\n")).toMatch(/get_stock_price\.ts: no tool has this handler/);
  });
});

describe("build: bad input", () => {
  it("reports every problem in one run, with file, line:column, pointer and reference", async () => {
    const p = await project(fixture("bad-input", "schemas"));
    const error = (await build({ schemas: p.schemas, out: p.out, handlers: p.handlers, lint: false }).catch((e) => e)) as InputError;
    expect(error).toBeInstanceOf(InputError);
    const d = error.diagnostics;
    const find = (rule: string, file: string) => d.filter((x) => x.rule === rule && x.file.endsWith(file));
    expect(find("parse-error", "broken.json")[0]).toMatchObject({ line: 4, column: 39 });
    expect(find("parse-error", "bad.yaml")[0]?.line).toBeGreaterThanOrEqual(2);
    expect(find("tool-shape", "no_schema.json")[0]).toMatchObject({ tool: "no_schema", pointer: "" });
    const refs = find("ref-resolvable", "bad_ref.json");
    expect(refs.map((r) => r.pointer).sort()).toEqual(["/input_schema/properties/what/$ref", "/input_schema/properties/where/$ref"]);
    expect(refs.map((r) => r.message).join("\n")).toContain("./missing/place.json");
    expect(refs.map((r) => r.message).join("\n")).toContain("#/$defs/nothing");
    expect(refs.every((r) => r.line !== undefined && r.column !== undefined)).toBe(true);
    const dups = find("tool-name-unique", "");
    expect(dups.map((x) => path.basename(x.file)).sort()).toEqual(["dup_a.json", "dup_b.yaml"]);
    expect(dups[0]?.message).toMatch(/dup_b\.yaml|dup_a\.json/);
  });

  it("a malformed file fails the build and leaves the old output exactly as it was", async () => {
    const p = await buildProject(seedSchemas);
    const before = { out: await readTree(p.out), handlers: await readTree(p.handlers) };
    await writeFile(path.join(p.schemas, "get_weather.json"), '{\n  "name": "get_weather",\n  "description": oops\n}\n');
    const error = (await build({ schemas: p.schemas, out: p.out, handlers: p.handlers }).catch((e) => e)) as InputError;
    expect(error).toBeInstanceOf(InputError);
    expect(error.diagnostics[0]).toMatchObject({ rule: "parse-error", line: 3, column: 18 });
    expect(error.diagnostics[0]?.file).toMatch(/get_weather\.json$/);
    expect(await readTree(p.out)).toEqual(before.out);
    expect(await readTree(p.handlers)).toEqual(before.handlers);
  });
});

describe("build: cross-file $ref", () => {
  it("bundles external references into $defs, keeps local ones, and terminates on recursion", async () => {
    const p = await buildProject(fixture("cross-ref", "schemas"), { lint: false });
    const tools = JSON.parse(await readFile(path.join(p.out, "tools.json"), "utf8"));
    await expect(JSON.stringify(tools, null, 2) + "\n").toMatchFileSnapshot(fixture("cross-ref", "expected", "tools.json"));
    const schema = tools[0].input_schema;
    expect(schema.properties.from).toEqual({ $ref: "#/$defs/address", description: "Where the parcel is picked up." });
    expect(schema.properties.to.$ref).toBe("#/$defs/address");
    expect(schema.properties.contents.$ref).toBe("#/$defs/item");
    expect(schema.properties.insurance.$ref).toBe("#/$defs/money_amount");
    expect(schema.$defs.address.properties.country.$ref).toBe("#/$defs/address_country");
    expect(schema.$defs.address.properties.previous.$ref).toBe("#/$defs/address");
    expect(schema.$defs.address_country.pattern).toBe("^[A-Z]{2}$");
    // self-contained: every $ref is local
    const refs = JSON.stringify(tools).match(/"\$ref":"[^"]*"/g) ?? [];
    expect(refs.every((r) => r.startsWith('"$ref":"#'))).toBe(true);
  });
});
