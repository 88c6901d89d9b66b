/**
 * The husky set-up of docs/hooks-and-ci.md, run by the real husky 9 and lint-staged 16 (dev dependencies) in a
 * scratch git repository (issue 12.1, 12.3): the hook fails when the schemas folder has an error,
 * including a deleted fragment, which lint-staged alone would never pass to a task.
 */
import { chmod, symlink, writeFile } from "node:fs/promises";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../helpers.js";
import { FRAGMENT, TOOL, readmeBlocks, scratchRepo } from "./scratch.js";

const readme = readFileSync(path.join(repoRoot, "docs", "hooks-and-ci.md"), "utf8");

function huskyHook(): string {
  const block = readmeBlocks(readme, "### husky (with or without lint-staged)").find((b) => b.lang === "sh");
  if (!block) throw new Error("docs/hooks-and-ci.md's husky section shows no .husky/pre-commit");
  return block.body;
}

async function repoWithHusky() {
  const repo = await scratchRepo();
  const bin = path.join(repo.dir, "node_modules", ".bin");
  await symlink(path.join(repoRoot, "node_modules", "husky", "bin.js"), path.join(bin, "husky"));
  await symlink(path.join(repoRoot, "node_modules", "lint-staged", "bin", "lint-staged.js"), path.join(bin, "lint-staged"));
  // The user's own lint-staged configuration, for their other tools.
  await repo.write("package.json", { name: "scratch", private: true, "lint-staged": { "*.txt": "node -e \"process.exit(0)\"" } });
  const install = repo.run(path.join(bin, "husky"), []);
  expect(install.status, install.stdout + install.stderr).toBe(0);
  await writeFile(path.join(repo.dir, ".husky", "pre-commit"), huskyHook());
  await chmod(path.join(repo.dir, ".husky", "pre-commit"), 0o755);
  repo.run("git", ["add", "-A"]);
  const first = repo.run("git", ["commit", "-m", "husky"]);
  expect(first.status, first.stdout + first.stderr).toBe(0);
  return repo;
}

const commit = (repo: Awaited<ReturnType<typeof scratchRepo>>) => {
  const r = repo.run("git", ["commit", "-m", "change"]);
  return { status: r.status, out: r.stdout + r.stderr };
};

describe("husky 9 + lint-staged 16, the .husky/pre-commit of docs/hooks-and-ci.md", () => {
  it("runs lint-staged, then toolgen lint on the whole folder (not as a lint-staged task)", () => {
    const lines = huskyHook().trim().split("\n");
    expect(lines).toContain("lint-staged");
    expect(lines).toContain("toolgen lint");
  });

  it("passes a good change; fails a staged deletion of a referenced fragment and a renamed $defs key", async () => {
    const repo = await repoWithHusky();
    await repo.write("schemas/get_weather.json", { ...TOOL, description: `${TOOL.description} It is updated hourly.` });
    await repo.write("notes.txt", "a file lint-staged has a task for\n");
    repo.run("git", ["add", "-A"]);
    const good = commit(repo);
    expect(good.status, good.out).toBe(0);

    expect(repo.run("git", ["rm", "-q", "schemas/common/defs.json"]).status).toBe(0);
    const deleted = commit(repo);
    expect(deleted.status, deleted.out).not.toBe(0);
    expect(deleted.out).toContain("ref-resolvable");
    expect(repo.run("git", ["reset", "-q", "--hard"]).status).toBe(0);

    await repo.write("schemas/common/defs.json", { $defs: { location: FRAGMENT.$defs.place } });
    repo.run("git", ["add", "-A"]);
    const renamed = commit(repo);
    expect(renamed.status, renamed.out).not.toBe(0);
    expect(renamed.out).toContain("get_weather.json");
  });
});
