import { execFileSync, spawnSync } from "node:child_process";
import { cp, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { typecheck } from "./e2e/compile.js";
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
  }, 300_000);
});
