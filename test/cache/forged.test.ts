/**
 * Issue 24 N1: a forged cache entry is not trusted, run through the real CLI as CI runs it (a cache
 * restored from another branch's run). An entry whose path leaves the output folder, with its hash
 * recomputed, must not make `toolgen build` write outside `--out` or drop generated files; a forged
 * validator that accepts everything, with a manifest that agrees, must not pass `build --check`, and
 * `build` must not keep it. The same holds for an attacker who holds the cache key
 * (`TOOLGEN_CACHE_KEY`), except that `build` then takes a forged file's contents for real: only
 * `--check` (which never reads the cache) catches that.
 */
import { readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sealCacheText } from "../../src/build/cache-file.js";
import { readTree, tempDir } from "../helpers.js";
import { acceptAll, cachedProject, forgeEntries, forgeOutput, toolgen } from "./forge.js";

const KEY = "a key shared by every CI run of this repository";

/** The output and handler folders a build without any cache writes. */
async function freshTrees() {
  const p = await cachedProject();
  expect(toolgen(p.dir, {}, ["build", "--no-cache"]).code).toBe(0);
  return { out: await readTree(p.out), handlers: await readTree(p.handlers) };
}

for (const keyed of [false, true]) {
  const env = keyed ? { TOOLGEN_CACHE_KEY: KEY } : { TOOLGEN_CACHE_KEY: undefined };
  const reseal = keyed ? (name: string, body: string) => sealCacheText(name, body, KEY) : undefined;
  describe(`a forged cache entry (${keyed ? "the attacker holds the key" : "no key"})`, () => {
    it("whose path leaves the output folder writes nothing outside it and drops no file", async () => {
      const p = await cachedProject();
      expect(toolgen(p.dir, env, ["build"]).code).toBe(0);
      let n = 0;
      await forgeEntries(p.cacheDir, (entries) => {
        for (const entry of Object.values(entries)) entry.file.path = `../escaped/PWN${n++}`;
      }, reseal);
      const r = toolgen(p.dir, env, ["build"]);
      expect(r.stderr).toBe("");
      expect(r.code).toBe(0);
      expect((await readdir(p.dir)).sort()).toEqual(["generated", "handlers", "node_modules", "schemas"]);
      const fresh = await freshTrees();
      expect(await readTree(p.out)).toEqual(fresh.out);
      expect(await readTree(p.handlers)).toEqual(fresh.handlers);
    });

    it("of a validator that accepts everything does not pass --check, and build puts the real one back", async () => {
      const p = await cachedProject();
      expect(toolgen(p.dir, env, ["build"]).code).toBe(0);
      const rel = "validators/get_weather.ts";
      const real = await readFile(path.join(p.out, rel), "utf8");
      await forgeEntries(p.cacheDir, (entries) => {
        for (const entry of Object.values(entries)) if (entry.file.path === rel) entry.file.contents = acceptAll("get_weather");
      }, reseal);
      await forgeOutput(p.out, rel, acceptAll("get_weather"));
      const check = toolgen(p.dir, env, ["build", "--check"]);
      expect(check.code).toBe(1);
      expect(check.stderr).toContain(`generated/${rel}`);
      expect(toolgen(p.dir, env, ["build"]).code).toBe(0);
      if (keyed) {
        // Whoever holds the key is trusted by `build`; `--check` still tells.
        expect(toolgen(p.dir, env, ["build", "--check"]).code).toBe(1);
        expect(toolgen(p.dir, env, ["build", "--no-cache"]).code).toBe(0);
      }
      expect(await readFile(path.join(p.out, rel), "utf8")).toBe(real);
      expect(toolgen(p.dir, env, ["build", "--check"]).code).toBe(0);
    });
  });
}

describe("the cache key", () => {
  it("lives outside the cache, for its owner only: a cache restored under another key is not used, one under TOOLGEN_CACHE_KEY is", async () => {
    const p = await cachedProject();
    const [here, there] = [await tempDir(), await tempDir()];
    const env = { TOOLGEN_CACHE_KEY: undefined, XDG_STATE_HOME: here };
    expect(toolgen(p.dir, env, ["build"]).code).toBe(0);
    expect(toolgen(p.dir, env, ["build"]).stdout).toMatch(/nothing changed since the last build/);
    expect((await stat(path.join(here, "toolgen", "cache-key"))).mode & 0o777).toBe(0o600);
    expect((await readdir(p.cacheDir)).some((n) => n.includes("key"))).toBe(false);
    // Another machine or user has another key: the cache restored there is ignored, not believed.
    expect(toolgen(p.dir, { ...env, XDG_STATE_HOME: there }, ["build"]).stdout).toMatch(/built 4 tool/);
    // A key shared on purpose (a CI secret) shares the cache.
    expect(toolgen(p.dir, { TOOLGEN_CACHE_KEY: KEY, XDG_STATE_HOME: here }, ["build"]).stdout).toMatch(/built 4 tool/);
    expect(toolgen(p.dir, { TOOLGEN_CACHE_KEY: KEY, XDG_STATE_HOME: there }, ["build"]).stdout).toMatch(/nothing changed since the last build/);
  });

  it("when no key file can be made, each process seals with its own key: no cache is shared, and builds stay right", async () => {
    const p = await cachedProject();
    const blocker = path.join(p.dir, "blocker");
    await writeFile(blocker, "a file where the state folder should be\n");
    const env = { TOOLGEN_CACHE_KEY: undefined, XDG_STATE_HOME: path.join(blocker, "state") };
    expect(toolgen(p.dir, env, ["build"])).toMatchObject({ code: 0, stderr: "" });
    expect(toolgen(p.dir, env, ["build"]).stdout).toMatch(/built 4 tool/);
    await rm(blocker);
    expect(await readTree(p.out)).toEqual((await freshTrees()).out);
  });
});
