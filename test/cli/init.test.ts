/**
 * Issue 23 item 11: `toolgen init` starts a project, as the README's quick start runs it. It never
 * overwrites a file, and says what it skipped. init, build and the user's tsc in an empty CommonJS
 * and ES-module project: test/cli/init-compile.test.ts (test:heavy: two tsc runs over the SDK-free
 * generated folder, about 20 s).
 */
import { readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readTree, repoRoot } from "../helpers.js";
import { emptyProject, run } from "./init-project.js";

const cli = path.join(repoRoot, "dist", "bin", "toolgen.cjs");

describe("toolgen init (issue 23 item 11)", () => {
  it("never overwrites a file, and names each one it skipped", async () => {
    const dir = await emptyProject();
    const tsconfig = JSON.stringify({ compilerOptions: { strict: false } });
    await writeFile(path.join(dir, "tsconfig.json"), tsconfig);
    await mkdir(path.join(dir, "schemas"));
    await writeFile(path.join(dir, "schemas", "mine.json"), "{}");
    const first = run(dir, cli, ["init"]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain("toolgen init: wrote toolgen.config.json\n");
    expect(first.stdout).toMatch(/toolgen init: skipped schemas\/get_weather\.json \(schemas\/ already holds tools\)\n/);
    expect(first.stdout).toMatch(/toolgen init: skipped tsconfig\.json \(exists/);
    expect(readFileSync(path.join(dir, "tsconfig.json"), "utf8")).toBe(tsconfig);
    const before = await readTree(dir);
    const again = run(dir, cli, ["init"]);
    expect(again.code).toBe(0);
    expect(again.stdout).not.toContain("wrote");
    expect(again.stdout).toContain("toolgen init: skipped toolgen.config.json (a config exists");
    expect(await readTree(dir)).toEqual(before);
  });

  it("a config in another form (YAML, package.json) is used, not doubled", async () => {
    const dir = await emptyProject();
    await writeFile(path.join(dir, "toolgen.config.yaml"), "schemas: tools\n");
    const init = run(dir, cli, ["init"]);
    expect(init.code, init.stderr).toBe(0);
    expect(init.stdout).toContain("toolgen init: skipped toolgen.config.yaml (a config exists");
    expect(init.stdout).toContain("toolgen init: wrote tools/get_weather.json\n");
    expect(run(dir, cli, ["build"]).code).toBe(0);
  });

  it("is listed by --help, and takes no arguments", async () => {
    expect(run(repoRoot, cli, ["--help"]).stdout).toMatch(/toolgen init/);
    const dir = await emptyProject();
    expect(run(dir, cli, ["init", "extra"]).code).toBe(2);
  });
});
