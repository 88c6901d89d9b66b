/**
 * cli/launch.cjs, the bin as shipped (dist/bin/toolgen.cjs, built by test/global-setup.ts), in a
 * child process with a temporary folder of its own: the first run keeps V8's compiled code of the
 * main file, the next runs use it, and every run reports the same, byte for byte, as a run without
 * it; compiled code V8 refuses is compiled anew and replaced; a cache folder that others may write to
 * is never used; a usage error and NODE_DISABLE_COMPILE_CACHE keep nothing; old builds' files go.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readTree, repoRoot, tempDir } from "../helpers.js";
import { fixture } from "../lint/helpers/run-lint.js";

const cli = path.join(repoRoot, "dist", "bin", "toolgen.cjs");

/** `toolgen lint --format json` in a fixture with findings, with `tmp` as the system's temporary folder. */
function lint(tmp: string, env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [cli, "lint", "--format", "json"], {
    cwd: fixture("warnings-only"),
    encoding: "utf8",
    env: { ...process.env, TMPDIR: tmp, ...env, NODE_DISABLE_COMPILE_CACHE: env.NODE_DISABLE_COMPILE_CACHE ?? "" },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** `toolgen build --no-cache` of the seed tools in `project` (emptied first), with `tmp` as the system's temporary folder; its exit, output and written files. */
async function build(tmp: string, project: string, env: Record<string, string> = {}) {
  rmSync(project, { recursive: true, force: true });
  cpSync(path.join(repoRoot, "schemas"), path.join(project, "schemas"), { recursive: true });
  const r = spawnSync(process.execPath, [cli, "build", "--no-cache"], {
    cwd: project,
    encoding: "utf8",
    env: { ...process.env, TMPDIR: tmp, NO_COLOR: "1", ...env, NODE_DISABLE_COMPILE_CACHE: env.NODE_DISABLE_COMPILE_CACHE ?? "" },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, generated: await readTree(path.join(project, "generated")), handlers: await readTree(path.join(project, "handlers")) };
}

/** The cache folder the bin uses under `tmp`, and the files in it. */
function cacheOf(tmp: string): { dir: string; files: string[] } {
  const dir = path.join(tmp, `toolgen-compile-cache-${process.getuid!()}`);
  return { dir, files: existsSync(dir) ? readdirSync(dir).sort() : [] };
}

describe("the bin keeps V8's compiled code of its main file", () => {
  it("the first run keeps it, the next runs use it without writing it again, and all report as a run without it", async () => {
    const tmp = await tempDir("toolgen-launch-");
    const without = lint(tmp, { NODE_DISABLE_COMPILE_CACHE: "1" });
    expect(without.stdout.length).toBeGreaterThan(100);
    expect(cacheOf(tmp).files).toEqual([]);

    const first = lint(tmp);
    const { dir, files } = cacheOf(tmp);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(new RegExp(`^[0-9a-f]{32}-[0-9a-f]{14}-${process.version.replace(/\./g, "\\.")}-${process.arch}-lint\\.v8$`));
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const kept = statSync(path.join(dir, files[0]!));
    expect(kept.size).toBeGreaterThan(100_000);

    const second = lint(tmp);
    const third = lint(tmp);
    // Not written again: V8 took it (a refused one is replaced, below).
    const after = statSync(path.join(dir, files[0]!));
    expect([after.ino, after.mtimeMs]).toEqual([kept.ino, kept.mtimeMs]);
    for (const run of [first, second, third]) expect(run).toEqual(without);
    expect(without.stderr).toBe("");
  });

  it("compiled code V8 refuses (damaged, or another build's) is compiled anew and replaced", async () => {
    const tmp = await tempDir("toolgen-launch-");
    const without = lint(tmp, { NODE_DISABLE_COMPILE_CACHE: "1" });
    lint(tmp);
    const { dir, files } = cacheOf(tmp);
    const file = path.join(dir, files[0]!);
    const garbage = Buffer.alloc(4096, 7);
    writeFileSync(file, garbage);
    expect(lint(tmp)).toEqual(without);
    const replaced = readFileSync(file);
    expect(replaced.length).toBeGreaterThan(100_000);
    expect(replaced.equals(garbage)).toBe(false);
    expect(cacheOf(tmp).files).toEqual(files);
  });

  it("a cache folder that others may write to is not used", async () => {
    const tmp = await tempDir("toolgen-launch-");
    const without = lint(tmp, { NODE_DISABLE_COMPILE_CACHE: "1" });
    const { dir } = cacheOf(tmp);
    mkdirSync(dir);
    chmodSync(dir, 0o777);
    expect(lint(tmp)).toEqual(without);
    expect(lint(tmp)).toEqual(without);
    expect(cacheOf(tmp).files).toEqual([]);
  });

  it("lint has its own file, the other commands share one; writing one removes other builds' files unused for a week, and no others", async () => {
    const tmp = await tempDir("toolgen-launch-");
    lint(tmp);
    const { dir, files } = cacheOf(tmp);
    const old = new Date(Date.now() - 8 * 24 * 3600 * 1000);
    const stale = path.join(dir, `${"0".repeat(32)}-v0.0.0-${process.arch}-lint.v8`);
    const recent = path.join(dir, `${"1".repeat(32)}-v0.0.0-${process.arch}-lint.v8`);
    writeFileSync(stale, "x");
    utimesSync(stale, old, old);
    writeFileSync(recent, "x");
    // An old file of this build stays (only other builds' go).
    utimesSync(path.join(dir, files[0]!), old, old);
    const version = spawnSync(process.execPath, [cli, "--version"], { encoding: "utf8", env: { ...process.env, TMPDIR: tmp, NODE_DISABLE_COMPILE_CACHE: "" } });
    expect(version.status).toBe(0);
    const now = cacheOf(tmp).files;
    expect(now).toContain(files[0]);
    expect(now).toContain(path.basename(recent));
    expect(now).not.toContain(path.basename(stale));
    expect(now.filter((f) => f.endsWith("-other.v8"))).toHaveLength(1);
    const help = spawnSync(process.execPath, [cli, "build", "--help"], { encoding: "utf8", env: { ...process.env, TMPDIR: tmp, NODE_DISABLE_COMPILE_CACHE: "" } });
    expect(help.status).toBe(0);
    expect(cacheOf(tmp).files).toEqual(now);
  });

  it("a build keeps the second file's compiled code in a file of its own, the next builds use it without writing it again, and all write what a build without it writes", async () => {
    const tmp = await tempDir("toolgen-launch-");
    const project = path.join(await tempDir("toolgen-launch-project-"), "p");
    const without = await build(tmp, project, { NODE_DISABLE_COMPILE_CACHE: "1" });
    expect(without.code).toBe(0);
    expect(without.generated.size).toBeGreaterThan(10);
    expect(cacheOf(tmp).files).toEqual([]);

    const first = await build(tmp, project);
    const { dir, files } = cacheOf(tmp);
    expect(files.map((f) => f.replace(/^[0-9a-f]{32}-[0-9a-f]{14}-/, ""))).toEqual([`${process.version}-${process.arch}-more.v8`, `${process.version}-${process.arch}-other.v8`]);
    const more = path.join(dir, files[0]!);
    const kept = statSync(more);
    expect(kept.size).toBeGreaterThan(100_000);

    const second = await build(tmp, project);
    const third = await build(tmp, project);
    const after = statSync(more);
    expect([after.ino, after.mtimeMs]).toEqual([kept.ino, kept.mtimeMs]);
    for (const run of [first, second, third]) expect(run).toEqual(without);

    // Refused (damaged): compiled anew, the same files written, and replaced.
    const garbage = Buffer.alloc(4096, 7);
    writeFileSync(more, garbage);
    expect(await build(tmp, project)).toEqual(without);
    const replaced = readFileSync(more);
    expect(replaced.length).toBeGreaterThan(100_000);
    expect(replaced.equals(garbage)).toBe(false);
  });

  it("a run that ends in a usage error keeps nothing (its code would hold little of a lint)", async () => {
    const tmp = await tempDir("toolgen-launch-");
    const r = spawnSync(process.execPath, [cli, "lint", "--no-such-flag"], { encoding: "utf8", env: { ...process.env, TMPDIR: tmp, NODE_DISABLE_COMPILE_CACHE: "" } });
    expect(r.status).toBe(2);
    expect(cacheOf(tmp).files).toEqual([]);
  });

  it("NODE_DISABLE_COMPILE_CACHE keeps nothing", async () => {
    const tmp = await tempDir("toolgen-launch-");
    lint(tmp, { NODE_DISABLE_COMPILE_CACHE: "1" });
    lint(tmp, { NODE_DISABLE_COMPILE_CACHE: "1" });
    expect(existsSync(cacheOf(tmp).dir)).toBe(false);
  });

  // Issue 38 item 13: a stack trace named another checkout's file when two copies of one build shared the cache.
  it("two copies of the same build keep their compiled code apart (the bin's folder is in the key)", async () => {
    const tmp = await tempDir("toolgen-launch-");
    const copy = path.join(repoRoot, "test", "__out__", `launch-copy-${process.pid}`);
    rmSync(copy, { recursive: true, force: true });
    cpSync(path.join(repoRoot, "dist"), path.join(copy, "dist"), { recursive: true });
    try {
      lint(tmp);
      const copied = spawnSync(process.execPath, [path.join(copy, "dist", "bin", "toolgen.cjs"), "lint", "--format", "json"], {
        cwd: fixture("warnings-only"),
        encoding: "utf8",
        env: { ...process.env, TMPDIR: tmp, NODE_DISABLE_COMPILE_CACHE: "" },
      });
      expect(copied.stdout).toBe(lint(tmp).stdout);
      const { files } = cacheOf(tmp);
      // One lint file per copy: the same build, two folders.
      expect(files.filter((f) => f.endsWith("-lint.v8"))).toHaveLength(2);
      const builds = new Set(files.map((f) => f.split("-")[0]));
      expect(builds.size).toBe(1);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});
