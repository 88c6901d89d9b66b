/**
 * Issue 11.1: every subschema a tool can reach is meta-validated, including those under keywords the
 * draft-07 meta-schema does not walk into (`$defs`, and the 2019-09 / 2020-12 keywords), and a schema
 * Ajv cannot compile is an input error naming file and tool, never exit 70.
 */
import { describe, expect, it } from "vitest";
import { testRule, toolJson } from "../helpers/rule-tester.js";
import { projectWith, toolgen, toolJson as toolText } from "../../load/cli-run.js";

const tool = (inputSchema: unknown) => toolJson({ name: "a", description: "d", input_schema: inputSchema });
const TYPE = "must be one of";

testRule("schema-valid", {
  valid: [
    {
      name: "valid $defs, dependentSchemas and prefixItems in a draft-07 schema",
      files: tool({
        type: "object",
        properties: { p: { $ref: "#/$defs/place" }, t: { type: "array", prefixItems: [{ type: "string" }] } },
        dependentSchemas: { p: { required: ["t"] } },
        $defs: { place: { type: "string" } },
      }),
    },
  ],
  invalid: [
    {
      name: "a typo inside $defs (draft-07)",
      files: tool({ type: "object", properties: { p: { $ref: "#/$defs/place" } }, $defs: { place: { type: "strng" } } }),
      errors: [{ message: TYPE, pointer: "/input_schema/$defs/place/type", line: 13, column: 9, tool: "a" }],
    },
    {
      name: "a typo inside $defs nested in a property, and in $defs of $defs",
      files: tool({
        type: "object",
        properties: { p: { type: "object", $defs: { q: { minimum: "1" } } } },
        $defs: { a: { $defs: { b: { type: 5 } } } },
      }),
      errors: [
        { message: "`minimum` must be number", pointer: "/input_schema/properties/p/$defs/q/minimum", line: 11, column: 13 },
        { message: "`type` must be", pointer: "/input_schema/$defs/a/$defs/b/type", line: 20, column: 13 },
      ],
    },
    {
      name: "2019-09 keywords in a draft-07 schema",
      files: tool({
        type: "object",
        dependentSchemas: { x: { type: "strng" } },
        unevaluatedProperties: { maxLength: -1 },
        properties: { t: { type: "array", prefixItems: [{ enum: [] }] } },
      }),
      errors: [
        { message: TYPE, pointer: "/input_schema/dependentSchemas/x/type", line: 8, column: 9 },
        { message: "`maxLength` must be >= 0", pointer: "/input_schema/unevaluatedProperties/maxLength", line: 12, column: 7 },
        { message: "`enum` must NOT have fewer than 1 items", pointer: "/input_schema/properties/t/prefixItems/0/enum", line: 19, column: 13 },
      ],
    },
  ],
});

describe("the command line, on a typo inside $defs", () => {
  it("lint reports it, located, and build exits 1, not 70", async () => {
    const dir = await projectWith({
      "schemas/a.json": toolText("a", {
        type: "object",
        properties: { p: { $ref: "#/$defs/place", description: "A place." } },
        $defs: { place: { type: "strng" } },
      }),
    });
    const lint = toolgen(dir, "lint");
    expect(lint.code, lint.stdout + lint.stderr).toBe(1);
    const build = toolgen(dir, "build");
    expect(build.code, build.stderr).toBe(1);
    expect(build.stderr).toMatch(/^schemas\/a\.json:\d+:\d+: error schema-valid: .*`type` must be one of .* \[tool 'a', #\/input_schema\/\$defs\/place\/type\]/m);
    expect(build.stderr).not.toMatch(/internal error/);
  });

  it("build --no-lint: a schema Ajv cannot compile is an input error naming file and tool", async () => {
    const dir = await projectWith({
      "schemas/a.json": toolText("a", { type: "object", properties: { p: { $ref: "#/$defs/place", description: "A place." } }, $defs: { place: { type: "strng" } } }),
    });
    const build = toolgen(dir, "build", "--no-lint");
    expect(build.code, build.stderr).toBe(1);
    expect(build.stderr).toMatch(/^schemas\/a\.json:\d+:\d+: error schema-valid: .*cannot compile.*strng.* \[tool 'a', #\/input_schema\]/m);
    expect(build.stderr).not.toMatch(/internal error|    at /);
  });
});
