/**
 * The README's pre-commit set-up, run by the real pre-commit (issue 12.1, 12.4): the hook fails
 * when the staged state of the schemas folder has an error, whatever pre-commit passes it, including
 * nothing when a fragment is deleted. Skipped, saying why, only where `pre-commit` is not installed
 * (.ci/run installs it).
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { copyFile, mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { repoRoot, tempDir } from "../helpers.js";
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

describe("npm pack's standard output is the tarball's name (what pre-commit 3.x reads for the repo: form)", () => {
  it("even though `prepare` prints: .npmrc runs lifecycle scripts in the background", async () => {
    const dir = await tempDir("toolgen-pack-");
    const pkg = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")) as { scripts: Record<string, string>; files: string[] };
    // The real package.json and .npmrc; a `prepare` that is quick but as noisy as the real build.
    pkg.scripts.prepare = "node -e \"console.log('building...'); console.error('progress')\"";
    pkg.files = ["README.md"];
    await writeFile(path.join(dir, "package.json"), JSON.stringify(pkg));
    await writeFile(path.join(dir, "README.md"), "x\n");
    await copyFile(path.join(repoRoot, ".npmrc"), path.join(dir, ".npmrc"));
    const r = spawnSync("npm", ["pack", "--dry-run"], { cwd: dir, encoding: "utf8", timeout: 120_000 });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toBe("toolgen-0.1.0.tgz\n");
  });
});

/**
 * The `repo:` form with .pre-commit-hooks.yaml, as pre-commit 3.x installs it: a clone of this
 * checkout (its tracked and new files, committed into a scratch repository; `rev:` a commit, as no
 * release tag exists), `npm install` + `npm pack` + `npm install -g` of the tarball, which fetches
 * toolgen's dependencies from the registry and builds it: minutes, so only with TOOLGEN_HEAVY=1.
 */
describe.skipIf(!installed || process.env.TOOLGEN_HEAVY !== "1")("pre-commit, the repo: form (TOOLGEN_HEAVY=1)", () => {
  it("installs the hook from a clone and fails a staged deletion of a referenced fragment", { timeout: 900_000 }, async () => {
    const source = await tempDir("toolgen-hook-src-");
    const listed = spawnSync("git", ["ls-files", "-z", "-co", "--exclude-standard"], { cwd: repoRoot, encoding: "utf8" });
    for (const file of listed.stdout.split("\0").filter(Boolean)) {
      await mkdir(path.dirname(path.join(source, file)), { recursive: true });
      await copyFile(path.join(repoRoot, file), path.join(source, file)).catch(() => undefined);
    }
    const git = (...args: string[]) => spawnSync("git", args, { cwd: source, encoding: "utf8", env: { ...process.env, GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@example.com", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@example.com" } });
    git("init", "-q", "-b", "main");
    git("add", "-A");
    expect(git("commit", "-q", "-m", "toolgen").status).toBe(0);
    const rev = git("rev-parse", "HEAD").stdout.trim();

    const repo = await scratchRepo();
    await repo.write(".pre-commit-config.yaml", `repos:\n  - repo: ${source}\n    rev: ${rev}\n    hooks:\n      - id: toolgen-lint\n`);
    const env = { PRE_COMMIT_HOME: path.join(repo.dir, ".pre-commit-home") };
    await repo.write(".gitignore", "node_modules/\n.pre-commit-home/\n");
    expect(repo.run("pre-commit", ["install"], env).status).toBe(0);
    repo.run("git", ["add", "-A"]);
    const first = repo.run("git", ["commit", "-m", "hook"], env, 840_000); // installs the hook
    expect(first.status, first.stdout + first.stderr).toBe(0);
    expect(first.stdout + first.stderr).toMatch(/toolgen lint\.+Passed/);

    expect(repo.run("git", ["rm", "-q", "schemas/common/defs.json"]).status).toBe(0);
    const deleted = repo.run("git", ["commit", "-m", "delete"], env);
    expect(deleted.status).not.toBe(0);
    expect(deleted.stdout + deleted.stderr).toContain("ref-resolvable");
  });
});
