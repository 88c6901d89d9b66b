import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { build } from "../src/pipeline.js";
import { fixture, project, readTree, repoRoot } from "./helpers.js";

async function cached(schemas: string) {
  const p = await project(schemas);
  const cacheDir = path.join(p.dir, "cache");
  const run = (extra: { cache?: boolean } = {}) => build({ schemas: p.schemas, out: p.out, handlers: p.handlers, cacheDir, ...extra });
  return { ...p, cacheDir, run };
}

describe("the build cache", () => {
  it("does nothing when nothing changed, and the same as an uncached build when something did", async () => {
    const p = await cached(path.join(repoRoot, "schemas"));
    expect((await p.run()).upToDate).toBe(false);
    const again = await p.run();
    expect(again).toMatchObject({ upToDate: true, written: [], tools: 4 });

    const file = path.join(p.schemas, "get_weather.json");
    await writeFile(file, (await readFile(file, "utf8")).replace("e.g. San Francisco, CA", "e.g. Lyon, France"));
    const changed = await p.run();
    expect(changed.upToDate).toBe(false);
    // A parameter's description changed: its type (types/get_weather.ts) is rewritten; its validator,
    // the schema as data without annotations, is the same bytes and is not.
    expect(changed.written.map((f) => path.relative(p.out, f)).sort()).toEqual(
      [".toolgen-manifest.json", "types/get_weather.ts", "legacy-prompt.txt", "legacy.ts", "tools.json", "tools.ts"].sort(),
    );
    const withCache = await readTree(p.out);
    await rm(p.out, { recursive: true });
    await p.run({ cache: false });
    expect(await readTree(p.out)).toEqual(withCache);
  });

  it("rebuilds what was deleted or edited by hand, and notices handler changes", async () => {
    const p = await cached(path.join(repoRoot, "schemas"));
    await p.run();
    await rm(path.join(p.out, "types", "get_weather.ts"));
    expect((await p.run()).written.some((f) => f.endsWith("types/get_weather.ts"))).toBe(true);
    await writeFile(path.join(p.out, "tools.json"), "[]\n");
    expect((await p.run()).written.some((f) => f.endsWith("tools.json"))).toBe(true);
    await rm(path.join(p.handlers, "get_stock_price.ts"));
    expect((await p.run()).written.some((f) => f.endsWith("handlers/get_stock_price.ts"))).toBe(true);
    expect((await p.run()).upToDate).toBe(true);
  });

  it("notices a change in a file outside the schemas folder that a $ref pulls in", async () => {
    const p = await cached(fixture("cross-ref", "schemas"));
    const run = () => build({ schemas: p.schemas, out: p.out, handlers: p.handlers, cacheDir: p.cacheDir, lint: false, refRoots: [p.dir] });
    await run();
    expect((await run()).upToDate).toBe(true);
    const money = path.join(p.dir, "shared", "money.json");
    await writeFile(money, (await readFile(money, "utf8")).replace('"USD"', '"USD", "JPY"'));
    const after = await run();
    expect(after.upToDate).toBe(false);
    expect(await readFile(path.join(p.out, "tools.json"), "utf8")).toContain('"JPY"');
  });

  it("--no-cache neither reads nor writes the cache", async () => {
    const p = await cached(path.join(repoRoot, "schemas"));
    await p.run({ cache: false });
    expect(await readTree(p.cacheDir)).toEqual(new Map());
    await p.run();
    expect((await readTree(p.cacheDir)).size).toBeGreaterThan(0);
    expect((await p.run({ cache: false })).upToDate).toBe(false);
  });
});
