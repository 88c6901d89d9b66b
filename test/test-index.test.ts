/**
 * test/INDEX.md, the map from each module of src/ to the tests that cover it, is what
 * scripts/test-index.mjs writes from the code as it is, and every module has an entry: a new module
 * with no test, or a stale index, fails here (rewrite it with `node scripts/test-index.mjs`).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { testIndex } from "../scripts/test-index.mjs";
import { repoRoot } from "./helpers.js";

const { markdown, orphans } = testIndex();

it("every module of src/ has a test", () => {
  expect(orphans).toEqual([]);
});

it("test/INDEX.md is up to date (node scripts/test-index.mjs)", () => {
  expect(readFileSync(path.join(repoRoot, "test", "INDEX.md"), "utf8")).toBe(markdown);
});
