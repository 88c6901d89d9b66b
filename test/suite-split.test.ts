/**
 * The quick suite and the heavy one (vitest.config.ts, package.json's test:heavy): every file the
 * quick suite leaves out, and every file that runs a larger budget under TOOLGEN_HEAVY=1, is in
 * test:heavy's list, and that list names only files that exist.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { HEAVY_ONLY } from "../vitest.config.js";
import { repoRoot } from "./helpers.js";

const script = (JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts["test:heavy"]!;
const listed = script.split(/\s+/).filter((word) => word.endsWith(".test.ts"));

function testFiles(dir: string): string[] {
  return readdirSync(path.join(repoRoot, dir), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? (entry.name === "fixtures" ? [] : testFiles(`${dir}/${entry.name}`)) : entry.name.endsWith(".test.ts") ? [`${dir}/${entry.name}`] : [],
  );
}

it("test:heavy sets TOOLGEN_HEAVY=1 and lists existing files", () => {
  expect(script).toMatch(/^TOOLGEN_HEAVY=1 vitest run /);
  for (const file of listed) expect(existsSync(path.join(repoRoot, file)), file).toBe(true);
});

it("test:heavy lists every file the quick suite leaves out, and every file with a heavy budget", () => {
  const self = "test/suite-split.test.ts";
  const heavyBudget = testFiles("test").filter((file) => file !== self && readFileSync(path.join(repoRoot, file), "utf8").includes("TOOLGEN_HEAVY"));
  expect(heavyBudget.length).toBeGreaterThan(5);
  expect([...new Set([...HEAVY_ONLY, ...heavyBudget])].filter((file) => !listed.includes(file)).sort()).toEqual([]);
});
