import { execFileSync, spawnSync } from "node:child_process";
import { statSync } from "node:fs";
import { cp, mkdir, readdir, readFile, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { typecheck } from "./e2e/compile.js";
import { readTree, repoRoot, tempDir } from "./helpers.js";

const npm = process.platform === "win32" ? "npm.cmd" : "npm";

/**
 * A copy of the working tree as a clone has it after the README's `npm ci` (tracked and untracked
 * files, not the ignored ones), in a folder of its own so that `npm pack` does not change package.json
 * under the feet of the tests running in parallel: node_modules is the repo's (a symbolic link), and
 * dist/ is the one the suite's setup built from these same sources, as `npm ci`'s `prepare` builds it
 * (dist/.built-from, the key of the sources, says so). `npm pack`'s `prepare` then builds nothing, as
 * after `npm ci`. A build from nothing is what CI's `npm ci` runs, and test:heavy's install of toolgen
 * as a git dependency (test/hooks/pre-commit.test.ts).
 */
async function cloneCopy(): Promise<string> {
  const copy = await tempDir("toolgen-clone-");
  const files = execFileSync("git", ["ls-files", "-co", "--exclude-standard", "-z"], { cwd: repoRoot, encoding: "utf8" }).split("\0").filter(Boolean);
  for (const file of files) {
    await mkdir(path.dirname(path.join(copy, file)), { recursive: true });
    await cp(path.join(repoRoot, file), path.join(copy, file)).catch((error: NodeJS.ErrnoException) => (error.code === "ENOENT" ? undefined : Promise.reject(error)));
  }
  await symlink(path.join(repoRoot, "node_modules"), path.join(copy, "node_modules"), "dir");
  await cp(path.join(repoRoot, "dist"), path.join(copy, "dist"), { recursive: true });
  return copy;
}

describe("the packed package", () => {
  it("packs the README's way, installs with the README's line without a warning, and runs `npx toolgen build` there, with no dev dependency or source file", async () => {
    const clone = await cloneCopy();
    const manifestBefore = await readFile(path.join(clone, "package.json"), "utf8");
    const key = () => statSync(path.join(clone, "dist", ".built-from"));
    const keyBefore = key();
    const packed = spawnSync(npm, ["pack"], { cwd: clone, encoding: "utf8" });
    expect(packed.status, packed.stderr).toBe(0);
    // `prepare` found dist/ current and built nothing (a build removes the key first, and writes it last).
    expect([key().ino, key().mtimeMs]).toEqual([keyBefore.ino, keyBefore.mtimeMs]);
    const tarball = packed.stdout.trim().split("\n").at(-1)!;
    expect(tarball).toMatch(/^toolgen-\d+\.\d+\.\d+\.tgz$/);
    // The pack took `prepare` out of the tarball's package.json only: the clone's is as it was.
    expect(await readFile(path.join(clone, "package.json"), "utf8")).toBe(manifestBefore);

    const readme = await readFile(path.join(repoRoot, "README.md"), "utf8");
    const line = /^npm install --save-dev (\S+\/)(toolgen-[\d.]+\.tgz)\b.*$/m.exec(readme);
    expect(line, "the README's tarball install line").not.toBeNull();
    expect(line![2]).toBe(tarball);
    const scratch = await tempDir("toolgen-scratch-");
    await writeFile(path.join(scratch, "package.json"), JSON.stringify({ name: "scratch", version: "7.7.7", private: true, type: "module" }));
    const install = spawnSync(npm, ["install", "--save-dev", path.join(clone, tarball), "--no-audit", "--no-fund", "--prefer-offline"], { cwd: scratch, encoding: "utf8" });
    expect(install.status, install.stderr).toBe(0);
    // npm 11 warns about a package with an install-time script (`prepare` included): none is left.
    expect(install.stderr).not.toMatch(/install-scripts|prepare/);
    const installedManifest = JSON.parse(await readFile(path.join(scratch, "node_modules", "toolgen", "package.json"), "utf8")) as { scripts?: Record<string, string>; license: string };
    expect(Object.keys(installedManifest.scripts ?? {}).filter((name) => /^(pre|post)?(install|prepare|pack)$/.test(name))).toEqual([]);
    expect(installedManifest.license).toBe("MIT");
    expect(await readFile(path.join(scratch, "node_modules", "toolgen", "LICENSE"), "utf8")).toMatch(/^MIT License\n/);
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

    // The library: `import { build, lint, loadFolder } from "toolgen"` in an ES-module project, with types.
    const use = [
      `import { build, lint, loadFolder } from "toolgen";`,
      `const built = await build({ schemas: "schemas", out: "lib-out", handlers: "lib-handlers", cache: false });`,
      `const linted = await lint({ schemas: "schemas" });`,
      `const folder = await loadFolder("schemas");`,
      `const { OUTPUTS } = await import("toolgen/outputs");`,
      `if (!OUTPUTS.some((o) => o.id === "native")) throw new Error("toolgen/outputs lists no native output");`,
      `console.log(JSON.stringify({ built: built.tools, written: built.written.length, linted: linted.tools, errors: linted.diagnostics.length, loaded: folder.tools.map((t) => t.name) }));`,
    ];
    await writeFile(path.join(scratch, "use.mjs"), use.join("\n") + "\n");
    const used = spawnSync(process.execPath, ["use.mjs"], { cwd: scratch, encoding: "utf8" });
    expect(used.stderr).toBe("");
    expect(JSON.parse(used.stdout)).toEqual({
      built: 4,
      written: expect.any(Number),
      linted: 4,
      errors: 0,
      loaded: ["get_current_stock_price", "get_stock_price", "get_ticker_symbol", "get_weather"],
    });
    expect((await readTree(path.join(scratch, "lib-out"))).has("index.ts")).toBe(true);
    await writeFile(
      path.join(scratch, "use.ts"),
      [
        `import { build, lint, loadFolder, type BuildResult, type Diagnostic } from "toolgen";`,
        `const built: BuildResult = await build({ schemas: "schemas", out: "lib-out", handlers: "lib-handlers" });`,
        `const linted: { diagnostics: Diagnostic[]; tools: number } = await lint({ schemas: "schemas", rules: { "legacy-tool-count": "off" } });`,
        `const names: string[] = (await loadFolder("schemas")).tools.map((t) => t.name);`,
        `// @ts-expect-error -- the options are typed: a number is no schemas folder`,
        `await build({ schemas: 1, out: "o", handlers: "h" });`,
        `export { built, linted, names };`,
      ].join("\n") + "\n",
    );
    expect(typecheck([path.join(scratch, "use.ts")], "nodenext")).toEqual([]);
    // Issue 11.5: toolgen's own version, not the host project's.
    expect(run("--version").stdout.trim()).toBe((JSON.parse(await readFile(path.join(repoRoot, "package.json"), "utf8")) as { version: string }).version);
  });
});
