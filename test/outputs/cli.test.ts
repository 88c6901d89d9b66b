/** `toolgen build` with the `outputs` config and with no tools, as a user runs it (the bundled CLI). */
import { spawnSync } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { project, readTree, repoRoot, tempDir } from "../helpers.js";

const cli = path.join(repoRoot, "dist", "bin", "toolgen.cjs");

function toolgen(cwd: string, ...args: string[]) {
  const r = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe("toolgen build", () => {
  it("builds the outputs toolgen.config.json names, and exits 2 naming an unknown one", async () => {
    const p = await project(path.join(repoRoot, "schemas"));
    const config = path.join(p.dir, "toolgen.config.json");
    await writeFile(config, JSON.stringify({ outputs: ["native", "types", "validators", "runtime", "index", "handlers"] }));
    const built = toolgen(p.dir, "build", "--no-cache");
    expect(built.stderr).toBe("");
    expect(built.code).toBe(0);
    const tree = await readTree(p.out);
    expect(tree.has("tools.json")).toBe(true);
    expect(tree.has("legacy-prompt.txt")).toBe(false);
    expect(toolgen(p.dir, "build", "--check", "--no-cache").code).toBe(0);

    await writeFile(config, JSON.stringify({ outputs: ["native", "no-such-output"] }));
    const unknown = toolgen(p.dir, "build", "--no-cache");
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown output 'no-such-output'");
  });

  it("exits 1 with a clear message on an empty schemas folder, writing nothing", async () => {
    const dir = await tempDir();
    await mkdir(path.join(dir, "schemas"));
    const result = toolgen(dir, "build", "--no-cache");
    expect(result.code).toBe(1);
    expect(result.stderr).toBe("toolgen: no tools found in schemas/ (toolgen reads every *.json, *.yaml and *.yml file there); nothing was written\n");
    expect((await readTree(path.join(dir, "generated"))).size).toBe(0);
  });
});
