/**
 * Issue 10 item 12: the cache can lie. Nothing read from the cache is trusted: a record of the wrong
 * shape is a miss, a tampered per-tool entry is never copied into the output, `--check` compares
 * against what a fresh build would produce, and the no-change fast path hashes contents. The edits
 * here are sealed anew with this process's key (what an attacker who holds the key could do), so
 * each check behind the seal (cache-file.ts) is tested on its own.
 */
import { createHash } from "node:crypto";
import { readdir, readFile, stat, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sealCacheText } from "../../src/build/cache-file.js";
import { build } from "../../src/pipeline.js";
import { project, readTree, repoRoot } from "../helpers.js";
import { splitSealed } from "./forge.js";

/** A cache file's JSON text (without its seal). */
async function readCache(file: string): Promise<string> {
  return splitSealed(await readFile(file, "utf8")).body;
}

/** Writes `body` into a cache file, sealed with the key this process's builds use. */
async function writeCache(file: string, body: string): Promise<void> {
  await writeFile(file, sealCacheText(path.basename(file), body));
}

async function cached() {
  const p = await project(path.join(repoRoot, "schemas"));
  const cacheDir = path.join(p.dir, "cache");
  const run = (extra: { check?: boolean; cache?: boolean } = {}) => build({ schemas: p.schemas, out: p.out, handlers: p.handlers, cacheDir, ...extra });
  const cacheFile = async (prefix: "build-" | "tools-") => {
    const name = (await readdir(cacheDir)).find((n) => n.startsWith(prefix) && n.endsWith(".json"));
    if (!name) throw new Error(`no ${prefix}*.json in the cache`);
    return path.join(cacheDir, name);
  };
  return { ...p, cacheDir, run, cacheFile };
}

/** What a build without any cache writes for the same schemas. */
async function uncachedTree(): Promise<Map<string, string>> {
  const p = await project(path.join(repoRoot, "schemas"));
  await build({ schemas: p.schemas, out: p.out, handlers: p.handlers, cache: false });
  return readTree(p.out);
}

describe("a cache that lies is not believed", () => {
  it("takes a build record of the wrong shape for a miss, whatever field is wrong", async () => {
    const p = await cached();
    await p.run();
    const recordFile = await p.cacheFile("build-");
    const good = JSON.parse(await readCache(recordFile)) as Record<string, unknown>;
    const wrongs: Record<string, unknown>[] = [
      { ...good, files: null },
      { ...good, files: { [path.join(p.out, "tools.json")]: 7 } },
      { ...good, handlers: 5 },
      { ...good, diagnostics: "none" },
      { ...good, diagnostics: [null] },
      { ...good, notes: [1] },
      { ...good, tools: "4" },
    ];
    for (const wrong of wrongs) {
      await writeCache(recordFile, JSON.stringify(wrong));
      const result = await p.run();
      expect(result.tools).toBe(4);
      expect(result.diagnostics.every((d) => typeof d.message === "string")).toBe(true);
    }
    await writeCache(recordFile, "[1, 2");
    expect((await p.run()).tools).toBe(4);
  });

  it("takes per-tool entries of the wrong shape for misses", async () => {
    const p = await cached();
    await p.run();
    const toolsFile = await p.cacheFile("tools-");
    const keys = Object.keys(JSON.parse(await readCache(toolsFile)) as object);
    expect(keys.length).toBeGreaterThan(0);
    for (const value of [null, 5, {}, { type: 1, validator: [] }, { file: { root: "out", path: 1 } }]) {
      await writeCache(toolsFile, JSON.stringify(Object.fromEntries(keys.map((k) => [k, value]))));
      await writeCache(await p.cacheFile("build-"), "{}");
      await p.run();
      expect(await readTree(p.out)).toEqual(await uncachedTree());
    }
  });

  it("never copies a tampered validator into the output", async () => {
    const p = await cached();
    await p.run();
    const toolsFile = await p.cacheFile("tools-");
    const text = await readCache(toolsFile);
    expect(text).toContain("Validator for the tool");
    await writeCache(toolsFile, text.replaceAll("Validator for the tool", "TAMPERED: validator for the tool"));
    await writeCache(await p.cacheFile("build-"), "{}");
    await p.run();
    const tree = await readTree(p.out);
    expect([...tree.values()].some((t) => t.includes("TAMPERED"))).toBe(false);
    expect(tree).toEqual(await uncachedTree());
  });

  it("--check compares with a fresh build: a cache tampered to agree with tampered output does not pass it", async () => {
    const p = await cached();
    await p.run();
    expect(await p.run({ check: true })).toMatchObject({ upToDate: true });
    const tamper = (t: string) => t.replaceAll("Validator for the tool", "TAMPERED: validator for the tool");
    const toolsFile = await p.cacheFile("tools-");
    await writeCache(toolsFile, tamper(await readCache(toolsFile)));
    // The same edit in every generated validator, and a manifest that agrees: only a fresh build tells.
    const manifestPath = path.join(p.out, ".toolgen-manifest.json");
    const manifest = JSON.parse(await readFile(manifestPath, "utf8")) as { files: Record<string, string> };
    for (const name of await readdir(path.join(p.out, "validators"))) {
      const validator = path.join(p.out, "validators", name);
      const edited = tamper(await readFile(validator, "utf8"));
      await writeFile(validator, edited);
      manifest.files[`validators/${name}`] = createHash("sha256").update(edited).digest("hex");
    }
    await writeFile(manifestPath, JSON.stringify(manifest, null, 2) + "\n");
    await expect(p.run({ check: true })).rejects.toMatchObject({ name: "StaleOutputError" });
    await p.run();
    expect(await p.run({ check: true })).toMatchObject({ upToDate: true });
  });

  it("rebuilds after a same-size edit of a generated file whose modification time was put back", async () => {
    const p = await cached();
    await p.run();
    const file = path.join(p.out, "tools.json");
    // A whole-second modification time, so that putting it back is exact.
    const when = new Date(Math.floor((await stat(file)).mtimeMs / 1000) * 1000 - 60_000);
    await utimes(file, when, when);
    await p.run(); // records the new time
    const before = await readFile(file, "utf8");
    const edited = before.replace('"get_weather"', '"get_wEather"');
    expect(edited.length).toBe(before.length);
    await writeFile(file, edited);
    await utimes(file, when, when);
    expect((await stat(file)).mtimeMs).toBe(when.getTime());

    const result = await p.run();
    expect(result.upToDate).toBe(false);
    expect(await readFile(file, "utf8")).toBe(before);
  });

  it("rebuilds after a same-size edit of a handler whose modification time was put back", async () => {
    const p = await cached();
    await p.run();
    const file = path.join(p.handlers, "get_weather.ts");
    const when = new Date(Math.floor((await stat(file)).mtimeMs / 1000) * 1000 - 60_000);
    await utimes(file, when, when);
    await p.run();
    const before = await readFile(file, "utf8");
    // An edit that leaves the handler stale: its input type no longer follows the schema.
    const edited = before.replace('ToolInputs["get_weather"]', 'ToolInputs["get_WEATHER"]');
    expect(edited.length).toBe(before.length);
    await writeFile(file, edited);
    await utimes(file, when, when);
    const result = await p.run();
    expect(result.upToDate).toBe(false);
    expect(await readFile(file, "utf8")).toContain('ToolInputs["get_weather"]');
  });
});
