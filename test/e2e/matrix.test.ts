/**
 * Issue 11 item 3: the generated code compiles AND runs in the projects people have. A matrix of
 * {ES-module package with NodeNext, CommonJS package (no "type") with NodeNext, bundler resolution}
 * x {strict on, strict off}, every case with noUnusedLocals and noUnusedParameters: the project's
 * tsconfig.json (outDir dist, include ["generated", "handlers"], no allowJs) decides what tsc
 * compiles, as `tsc` with no file list does, so the validators reach dist/ only by the imports
 * that name them (issue 23 item 1: handed to tsc as root names, .mjs validators hid that tsc left
 * them out). Node runs the emitted JavaScript, dispatching one call per tool through the handler
 * files.
 */
import { spawnSync } from "node:child_process";
import { cp, readFile, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { build } from "../../src/pipeline.js";
import { fixture, repoRoot } from "../helpers.js";
import { compileProject, repoTempDir } from "./compile.js";

type Setup = "esm-nodenext" | "cjs-nodenext" | "bundler";

const SETUPS: Record<Setup, { packageJson: object; options: object; runner: string }> = {
  "esm-nodenext": { packageJson: { type: "module" }, options: { module: "NodeNext", moduleResolution: "NodeNext" }, runner: "run.mjs" },
  "cjs-nodenext": { packageJson: {}, options: { module: "NodeNext", moduleResolution: "NodeNext" }, runner: "run.cjs" },
  bundler: { packageJson: { type: "module" }, options: { module: "ESNext", moduleResolution: "Bundler" }, runner: "run.mjs" },
};

/** Dispatches one call per example through dist/generated/index.js and prints the results as JSON. */
const RUN_BODY = `
const examples = JSON.parse(process.argv[2]);
const results = [];
for (const [name, input] of Object.entries(examples)) {
  results.push(await g.dispatcher.dispatch({ type: "tool_use", id: "toolu_" + name, name, input }));
}
const turn = g.renderFunctionCalls([{ name: Object.keys(examples)[0], input: Object.values(examples)[0] }]);
results.push(await g.dispatcher.dispatchFunctionCalls(turn));
process.stdout.write(JSON.stringify(results));
`;
const RUNNERS = {
  "run.mjs": `const g = await import("./dist/generated/index.js");\n${RUN_BODY}`,
  "run.cjs": `const g = require("./dist/generated/index.js");\n(async () => {\n${RUN_BODY}\n})();`,
};

const SEED_EXAMPLES = {
  get_weather: { location: "Paris" },
  get_ticker_symbol: { company_name: "GM" },
  get_current_stock_price: { symbol: "GM" },
  get_stock_price: { ticker: "GM" },
};

let built: { dir: string; examples: Record<string, unknown> }[] = [];

/** Builds a schemas folder once and makes every handler return `{tool, input}` (using both parameters). */
async function buildOnce(schemas: string, examples: Record<string, unknown>) {
  const dir = await repoTempDir();
  await cp(schemas, path.join(dir, "schemas"), { recursive: true });
  const handlers = path.join(dir, "handlers");
  await build({ schemas: path.join(dir, "schemas"), out: path.join(dir, "generated"), handlers, lint: false });
  for (const file of await readdir(handlers)) {
    const full = path.join(handlers, file);
    const text = await readFile(full, "utf8");
    await writeFile(full, text.replace(/  throw new Error\(.*\);\n/, "  return { tool: _context.toolName, input };\n"));
  }
  return { dir, examples };
}

beforeAll(async () => {
  const awkward = JSON.parse(await readFile(fixture("awkward", "examples.json"), "utf8")) as Record<string, unknown>;
  built = [
    await buildOnce(path.join(repoRoot, "schemas"), SEED_EXAMPLES),
    await buildOnce(fixture("awkward", "schemas"), awkward),
  ];
});

/** The project's tsconfig.json, then `tsc` as typed with no file list. */
async function compile(dir: string, setup: Setup, strict: boolean): Promise<string[]> {
  const compilerOptions = {
    ...SETUPS[setup].options,
    strict,
    noUnusedLocals: true,
    noUnusedParameters: true,
    target: "ES2022",
    lib: ["ES2022"],
    skipLibCheck: true,
    types: [],
    outDir: "dist",
  };
  await writeFile(path.join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions, include: ["generated", "handlers"] }));
  return compileProject(dir);
}

/**
 * The cases: every setup, strict on and off, for both folders. In test:heavy only (vitest.config.ts
 * HEAVY_ONLY); the quick suite's user projects are test/e2e/build-ways.test.ts's.
 */
const casesOf = (): [Setup, boolean][] => (Object.keys(SETUPS) as Setup[]).flatMap((setup): [Setup, boolean][] => [[setup, true], [setup, false]]);

describe.each([0, 1])("generated code (%#: seed tools, then awkward names)", (which) => {
  for (const [setup, strict] of casesOf()) {
    it(`compiles and runs: ${setup}, strict ${strict ? "on" : "off"}`, async () => {
      const { dir: source, examples } = built[which]!;
      const dir = await repoTempDir();
      await cp(path.join(source, "generated"), path.join(dir, "generated"), { recursive: true });
      await cp(path.join(source, "handlers"), path.join(dir, "handlers"), { recursive: true });
      const { packageJson, runner } = SETUPS[setup];
      await writeFile(path.join(dir, "package.json"), JSON.stringify(packageJson));
      await writeFile(path.join(dir, runner), RUNNERS[runner as keyof typeof RUNNERS]);

      expect(await compile(dir, setup, strict)).toEqual([]);

      const run = spawnSync(process.execPath, [runner, JSON.stringify(examples)], { cwd: dir, encoding: "utf8" });
      expect(run.stderr).toBe("");
      const results = JSON.parse(run.stdout) as unknown[];
      const names = Object.keys(examples);
      expect(results.slice(0, names.length)).toEqual(
        names.map((tool) => ({
          type: "tool_result",
          tool_use_id: `toolu_${tool}`,
          content: JSON.stringify({ tool, input: examples[tool] }),
        })),
      );
      expect(results[names.length]).toContain(`<tool_name>${names[0]}</tool_name>`);
    });
  }
});
