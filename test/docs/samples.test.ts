/**
 * Issue 22: every TypeScript sample of the README and the manual's pages under docs/ compiles, as
 * written, against a real build of the seed schemas (every output but `mcp`, whose samples are
 * shell and JSON): a handler sample is put where it lives (handlers/<tool>.ts), a sample that imports
 * `toolgen` gets the library this checkout built, and tsc type-checks them all under strict settings.
 * CONTRIBUTING.md's samples are held by test/docs/contributing.test.ts and the plug-in test.
 */
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

describe("the TypeScript samples of the README and docs/", () => {
  it("are found on the pages that show code (the README, dispatch, legacy, providers, build)", () => {
    const pages = new Set(ALL.map((s) => s.page));
    for (const page of ["README.md", "docs/dispatch.md", "docs/legacy.md", "docs/providers.md", "docs/build.md"]) expect(pages).toContain(page);
  });

  it("all compile against a build of the seed schemas", async () => {
    const dir = await repoTempDir();
    await cp(path.join(repoRoot, "schemas"), path.join(dir, "schemas"), { recursive: true });
    const out = path.join(dir, "generated");
    const handlers = path.join(dir, "handlers");
    // Every output, the opt-in mcp too (docs/mcp.md's samples import its files; the SDK is a devDependency).
    const outputs = OUTPUTS.map((o) => o.id);
    await build({ schemas: path.join(dir, "schemas"), out, handlers, outputs, lint: false, cache: false });
    await writeFile(path.join(dir, "package.json"), JSON.stringify({ type: "module" }));

    const library = path.relative(dir, path.join(repoRoot, "dist", "src", "index.js")).split(path.sep).join("/");
    const files: string[] = [];
    for (const sample of ALL) {
      const handlerOf = /from "\.\.\/generated\/index\.js"/.test(sample.code) ? /ToolInputs\["(\w+)"\]/.exec(sample.code)?.[1] : undefined;
      const file = handlerOf !== undefined ? path.join(handlers, `${handlerOf}.ts`) : path.join(dir, `${sample.page.replace(/[/.]/g, "-")}-${sample.index}.ts`);
      await writeFile(file, sample.code.replace(/from "toolgen"/g, `from "./${library}"`));
      files.push(file);
    }
    // A stub for each handler no sample replaced; the compiler follows the samples' imports to the rest.
    files.push(...readdirSync(handlers).map((f) => path.join(handlers, f)));
    expect(typecheck([...new Set(files)], "nodenext")).toEqual([]);
  }, 180_000);
});
