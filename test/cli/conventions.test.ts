/**
 * The command line as shipped (dist/bin/toolgen.cjs, built by test/global-setup.ts), run in a child
 * process from a scratch project: issue 11.5 (--version), 12.2 (monorepos), 12.6 (config discovery
 * and CLI conventions), and issue 9's one parser / one bundle.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { recordLoads, repoRoot, tempDir } from "../helpers.js";

const cli = path.join(repoRoot, "dist", "bin", "toolgen.cjs");
/** The bin's main file (which the bin, cli/launch.cjs, runs) and its second file: the commands other than lint and the code generators (cli/bundle.mjs). */
const main = path.join(repoRoot, "dist", "bin", "toolgen-main.cjs");
const more = path.join(repoRoot, "dist", "bin", "toolgen-more.cjs");
const ownVersion = (JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")) as { version: string }).version;

function toolgen(cwd: string, args: string[], env: Record<string, string | undefined> = {}) {
  const base: Record<string, string | undefined> = { ...process.env };
  delete base.FORCE_COLOR;
  delete base.NO_COLOR;
  const r = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: "utf8", env: { ...base, ...env } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const SENTENCES = "Looks the thing up. Returns what it found. Use it when the user asks.";
/** A tool: clean (three sentences), or with a warning (one sentence). */
const tool = (name: string, description = SENTENCES) =>
  JSON.stringify({ name, description, input_schema: { type: "object", properties: { q: { type: "string", description: "What to look up." } } } });

/** A scratch repository (with .git) holding `files` (path -> contents). */
async function repo(files: Record<string, string>): Promise<string> {
  const dir = await tempDir("toolgen-cli-");
  await mkdir(path.join(dir, ".git"));
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
  return dir;
}

describe("toolgen --version (issue 11.5)", () => {
  it("prints toolgen's version, not the version of the project it runs in", async () => {
    const host = await repo({ "package.json": JSON.stringify({ name: "host-app", version: "9.9.9" }) });
    const run = toolgen(host, ["--version"]);
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe(ownVersion);
    expect(toolgen(host, ["lint", "--version"]).stdout.trim()).toBe(ownVersion);
    // Installed as a dependency (the bin under the host's node_modules, where yargs' own guess looks
    // above the last `node_modules` and finds the host's package.json). test/package.test.ts does
    // the same from the packed tarball.
    const installed = path.join(host, "node_modules", "toolgen");
    await mkdir(path.join(installed, "dist", "bin"), { recursive: true });
    await writeFile(path.join(installed, "package.json"), JSON.stringify({ name: "toolgen", version: "3.2.1" }));
    await writeFile(path.join(installed, "dist", "bin", "toolgen.cjs"), await readFile(cli));
    await writeFile(path.join(installed, "dist", "bin", "toolgen-main.cjs"), await readFile(main));
    const r = spawnSync(process.execPath, [path.join(installed, "dist", "bin", "toolgen.cjs"), "--version"], { cwd: host, encoding: "utf8" });
    expect(r.stderr).toBe("");
    expect(r.stdout.trim()).toBe("3.2.1");
  });
});

describe("one parser, one bundle (issue 9)", () => {
  // Issue 22: the bin's main file and its second file (cli/bundle.mjs), so that a lint compiles the
  // main file alone; the bin runs the main file itself (cli/launch.cjs), unseen by Module._load.
  it("dist/bin is the bin, two files and their licence notices: lint runs the main file only, build the second file too; neither loads toolgen's or yargs' files from node_modules", async () => {
    expect(readdirSync(path.join(repoRoot, "dist", "bin")).sort()).toEqual(["THIRD-PARTY-LICENSES.txt", "toolgen-main.cjs", "toolgen-more.cjs", "toolgen.cjs"]);
    const p = await repo({ "schemas/a.json": tool("a") });
    for (const [args, files] of [
      [["lint"], [cli, main]],
      [["build", "--no-cache"], [cli, main, more]],
      [["--help"], [cli, main]],
    ] as const) {
      const r = recordLoads([cli, ...args], p);
      expect(r.code, r.stderr).toBe(0);
      const own = new Set(r.loads.filter((l) => l.includes(path.join(repoRoot, "dist"))).map((l) => l.replace(/^(esm|cjs|run) (file:\/\/)?/, "")));
      expect(own).toEqual(new Set(files));
      expect(r.loads.filter((l) => /node_modules[\\/](yargs|yargs-parser|cliui|y18n)[\\/]/.test(l))).toEqual([]);
    }
  });

  it("no V8 flag is set: no file of the bundle has setFlagsFromString", async () => {
    for (const file of [cli, main, more]) expect(await readFile(file, "utf8")).not.toMatch(/setFlagsFromString|interrupt-budget/);
  });
});

describe("CLI conventions (issue 12.6)", () => {
  it("did you mean, for an unknown flag", () => {
    const run = toolgen(repoRoot, ["lint", "--max-warning", "3"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("did you mean --max-warnings?");
    expect(toolgen(repoRoot, ["build", "--chek"]).stderr).toContain("did you mean --check?");
    expect(toolgen(repoRoot, ["lint", "--zzzzzzzz"]).stderr).not.toContain("did you mean");
  });

  it("--quiet reports errors only; warnings still count for --max-warnings", async () => {
    const p = await repo({ "schemas/a.json": tool("a", "Looks it up."), "schemas/b.json": tool("b!", SENTENCES) });
    const loud = toolgen(p, ["lint", "--format", "json"]);
    const quiet = toolgen(p, ["lint", "--quiet", "--format", "json"]);
    expect(loud.code).toBe(1);
    expect(quiet.code).toBe(1);
    const severities = (text: string) => (JSON.parse(text) as { severity: string }[]).map((d) => d.severity).sort();
    expect(severities(loud.stdout)).toContain("warning");
    expect(new Set(severities(quiet.stdout))).toEqual(new Set(["error"]));
    const warningsOnly = await repo({ "schemas/a.json": tool("a", "Looks it up.") });
    const over = toolgen(warningsOnly, ["lint", "--quiet", "--max-warnings", "0"]);
    expect(over).toMatchObject({ code: 1, stdout: "" });
    expect(over.stderr).toContain("too many warnings (1, --max-warnings 0)");
  });

  it("--max-warnings -1 means no limit", async () => {
    const p = await repo({ "schemas/a.json": tool("a", "Looks it up.") });
    expect(toolgen(p, ["lint", "--max-warnings", "-1"]).code).toBe(0);
    expect(toolgen(p, ["lint", "--max-warnings=-1"]).code).toBe(0);
    expect(toolgen(p, ["lint", "--max-warnings", "-2"]).code).toBe(2);
  });

  it("-o/--output-file writes the report there (folders made), not to stdout", async () => {
    const p = await repo({ "schemas/a.json": tool("a", "Looks it up.") });
    const run = toolgen(p, ["lint", "-o", "reports/lint.json", "--format", "json"], { FORCE_COLOR: "1" });
    expect(run).toMatchObject({ code: 0, stdout: "" });
    const report = JSON.parse(await readFile(path.join(p, "reports", "lint.json"), "utf8")) as { rule: string }[];
    expect(report.map((d) => d.rule)).toEqual(["description-min-sentences"]);
    expect(toolgen(p, ["lint", "--output-file", "stylish.txt"], { FORCE_COLOR: "1" }).code).toBe(0);
    expect(await readFile(path.join(p, "stylish.txt"), "utf8")).not.toContain("\u001b[");
    await writeFile(path.join(p, "blocked"), "a file, not a folder");
    const blocked = toolgen(p, ["lint", "-o", "blocked/report.txt"]);
    expect(blocked.code).toBe(2);
    expect(blocked.stderr).toContain("cannot write the report to blocked/report.txt");
  });

  it("--color / --no-color, FORCE_COLOR and NO_COLOR (a pipe is no terminal)", async () => {
    const p = await repo({ "schemas/a.json": tool("a", "Looks it up.") });
    const colored = (args: string[], env: Record<string, string | undefined> = {}) => toolgen(p, ["lint", ...args], env).stdout.includes("\u001b[");
    expect(colored([])).toBe(false);
    expect(colored(["--color"])).toBe(true);
    expect(colored([], { FORCE_COLOR: "1" })).toBe(true);
    expect(colored([], { FORCE_COLOR: "0" })).toBe(false);
    expect(colored(["--no-color"], { FORCE_COLOR: "1" })).toBe(false);
    expect(colored([], { FORCE_COLOR: "1", NO_COLOR: "1" })).toBe(true);
    expect(colored(["--color"], { NO_COLOR: "1" })).toBe(true);
  });

  it('"warn" is a severity, as eslint users write it', async () => {
    const p = await repo({
      "schemas/a.json": tool("a"),
      "schemas/b.json": tool("a"),
      "toolgen.config.json": JSON.stringify({ rules: { "tool-name-unique": "warn", "description-min-sentences": ["warn", { min: 4 }] } }),
    });
    const run = toolgen(p, ["lint", "--format", "json"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const found = JSON.parse(run.stdout) as { rule: string; severity: string }[];
    expect(found.some((d) => d.rule === "tool-name-unique" && d.severity === "warning")).toBe(true);
    expect(found.some((d) => d.rule === "description-min-sentences" && d.severity === "warning")).toBe(true);
  });

  it("a missing or empty schemas folder is a usage error (exit 2), with a message", async () => {
    const p = await repo({});
    const missing = toolgen(p, ["lint"]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("schemas folder not found: schemas");
    await mkdir(path.join(p, "schemas"));
    await writeFile(path.join(p, "schemas", "README.md"), "not a schema");
    const empty = toolgen(p, ["lint"]);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain("no schema files (*.json, *.yaml, *.yml) in the schemas folder: schemas");
  });
});

describe("config discovery (issue 12.6)", () => {
  /** A repo whose only tool warns unless the config turns description-min-sentences off. */
  const warns = (cwd: string, args: string[] = []) => {
    const run = toolgen(cwd, ["lint", "--format", "json", ...args]);
    if (run.code === 2) throw new Error(run.stderr);
    return (JSON.parse(run.stdout) as unknown[]).length > 0;
  };
  const off = { rules: { "description-min-sentences": "off" } };

  it("reads toolgen.config.yaml, .yml, and a \"toolgen\" key in package.json", async () => {
    for (const [file, text] of [
      ["toolgen.config.yaml", "rules:\n  description-min-sentences: off\n"],
      ["toolgen.config.yml", "schemas: tools\nrules:\n  description-min-sentences: 'off'\n"],
      ["package.json", JSON.stringify({ name: "app", toolgen: off })],
    ] as const) {
      const folder = file.endsWith(".yml") ? "tools" : "schemas";
      const p = await repo({ [`${folder}/a.json`]: tool("a", "Looks it up."), [file]: text });
      expect(warns(p), file).toBe(false);
    }
    const plain = await repo({ "schemas/a.json": tool("a", "Looks it up."), "package.json": JSON.stringify({ name: "app" }) });
    expect(warns(plain)).toBe(true);
  });

  it("searches parent folders up to the repository root, and no further", async () => {
    const p = await repo({ "toolgen.config.json": JSON.stringify({ ...off, schemas: "app/schemas" }), "app/schemas/a.json": tool("a", "Looks it up.") });
    expect(warns(path.join(p, "app", "schemas"), ["."])).toBe(false);
    expect(warns(path.join(p, "app"), ["schemas/a.json"])).toBe(false);
    const outer = await repo({ "toolgen.config.json": JSON.stringify(off) });
    const inner = path.join(outer, "inner");
    await mkdir(path.join(inner, ".git"), { recursive: true });
    await mkdir(path.join(inner, "schemas"));
    await writeFile(path.join(inner, "schemas", "a.json"), tool("a", "Looks it up."));
    expect(warns(inner)).toBe(true);
  });

  it("a config that exists but cannot be read or parsed is an error, never ignored", async () => {
    const cases: [string, string, RegExp][] = [
      ["toolgen.config.json", "{ not json", /toolgen\.config\.json: not valid JSON/],
      ["toolgen.config.yaml", "rules: [unclosed", /toolgen\.config\.yaml:\d+:\d+: not valid YAML/],
      ["toolgen.config.yml", "- a list\n", /toolgen\.config\.yml: must hold an object/],
      ["package.json", "{ broken", /package\.json: not valid JSON/],
      ["toolgen.config.js", "export default {}", /does not load JavaScript configs/],
      ["toolgen.config.yaml", `a: &a [${"x,".repeat(20)}x]\n${Array.from({ length: 12 }, (_, i) => `b${i}: &b${i} [${Array(12).fill(i === 0 ? "*a" : `*b${i - 1}`).join(", ")}]`).join("\n")}\n`, /toolgen\.config\.yaml: not valid YAML/],
    ];
    for (const [file, text, message] of cases) {
      const p = await repo({ "schemas/a.json": tool("a"), [file]: text });
      const run = toolgen(p, ["lint"]);
      expect(run.code, file).toBe(2);
      expect(run.stderr).toMatch(message);
    }
    const both = await repo({ "schemas/a.json": tool("a"), "toolgen.config.json": "{}", "toolgen.config.yaml": "{}" });
    expect(toolgen(both, ["lint"]).stderr).toContain("more than one toolgen config");
    if (process.getuid?.() !== 0) {
      const unreadable = await repo({ "schemas/a.json": tool("a"), "toolgen.config.json": "{}" });
      await chmod(path.join(unreadable, "toolgen.config.json"), 0o000);
      expect(toolgen(unreadable, ["lint"])).toMatchObject({ code: 2 });
    }
  });

  it("--config names a YAML file too; build reads the discovered config as lint does", async () => {
    const p = await repo({ "schemas/a.json": tool("a", "Looks it up."), "conf/tg.yaml": "rules:\n  description-min-sentences: off\n" });
    expect(warns(p, ["--config", "conf/tg.yaml"])).toBe(false);
    const sub = await repo({ "pkg/toolgen.config.yaml": "out: gen\nhandlers: hand\n", "pkg/schemas/a.json": tool("a") });
    const built = toolgen(path.join(sub, "pkg", "schemas"), ["build", "--no-cache"]);
    expect(built.stderr).toBe("");
    expect(existsSync(path.join(sub, "pkg", "gen", "tools.json"))).toBe(true);
  });
});

describe("monorepos (issue 12.2)", () => {
  it("a file argument is governed by the config nearest to it: from the root, a package's duplicate is found", async () => {
    const root = await repo({
      "package.json": JSON.stringify({ name: "monorepo", private: true }),
      "packages/agent/toolgen.config.json": JSON.stringify({ schemas: "schemas" }),
      "packages/agent/schemas/get.json": tool("lookup"),
      "packages/agent/schemas/dup.json": tool("lookup"),
      "packages/other/toolgen.config.json": JSON.stringify({ rules: { "description-min-sentences": "off" } }),
      "packages/other/schemas/short.json": tool("short", "Looks it up."),
    });
    const run = toolgen(root, ["lint", "packages/agent/schemas/dup.json"]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("packages/agent/schemas/dup.json");
    expect(run.stdout).toContain("tool-name-unique");
    // Each package's own rules, in one run.
    const both = toolgen(root, ["lint", "--format", "json", "packages/agent/schemas/dup.json", "packages/other/schemas/short.json"]);
    const rules = (JSON.parse(both.stdout) as { rule: string; file: string }[]).map((d) => `${d.file} ${d.rule}`);
    expect(rules).toEqual(["packages/agent/schemas/dup.json tool-name-unique"]);
    // A package folder named as a path finds the config inside it.
    expect(toolgen(root, ["lint", "packages/agent"]).code).toBe(1);
  });
});
