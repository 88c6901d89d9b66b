import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { CI_LIMIT_MS, repoRoot } from "./helpers.js";

/**
 * The benchmark harness's smoke run (`bench/run.mjs --smoke`: N = 10 and 20, one run each, short
 * in-process rounds), so the harness cannot rot. It checks that every comparison ran and printed
 * its row, never a time. Spectral runs only when bench/node_modules has it (`npm run bench`
 * installs it there); the harness works in its own temporary folder and writes no RESULTS.md.
 */

const ROWS: readonly [string, string][] = [
  ["lint, cold, vs floor", "10"],
  ["lint, cold, vs floor", "20"],
  ["lint, cold, vs Spectral", "10"],
  ["lint, cold, vs Spectral", "20"],
  ["build, cold, vs json2ts CLI (types alone)", "10"],
  ["build, cold, vs json2ts CLI (types alone)", "20"],
  ["build, cold, vs json2ts --no-format (context)", "10"],
  ["build, cold, vs json2ts --no-format (context)", "20"],
  ["build, no change, vs floor", "10"],
  ["build, no change, vs floor", "20"],
  ["scaling, lint, N=20 / N=10", "10→20"],
  ["scaling, build, cold, N=20 / N=10", "10→20"],
  ["dispatch overhead per call", "10"],
  ["legacy parse, 100-invoke block", "10"],
  ["lint DIR (positional), vs floor", "10"],
  ["lint --schemas DIR, vs floor", "10"],
  ["lint FILE... (every file named), vs floor", "10"],
  ["lint DIR, CPU time, vs floor", "10"],
  ["lint --schemas DIR, CPU time, vs floor", "10"],
  ["lint FILE..., CPU time, vs floor", "10"],
  ["lint DIR (positional), vs floor", "20"],
  ["lint --schemas DIR, vs floor", "20"],
  ["lint FILE... (every file named), vs floor", "20"],
  ["lint DIR, CPU time, vs floor", "20"],
  ["lint --schemas DIR, CPU time, vs floor", "20"],
  ["lint FILE..., CPU time, vs floor", "20"],
  ["start-up: --version, vs node", "1"],
  ["start-up: lint of 1 tool, vs node", "1"],
  ["validate per call vs Ajv compile(), median of valid+invalid", "—"],
  ["dispatch overhead over the validator", "—"],
  ["diff, two folders, vs floor (CPU)", "10"],
  ["diff, two git revisions, vs floor (CPU)", "10"],
  ["diff, two folders, vs floor (CPU)", "20"],
  ["diff, two git revisions, vs floor (CPU)", "20"],
];

it("runs every benchmark comparison and prints its row", () => {
  const results = path.join(repoRoot, "bench", "RESULTS.md");
  const before = existsSync(results) ? readFileSync(results, "utf8") : undefined;
  const spectral = existsSync(path.join(repoRoot, "bench", "node_modules", "@stoplight", "spectral-cli", "dist", "index.js"));

  const run = spawnSync(
    process.execPath,
    ["bench/run.mjs", "--smoke", "--no-rebuild", ...(spectral ? [] : ["--no-spectral"])],
    { cwd: repoRoot, encoding: "utf8", timeout: CI_LIMIT_MS },
  );

  expect(run.status, run.stderr).toBe(0);
  expect(run.stdout).toMatch(/^- Machine: .+ cores, .+ GiB RAM, .+ Node v\d+/m);
  const table = run.stdout
    .split("\n")
    .filter((line) => line.startsWith("| ") && !line.startsWith("| # |"))
    .map((line) => line.slice(2, -2).split(" | "));
  expect(table.map(([, what, n]) => [what, n])).toEqual(
    ROWS.map(([what, n]) => [expect.stringContaining(what) as unknown as string, n]),
  );
  for (const [no, what, n, , , , , verdict] of table) {
    const expected = !spectral && what?.includes("Spectral") ? /^not run: --no-spectral$/ : /^(meets|misses|\(no target\)|not measured: no \/proc to read CPU time from)$/;
    expect(verdict, `row ${no} ${what} N=${n}`).toMatch(expected);
  }
  expect(existsSync(results) ? readFileSync(results, "utf8") : undefined).toBe(before);
});
