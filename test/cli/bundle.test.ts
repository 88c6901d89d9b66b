/**
 * cli/bundle.mjs's stand-ins for start-up work (each explained there) are in the bin: a change of
 * yargs or of its packages' file names would otherwise drop one silently, and `toolgen lint` would
 * only get slower. Their behaviour is held elsewhere: the help and version (test/cli.test.ts,
 * conventions.test.ts), yargs' argument checks (parse.test.ts), every command's output.
 *
 * The bin keeps no module comments (its whitespace is minified), so the bundle is built again in
 * memory with the same options and esbuild's list of what went in is read; that build must be the
 * shipped bin, byte for byte.
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
const count = (text: string) => bundle.split(text).length - 1;
const inputsMatching = (pattern: RegExp) => inputs.filter((input) => pattern.test(input));

beforeAll(async () => {
  const { bundleOptions } = (await import(pathToFileURL(path.join(repoRoot, "cli", "bundle.mjs")).href)) as {
    bundleOptions(root: string): BuildOptions;
  };
  const result = await build({ ...bundleOptions(repoRoot), write: false, metafile: true });
  bundle = result.outputFiles![0]!.text;
  inputs = Object.keys((result.metafile as Metafile).inputs);
});

describe("the bin's start-up stand-ins", () => {
  it("the shipped bin is this build", () => {
    expect(bundle).toBe(shipped);
  });

  it("has its whitespace minified, and keeps toolgen's function names", () => {
    expect(shipped.split("\n").length).toBeLessThan(1000);
    expect(shipped).toMatch(/function runLint\(/);
  });

  it("string-width (each copy) and wrap-ansi load on first call", () => {
    expect(inputsMatching(/^lazy-default:/).length).toBeGreaterThanOrEqual(2);
    expect(inputsMatching(/^lazy-default:.*[\\/]wrap-ansi[\\/]index\.js$/)).toHaveLength(1);
    expect(inputsMatching(/^lazy-default:.*[\\/]string-width[\\/]index\.js$/).length).toBeGreaterThanOrEqual(1);
  });

  it("yargs' version guess searches nothing, and its API checks no arguments", () => {
    expect(inputsMatching(/^no-package-search:escalade\/sync$/)).toHaveLength(1);
    expect(inputsMatching(/node_modules[\\/]escalade[\\/]/)).toEqual([]);
    expect(inputsMatching(/^no-argsert:argsert$/)).toHaveLength(1);
    expect(inputsMatching(/node_modules[\\/]yargs[\\/]build[\\/]lib[\\/]argsert\.js$/)).toEqual([]);
  });

  it("node:assert stays unloaded, and node:path is required once, by one module", () => {
    expect(inputsMatching(/^lazy-assert:assert$/)).toHaveLength(1);
    expect(count('require("node:path")')).toBe(1);
    expect(inputsMatching(/^one-node-path:node:path$/)).toHaveLength(1);
  });
});
