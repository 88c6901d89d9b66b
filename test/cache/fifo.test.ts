/**
 * Issue 24 N4: a cache that cannot be read is ignored, and that includes a FIFO (or another file
 * that is not a regular file) where a cache file should be: the real CLI builds as if there were no
 * cache, in bounded time. A build that outlives the limit is killed and fails the test.
 */
import { spawnSync } from "node:child_process";
import { mkdir, rm, symlink } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readTree, tempDir } from "../helpers.js";
import { cacheFile, cachedProject, toolgen } from "./forge.js";

const LIMIT_MS = 20_000;

function mkfifo(file: string): void {
  const r = spawnSync("mkfifo", [file]);
  if (r.status !== 0) throw new Error(`mkfifo ${file}: ${r.stderr}`);
}

async function fresh() {
  const p = await cachedProject();
  expect(toolgen(p.dir, {}, ["build", "--no-cache"]).code).toBe(0);
  return readTree(p.out);
}

describe("a FIFO in the cache folder", () => {
  for (const which of [["build-"], ["tools-"], ["build-", "tools-"]] as const) {
    it(`in place of ${which.map((w) => `${w}*.json`).join(" and ")} is ignored, without a hang`, async () => {
      const p = await cachedProject();
      expect(toolgen(p.dir, {}, ["build"]).code).toBe(0);
      for (const prefix of which) {
        const file = await cacheFile(p.cacheDir, prefix);
        await rm(file);
        mkfifo(file);
      }
      // A change, so that the build cannot stop at the record, and reads the per-tool entries.
      await rm(path.join(p.out, "tools.json"));
      const r = toolgen(p.dir, {}, ["build"], LIMIT_MS);
      expect(r.hung).toBe(false);
      expect(r.stderr).toBe("");
      expect(r.code).toBe(0);
      expect(await readTree(p.out)).toEqual(await fresh());
      // And --check, which reads the record's folder too.
      expect(toolgen(p.dir, {}, ["build", "--check"], LIMIT_MS)).toMatchObject({ hung: false, code: 0 });
    });
  }

  it("behind a link, or in place of the key file, is ignored too", async () => {
    const p = await cachedProject();
    const state = await tempDir();
    const env = { XDG_STATE_HOME: state, TOOLGEN_CACHE_KEY: undefined };
    expect(toolgen(p.dir, env, ["build"]).code).toBe(0);
    const fifo = path.join(p.dir, "fifo");
    mkfifo(fifo);
    const tools = await cacheFile(p.cacheDir, "tools-");
    await rm(tools);
    await symlink(fifo, tools);
    await rm(path.join(p.out, "tools.json"));
    expect(toolgen(p.dir, env, ["build"], LIMIT_MS)).toMatchObject({ hung: false, code: 0, stderr: "" });

    await mkdir(path.join(state, "toolgen"), { recursive: true });
    await rm(path.join(state, "toolgen", "cache-key"), { force: true });
    mkfifo(path.join(state, "toolgen", "cache-key"));
    await rm(path.join(p.out, "tools.json"));
    expect(toolgen(p.dir, env, ["build"], LIMIT_MS)).toMatchObject({ hung: false, code: 0, stderr: "" });
    expect(await readTree(p.out)).toEqual(await fresh());
  });
});
