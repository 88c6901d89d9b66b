/**
 * Issue 22's promises that a target is one folder and a rule is one file:
 * - a copy of toolgen gets the toy target (test/fixtures/toy-target: a made-up provider with one name
 *   rule, one output and one setting, also CONTRIBUTING.md's worked example) as its folder plus one
 *   entry in src/catalog.ts, and a new base rule (test/fixtures/new-rule) as its file and its docs
 *   page, and nothing else by hand;
 * - the copy is built as `npm run build` builds toolgen (scripts/build.mjs: the rule index, the
 *   precompiled templates, tsc, docs/lint.md's rule table, the bin's bundle), and its bin then accepts the setting in toolgen.config.json, lists it in
 *   `build --help`, hands it to the output, runs the target's rule when `targets` names it, and runs
 *   the new rule.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TARGET_IDS } from "../../src/catalog.js";
import { removeAfterFile } from "../file-cleanup.js";
import { fixture, repoRoot } from "../helpers.js";

const OUT = path.join(repoRoot, "test", "__out__");
let copy = "";
let bin = "";

/** The catalogue's list of targets as written (`const TARGET_TUPLE = [...] as const;`), and its ids. */
const catalogText = readFileSync(path.join(repoRoot, "src", "catalog.ts"), "utf8");
const list = /^const TARGET_TUPLE = \[([^\]]*)\] as const;$/m.exec(catalogText)?.[0] ?? "";
const withToy = list.replace("] as const;", ", toy] as const;");
const targetIds = TARGET_IDS.join(", ");

/** The catalogue entry: its import, and its place in the list of targets. */
function addToCatalog(text: string): string {
  const importLine = `import openai from "./targets/openai/index.js";\n`;
  expect(text).toContain(importLine);
  expect(list).toMatch(/^const TARGET_TUPLE = \[anthropic, openai, /);
  return text.replace(importLine, `${importLine}import toy from "./targets/toy/index.js";\n`).replace(list, withToy);
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
  const catalog = path.join(copy, "src", "catalog.ts");
  writeFileSync(catalog, addToCatalog(readFileSync(catalog, "utf8")));
  // `npm run build` (scripts/build.mjs): the rule index, the precompiled templates, tsc (type errors
  // fail the test), docs/lint.md's rule table, the bin's bundle.
  const built = spawnSync(process.execPath, [path.join(copy, "scripts", "build.mjs")], { cwd: copy, encoding: "utf8" });
  expect(built.stdout + built.stderr).toBe("");
  expect(built.status).toBe(0);
  bin = path.join(copy, "dist", "bin", "toolgen.cjs");
}, 240_000);

afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

describe("a new target plugs in by its folder and one catalogue entry", () => {
  it("changes nothing else: the catalogue gains its import and its place in the list", () => {
    const { added, removed } = lineChanges(readFileSync(path.join(repoRoot, "src", "catalog.ts"), "utf8"), readFileSync(path.join(copy, "src", "catalog.ts"), "utf8"));
    expect(added).toEqual([`import toy from "./targets/toy/index.js";`, withToy]);
    expect(removed).toEqual([list]);
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
