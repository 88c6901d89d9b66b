/**
 * The pre-commit set-up of docs/hooks-and-ci.md, run by the real pre-commit (issue 12.1, 12.4): the hook fails
 * when the staged state of the schemas folder has an error, whatever pre-commit passes it, including
 * nothing when a fragment is deleted. Run with every pre-commit found: the system's (Debian 12's
 * 3.0.4, which .ci/run installs) and 4.x (Debian 13's, which .ci/pre-commit-4.py unpacks into
 * .cache/pre-commit-4; TOOLGEN_PRE_COMMIT4 names another folder). A version that is missing skips,
 * saying so, except under CI=true, where both must be there.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { copyFile, mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { repoRoot, tempDir } from "../helpers.js";
import { FRAGMENT, TOOL, readmeBlocks, scratchRepo, type Scratch } from "./scratch.js";

/** One pre-commit to run: its command, and the environment its installed git hook needs too. */
interface PreCommit {
  label: string;
  command: string;
  args: readonly string[];
  env: Record<string, string>;
}

function probe(command: string, args: readonly string[], env: Record<string, string>): PreCommit | string {
  const r = spawnSync(command, [...args, "--version"], { encoding: "utf8", env: { ...process.env, ...env } });
  return r.status === 0 ? { label: r.stdout.trim(), command, args, env } : `${command} ${args.join(" ")}: ${r.error?.message ?? r.stderr.trim()}`;
}

const system = probe("pre-commit", [], {});
const v4Dir = path.resolve(repoRoot, process.env.TOOLGEN_PRE_COMMIT4 ?? ".cache/pre-commit-4");
const v4Path = path.join(v4Dir, "root", "usr", "lib", "python3", "dist-packages");
// Debian's interpreter: pre-commit's dependencies are Debian packages (what the system pre-commit's
// shebang names).
const python = existsSync("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
const v4 = existsSync(v4Path) ? probe(python, ["-m", "pre_commit"], { PYTHONPATH: v4Path }) : `no ${v4Path}: python3 .ci/pre-commit-4.py`;
const versions: { name: string; found: PreCommit | string }[] = [
  { name: "3.x", found: system },
  { name: "4.x", found: v4 },
];

it.runIf(process.env.CI === "true")("CI runs the hook tests with pre-commit 3.x and 4.x", () => {
  expect(versions.map((v) => (typeof v.found === "string" ? `${v.name}: ${v.found}` : v.found.label))).toEqual([
    expect.stringMatching(/^pre-commit 3\./),
    expect.stringMatching(/^pre-commit 4\./),
  ]);
});

const readme = readFileSync(path.join(repoRoot, "docs", "hooks-and-ci.md"), "utf8");

/** The local-hook configuration of docs/hooks-and-ci.md (the `repo: local` block of its "### pre-commit" section). */
function localConfig(): string {
  const block = readmeBlocks(readme, "### pre-commit").find((b) => b.lang === "yaml" && /repo: local/.test(b.body));
  if (!block) throw new Error("docs/hooks-and-ci.md's pre-commit section shows no `repo: local` configuration");
  return block.body;
}

it("the local hook of docs/hooks-and-ci.md: the project's own bin, no npx, the whole folder on every commit", () => {
  const hook = (parse(localConfig()) as { repos: { hooks: Record<string, unknown>[] }[] }).repos[0]!.hooks[0]!;
  expect(hook).toMatchObject({ id: "toolgen-lint", language: "system", pass_filenames: false, always_run: true });
  expect(String(hook.entry)).toMatch(/^\.\/node_modules\/\.bin\/toolgen lint\b/);
});

for (const { name, found } of versions) {
  const pc = typeof found === "string" ? undefined : found;
  const title = pc ? pc.label : `pre-commit ${name} (not found: ${String(found)})`;

  describe.skipIf(!pc)(`${title}, the local hook of docs/hooks-and-ci.md`, () => {
    const preCommit = (repo: Scratch, args: readonly string[]) => repo.run(pc!.command, [...pc!.args, ...args], pc!.env);
    async function repoWithHook() {
      const repo = await scratchRepo();
      await repo.write(".pre-commit-config.yaml", localConfig());
      const install = preCommit(repo, ["install"]);
      expect(install.status, install.stderr).toBe(0);
      const add = repo.run("git", ["add", ".pre-commit-config.yaml"]);
      expect(add.status).toBe(0);
      const first = repo.run("git", ["commit", "-m", "hook"], pc!.env);
      expect(first.status, first.stdout + first.stderr).toBe(0);
      return repo;
    }
    const commit = (repo: Scratch) => {
      const r = repo.run("git", ["commit", "-m", "change"], pc!.env);
      return { status: r.status, out: r.stdout + r.stderr };
    };

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
}

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

/** A git repository holding this checkout's tracked and new files, committed: what a `repo:` names. */
async function sourceRepo(): Promise<{ source: string; rev: string }> {
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
  return { source, rev: git("rev-parse", "HEAD").stdout.trim() };
}

/**
 * The `repo:` form with .pre-commit-hooks.yaml, as pre-commit installs it: from a clone of this
 * checkout (`rev:` a commit, as no release tag exists). pre-commit up to 4.6.0 runs `npm install`
 * in the clone (which builds toolgen), `npm pack` and `npm install -g` of the tarball; that fetches
 * toolgen's dependencies from the registry and builds it: minutes, so only with TOOLGEN_HEAVY=1.
 */
for (const { found } of versions) {
  const pc = typeof found === "string" ? undefined : found;
  // Registered only under TOOLGEN_HEAVY=1 (npm run test:heavy), so the quick suite lists no skipped test for it.
  if (process.env.TOOLGEN_HEAVY === "1") describe.skipIf(!pc)(`${pc?.label ?? "pre-commit"}, the repo: form (TOOLGEN_HEAVY=1)`, () => {
    it("installs the hook from a clone and fails a staged deletion of a referenced fragment", { timeout: 900_000 }, async () => {
      const { source, rev } = await sourceRepo();
      const repo = await scratchRepo();
      await repo.write(".pre-commit-config.yaml", `repos:\n  - repo: ${source}\n    rev: ${rev}\n    hooks:\n      - id: toolgen-lint\n`);
      const env = { ...pc!.env, PRE_COMMIT_HOME: path.join(repo.dir, ".pre-commit-home") };
      await repo.write(".gitignore", "node_modules/\n.pre-commit-home/\n");
      expect(repo.run(pc!.command, [...pc!.args, "install"], env).status).toBe(0);
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
}

/**
 * pre-commit 4.6.1 and later install a `language: node` hook with one command instead
 * (pre_commit/languages/node.py, 4.6.2): `npm install --allow-git=root --install-links -g
 * git+file://CLONE`. npm prepares a git dependency installed with -g without its devDependencies
 * (npm/cli#8440), so `prepare` finds no `tsc` unless scripts/prepare.mjs installs them. Debian has
 * no pre-commit that new, so this runs pre-commit's command itself (into a scratch prefix), then
 * the `toolgen` it installed.
 */
// Registered only under TOOLGEN_HEAVY=1 (npm run test:heavy), as above.
if (process.env.TOOLGEN_HEAVY === "1") describe("the install of pre-commit 4.6.1+: npm install -g git+file:// (TOOLGEN_HEAVY=1)", () => {
  // One retry: npm's own preparation of a global git dependency once failed here with ENOTEMPTY
  // (rmdir of a folder its tar extraction was still writing: TAR_ENTRY_ERROR ENOENT just before),
  // and passed when run again unchanged; toolgen's prepare had not yet run.
  it("installs a working toolgen from a clone", { timeout: 900_000, retry: 1 }, async () => {
    const { source } = await sourceRepo();
    const prefix = await tempDir("toolgen-global-");
    const install = spawnSync("npm", ["install", "--allow-git=root", "--install-links", "-g", "--prefix", prefix, `git+file://${source}`], {
      cwd: source,
      encoding: "utf8",
      timeout: 840_000,
    });
    expect(install.status, install.stdout + install.stderr).toBe(0);
    const repo = await scratchRepo();
    const bin = path.join(prefix, "bin", "toolgen");
    expect(repo.run(bin, ["lint"]).status).toBe(0);
    await rm(path.join(repo.dir, "schemas", "common", "defs.json"));
    const broken = repo.run(bin, ["lint"]);
    expect(broken.status).toBe(1);
    expect(broken.stdout + broken.stderr).toContain("ref-resolvable");
  });
});
