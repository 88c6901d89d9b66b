/**
 * Issue 23 item 1: the generated folder works in every way a TypeScript project is built and run,
 * with the user's literal commands. A project made by `toolgen build` (ES module and CommonJS), the
 * README's `runTools` sample as quick.ts, then: `tsc` (no file list: the project's tsconfig.json,
 * outDir dist, with and without allowJs, with the usual `include` shapes) and `node dist/quick.js`;
 * `tsx quick.ts`; an esbuild bundle; Node 22 and 24 on the `.ts` files where they are installed.
 * Each run dispatches every seed tool with a valid input (its handler answers) and an invalid one
 * (a validation message), through the compiled output. The validators were once left out of
 * dist/ by tsc, and every call answered "could not validate the input … Cannot find module".
 */
import { spawnSync } from "node:child_process";
import { rm } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { VALIDATOR_NOT_BUILT } from "../../src/runtime/loaders.js";
import { cachedBin } from "./tool-cache.js";
import { repoRoot } from "../helpers.js";
import { repoTempDir } from "./compile.js";
import {
  BASE_OPTIONS,
  ESBUILD,
  callsFor,
  copyProject,
  expectAnswered,
  run,
  runQuick,
  tsc,
  userProject,
  writeTsconfig,
  type PackageType,
  type Project,
} from "./user-project.js";

const SEEDS = path.join(repoRoot, "schemas");
const SEED_EXAMPLES = {
  get_weather: { location: "Paris" },
  get_ticker_symbol: { company_name: "GM" },
  get_current_stock_price: { symbol: "GM" },
  get_stock_price: { ticker: "GM" },
};
const CALLS = callsFor(SEED_EXAMPLES);

const MODULE: Record<PackageType, object> = {
  esm: { module: "NodeNext", moduleResolution: "NodeNext" },
  cjs: { module: "NodeNext", moduleResolution: "NodeNext" },
};

/** tsconfig shapes: [name, layout, tsconfig beyond BASE_OPTIONS and the module settings]. */
const TSCONFIGS: [string, "root" | "src", { compilerOptions?: object; include?: string[] }][] = [
  ["allowJs, no include", "root", { compilerOptions: { allowJs: true } }],
  ["no allowJs, no include", "root", {}],
  ['include ["generated", "handlers", "quick.ts"]', "root", { include: ["generated", "handlers", "quick.ts"] }],
  ['include ["src"], allowJs', "src", { compilerOptions: { allowJs: true, rootDir: "src" }, include: ["src"] }],
];

const HEAVY = process.env["TOOLGEN_HEAVY"] === "1";
/**
 * The ways each package type is built: every tsconfig shape, tsx and esbuild for both under
 * TOOLGEN_HEAVY=1 (npm run test:heavy). The quick suite builds each package type with one tsc shape
 * and one runner; the shape "no allowJs, no include" is built by the tests below it (the validator left
 * out, in an ES-module project, and the synthetic tools, in a CommonJS one), and the file list
 * `include ["generated", "handlers", "quick.ts"]` only under TOOLGEN_HEAVY=1.
 */
const QUICK_WAYS: Record<PackageType, { shapes: string[]; tsx: boolean; esbuild: boolean }> = {
  esm: { shapes: ['include ["src"], allowJs'], tsx: false, esbuild: true },
  cjs: { shapes: ["allowJs, no include"], tsx: true, esbuild: false },
};
const waysOf = (type: PackageType) => (HEAVY ? { shapes: TSCONFIGS.map(([name]) => name), tsx: true, esbuild: true } : QUICK_WAYS[type]);

let seedProject: Promise<Project> | undefined;
/** A fresh copy of one ES-module project of the seed tools. */
const project0 = async (): Promise<Project> => copyProject(await (seedProject ??= userProject(SEEDS, { type: "esm" })));

describe.each(["esm", "cjs"] as const)("a %s project", (type) => {
  const projects = new Map<string, Promise<Project>>();
  const project = (layout: "root" | "src"): Promise<Project> => {
    let p = projects.get(layout);
    if (p === undefined) projects.set(layout, (p = userProject(SEEDS, { type, layout })));
    return p.then(copyProject);
  };

  const ways = waysOf(type);
  for (const [name, layout, shape] of TSCONFIGS.filter(([name]) => ways.shapes.includes(name))) {
    it(`tsc (${name}), then node dist/quick.js`, async () => {
      const { dir } = await project(layout);
      await writeTsconfig(dir, { ...shape, compilerOptions: { ...BASE_OPTIONS, ...MODULE[type], ...shape.compilerOptions } });
      tsc(dir);
      expectAnswered(runQuick(dir, path.join("dist", "quick.js"), CALLS), CALLS);
    });
  }

  if (ways.tsx) it("tsx quick.ts", async () => {
    const { dir } = await project("root");
    expectAnswered(runQuick(dir, "quick.ts", CALLS, [cachedBin("tsx@4", "tsx")]), CALLS);
  });

  if (ways.esbuild) it("esbuild --bundle, then node", async () => {
    const { dir } = await project("root");
    const format = type === "esm" ? "esm" : "cjs";
    run(ESBUILD, ["quick.ts", "--bundle", "--platform=node", `--format=${format}`, "--outfile=bundle/quick.js", "--log-level=warning"], dir);
    expectAnswered(runQuick(dir, path.join("bundle", "quick.js"), CALLS), CALLS);
  });
});


it("a validator left out of the build: the model gets no path, the error log says what to change", async () => {
  const { dir } = await project0();
  await writeTsconfig(dir, { compilerOptions: { ...BASE_OPTIONS, ...MODULE.esm } });
  tsc(dir);
  // What a build that copies only some files leaves: dist/ without this validator.
  await rm(path.join(dir, "dist", "generated", "validators", "get_weather.js"));
  const calls: [string, unknown][] = [["get_weather", { location: "Paris" }], ["get_weather", 42], ["get_stock_price", { ticker: "GM" }]];
  const r = spawnSync(process.execPath, [path.join("dist", "quick.js")], { cwd: dir, encoding: "utf8", input: JSON.stringify(calls) });
  expect(r.status).toBe(0);
  const blocks = JSON.parse(r.stdout) as { content?: unknown; is_error?: boolean }[];
  const unavailable = "Error: could not validate the input of tool 'get_weather' (Error: its validator could not be loaded: a fault in how the server was built, reported in its error log; the call was not run)";
  expect(blocks.slice(0, 2)).toEqual([
    { type: "tool_result", tool_use_id: "toolu_0", content: unavailable, is_error: true },
    { type: "tool_result", tool_use_id: "toolu_1", content: unavailable, is_error: true },
  ]);
  expect(JSON.stringify(blocks)).not.toContain(dir);
  expect(blocks[2]).toEqual({ type: "tool_result", tool_use_id: "toolu_2", content: JSON.stringify({ tool: "get_stock_price", input: { ticker: "GM" } }) });
  // Once per tool, on the host's error log: what to change, and the cause with the missing file.
  expect(r.stderr.split(VALIDATOR_NOT_BUILT).length - 1).toBe(1);
  expect(r.stderr).toContain(path.join(dir, "dist", "generated", "validators", "get_weather.js"));
});

/** `n` tools of the bench corpus (bench/corpus.mjs) and a valid input for each, from its own generator. */
async function synthetic(n: number): Promise<{ schemas: string; examples: Record<string, unknown> }> {
  const schemas = path.join(await repoTempDir(), "schemas");
  const corpus = path.join(repoRoot, "bench", "corpus.mjs");
  run(process.execPath, [corpus, schemas, String(n)], repoRoot);
  const script = `import { makeTool, makeInput } from ${JSON.stringify(corpus)};
    const out = {};
    for (let i = 0; i < ${n}; i++) { const t = makeTool(i); out[t.name] = makeInput(t.input_schema); }
    process.stdout.write(JSON.stringify(out));`;
  const made = run(process.execPath, ["--input-type=module", "-e", script], repoRoot);
  return { schemas, examples: JSON.parse(made.stdout) as Record<string, unknown> };
}

const MANY = HEAVY ? 1000 : 50;

describe(`${MANY} synthetic tools`, () => {
  const corpus = synthetic(MANY);
  const made = new Map<PackageType, Promise<Project>>();
  const project = async (type: PackageType): Promise<Project> => {
    const { schemas } = await corpus;
    let p = made.get(type);
    if (p === undefined) made.set(type, (p = userProject(schemas, { type })));
    return p.then(copyProject);
  };

  it("a CommonJS project: tsc (no include, no allowJs), then node dist/quick.js", async () => {
    const calls = callsFor((await corpus).examples);
    const { dir } = await project("cjs");
    await writeTsconfig(dir, { compilerOptions: { ...BASE_OPTIONS, ...MODULE.cjs } });
    tsc(dir);
    expectAnswered(runQuick(dir, path.join("dist", "quick.js"), calls), calls);
  });

  it("an ES-module project: esbuild --bundle, then node", async () => {
    const calls = callsFor((await corpus).examples);
    const { dir } = await project("esm");
    run(ESBUILD, ["quick.ts", "--bundle", "--platform=node", "--format=esm", "--outfile=bundle/quick.js", "--log-level=warning"], dir);
    expectAnswered(runQuick(dir, path.join("bundle", "quick.js"), calls), calls);
  });

  if (HEAVY) it("an ES-module project: tsc with include [\"generated\", \"handlers\", \"quick.ts\"], and tsx", { timeout: 900_000 }, async () => {
    const calls = callsFor((await corpus).examples);
    const { dir } = await project("esm");
    expectAnswered(runQuick(dir, "quick.ts", calls, [cachedBin("tsx@4", "tsx")]), calls);
    await writeTsconfig(dir, { compilerOptions: { ...BASE_OPTIONS, ...MODULE.esm }, include: ["generated", "handlers", "quick.ts"] });
    tsc(dir);
    expectAnswered(runQuick(dir, path.join("dist", "quick.js"), calls), calls);
  });
});
