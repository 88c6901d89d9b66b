/**
 * Issue 22: every TypeScript sample of the README and the manual's pages under docs/ compiles, as
 * written, against a real build of the seed schemas (every output but `mcp`, whose samples are
 * shell and JSON): a handler sample is put where it lives (handlers/<tool>.ts), a sample that imports
 * `toolgen` gets the library this checkout built, and tsc type-checks them all under strict settings.
 * CONTRIBUTING.md's samples are held by test/docs/contributing.test.ts and the plug-in test.
 * Issue 37 item 8: what a newcomer pastes after `toolgen init` (whose one tool is get_weather) compiles
 * against that project: the README's samples in an ES-module package and in a CommonJS one (no
 * top-level await: TS1309), and docs/dispatch.md's (no tool init never writes: TS2353).
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { cp, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { OUTPUTS } from "../../src/catalog.js";
import { build } from "../../src/pipeline.js";
import { repoRoot } from "../helpers.js";
import { repoTempDir, typecheck } from "../e2e/compile.js";

/** The README and the manual's pages (docs/*.md; the rule pages hold JSON and YAML only). */
const PAGES = ["README.md", ...readdirSync(path.join(repoRoot, "docs")).filter((f) => f.endsWith(".md")).map((f) => path.join("docs", f))];

interface Sample {
  page: string;
  index: number;
  code: string;
}

/** The ```ts blocks of a page, in order. */
function samples(page: string): Sample[] {
  const text = readFileSync(path.join(repoRoot, page), "utf8");
  return [...text.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m, index) => ({ page, index, code: m[1]! }));
}

const ALL = PAGES.flatMap(samples);
/** The pages a newcomer reads right after `toolgen init`: their samples compile against init's project. */
const NEWCOMER = new Set(["README.md", path.join("docs", "dispatch.md")]);

/**
 * Writes `list` into `dir` (a handler sample where it lives, handlers/<tool>.ts) and type-checks them
 * with the generated folder and the handler stubs, the package being an ES module or CommonJS.
 */
async function compileSamples(dir: string, list: readonly Sample[], type: "module" | "commonjs"): Promise<string[]> {
  await writeFile(path.join(dir, "package.json"), JSON.stringify({ type }));
  const handlers = path.join(dir, "handlers");
  const library = path.relative(dir, path.join(repoRoot, "dist", "src", "index.js")).split(path.sep).join("/");
  const files: string[] = [];
  for (const sample of list) {
    const handlerOf = /from "\.\.\/generated\/index\.js"/.test(sample.code) ? /ToolInputs\["(\w+)"\]/.exec(sample.code)?.[1] : undefined;
    const file = handlerOf !== undefined ? path.join(handlers, `${handlerOf}.ts`) : path.join(dir, `${sample.page.replace(/[/.]/g, "-")}-${sample.index}.ts`);
    await writeFile(file, sample.code.replace(/from "toolgen"/g, `from "./${library}"`));
    files.push(file);
  }
  // A stub for each handler no sample replaced; the compiler follows the samples' imports to the rest.
  files.push(...readdirSync(handlers).map((f) => path.join(handlers, f)));
  return typecheck([...new Set(files)], "nodenext");
}

describe("the TypeScript samples of the README and docs/", () => {
  it("are found on the pages that show code (the README, dispatch, legacy, providers, build)", () => {
    const pages = new Set(ALL.map((s) => s.page));
    for (const page of ["README.md", "docs/dispatch.md", "docs/legacy.md", "docs/providers.md", "docs/build.md"]) expect(pages).toContain(page);
  });

  it("all compile against a build of the seed schemas (the newcomer's pages: against init's project)", async () => {
    const dir = await repoTempDir();
    await cp(path.join(repoRoot, "schemas"), path.join(dir, "schemas"), { recursive: true });
    // Every output, the opt-in mcp too (docs/mcp.md's samples import its files; the SDK is a devDependency).
    const outputs = OUTPUTS.map((o) => o.id);
    await build({ schemas: path.join(dir, "schemas"), out: path.join(dir, "generated"), handlers: path.join(dir, "handlers"), outputs, lint: false, cache: false });
    expect(await compileSamples(dir, ALL.filter((s) => !NEWCOMER.has(s.page)), "module")).toEqual([]);
  });

  it("the README's and docs/dispatch.md's compile in the project `toolgen init` starts, the README's in ESM and in CommonJS", async () => {
    const newcomer = ALL.filter((s) => NEWCOMER.has(s.page));
    expect(newcomer.filter((s) => s.page === "README.md").length).toBeGreaterThan(0);
    for (const type of ["module", "commonjs"] as const) {
      const dir = await repoTempDir();
      const init = spawnSync(process.execPath, [path.join(repoRoot, "dist", "bin", "toolgen.cjs"), "init"], { cwd: dir, encoding: "utf8" });
      expect(init.status, init.stderr).toBe(0);
      expect(readdirSync(path.join(dir, "schemas"))).toEqual(["get_weather.json"]);
      // The default outputs, as init's config builds.
      await build({ schemas: path.join(dir, "schemas"), out: path.join(dir, "generated"), handlers: path.join(dir, "handlers"), lint: false, cache: false });
      const list = type === "module" ? newcomer : newcomer.filter((s) => s.page === "README.md");
      expect(await compileSamples(dir, list, type), type).toEqual([]);
    }
  });
});
