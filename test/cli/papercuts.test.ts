/**
 * Issue 23 item 13, the command line's papercuts, run as users run them (the shipped bin in a child
 * process, in a scratch project): `-v`, the `-c`/`-f` short forms, unknown flags named as typed,
 * "did you mean" for an unknown rule id, YAML config errors with file:line:column, and no empty
 * folder left behind when `outputs` is narrowed.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot, tempDir, toolgen } from "../helpers.js";

const ownVersion = (JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")) as { version: string }).version;

const SENTENCES = "Looks the thing up. Returns what it found. Use it when the user asks.";
const tool = (name: string, description = SENTENCES) =>
  JSON.stringify({ name, description, input_schema: { type: "object", properties: { q: { type: "string", description: "What to look up.", pattern: "^[a-z]+$" } } } });

async function scratch(files: Record<string, string>): Promise<string> {
  const dir = await tempDir("toolgen-papercut-");
  await mkdir(path.join(dir, ".git"));
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
  return dir;
}

/** Every folder under `dir` (relative paths) that holds nothing. */
function emptyFolders(dir: string): string[] {
  const found: string[] = [];
  const walk = (abs: string) => {
    const names = readdirSync(abs);
    if (names.length === 0 && abs !== dir) found.push(path.relative(dir, abs));
    for (const name of names) if (statSync(path.join(abs, name)).isDirectory()) walk(path.join(abs, name));
  };
  walk(dir);
  return found;
}

describe("command-line papercuts (issue 23 item 13)", () => {
  it("-v prints the version and exits 0, as --version does, before or after a command", async () => {
    const dir = await scratch({});
    for (const args of [["-v"], ["lint", "-v"], ["build", "-v"]]) {
      const run = toolgen(dir, args);
      expect(run, args.join(" ")).toMatchObject({ code: 0, stderr: "" });
      expect(run.stdout.trim()).toBe(ownVersion);
    }
  });

  it("-c names the config file and -f the report format", async () => {
    const dir = await scratch({ "tools/a.json": tool("a", "Looks it up."), "conf/my.json": JSON.stringify({ schemas: "../tools", out: "../gen", handlers: "../hand" }) });
    const linted = toolgen(dir, ["lint", "-c", "conf/my.json", "-f", "json"]);
    expect(linted.stderr).toBe("");
    expect((JSON.parse(linted.stdout) as { rule: string }[]).map((d) => d.rule)).toEqual(["description-min-sentences"]);
    const built = toolgen(dir, ["build", "-c", "conf/my.json"]);
    expect(built.code, built.stderr).toBe(0);
    expect(existsSync(path.join(dir, "gen", "index.ts"))).toBe(true);
    const stats = toolgen(dir, ["stats", "-c", "conf/my.json", "-f", "json"]);
    expect(stats.code, stats.stderr).toBe(0);
    expect(() => JSON.parse(stats.stdout) as unknown).not.toThrow();
  });

  it("an unknown flag is named as the user typed it, not with yargs' camelCase twin", async () => {
    const dir = await scratch({});
    const run = toolgen(dir, ["lint", "--max-warning", "3"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("Unknown argument: max-warning\n");
    expect(run.stderr).not.toContain("maxWarning");
    const two = toolgen(dir, ["build", "--out-dir", "x", "--dry-run"]);
    expect(two.stderr).toContain("Unknown arguments: out-dir, dry-run\n");
    // A camelCase flag typed as such is still named.
    expect(toolgen(dir, ["lint", "--fooBar"]).stderr).toContain("Unknown argument: fooBar\n");
  });

  it("an unknown rule id in the config suggests the nearest one instead of listing every rule", async () => {
    const dir = await scratch({ "schemas/a.json": tool("a"), "toolgen.config.json": JSON.stringify({ rules: { "paramter-description": "off" } }) });
    const run = toolgen(dir, ["lint"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("unknown rule 'paramter-description' in \"rules\": did you mean 'parameter-description'?");
    expect(run.stderr).not.toContain("tool-name-unique");
    // Nothing near: the list, so the user can still find the id.
    await writeFile(path.join(dir, "toolgen.config.json"), JSON.stringify({ rules: { "zzzzzzzzzz": "off" } }));
    expect(toolgen(dir, ["lint"]).stderr).toContain("Known rules: parse-error,");
  });

  it("a YAML config error names the file, line and column", async () => {
    const dir = await scratch({ "schemas/a.json": tool("a"), "toolgen.config.yaml": "schemas: schemas\nrules:\n  a: [1\n" });
    const run = toolgen(dir, ["lint"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^toolgen: toolgen\.config\.yaml:\d+:\d+: not valid YAML \(/);
    await writeFile(path.join(dir, "toolgen.config.yaml"), "schemas: schemas\nschemas: other\n");
    expect(toolgen(dir, ["build"]).stderr).toMatch(/^toolgen: toolgen\.config\.yaml:2:1: not valid YAML \(/);
  });

  it("narrowing `outputs` leaves no empty generated folder behind", async () => {
    const dir = await scratch({ "schemas/a.json": tool("a") });
    expect(toolgen(dir, ["build"]).code).toBe(0);
    expect(existsSync(path.join(dir, "generated", "validators"))).toBe(true);
    await writeFile(path.join(dir, "toolgen.config.json"), JSON.stringify({ outputs: ["native", "types", "legacy"] }));
    const narrowed = toolgen(dir, ["build"]);
    expect(narrowed.code, narrowed.stderr).toBe(0);
    expect(emptyFolders(path.join(dir, "generated"))).toEqual([]);
    expect(existsSync(path.join(dir, "generated", "runtime"))).toBe(false);
    expect(existsSync(path.join(dir, "generated", "tools.json"))).toBe(true);
  });
});
