import { execFileSync, spawnSync } from "node:child_process";
import { cp, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readTree, repoRoot, tempDir } from "./helpers.js";

const npm = process.platform === "win32" ? "npm.cmd" : "npm";

describe("the packed package", () => {
  it("installs into a scratch project and runs `npx toolgen build` there, with no dev dependency or source file", async () => {
    const packDir = await tempDir("toolgen-pack-");
    // dist/ is already compiled by the global setup; running `prepare` again would rewrite it under
    // the feet of the tests that run the CLI in parallel.
    execFileSync(npm, ["pack", "--pack-destination", packDir, "--silent", "--ignore-scripts"], { cwd: repoRoot, stdio: "pipe" });
    const tarball = (await readdir(packDir)).find((f) => f.endsWith(".tgz"));
    expect(tarball).toBeDefined();

    const scratch = await tempDir("toolgen-scratch-");
    await writeFile(path.join(scratch, "package.json"), JSON.stringify({ name: "scratch", version: "7.7.7", private: true, type: "module" }));
    execFileSync(npm, ["install", path.join(packDir, tarball!), "--omit=dev", "--no-audit", "--no-fund", "--prefer-offline"], {
      cwd: scratch,
      stdio: "pipe",
    });
    // No TypeScript sources of toolgen are needed at run time, except the runtime it copies out.
    const installed = await readTree(path.join(scratch, "node_modules", "toolgen"));
    const sources = [...installed.keys()].filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"));
    expect(sources.every((f) => f.startsWith("src/runtime/"))).toBe(true);
    expect([...installed.keys()].some((f) => f.startsWith("test/"))).toBe(false);

    await cp(path.join(repoRoot, "schemas"), path.join(scratch, "schemas"), { recursive: true });
    const run = (...args: string[]) => spawnSync("npx", ["--no-install", "toolgen", ...args], { cwd: scratch, encoding: "utf8" });
    const built = run("build");
    expect(built.stderr.replace(/npm warn.*\n/g, "")).toBe("");
    expect(built.status).toBe(0);
    const out = await readTree(path.join(scratch, "generated"));
    expect([...out.keys()]).toEqual(expect.arrayContaining(["tools.json", "legacy-prompt.txt", "index.ts", "types.ts", "runtime/dispatch.ts"]));
    expect((await readTree(path.join(scratch, "handlers"))).size).toBe(4);
    expect(run("build", "--check").status).toBe(0);
    expect(run("lint").status).toBe(0);
    // Issue 11.5: toolgen's own version, not the host project's.
    expect(run("--version").stdout.trim()).toBe((JSON.parse(await readFile(path.join(repoRoot, "package.json"), "utf8")) as { version: string }).version);
  }, 300_000);
});
