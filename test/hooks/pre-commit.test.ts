/**
 * The README's pre-commit set-up, run by the real pre-commit (issue 12.1, 12.4): the hook fails
 * when the staged state of the schemas folder has an error, whatever pre-commit passes it, including
 * nothing when a fragment is deleted. Skipped, saying why, only where `pre-commit` is not installed
 * (.ci/run installs it).
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { repoRoot } from "../helpers.js";
import { FRAGMENT, TOOL, readmeBlocks, scratchRepo } from "./scratch.js";

const preCommit = spawnSync("pre-commit", ["--version"], { encoding: "utf8" });
const installed = preCommit.status === 0;
const readme = readFileSync(path.join(repoRoot, "README.md"), "utf8");

/** The README's local-hook configuration (the `repo: local` block of the "#### pre-commit" section). */
function localConfig(): string {
  const block = readmeBlocks(readme, "#### pre-commit").find((b) => b.lang === "yaml" && /repo: local/.test(b.body));
  if (!block) throw new Error("README's pre-commit section shows no `repo: local` configuration");
  return block.body;
}

describe.skipIf(!installed)(`pre-commit (${installed ? preCommit.stdout.trim() : "not installed: apt-get install pre-commit"}), the README's local hook`, () => {
  async function repoWithHook() {
    const repo = await scratchRepo();
    await repo.write(".pre-commit-config.yaml", localConfig());
    const install = repo.run("pre-commit", ["install"]);
    expect(install.status, install.stderr).toBe(0);
    const add = repo.run("git", ["add", ".pre-commit-config.yaml"]);
    expect(add.status).toBe(0);
    const first = repo.run("git", ["commit", "-m", "hook"]);
    expect(first.status, first.stdout + first.stderr).toBe(0);
    return repo;
  }
  const commit = (repo: Awaited<ReturnType<typeof scratchRepo>>) => {
    const r = repo.run("git", ["commit", "-m", "change"]);
    return { status: r.status, out: r.stdout + r.stderr };
  };

  it("is the config the README shows: the project's own bin, no npx, the whole folder on every commit", () => {
    const hook = (parse(localConfig()) as { repos: { hooks: Record<string, unknown>[] }[] }).repos[0]!.hooks[0]!;
    expect(hook).toMatchObject({ id: "toolgen-lint", language: "system", pass_filenames: false, always_run: true });
    expect(String(hook.entry)).toMatch(/^\.\/node_modules\/\.bin\/toolgen lint\b/);
  });

  it("passes a good change and fails a staged deletion of a fragment tools still reference", async () => {
    const repo = await repoWithHook();
    await repo.write("schemas/get_weather.json", { ...TOOL, description: `${TOOL.description} It is updated hourly.` });
    repo.run("git", ["add", "-A"]);
    const good = commit(repo);
    expect(good.status, good.out).toBe(0);
    expect(good.out).toMatch(/toolgen lint\.+Passed/);

    expect(repo.run("git", ["rm", "-q", "schemas/common/defs.json"]).status).toBe(0);
    const deleted = commit(repo);
    expect(deleted.status, deleted.out).not.toBe(0);
    expect(deleted.out).toMatch(/toolgen lint\.+Failed/);
    expect(deleted.out).toContain("ref-resolvable");
  });

  it("fails a renamed $defs key in a fragment, which breaks a tool that is not staged", async () => {
    const repo = await repoWithHook();
    await repo.write("schemas/common/defs.json", { $defs: { location: FRAGMENT.$defs.place } });
    repo.run("git", ["add", "schemas/common/defs.json"]);
    const r = commit(repo);
    expect(r.status, r.out).not.toBe(0);
    expect(r.out).toContain("get_weather.json");
    expect(r.out).toContain("ref-resolvable");
  });

  it("lints the staged content: an unstaged fix does not let a staged error through, nor an unstaged error block a good commit", async () => {
    const repo = await repoWithHook();
    await repo.write("schemas/common/defs.json", { $defs: { location: FRAGMENT.$defs.place } });
    repo.run("git", ["add", "schemas/common/defs.json"]);
    await repo.write("schemas/common/defs.json", FRAGMENT); // fixed on disk, not staged
    const stagedError = commit(repo);
    expect(stagedError.status, stagedError.out).not.toBe(0);
    expect(stagedError.out).toContain("ref-resolvable");

    await repo.write("schemas/common/defs.json", { $defs: { ...FRAGMENT.$defs, location: FRAGMENT.$defs.place } });
    repo.run("git", ["add", "schemas/common/defs.json"]); // stage a fix
    await rm(`${repo.dir}/schemas/common/defs.json`); // and break the working tree
    const stagedFine = commit(repo);
    expect(stagedFine.status, stagedFine.out).toBe(0);
  });
});
