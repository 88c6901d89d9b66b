/**
 * cli/bundle.mjs: the shipped main file and its second file are the bundles its plan builds
 * (deterministic), the bin is cli/launch.cjs keyed by the main file's sha256, the main file holds no
 * `import()` (the launcher runs it from compiled code, test/cli/launch.test.ts), readable (not minified: each module keeps its comments and lines, under
 * esbuild's marker naming its file), each module is in one of the two files only, the lint command
 * and the parser are in the bin and the generators in the second file, and string-width (each copy)
 * and wrap-ansi load on their first call (a change of their file names would otherwise drop that
 * silently, and `toolgen lint` would only get slower). Their behaviour is held elsewhere: the help
 * and version (test/cli.test.ts, conventions.test.ts, parse.test.ts), every command's output;
 * test/lint/startup-loads.test.ts holds that a lint never loads the second file. Beside them,
 * THIRD-PARTY-LICENSES.txt names every package bundled in, with its licence text.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build, type BuildOptions, type Metafile } from "esbuild";
import { beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../helpers.js";

/** The bin's main file (the command line and lint), which the bin itself (cli/launch.cjs) runs. */
const shipped = readFileSync(path.join(repoRoot, "dist", "bin", "toolgen-main.cjs"), "utf8");
const shippedBin = readFileSync(path.join(repoRoot, "dist", "bin", "toolgen.cjs"), "utf8");
const shippedMore = readFileSync(path.join(repoRoot, "dist", "bin", "toolgen-more.cjs"), "utf8");
let inputs: string[] = [];
let moreInputs: string[] = [];
let bundle = "";
let more = "";
let noticesText: (inputs: string[], root: string) => string;
let packageDirOf: (key: string) => string | undefined;
const inputsMatching = (pattern: RegExp) => inputs.filter((input) => pattern.test(input));
/** toolgen's own modules among a file's inputs (the joins between the two files are virtual modules). */
const ownModules = (list: string[]) => list.filter((input) => input.startsWith("dist/"));

beforeAll(async () => {
  const bundler = (await import(pathToFileURL(path.join(repoRoot, "cli", "bundle.mjs")).href)) as {
    bundlePlan(root: string): Promise<{ bin: BuildOptions; more: BuildOptions }>;
    noticesText(inputs: string[], root: string): string;
    packageDirOf(key: string): string | undefined;
  };
  ({ noticesText, packageDirOf } = bundler);
  const { bundlePlan } = bundler;
  const plan = await bundlePlan(repoRoot);
  const written = (options: BuildOptions) => build({ ...options, write: false, metafile: true });
  const [bin, second] = await Promise.all([written(plan.bin), written(plan.more)]);
  bundle = bin.outputFiles![0]!.text;
  more = second.outputFiles![0]!.text;
  inputs = Object.keys((bin.metafile as Metafile).inputs);
  moreInputs = Object.keys((second.metafile as Metafile).inputs);
});

describe("the bin", () => {
  it("the shipped bin and its second file are this build", () => {
    expect(bundle).toBe(shipped);
    expect(more).toBe(shippedMore);
  });

  it("THIRD-PARTY-LICENSES.txt beside it names every package bundled into either file, with its licence text", () => {
    const shippedNotices = readFileSync(path.join(repoRoot, "dist", "bin", "THIRD-PARTY-LICENSES.txt"), "utf8");
    expect(shippedNotices).toBe(noticesText([...inputs, ...moreInputs], repoRoot));
    const packages = new Set([...inputs, ...moreInputs].map(packageDirOf).filter((d) => d !== undefined));
    expect(packages.size).toBeGreaterThan(15);
    for (const dir of packages) {
      const manifest = JSON.parse(readFileSync(path.join(repoRoot, dir!, "package.json"), "utf8")) as { name: string; version: string; license: string };
      expect(shippedNotices).toContain(`${manifest.name} ${manifest.version} (${manifest.license})\n\n`);
    }
    for (const name of ["yargs", "json-schema-to-typescript", "lodash", "js-yaml", "@apidevtools/json-schema-ref-parser"]) expect(shippedNotices).toMatch(new RegExp(`^${name} \\d`, "m"));
    expect(packageDirOf("lazy-default:node_modules/yargs/node_modules/string-width/index.js")).toBe("node_modules/yargs/node_modules/string-width");
    expect(packageDirOf("node_modules/@jsdevtools/ono/cjs/index.js")).toBe("node_modules/@jsdevtools/ono");
    expect(packageDirOf("dist/src/index.js")).toBeUndefined();
  });

  it("the bin is cli/launch.cjs, keyed by the sha256 of the two files it runs", () => {
    const sha = createHash("sha256").update(shipped).update("\0").update(shippedMore).digest("hex");
    expect(shippedBin).toBe(readFileSync(path.join(repoRoot, "cli", "launch.cjs"), "utf8").replace("__TOOLGEN_BUILD_SHA256__", sha));
  });

  it("neither file imports anything with import(): the packages they load on demand are required", () => {
    expect(bundle).not.toMatch(/\bimport\(/);
    expect(bundle).toContain('require("yaml")');
    // The second file's code generators write `import(` into generated code, inside template literals.
    expect(more).not.toMatch(/\bimport\((?!\$\{|"\.\.?\/)/);
    expect(more).toContain('require("@modelcontextprotocol/client")');
  });

  it("holds each module once: the command line and lint in the bin, the generators and the other commands in the second file", () => {
    const inBin = ownModules(inputs);
    const inMore = ownModules(moreInputs);
    expect(inBin.filter((input) => inMore.includes(input))).toEqual([]);
    const holds = (list: string[], pattern: RegExp) => list.some((input) => pattern.test(input));
    const inTheBin = [/^dist\/cli\/main\.js$/, /^dist\/src\/commands\/lint\.js$/, /^dist\/src\/lint\/index\.js$/, /^dist\/src\/catalog\.js$/];
    const inTheSecond = [/^dist\/src\/commands\/build\.js$/, /^dist\/src\/pipeline\.js$/, /^dist\/src\/write\.js$/, /^dist\/src\/targets\/mcp\/emit\.js$/];
    for (const pattern of inTheBin) expect(holds(inBin, pattern), String(pattern)).toBe(true);
    for (const pattern of inTheSecond) expect(holds(inMore, pattern), String(pattern)).toBe(true);
    expect(inputsMatching(/^node_modules[\\/]yargs[\\/]/).length).toBeGreaterThan(0);
  });

  it("is readable: toolgen's modules keep their lines and are marked by their file", () => {
    expect(shipped).toContain("// dist/src/commands/lint.js\n");
    expect(shipped).toMatch(/\n {2}[^\n]*\n {4}/);
    expect(shipped.split("\n").length).toBeGreaterThan(5000);
  });

  it("carries no path of the machine that built it (the repository's own folder)", () => {
    for (const text of [shippedBin, shipped, shippedMore]) expect(text.includes(repoRoot)).toBe(false);
  });

  it("string-width (each copy) and wrap-ansi load on first call", () => {
    expect(inputsMatching(/^lazy-default:/).length).toBeGreaterThanOrEqual(2);
    expect(inputsMatching(/^lazy-default:.*[\\/]wrap-ansi[\\/]index\.js$/)).toHaveLength(1);
    expect(inputsMatching(/^lazy-default:.*[\\/]string-width[\\/]index\.js$/).length).toBeGreaterThanOrEqual(1);
  });
});
