/**
 * What a plain `toolgen lint` start-up loads of Node's own modules (issue 9: start-up must not get
 * worse). node:crypto (SARIF fingerprints) and node:fs/promises (asynchronous reads) cost every run
 * a few ms: they load only when a run needs them. And of the bin's two files (cli/bundle.mjs), a
 * lint loads the bin alone, never the second file of the generators and the other commands (issue
 * 22: compiling it cost every lint about 5 ms). Runs the bundled command line (built by
 * test/global-setup.ts).
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { recordLoads } from "../helpers.js";
import { fixture } from "./helpers/run-lint.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
const cli = path.join(root, "dist/bin/toolgen.cjs");

/** Node's modules that `toolgen lint` (stylish, json or github) must not load. */
const LAZY = /^cjs (node:)?(crypto|fs\/promises)$/;

/** Runs the bin in the fixture `name` with the load recorder. */
function builtinLoads(args: string[], name = "clean"): { code: number | null; stdout: string; loads: string[] } {
  return recordLoads([cli, ...args], fixture(name), { NO_COLOR: "1" });
}

it.each([["stylish"], ["json"], ["github"]])("lint --format %s loads neither node:crypto nor node:fs/promises", (format) => {
  const run = builtinLoads(["lint", "--format", format]);
  expect(run.code).toBe(0);
  expect(run.loads.filter((l) => LAZY.test(l))).toEqual([]);
});

it("a SARIF report with findings loads node:crypto, for their fingerprints (the recorder sees the lazy load)", () => {
  const run = builtinLoads(["lint", "--format", "sarif"], "warnings-only");
  expect(run.code).toBe(0);
  expect(run.loads.filter((l) => LAZY.test(l))).toEqual(["cjs node:crypto"]);
  expect(JSON.parse(run.stdout).runs[0].results.length).toBeGreaterThan(0);
});

it("a usage error exits 2", () => {
  const run = builtinLoads(["lint", "--no-such-flag"]);
  expect(run.code).toBe(2);
});

/** The bin's second file: the generators and the commands other than lint (cli/bundle.mjs). */
const SECOND_FILE = /^(cjs|run) .*[\\/]dist[\\/]bin[\\/]toolgen-more\.cjs$/;

it.each([
  ["clean", ["lint"]],
  ["warnings-only", ["lint", "--format", "sarif"]],
  ["warnings-only", ["lint", "schemas", "--format", "github"]],
  ["dialect-2020", ["lint", "--format", "json"]],
  ["project", ["lint"]],
  ["config-unknown-rule", ["lint"]],
])("lint in %s (%j) never loads the bin's second file", (name, args) => {
  const run = builtinLoads(args, name);
  expect(run.loads.length, "the recorder saw the run").toBeGreaterThan(0);
  expect(run.loads.filter((l) => SECOND_FILE.test(l))).toEqual([]);
});

it("stats, which is in the second file, loads it (the recorder sees it)", () => {
  const run = builtinLoads(["stats"], "clean");
  expect(run.code).toBe(0);
  expect(run.loads.filter((l) => SECOND_FILE.test(l))).toHaveLength(1);
});
