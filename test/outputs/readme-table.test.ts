/** The table of what a build writes (docs/build.md) names every output (issue 9: "says which outputs each file belongs to"). */
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { OUTPUTS } from "../../src/catalog.js";
import { repoRoot } from "../helpers.js";

it("has a row for every output, opt-in ones marked so", () => {
  const readme = readFileSync(path.join(repoRoot, "docs", "build.md"), "utf8");
  const start = readme.indexOf("| file | output | what it is for |");
  expect(start).toBeGreaterThan(-1);
  const rows = readme.slice(start).split("\n\n")[0]!.split("\n").slice(2);
  const named = new Map<string, string>();
  for (const row of rows) {
    const cell = row.split(" | ")[1] ?? "";
    for (const m of cell.matchAll(/`([a-z-]+)`/g)) named.set(m[1]!, cell);
  }
  for (const output of OUTPUTS) {
    expect(named.has(output.id), `docs/build.md table row for the '${output.id}' output`).toBe(true);
    expect(named.get(output.id)!.includes("(opt-in)"), `'${output.id}' marked opt-in in the docs/build.md table`).toBe(output.optIn === true);
  }
});
