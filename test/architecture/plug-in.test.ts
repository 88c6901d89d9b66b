/**
 * Issue 22's promises that a target is one folder and a rule is one file:
 * - a copy of toolgen gets the toy target (test/fixtures/toy-target: a made-up provider with one name
 *   rule, one output and one setting, also CONTRIBUTING.md's worked example) as its folder plus one
 *   entry in src/catalog.ts, and a new base rule (test/fixtures/new-rule) as its file and its docs
 *   page, and nothing else by hand;
 * - issue 36's promise that a feature is one folder too: the toy feature (test/fixtures/toy-feature:
 *   one setting, one rule, one output that lists the tools arrays the build's outputs provide, asked
 *   for by kind) as its folder plus one entry in FEATURES, and the toy target's tools array (its
 *   output declares it in `provides`) is filtered by the toolsets output with no other file edited;
 * - the copy is built as `npm run build` builds toolgen (scripts/build.mjs: the rule index, the
 *   precompiled templates, tsc, docs/lint.md's rule table, the bin's bundle), and its bin then accepts the setting in toolgen.config.json, lists it in
 *   `build --help`, hands it to the output, runs the target's rule when `targets` names it, and runs
 *   the new rule.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TARGET_IDS } from "../../src/catalog.js";
import { removeAfterFile } from "../file-cleanup.js";
import { fixture, repoRoot } from "../helpers.js";
import { compile } from "../mcp/harness.js";

const OUT = path.join(repoRoot, "test", "__out__");
let copy = "";
let bin = "";

/** The catalogue's list of targets as written (`const TARGET_TUPLE = [...] as const;`), and its ids. */
const catalogText = readFileSync(path.join(repoRoot, "src", "catalog.ts"), "utf8");
const list = /^const TARGET_TUPLE = \[([^\]]*)\] as const;$/m.exec(catalogText)?.[0] ?? "";
const withToy = list.replace("] as const;", ", toy] as const;");
const targetIds = TARGET_IDS.join(", ");

/** The catalogue's list of features as written, and with the toy feature. */
const features = /^const FEATURE_TUPLE = \[([^\]]*)\] as const;$/m.exec(catalogText)?.[0] ?? "";
const withToyFeature = features.replace("] as const;", ", toyCensus] as const;");

/** The catalogue entries: the target's import and its place in the list of targets, the feature's in FEATURE_TUPLE. */
function addToCatalog(text: string): string {
  const importLine = `import openai from "./targets/openai/index.js";\n`;
  const featureImport = `import deferral from "./features/deferral/index.js";\n`;
  expect(text).toContain(importLine);
  expect(text).toContain(featureImport);
  expect(list).toMatch(/^const TARGET_TUPLE = \[anthropic, openai, /);
  expect(features).toMatch(/^const FEATURE_TUPLE = \[toolsetsFeature, searchFeature, deferral/);
  return text
    .replace(importLine, `${importLine}import toy from "./targets/toy/index.js";\n`)
    .replace(list, withToy)
    .replace(featureImport, `${featureImport}import toyCensus from "./features/toy-census/index.js";\n`)
    .replace(features, withToyFeature);
}

/** Lines of `after` that `before` does not have, and the reverse. */
function lineChanges(before: string, after: string): { added: string[]; removed: string[] } {
  const a = before.split("\n");
  const b = after.split("\n");
  return { added: b.filter((l) => !a.includes(l)), removed: a.filter((l) => !b.includes(l)) };
}

function run(args: string[], cwd: string): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [bin, ...args], { cwd, encoding: "utf8", env: { ...process.env, NO_COLOR: "1", CI: "true" } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

function project(config: Record<string, unknown>, tools: Record<string, string>): string {
  const dir = mkdtempSync(path.join(OUT, "toy-project-"));
  removeAfterFile(dir);
  mkdirSync(path.join(dir, ".git"));
  mkdirSync(path.join(dir, "schemas"));
  writeFileSync(path.join(dir, "toolgen.config.json"), JSON.stringify(config));
  for (const [name, description] of Object.entries(tools)) {
    const tool = { name, description, input_schema: { type: "object", properties: {} } };
    writeFileSync(path.join(dir, "schemas", `${name}.json`), `${JSON.stringify(tool, null, 2)}\n`);
  }
  return dir;
}

beforeAll(() => {
  mkdirSync(OUT, { recursive: true });
  copy = mkdtempSync(path.join(OUT, "plug-in-"));
  for (const entry of ["src", "cli", "templates", "schemas", "docs", "package.json", "tsconfig.json", "tsconfig.build.json"]) {
    cpSync(path.join(repoRoot, entry), path.join(copy, entry), { recursive: true });
  }
  for (const entry of ["scripts/build.mjs", "scripts/rules-index.mjs", "scripts/templates.mjs", "scripts/built-from.mjs"]) cpSync(path.join(repoRoot, entry), path.join(copy, entry));
  cpSync(fixture("toy-target"), copy, { recursive: true });
  cpSync(fixture("new-rule"), copy, { recursive: true });
  cpSync(fixture("toy-feature"), copy, { recursive: true });
  const catalog = path.join(copy, "src", "catalog.ts");
  writeFileSync(catalog, addToCatalog(readFileSync(catalog, "utf8")));
  // `npm run build` (scripts/build.mjs): the rule index, the precompiled templates, tsc (type errors
  // fail the test), docs/lint.md's rule table, the bin's bundle.
  const built = spawnSync(process.execPath, [path.join(copy, "scripts", "build.mjs")], { cwd: copy, encoding: "utf8" });
  expect(built.stdout + built.stderr).toBe("");
  expect(built.status).toBe(0);
  bin = path.join(copy, "dist", "bin", "toolgen.cjs");
});

afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

describe("a new target plugs in by its folder and one catalogue entry", () => {
  it("changes nothing else: the catalogue gains its import and its place in the list", () => {
    const { added, removed } = lineChanges(readFileSync(path.join(repoRoot, "src", "catalog.ts"), "utf8"), readFileSync(path.join(copy, "src", "catalog.ts"), "utf8"));
    expect(added).toEqual([`import toy from "./targets/toy/index.js";`, `import toyCensus from "./features/toy-census/index.js";`, withToy, withToyFeature]);
    expect(removed).toEqual([list, features]);
  });

  it("its setting shows in build --help, and --targets names it", () => {
    const help = run(["build", "--help"], copy);
    expect(help.status).toBe(0);
    const text = help.stdout.replace(/\s+/g, " ");
    expect(text).toContain("toyGreeting the greeting the toy output writes first in toy-tools.json [default: hello]");
    expect(text).toContain(`${targetIds}, toy`);
  });

  it("its setting is accepted in toolgen.config.json and reaches its output", () => {
    const dir = project({ outputs: ["native", "types", "toy"], toyGreeting: "ahoy" }, { get_weather: "Gets the weather." });
    const built = run(["build", "--no-cache"], dir);
    expect(built.status, built.stderr).toBe(0);
    expect(JSON.parse(readFileSync(path.join(dir, "generated", "toy-tools.json"), "utf8"))).toEqual({
      greeting: "ahoy",
      tools: [{ name: "get_weather", description: "Gets the weather." }],
    });
  });

  it("its tools array is toolset-filtered, with no edit to src/toolsets/ (it provides a `tool-array`)", async () => {
    for (const file of ["src/toolsets/emit.ts", "src/features/toolsets/output.ts", "src/emit/capabilities.ts"]) {
      expect(readFileSync(path.join(copy, file), "utf8"), file).toBe(readFileSync(path.join(repoRoot, file), "utf8"));
    }
    const tools = { get_weather: "Gets the weather.", get_time: "Gets the time.", send_email: "Sends an email." };
    const dir = project({ outputs: ["native", "types", "validators", "runtime", "index", "handlers", "toy", "toolsets"], toolsets: { reads: ["get_*"] } }, tools);
    const built = run(["build", "--no-cache"], dir);
    expect(built.status, built.stderr).toBe(0);
    const toolset = readFileSync(path.join(dir, "generated", "toolsets", "reads.ts"), "utf8");
    expect(toolset).toContain(`import { toyTools as folderToyTools } from "../toy.js";`);
    expect(toolset).toContain("export const toyTools: typeof folderToyTools = folderToyTools.filter((t) => members.has(t.name));");
    // It compiles (strict) and, run, holds the toolset's tools only.
    expect(compile(dir, [path.join(dir, "generated", "toolsets", "reads.ts")], [])).toEqual([]);
    const mod = (await import(pathToFileURL(path.join(dir, "dist", "generated", "toolsets", "reads.js")).href)) as { toyTools: { name: string }[] };
    expect(mod.toyTools.map((t) => t.name).sort()).toEqual(["get_time", "get_weather"]);
  });


  it("its setting is checked by its own declaration", () => {
    const dir = project({ toyGreeting: 42 }, { get_weather: "Gets the weather." });
    const built = run(["build"], dir);
    expect(built.status).toBe(2);
    expect(built.stderr).toContain("toolgen.config.json: 'toyGreeting' must be a non-empty string");
  });

  it("its rule runs when `targets` names it, and only then", () => {
    const targeted = run(["lint", "schemas", "--format", "json"], project({ targets: ["anthropic", "toy"] }, { GetWeather: "Gets the weather." }));
    expect(targeted.status).toBe(1);
    const findings = JSON.parse(targeted.stdout) as { rule: string; message: string }[];
    expect(findings.find((f) => f.rule === "toy/tool-name-format")?.message).toBe(
      `Toy: tool name 'GetWeather' does not match ^[a-z_]{1,16}$: "G" is not allowed (use lower-case letters and _)`,
    );
    const plain = run(["lint", "schemas", "--format", "json"], project({}, { GetWeather: "Gets the weather." }));
    expect((JSON.parse(plain.stdout) as { rule: string }[]).map((f) => f.rule)).not.toContain("toy/tool-name-format");
  });
});

describe("a new feature plugs in by its folder and one catalogue entry", () => {
  it("its setting shows in build --help, and is checked by its own declaration", () => {
    const help = run(["build", "--help"], copy);
    expect(help.stdout.replace(/\s+/g, " ")).toContain("toyCensusTitle the heading of toy-census.json [default: Tool arrays]");
    const bad = run(["build"], project({ toyCensusTitle: "" }, { get_weather: "Gets the weather." }));
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("toolgen.config.json: 'toyCensusTitle' must be a non-empty string");
  });

  it("its output lists every provided tools array, the toy target's among them, and reads its setting", () => {
    const outputs = ["native", "types", "validators", "runtime", "index", "handlers", "openai", "toy", "toy-census"];
    const dir = project({ outputs, toyCensusTitle: "Arrays" }, { get_weather: "Gets the weather." });
    const built = run(["build", "--no-cache"], dir);
    expect(built.status, built.stderr).toBe(0);
    expect(JSON.parse(readFileSync(path.join(dir, "generated", "toy-census.json"), "utf8"))).toEqual({
      title: "Arrays",
      tools: 1,
      arrays: [
        { module: "openai.ts", export: "chatCompletionTools", format: "openai-chat" },
        { module: "openai.ts", export: "responsesTools", format: "openai-responses" },
        { module: "toy.ts", export: "toyTools", format: "toy" },
      ],
    });
  });

  it("its rule runs with the base rules, at its default severity", () => {
    const linted = run(["lint", "schemas", "--format", "json"], project({}, { get_weather: "Gets the weather" }));
    const findings = JSON.parse(linted.stdout) as { rule: string; severity: string; message: string }[];
    expect(findings.find((f) => f.rule === "toy-description-sentence")).toMatchObject({
      severity: "warning",
      message: "tool 'get_weather': the description does not end with a full stop; the census lists it as it is",
    });
  });
});

describe("a new rule plugs in by its file and its docs page", () => {
  it("the rule index and docs/lint.md's table are written from the rule files", () => {
    const index = readFileSync(path.join(copy, "src", "lint", "rules", "index.ts"), "utf8");
    const { added, removed } = lineChanges(readFileSync(path.join(repoRoot, "src", "lint", "rules", "index.ts"), "utf8"), index);
    expect(added).toEqual([`import descriptionNoTodo from "./description-no-todo.js";`, "  descriptionNoTodo,"]);
    expect(removed).toEqual([]);
    expect(readFileSync(path.join(copy, "docs", "lint.md"), "utf8")).toContain(
      "| [`description-no-todo`](rules/description-no-todo.md) | warning | A tool description still says TODO |",
    );
  });

  it("runs at its default severity, and the config's rules can set it", () => {
    const dir = project({}, { get_weather: "TODO" });
    const linted = run(["lint", "schemas", "--format", "json"], dir);
    const findings = JSON.parse(linted.stdout) as { rule: string; severity: string; message: string }[];
    expect(findings.find((f) => f.rule === "description-no-todo")).toMatchObject({
      severity: "warning",
      message: "tool 'get_weather': the description still says TODO; the model reads it as it is",
    });
    const off = run(["lint", "schemas", "--format", "json"], project({ rules: { "description-no-todo": "off" } }, { get_weather: "TODO" }));
    expect((JSON.parse(off.stdout) as { rule: string }[]).map((f) => f.rule)).not.toContain("description-no-todo");
  });
});
