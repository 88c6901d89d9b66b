/**
 * Issue 9: the loader's problems are typed data ({rule, kind, file, pointer, data}); the rules own
 * their wording; a rule's meta says whether its errors stop a build even with --no-lint.
 */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { RULES as rules } from "../../src/catalog.js";
import { describeLoadProblems } from "../../src/lint/load-problems.js";
import { memoryFolder } from "../lint/helpers/memory-folder.js";
import { projectWith, toolgen } from "./cli-run.js";

describe("typed load problems", () => {
  it("carry a kind and data, not a message", async () => {
    const loaded = await memoryFolder({
      "a.json": JSON.stringify({ name: 5, input_schema: [] }),
      "b.json": "{ nope",
      "c.json": JSON.stringify({ name: "c", input_schema: { type: "object" } }),
      "d.json": JSON.stringify({ name: "c", input_schema: { type: "object" } }),
    });
    expect(loaded.problems.map((p) => ({ category: p.category, kind: p.kind, file: p.file.displayPath.replace(/.*\//, ""), pointer: p.pointer, data: p.data }))).toEqual([
      { category: "shape", kind: "nameType", file: "a.json", pointer: "/name", data: { found: "a number" } },
      { category: "shape", kind: "inputSchemaType", file: "a.json", pointer: "/input_schema", data: { found: "an array" } },
      { category: "parse", kind: "unreadable", file: "b.json", pointer: "", data: { message: expect.stringMatching(/^invalid JSON/) as unknown as string } },
      { category: "duplicate-name", kind: "duplicate", file: "c.json", pointer: "/name", data: { name: "c", others: expect.stringMatching(/d\.json$/) as unknown as string } },
      { category: "duplicate-name", kind: "duplicate", file: "d.json", pointer: "/name", data: { name: "c", others: expect.stringMatching(/c\.json$/) as unknown as string } },
    ]);
    // Worded by the rules, for a build without the linter.
    expect(describeLoadProblems(loaded.problems).map((d) => d.message)).toContain("`name` must be a string, not a number");
  });

  it("schema/ and load/ spell no lint rule id", () => {
    const ids = rules.map((r) => r.meta.id);
    const spelled = (dir: string) =>
      readdirSync(new URL(`../../src/${dir}/`, import.meta.url), { recursive: true, encoding: "utf8" })
        .filter((f) => f.endsWith(".ts"))
        .flatMap((f) => {
          const text = readFileSync(new URL(`../../src/${dir}/${f}`, import.meta.url), "utf8");
          return ids.filter((id) => text.includes(`"${id}"`)).map((id) => `${dir}/${f}: ${id}`);
        });
    expect([...spelled("schema"), ...spelled("load")]).toEqual([]);
  });

  it("the loader words nothing: every message is in a rule file", () => {
    const source = readFileSync(new URL("../../src/load/tools.ts", import.meta.url), "utf8");
    expect(source).not.toMatch(/must be a string|needs a `name`|is also defined in/);
  });

  it("which rules stop a build with --no-lint is the rules' meta.blocksBuild", async () => {
    expect(rules.filter((r) => r.meta.blocksBuild).map((r) => r.meta.id).sort()).toEqual(["parse-error", "ref-resolvable", "tool-field-type", "tool-name-unique", "tool-shape"]);
    const pipeline = readFileSync(new URL("../../src/pipeline.ts", import.meta.url), "utf8");
    expect(pipeline).not.toMatch(/"parse-error", "tool-shape"/);
    const dir = await projectWith({ "schemas/a.json": JSON.stringify({ name: 5, input_schema: { type: "object" } }) });
    const run = toolgen(dir, "build", "--no-lint");
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toMatch(/^schemas\/a\.json:1:\d+: error tool-shape: `name` must be a string, not a number/m);
  });
});
