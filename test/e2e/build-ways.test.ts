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
import path from "node:path";
import { describe, it } from "vitest";
import { repoRoot } from "../helpers.js";
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

describe.each(["esm", "cjs"] as const)("a %s project", (type) => {
  const projects = new Map<string, Promise<Project>>();
  const project = (layout: "root" | "src"): Promise<Project> => {
    let p = projects.get(layout);
    if (p === undefined) projects.set(layout, (p = userProject(SEEDS, { type, layout })));
    return p.then(copyProject);
  };

  for (const [name, layout, shape] of TSCONFIGS) {
    it(`tsc (${name}), then node dist/quick.js`, { timeout: 180_000 }, async () => {
      const { dir } = await project(layout);
      await writeTsconfig(dir, { ...shape, compilerOptions: { ...BASE_OPTIONS, ...MODULE[type], ...shape.compilerOptions } });
      tsc(dir);
      expectAnswered(runQuick(dir, path.join("dist", "quick.js"), CALLS), CALLS);
    });
  }

  it("esbuild --bundle, then node", { timeout: 120_000 }, async () => {
    const { dir } = await project("root");
    const format = type === "esm" ? "esm" : "cjs";
    run(ESBUILD, ["quick.ts", "--bundle", "--platform=node", `--format=${format}`, "--outfile=bundle/quick.js", "--log-level=warning"], dir);
    expectAnswered(runQuick(dir, path.join("bundle", "quick.js"), CALLS), CALLS);
  });
});

