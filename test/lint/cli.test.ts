/**
 * The command line as shipped (dist/bin/, built once by test/global-setup.ts) in a child process: exit codes, and
 * what `toolgen lint` loads.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { recordLoads } from "../helpers.js";
import { fixture } from "./helpers/run-lint.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
const cli = path.join(root, "dist/bin/toolgen.cjs");

/** Packages `toolgen lint` must never load: the code generators and their compiler. */
const HEAVY = /node_modules[\\/](typescript|ts-morph|@ts-morph[\\/][^\\/]+|json-schema-to-typescript|prettier|handlebars)[\\/]/;

beforeAll(() => {
  if (!existsSync(cli)) throw new Error(`${cli} is missing: test/global-setup.ts compiles it`);
});

function toolgen(args: string[], cwd: string, env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: "utf8", env: { ...process.env, NO_COLOR: "1", ...env } });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("toolgen lint loads no code generator", () => {
  it("the recorder sees heavy modules when they are loaded, by import or by require", () => {
    const script = 'await import("handlebars"); (await import("node:module")).createRequire(import.meta.url)("typescript");';
    const run = recordLoads(["--input-type=module", "-e", script], root);
    expect(run.code, run.stderr).toBe(0);
    expect(run.loads.some((l) => l.startsWith("esm ") && /node_modules\/handlebars\//.test(l))).toBe(true);
    expect(run.loads.some((l) => l.startsWith("cjs ") && /node_modules\/typescript\//.test(l))).toBe(true);
  });

  it.each([
    ["the whole schemas folder, with findings", [], "project"],
    ["named files", ["schemas/get_weather.yaml", "schemas/get_stock_price.json"], "project"],
    ["a clean folder", [], "clean"],
  ])("%s", (_name, paths, name) => {
    const run = recordLoads([cli, "lint", ...paths, "--format", "json"], fixture(name));
    expect(run.stderr).toBe("");
    // The linter ran from the bundled command line (dist/bin/toolgen.cjs and the main file it runs, nothing else of toolgen's), and exited as lint does.
    const own = run.loads.filter((l) => l.includes(path.join(root, "dist"))).map((l) => l.replace(/^(esm|cjs|run) (file:\/\/)?/, ""));
    expect(new Set(own)).toEqual(new Set([cli, path.join(root, "dist/bin/toolgen-main.cjs")]));
    expect(run.code).toBe(name === "clean" ? 0 : 1);
    expect(run.loads.filter((l) => HEAVY.test(l))).toEqual([]);
  });

  it("nor does a schema under a 2020-12 $schema (which loads Ajv itself)", () => {
    const run = recordLoads([cli, "lint", "--format", "json"], fixture("dialect-2020"));
    expect(run.code, run.stderr).toBe(0);
    expect(run.loads.some((l) => /node_modules\/ajv\/dist\/2020\.js/.test(l))).toBe(true);
    expect(run.loads.filter((l) => HEAVY.test(l))).toEqual([]);
  });
});

describe("toolgen lint exit codes", () => {
  it("0 when clean, printing nothing", () => {
    expect(toolgen(["lint"], fixture("clean"))).toEqual({ code: 0, stdout: "", stderr: "" });
  });

  it("1 on errors, with the report on stdout", () => {
    const run = toolgen(["lint"], fixture("project"));
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("schema-valid");
  });

  it("0 with warnings; 1 when they exceed --max-warnings", () => {
    expect(toolgen(["lint"], fixture("warnings-only")).code).toBe(0);
    const over = toolgen(["lint", "--max-warnings", "0"], fixture("warnings-only"));
    expect(over.code).toBe(1);
    expect(over.stderr).toContain("too many warnings (2, --max-warnings 0)");
  });

  it.each([
    ["an unknown rule in the config", [], "config-unknown-rule", "unknown rule 'description-min-sentence'"],
    ["a path that does not exist", ["schemas/nope.json"], "clean", "no such file or folder: schemas/nope.json"],
    ["an unknown format", ["--format", "xml"], "clean", "Invalid values"],
    ["a --max-warnings that is not a number", ["--max-warnings", "many"], "clean", "--max-warnings must be a whole number"],
  ])("2 for a usage error: %s", (_name, args, name, message) => {
    const run = toolgen(["lint", ...args], fixture(name));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
    expect(run.stdout).toBe("");
  });
});
