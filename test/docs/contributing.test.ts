/**
 * The docs for the next person stay true: CONTRIBUTING.md's worked examples are the files the plug-in
 * test adds to a copy of toolgen and builds (test/architecture/plug-in.test.ts), and every relative
 * link in the front-page docs names a file that exists; the README stays a front page (at most 260
 * lines) that links every page of the manual under docs/.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../helpers.js";

const read = (file: string) => readFileSync(path.join(repoRoot, file), "utf8");

/** The fenced blocks of a page that name their file: ```ts file=path/to/file.ts */
function fileBlocks(page: string): { file: string; code: string }[] {
  return [...page.matchAll(/^```\w+ file=(\S+)\n([\s\S]*?)^```$/gm)].map((m) => ({ file: m[1]!, code: m[2]! }));
}

describe("CONTRIBUTING.md", () => {
  const blocks = fileBlocks(read("CONTRIBUTING.md"));

  it("shows a rule, an output, a target's facts, rule and declaration, and a feature's declaration and rule", () => {
    expect(blocks.map((b) => path.basename(b.file))).toEqual([
      "description-no-todo.ts",
      "output.ts",
      "facts.ts",
      "tool-name-format.ts",
      "index.ts",
      "index.ts",
      "toy-description-sentence.ts",
    ]);
  });

  it.each(blocks.map((b) => [b.file, b.code]))("%s is the file the plug-in test builds", (file, code) => {
    expect(code).toBe(read(file));
  });
});

/** Every markdown page a newcomer starts from, and the manual under docs/. */
const PAGES = ["README.md", "ARCHITECTURE.md", "CONTRIBUTING.md", ...readdirSync(path.join(repoRoot, "docs"), { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".md")).map((f) => path.join("docs", f))];

describe("links", () => {
  it.each(PAGES.filter((p) => existsSync(path.join(repoRoot, p))))("every relative link in %s names a file that exists", (page) => {
    const text = read(page).replace(/^```[\s\S]*?^```$/gm, "");
    const targets = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((t) => !/^[a-z]+:/i.test(t) && !t.startsWith("#"));
    const missing = targets.filter((t) => !existsSync(path.join(repoRoot, path.dirname(page), decodeURIComponent(t.split("#")[0]!))));
    expect(missing).toEqual([]);
  });
});

describe("the README is a front page", () => {
  const readme = read("README.md");

  it("is at most 260 lines", () => {
    expect(readme.split("\n").length).toBeLessThanOrEqual(260);
  });

  it.each(readdirSync(path.join(repoRoot, "docs")).filter((f) => f.endsWith(".md")))("links docs/%s", (page) => {
    const linked = [...readme.matchAll(/\]\(([^)\s#]+)(?:#[^)\s]*)?\)/g)].map((m) => path.normalize(m[1]!));
    expect(linked).toContain(path.join("docs", page));
  });
});
