/**
 * cli/bundle.mjs: the shipped bin is the bundle its options build (deterministic), readable (not
 * minified: each module keeps its comments and lines, under esbuild's marker naming its file), and
 * string-width (each copy) and wrap-ansi load on their first call (a change of their file names would
 * otherwise drop that silently, and `toolgen lint` would only get slower). Their behaviour is held
 * elsewhere: the help and version (test/cli.test.ts, conventions.test.ts, parse.test.ts), every
 * command's output.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build, type BuildOptions, type Metafile } from "esbuild";
import { beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../helpers.js";

const shipped = readFileSync(path.join(repoRoot, "dist", "bin", "toolgen.cjs"), "utf8");
let inputs: string[] = [];
let bundle = "";
const inputsMatching = (pattern: RegExp) => inputs.filter((input) => pattern.test(input));

beforeAll(async () => {
  const { bundleOptions } = (await import(pathToFileURL(path.join(repoRoot, "cli", "bundle.mjs")).href)) as {
    bundleOptions(root: string): BuildOptions;
  };
  const result = await build({ ...bundleOptions(repoRoot), write: false, metafile: true });
  bundle = result.outputFiles![0]!.text;
  inputs = Object.keys((result.metafile as Metafile).inputs);
});

describe("the bin", () => {
  it("the shipped bin is this build", () => {
    expect(bundle).toBe(shipped);
  });

  it("is readable: toolgen's modules keep their lines and are marked by their file", () => {
    expect(shipped).toContain("// dist/src/commands/lint.js\n");
    expect(shipped).toMatch(/\n {2}[^\n]*\n {4}/);
    expect(shipped.split("\n").length).toBeGreaterThan(5000);
  });

  it("string-width (each copy) and wrap-ansi load on first call", () => {
    expect(inputsMatching(/^lazy-default:/).length).toBeGreaterThanOrEqual(2);
    expect(inputsMatching(/^lazy-default:.*[\\/]wrap-ansi[\\/]index\.js$/)).toHaveLength(1);
    expect(inputsMatching(/^lazy-default:.*[\\/]string-width[\\/]index\.js$/).length).toBeGreaterThanOrEqual(1);
  });
});
