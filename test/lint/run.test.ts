/** lintFolder (src/commands/lint-folder.ts): the linter as a function, nothing printed; runLint reports what it returns. */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { lintFolder } from "../../src/commands/lint-folder.js";
import { tempDir } from "../helpers.js";
import { fixture, runLintIn } from "./helpers/run-lint.js";

describe("lintFolder", () => {
  it("returns the diagnostics and the tool count, printing nothing, as the command reports them", async () => {
    const schemas = path.join(fixture("project"), "schemas");
    const result = await lintFolder({ schemas });
    expect(result.tools).toBeGreaterThan(0);
    expect(result.diagnostics.some((d) => d.rule === "schema-valid")).toBe(true);
    const run = await runLintIn("project", { format: "json" });
    expect(JSON.parse(run.stdout)).toEqual(JSON.parse(JSON.stringify(result.diagnostics)));
  });

  it("takes rules ('warn' included) and reports only on the files named", async () => {
    const dir = await tempDir();
    await mkdir(path.join(dir, "s"));
    const tool = (name: string) => JSON.stringify({ name, description: "Short.", input_schema: { type: "object" } });
    await writeFile(path.join(dir, "s", "a.json"), tool("a"));
    await writeFile(path.join(dir, "s", "b.json"), tool("b"));
    const all = await lintFolder({ schemas: path.join(dir, "s"), rules: { "description-min-sentences": "warn" } });
    expect(new Set(all.diagnostics.map((d) => path.basename(d.file)))).toEqual(new Set(["a.json", "b.json"]));
    expect(all.diagnostics.every((d) => d.severity === "warning")).toBe(true);
    const one = await lintFolder({ schemas: path.join(dir, "s"), files: [path.join(dir, "s", "b.json")], rules: { "description-min-sentences": "off" } });
    expect(one).toEqual({ diagnostics: [], tools: 2 });
  });
});
