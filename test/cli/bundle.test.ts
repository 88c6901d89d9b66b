/**
 * cli/bundle.mjs's stand-ins for start-up work (each explained there) are in the bin: a change of
 * yargs or of its packages' file names would otherwise drop one silently, and `toolgen lint` would
 * only get slower. Their behaviour is held elsewhere: the help and version (test/cli.test.ts,
 * conventions.test.ts), yargs' argument checks (parse.test.ts), every command's output.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../helpers.js";

const bundle = readFileSync(path.join(repoRoot, "dist", "bin", "toolgen.cjs"), "utf8");
const count = (text: string) => bundle.split(text).length - 1;

describe("the bin's start-up stand-ins", () => {
  it("string-width (each copy) and wrap-ansi load on first call", () => {
    expect(count("// lazy-default:")).toBeGreaterThanOrEqual(2);
    expect(bundle).toMatch(/\/\/ lazy-default:[^\n]*[\\/]wrap-ansi[\\/]index\.js/);
    expect(bundle).toMatch(/\/\/ lazy-default:[^\n]*[\\/]string-width[\\/]index\.js/);
  });

  it("yargs' version guess searches nothing, and its API checks no arguments", () => {
    expect(count("// no-package-search:escalade/sync")).toBe(1);
    expect(bundle).not.toContain("node_modules/escalade/");
    expect(count("// no-argsert:argsert")).toBe(1);
    expect(bundle).not.toContain("node_modules/yargs/build/lib/argsert.js");
  });

  it("node:assert stays unloaded, and node:path is required once, by one module", () => {
    expect(count("// lazy-assert:assert")).toBe(1);
    expect(count('require("node:path")')).toBe(1);
    expect(count("// one-node-path:node:path")).toBe(1);
  });
});
