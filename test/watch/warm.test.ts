/**
 * A watch session's warm-up and its memory of the output files (pipeline.ts `warmUp`, write/disk-memo.ts):
 * they make rebuilds cheaper and must never change what a build writes.
 */
import { readFile, utimes, writeFile, stat } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { diskMemoHits, enableDiskMemo, RACY_MS } from "../../src/write/disk-memo.js";
import { memoSize } from "../../src/emit/tool-memo.js";
import { build, warmUp } from "../../src/pipeline.js";
import { project, readTree, repoRoot } from "../helpers.js";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("watch warm-up and disk memo", () => {
  it("a warm-up writes nothing, fills the memos, and the rebuild after it writes what a fresh uncached build writes", async () => {
    enableDiskMemo();
    const p = await project(path.join(repoRoot, "schemas"));
    const other = await project(path.join(repoRoot, "schemas"));
    const cacheDir = path.join(p.dir, "cache");
    const opts = { schemas: p.schemas, out: p.out, handlers: p.handlers, cacheDir };
    await build(opts);
    const before = await readTree(p.out);
    // A warm-up that is told a change is waiting stops at once; one that is not goes to the end.
    await warmUp(opts, () => true);
    await warmUp(opts, () => false);
    expect(await readTree(p.out)).toEqual(before);
    expect(memoSize()).toBeGreaterThan(0);

    const file = path.join(p.schemas, "get_weather.json");
    await writeFile(file, (await readFile(file, "utf8")).replace("e.g. San Francisco, CA", "e.g. Lyon, France"));
    const otherFile = path.join(other.schemas, "get_weather.json");
    await writeFile(otherFile, (await readFile(otherFile, "utf8")).replace("e.g. San Francisco, CA", "e.g. Lyon, France"));
    await build(opts);
    await build({ schemas: other.schemas, out: other.out, handlers: other.handlers, cache: false });
    const [mine, fresh] = await Promise.all([readTree(p.out), readTree(other.out)]);
    expect([...mine.keys()]).toEqual([...fresh.keys()]);
    for (const [k, v] of mine) if (k !== ".toolgen-manifest.json") expect(v.replaceAll(p.handlers, "H"), k).toBe(fresh.get(k)!.replaceAll(other.handlers, "H"));
  });

  it("reads a file again when its stat changed, even a same-size edit with its modification time put back", async () => {
    enableDiskMemo();
    const p = await project(path.join(repoRoot, "schemas"));
    const opts = { schemas: p.schemas, out: p.out, handlers: p.handlers, cache: false };
    await build(opts);
    // Files changed within RACY_MS of being read are not trusted: wait until they are old enough.
    await sleep(RACY_MS + 200);
    await build(opts); // reads every file, old enough now: remembered
    const hits = diskMemoHits();
    await build(opts); // takes them from memory
    expect(diskMemoHits()).toBeGreaterThan(hits);

    const target = path.join(p.out, "tools.json");
    const original = await readFile(target, "utf8");
    const { atime, mtime } = await stat(target);
    // Same size, same modification time: only the ctime (set by the kernel) tells.
    await writeFile(target, original.replace("stock", "STOCK"));
    await utimes(target, atime, mtime);
    await build(opts);
    expect(await readFile(target, "utf8")).toBe(original);
  });
});
