/**
 * Issue 24 N15: a build that fails while writing (a full disk, a file in the way of a folder) leaves
 * no folder it created: not the output folder, not its parents, not the subfolders it made for the
 * new files, not the handlers folder. Folders that were there before stay, even when empty.
 */
import { spawnSync } from "node:child_process";
import { mkdir, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { build } from "../../src/pipeline.js";
import { WriteError, writeHooks } from "../../src/write.js";
import { project, repoRoot, CI_LIMIT_MS } from "../helpers.js";

afterEach(() => {
  delete writeHooks.beforeOp;
});

/** Every file and folder under `dir` (folders end with `/`), sorted. */
async function entries(dir: string): Promise<string[]> {
  const all = await readdir(dir, { recursive: true, withFileTypes: true });
  return all.map((e) => path.relative(dir, path.join(e.parentPath, e.name)) + (e.isDirectory() ? "/" : "")).sort();
}

const enospc = (file: string) => Object.assign(new Error(`ENOSPC: no space left on device, write '${file}'`), { code: "ENOSPC", path: file });

describe("a failed build leaves no folder it created", () => {
  it("a full disk half-way through the new files: the output folder, its parents and subfolders, and the handlers folder are gone", async () => {
    const p = await project(path.join(repoRoot, "schemas"));
    const before = await entries(p.dir);
    const out = path.join(p.dir, "deep", "er", "generated");
    const handlers = path.join(p.dir, "src", "handlers");
    let writes = 0;
    writeHooks.beforeOp = (op, file) => {
      // The disk fills up at the tenth new file.
      if (op === "write" && file.includes(".toolgen-tmp-") && !file.includes(".toolgen-journal") && ++writes === 10) throw enospc(file);
    };
    const error = await build({ schemas: p.schemas, out, handlers, cache: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WriteError);
    expect((error as Error).message).toMatch(/no space left on the device \(ENOSPC\)/);
    expect(writes).toBe(10);
    expect(await entries(p.dir)).toEqual(before);
  });

  it("folders that were there before stay, even empty; only the ones the build made go", async () => {
    const p = await project(path.join(repoRoot, "schemas"));
    await mkdir(path.join(p.out, "validators"), { recursive: true });
    const before = await entries(p.dir);
    writeHooks.beforeOp = (op, file) => {
      if (op === "write" && file.includes(`${path.sep}types${path.sep}`)) throw enospc(file);
    };
    await expect(build({ schemas: p.schemas, out: p.out, handlers: p.handlers, cache: false })).rejects.toBeInstanceOf(WriteError);
    expect(await entries(p.dir)).toEqual(before);
  });

  it("through the CLI: a handlers folder behind a file fails the build with exit 1 and no output folder", async () => {
    const p = await project(path.join(repoRoot, "schemas"));
    await writeFile(path.join(p.dir, "blocker"), "a file, not a folder\n");
    const before = await entries(p.dir);
    const cli = path.join(repoRoot, "dist", "bin", "toolgen.cjs");
    const r = spawnSync(process.execPath, [cli, "build", "--out", "gen/out", "--handlers", "blocker/handlers"], {
      cwd: p.dir,
      encoding: "utf8",
      timeout: CI_LIMIT_MS,
      env: { ...process.env, NO_COLOR: "1" },
    });
    expect(r.stderr).toMatch(/blocker\/handlers.*a file is in the way of a folder \(ENOTDIR\)/);
    expect(r.status).toBe(1);
    expect(await entries(p.dir)).toEqual(before);
  });
});
