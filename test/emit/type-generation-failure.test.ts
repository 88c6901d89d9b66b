/**
 * Issue 38 item 15: a schema json-schema-to-typescript refuses (`minItems: 2, maxItems: 1`) said
 * "cannot compile this schema:" with an empty reason, and the real reason went raw to stderr, even
 * under --quiet. The finding now carries the reason and the pointer of the subschema (its line and
 * column), and nothing else reaches stderr. Each of the generator's checks (src/emit/jstt-rules.ts) is
 * tried, at the root, in a property, in `items`, in `$defs` and in a branch.
 */
import { spawnSync } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot, tempDir, CI_LIMIT_MS } from "../helpers.js";
import { typeRuleProblem } from "../../src/emit/jstt-rules.js";

const CLI = path.join(repoRoot, "dist", "bin", "toolgen.cjs");
const DESCRIPTION = "Get the weather for a city. Use it when asked about the weather. It returns JSON.";

describe("a type-generation failure", () => {
  it("build --quiet: the reason and the pointer in the finding, nothing raw on stderr", async () => {
    const dir = await tempDir("toolgen-jstt-");
    await mkdir(path.join(dir, "schemas"));
    const tool = {
      name: "get_weather",
      description: DESCRIPTION,
      input_schema: { type: "object", properties: { days: { type: "array", items: { type: "string" }, minItems: 2, maxItems: 1 } } },
    };
    await writeFile(path.join(dir, "schemas", "get_weather.json"), JSON.stringify(tool, null, 2) + "\n");
    const r = spawnSync(process.execPath, [CLI, "build", "--quiet"], { cwd: dir, encoding: "utf8", timeout: CI_LIMIT_MS, env: { ...process.env, NO_COLOR: "1" } });
    expect(r.status).toBe(1);
    const lines = r.stderr.trimEnd().split("\n");
    expect(lines).toEqual([
      "schemas/get_weather.json:7:7: error schema-valid: json-schema-to-typescript cannot compile this schema: maxItems (1) is less than minItems (2), " +
        "so no array is valid [tool 'get_weather', #/input_schema/properties/days]",
      "toolgen: 1 error(s); nothing was written",
    ]);
  });

  it("finds each of json-schema-to-typescript's checks where it is, and passes a schema that breaks none", () => {
    const cases: Array<[object, string | undefined, string]> = [
      [{ type: "object", properties: { a: { type: "string" } } }, undefined, ""],
      [{ type: "array", minItems: 3, maxItems: 1 }, "maxItems (1) is less than minItems (3), so no array is valid", ""],
      [{ type: "object", properties: { a: { type: "array", items: { type: "array", maxItems: -1 } } } }, "maxItems (-1) is negative", "/properties/a/items"],
      [{ $defs: { d: { minItems: -2 } } }, "minItems (-2) is negative", "/$defs/d"],
      [{ anyOf: [{ type: "string" }, { deprecated: "yes" }] }, "deprecated must be true or false", "/anyOf/1"],
      [{ properties: { "a/b": { enum: ["x", "y"], tsEnumNames: ["X"] } } }, "enum has 2 member(s) and tsEnumNames 1; they must be as many", "/properties/a~1b"],
      [{ items: [{ tsEnumNames: [1] }] }, "tsEnumNames must be an array of strings", "/items/0"],
      // A property named like a keyword is a property, not a keyword.
      [{ properties: { deprecated: { type: "string" }, minItems: { type: "integer" } } }, undefined, ""],
      // Data is not a schema.
      [{ const: { minItems: 2, maxItems: 1 }, default: { deprecated: "no" } }, undefined, ""],
    ];
    for (const [schema, reason, pointer] of cases) {
      const found = typeRuleProblem(schema as never);
      expect(found, JSON.stringify(schema)).toEqual(reason === undefined ? undefined : { reason, pointer });
    }
  });
});
