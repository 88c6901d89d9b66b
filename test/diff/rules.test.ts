/** docs/diff.md's rule table is the rule list (src/diff/rules.ts): every rule, its class and description, in order, and no other. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { DIFF_RULES, failsOn } from "../../src/diff/rules.js";
import { repoRoot } from "../helpers.js";

it("docs/diff.md lists every diff rule with its class", () => {
  const text = readFileSync(path.join(repoRoot, "docs", "diff.md"), "utf8");
  const rows = [...text.matchAll(/^\| `(diff\/[a-z-]+)` \| ([a-z-]+) \| (.*) \|$/gm)].map((m) => [m[1], m[2], m[3]]);
  expect(rows).toEqual(DIFF_RULES.map((r) => [r.id, r.class, r.description]));
});

it("--fail-on: each level fails on its classes and those above it", () => {
  const classes = ["breaking-callers", "breaking-handlers", "prompt", "target"] as const;
  const table = (["breaking", "handlers", "prompt", "none"] as const).map((level) => [level, classes.filter((c) => failsOn(level, c))]);
  expect(table).toEqual([
    ["breaking", ["breaking-callers", "target"]],
    ["handlers", ["breaking-callers", "breaking-handlers", "target"]],
    ["prompt", [...classes]],
    ["none", []],
  ]);
});
