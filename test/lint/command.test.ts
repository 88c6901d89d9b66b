import path from "node:path";
import { describe, expect, it } from "vitest";
import { UsageError } from "../../src/errors.js";
import { runLint, type LintFormat } from "../../src/commands/lint.js";
import { cp, mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import type { JsonFinding } from "../../src/lint/formatters/json.js";
import { fixture, runLintIn } from "./helpers/run-lint.js";

const rel = (name: string, file: string) => path.relative(process.cwd(), path.join(fixture(name), file)).split(path.sep).join("/");
const findings = (stdout: string) => JSON.parse(stdout) as JsonFinding[];

describe("toolgen lint: what is reported", () => {
  it("lints the configured schemas folder when given no paths", async () => {
    const run = await runLintIn("project", { format: "json" });
    const found = findings(run.stdout);
    expect(found.map((f) => [f.file, f.rule, f.pointer, f.line, f.column])).toEqual([
      [rel("project", "schemas/get_stock_price_vague.json"), "description-min-sentences", "/description", 3, 3],
      [rel("project", "schemas/get_stock_price_vague.json"), "parameter-description", "/input_schema/properties/ticker", 7, 7],
      [rel("project", "schemas/get_weather.yaml"), "schema-valid", "/input_schema/properties/unit/type", 12, 7],
    ]);
    expect(run.code).toBe(1);
  });

  it("given files, reports on those files only (the rest of the folder is context)", async () => {
    const run = await runLintIn("project", { format: "json", paths: ["schemas/get_stock_price_vague.json", "schemas/get_stock_price.json"] });
    expect(new Set(findings(run.stdout).map((f) => f.file))).toEqual(new Set([rel("project", "schemas/get_stock_price_vague.json")]));
    expect(run.code).toBe(0); // warnings only
  });

  it("given a file whose $ref points to another file, resolves it without reporting on that file", async () => {
    const run = await runLintIn("project", { format: "json", paths: ["schemas/get_weather.yaml"] });
    expect(findings(run.stdout).map((f) => [f.rule, f.file])).toEqual([["schema-valid", rel("project", "schemas/get_weather.yaml")]]);
  });

  it("given a folder inside the schemas folder, reports on the files under it", async () => {
    const run = await runLintIn("project", { format: "json", paths: ["schemas/common"] });
    expect(findings(run.stdout)).toEqual([]);
    expect(run.code).toBe(0);
  });

  it("accepts absolute paths, as lint-staged passes them", async () => {
    const run = await runLintIn("project", { format: "json", paths: [path.join(fixture("project"), "schemas/get_weather.yaml")] });
    expect(findings(run.stdout).map((f) => f.rule)).toEqual(["schema-valid"]);
  });

  it("ignores files without a schema extension, as a hook may pass them", async () => {
    const run = await runLintIn("project", { format: "json", paths: ["schemas/NOTES.md"] });
    expect(findings(run.stdout)).toEqual([]);
    expect(run.code).toBe(0);
  });

  it("lints a file outside the schemas folder on its own", async () => {
    const run = await runLintIn("project", { format: "json", paths: ["../outside/lone_tool.json"] });
    expect(findings(run.stdout).map((f) => [f.file, f.rule, f.tool])).toEqual([
      [rel("outside", "lone_tool.json"), "tool-name-format", "lone tool"],
    ]);
  });

  it("a path that does not exist is a usage error", async () => {
    await expect(runLintIn("project", { paths: ["schemas/nope.json"] })).rejects.toThrow(UsageError);
    await expect(runLintIn("project", { paths: ["schemas/nope.json"] })).rejects.toThrow("no such file or folder: schemas/nope.json");
  });

  it("--schemas wins over the config", async () => {
    const run = await runLintIn("project", { format: "json", schemas: "../clean/schemas" });
    expect(findings(run.stdout)).toEqual([]);
    expect(run.code).toBe(0);
  });

  it("a missing schemas folder is a usage error", async () => {
    await expect(runLintIn("project", { schemas: "no-such-folder" })).rejects.toThrow("schemas folder not found");
  });
});

describe("toolgen lint: configuration", () => {
  it("applies severities, options and off from toolgen.config.json", async () => {
    const run = await runLintIn("config-options", { format: "json" });
    expect(findings(run.stdout).map((f) => [f.rule, f.severity, f.message.slice(0, 40)])).toEqual([
      ["description-min-sentences", "warning", "the description has 5 sentence(s), at le"],
      ["parameter-description", "error", "parameter 'ticker' has no description: s"],
    ]);
    expect(run.code).toBe(1);
  });

  it("an unknown rule id in the config is a usage error naming it and the nearest valid id", async () => {
    const attempt = runLintIn("config-unknown-rule");
    await expect(attempt).rejects.toThrow(UsageError);
    await expect(runLintIn("config-unknown-rule")).rejects.toThrow(
      /toolgen\.config\.json: unknown rule 'description-min-sentence' in "rules": did you mean 'description-min-sentences'\?/,
    );
  });
});

describe("toolgen lint: exit codes", () => {
  it("0 when clean", async () => {
    const run = await runLintIn("clean");
    expect(run).toEqual({ code: 0, stdout: "", stderr: "" });
  });

  it("0 with warnings and no --max-warnings", async () => {
    expect((await runLintIn("warnings-only")).code).toBe(0);
  });

  it("1 when the warnings exceed --max-warnings, 0 when they are within it", async () => {
    const over = await runLintIn("warnings-only", { maxWarnings: 1 });
    expect(over.code).toBe(1);
    expect(over.stderr).toBe("toolgen: too many warnings (2, --max-warnings 1)\n");
    expect((await runLintIn("warnings-only", { maxWarnings: 2 })).code).toBe(0);
    expect((await runLintIn("clean", { maxWarnings: 0 })).code).toBe(0);
  });

  it("1 on errors, whatever --max-warnings says", async () => {
    expect((await runLintIn("project", { maxWarnings: 100 })).code).toBe(1);
  });

  it("a negative (but -1) or fractional --max-warnings, or an unknown format, is a usage error", async () => {
    await expect(runLintIn("clean", { maxWarnings: -2 })).rejects.toThrow(UsageError);
    await expect(runLintIn("clean", { maxWarnings: 1.5 })).rejects.toThrow("--max-warnings must be a whole number");
    await expect(runLintIn("clean", { maxWarnings: Number.NaN })).rejects.toThrow(UsageError);
    const format = "xml" as unknown as LintFormat; // as a JavaScript caller could pass
    await expect(runLintIn("clean", { format })).rejects.toThrow("unknown format 'xml'");
  });
});

describe("toolgen lint: formats", () => {
  it("stylish is grouped by file and uncoloured when not a TTY", async () => {
    const run = await runLintIn("project");
    expect(run.stdout).not.toContain("\u001b[");
    expect(run.stdout).toContain(`${rel("project", "schemas/get_weather.yaml")}\n  12:7  error  not a valid JSON Schema (draft-07)`);
    expect(run.stdout).toContain("✖ 3 problems (1 error, 2 warnings)");
  });

  it("stylish is coloured on a TTY, unless NO_COLOR is set", async () => {
    const tty = { write: () => undefined, isTTY: true };
    expect((await runLintIn("project", { stdout: tty })).stdout).toContain("\u001b[31m");
    expect((await runLintIn("project", { stdout: tty, env: { NO_COLOR: "1" } })).stdout).not.toContain("\u001b[");
    expect((await runLintIn("project", { stdout: tty, env: { NO_COLOR: "" } })).stdout).toContain("\u001b[");
  });

  it("sarif and github are written to stdout", async () => {
    const sarif = JSON.parse((await runLintIn("project", { format: "sarif" })).stdout) as { version: string; runs: { results: unknown[] }[] };
    expect(sarif.version).toBe("2.1.0");
    expect(sarif.runs[0]?.results).toHaveLength(3);
    const github = (await runLintIn("project", { format: "github" })).stdout.trimEnd().split("\n");
    expect(github).toHaveLength(3);
    expect(github[2]).toMatch(/^::error file=.*get_weather\.yaml,line=12,col=7,title=toolgen schema-valid::/);
  });
});

describe("files a pre-commit hook passes along", () => {
  it("skips JSON and YAML files outside the schemas folder that are not tools, and lints those that are", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "toolgen-hook-"));
    await cp(path.join(process.cwd(), "schemas"), path.join(dir, "schemas"), { recursive: true });
    await writeFile(path.join(dir, "package.json"), JSON.stringify({ name: "app", version: "1.0.0" }));
    await writeFile(path.join(dir, "tsconfig.json"), '{ // comments are allowed here\n "compilerOptions": {} }\n');
    await mkdir(path.join(dir, ".github", "workflows"), { recursive: true });
    await writeFile(path.join(dir, ".github", "workflows", "ci.yml"), "name: ci\non: [push]\n");
    await writeFile(path.join(dir, "stray_tool.json"), JSON.stringify({ name: "bad name!", input_schema: { type: "object" } }));
    const out: string[] = [];
    const code = await runLint({
      cwd: dir,
      format: "json",
      paths: ["package.json", "tsconfig.json", ".github/workflows/ci.yml", "schemas/get_weather.json", "stray_tool.json"],
      stdout: { write: (t: string) => out.push(t) },
    });
    const findings = JSON.parse(out.join("")) as { file: string; rule: string }[];
    expect(new Set(findings.map((f) => path.basename(f.file)))).toEqual(new Set(["stray_tool.json"]));
    expect(findings.some((f) => f.rule === "tool-name-format")).toBe(true);
    expect(code).toBe(1);
  });
});
