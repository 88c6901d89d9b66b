/**
 * A FIFO in the output folder (as the manifest, or at the end of a generated file's link) is never
 * opened for a blocking read: `build` and `build --check` stop with exit 1 naming the file, in
 * bounded time. A run that outlives the limit is killed and fails the test.
 */
import { spawnSync } from "node:child_process";
import { rm, symlink } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { project, repoRoot } from "../helpers.js";

const cli = path.join(repoRoot, "dist", "bin", "toolgen.cjs");

function toolgen(cwd: string, ...args: string[]) {
  const r = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: "utf8", timeout: 300_000, killSignal: "SIGKILL", env: { ...process.env, NO_COLOR: "1" } });
  return { code: r.status, stderr: r.stderr, hung: r.signal === "SIGKILL" };
}

function mkfifo(file: string): void {
  const r = spawnSync("mkfifo", [file]);
  if (r.status !== 0) throw new Error(`mkfifo ${file}: ${r.stderr}`);
}

describe("a FIFO in the output folder", () => {
  it("as the manifest, or behind a generated file's link: exit 1 naming the file, never a hang", async () => {
    for (const [name, place] of [
      [".toolgen-manifest.json", async (file: string) => mkfifo(file)],
      ["tools.json", async (file: string) => { mkfifo(path.join(path.dirname(file), "..", "fifo")); await symlink("../fifo", file); }],
    ] as const) {
      const p = await project(path.join(repoRoot, "schemas"));
      expect(toolgen(p.dir, "build", "--no-cache").code).toBe(0);
      const file = path.join(p.out, name);
      await rm(file);
      await place(file);
      for (const args of [["build", "--no-cache"], ["build", "--no-cache", "--check"]]) {
        const r = toolgen(p.dir, ...args);
        expect({ name, args, hung: r.hung, code: r.code }).toEqual({ name, args, hung: false, code: 1 });
        expect(r.stderr).toContain(`generated/${name}`);
        expect(r.stderr).toMatch(/not a regular file/);
      }
    }
  });
});
