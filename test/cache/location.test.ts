/**
 * Issue 28, where the build cache lives when the project has no node_modules folder (a Python
 * project that runs toolgen with npx, say): in the user's cache folder ($XDG_CACHE_HOME/toolgen here),
 * so the second `toolgen build` with nothing changed stops after reading, as in a project with one.
 * The real command line in a child process, as a user runs it.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, readdir } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot, tempDir } from "../helpers.js";

const CLI = path.join(repoRoot, "dist", "bin", "toolgen.cjs");

/** No folder from `dir` up to the root has a node_modules folder. */
function noNodeModulesAbove(dir: string): boolean {
  for (let d = dir; ; d = path.dirname(d)) {
    if (existsSync(path.join(d, "node_modules"))) return false;
    if (path.dirname(d) === d) return true;
  }
}

describe("build cache without node_modules", () => {
  it("keeps the cache in the user's cache folder, so a second build with nothing changed stops early", async () => {
    const dir = await tempDir();
    expect(noNodeModulesAbove(dir), `${dir} must have no node_modules above it for this test to mean anything`).toBe(true);
    await cp(path.join(repoRoot, "schemas"), path.join(dir, "schemas"), { recursive: true });
    const home = await tempDir();
    const env = { ...process.env, HOME: home, XDG_CACHE_HOME: path.join(home, "cache"), XDG_STATE_HOME: path.join(home, "state") };
    const run = (): string =>
      execFileSync(process.execPath, [CLI, "build", "--schemas", "schemas", "--out", "generated", "--handlers", "handlers", "--no-lint"], { cwd: dir, env, encoding: "utf8" });
    expect(run()).toMatch(/built 4 tool\(s\)/);
    expect(run()).toMatch(/4 tool\(s\), nothing changed since the last build/);
    expect((await readdir(path.join(home, "cache", "toolgen"))).length).toBeGreaterThan(0);
    expect(existsSync(path.join(dir, "node_modules"))).toBe(false);
  });
});
