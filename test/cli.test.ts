import { spawnSync } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { project, readTree, repoRoot } from "./helpers.js";

const cli = path.join(repoRoot, "dist", "bin", "toolgen.cjs");

function toolgen(cwd: string, ...args: string[]) {
  const r = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe("the toolgen CLI", () => {
  it("explains itself with --help, on every command", () => {
    const top = toolgen(repoRoot, "--help");
    expect(top.code).toBe(0);
    expect(top.stdout).toMatch(/toolgen build/);
    expect(top.stdout).toMatch(/toolgen lint/);
    const build = toolgen(repoRoot, "build", "--help");
    expect(build.code).toBe(0);
    for (const flag of ["--schemas", "--out", "--handlers", "--templates", "--check", "--no-lint", "--config"]) expect(build.stdout).toContain(flag);
    expect(toolgen(repoRoot, "lint", "--help").code).toBe(0);
  });

  it("exits 2 on usage errors", () => {
    expect(toolgen(repoRoot, "build", "--no-such-flag").code).toBe(2);
    expect(toolgen(repoRoot).code).toBe(2);
    expect(toolgen(repoRoot, "frobnicate").code).toBe(2);
    const missing = toolgen(repoRoot, "build", "--schemas", "does/not/exist", "--check");
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/schemas folder not found: does\/not\/exist/);
  });

  it("builds, checks, and fails --check with exit 1 listing stale files", async () => {
    const p = await project(path.join(repoRoot, "schemas"));
    const first = toolgen(p.dir, "build");
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/built 4 tool\(s\) into generated\/ and handlers\//);
    expect(toolgen(p.dir, "build", "--check").code).toBe(0);

    const file = path.join(p.schemas, "get_ticker_symbol.json");
    await writeFile(file, (await readFile(file, "utf8")).replace("General Motors.", "General Motors or Ford."));
    const before = await readTree(p.out);
    const check = toolgen(p.dir, "build", "--check");
    expect(check.code).toBe(1);
    expect(check.stderr).toContain("generated/tools.json");
    expect(check.stderr).toContain("generated/legacy-prompt.txt");
    expect(await readTree(p.out)).toEqual(before);
  });

  it("reports a malformed file with file:line:column and exit 1, writing nothing", async () => {
    const p = await project(path.join(repoRoot, "schemas"));
    await writeFile(path.join(p.schemas, "get_weather.json"), '{\n  "name": "get_weather",,\n}\n');
    const r = toolgen(p.dir, "build");
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/schemas\/get_weather\.json:2:25: error parse-error: /);
    expect(await readTree(p.out)).toEqual(new Map());
  });

  it("reads toolgen.config.json, and flags win over it", async () => {
    const p = await project(path.join(repoRoot, "schemas"));
    await writeFile(path.join(p.dir, "toolgen.config.json"), JSON.stringify({ out: "src/gen", handlers: "src/tools" }));
    expect(toolgen(p.dir, "build").code).toBe(0);
    expect((await readTree(path.join(p.dir, "src", "gen"))).has("tools.json")).toBe(true);
    expect((await readTree(path.join(p.dir, "src", "tools"))).has("get_weather.ts")).toBe(true);
    expect(toolgen(p.dir, "build", "--out", "elsewhere").code).toBe(0);
    expect((await readTree(path.join(p.dir, "elsewhere"))).has("tools.json")).toBe(true);

    // `lint` and `check` too: the config turns the linter off, a flag turns it back on.
    await writeFile(path.join(p.schemas, "undocumented.json"), JSON.stringify({ name: "undocumented", input_schema: { type: "object" } }));
    await writeFile(path.join(p.dir, "toolgen.config.json"), JSON.stringify({ lint: false }));
    expect(toolgen(p.dir, "build").code).toBe(0);
    const linted = toolgen(p.dir, "build", "--lint");
    expect(linted.code).toBe(1);
    expect(linted.stderr).toMatch(/description-present/);
    await writeFile(path.join(p.dir, "toolgen.config.json"), JSON.stringify({ lint: false, check: true }));
    expect(toolgen(p.dir, "build").code).toBe(0);
    await writeFile(path.join(p.schemas, "undocumented.json"), JSON.stringify({ name: "undocumented", description: "Changed.", input_schema: { type: "object" } }));
    expect(toolgen(p.dir, "build").code).toBe(1);
    expect(toolgen(p.dir, "build", "--no-check").code).toBe(0);

    await writeFile(path.join(p.dir, "toolgen.config.json"), JSON.stringify({ outt: "x" }));
    const bad = toolgen(p.dir, "build");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/unknown key 'outt'/);
  });
});
