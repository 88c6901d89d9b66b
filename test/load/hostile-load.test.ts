/**
 * Issue 10.13: hostile documents are located input errors (exit 1), never an internal error (exit 70)
 * or a hang: YAML alias bombs, alias cycles, nesting deeper than MAX_NESTING. A document at the
 * bound goes through lint and build (every recursive walker has room below it).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MAX_NESTING } from "../../src/load/depth.js";
import { projectWith, toolgen, toolJson } from "./cli-run.js";

const DESCRIPTION = "Does a thing. Use it for things. Returns a result.";

function yamlTool(inputSchemaLines: string): string {
  return `name: a\ndescription: ${DESCRIPTION}\ninput_schema:\n${inputSchemaLines}`;
}

/** `depth` levels of `{"properties": {"p": ...}}`-free nesting: a chain of `not`s under input_schema. */
function notChain(levels: number): unknown {
  let schema: unknown = { type: "string" };
  for (let i = 0; i < levels; i++) schema = { not: schema };
  return schema;
}

describe("hostile documents are located input errors", () => {
  it("a YAML alias bomb (billion laughs)", async () => {
    const lines = ["  type: object", "  x0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"];
    for (let i = 1; i <= 9; i++) lines.push(`  x${i}: &a${i} [${Array(9).fill(`*a${i - 1}`).join(", ")}]`);
    const dir = await projectWith({ "schemas/a.yaml": yamlTool(lines.join("\n") + "\n") });
    for (const command of ["build", "lint"]) {
      const run = toolgen(dir, command);
      expect(run.code, run.stderr).toBe(1);
    }
    const run = toolgen(dir, "build");
    expect(run.stderr).toMatch(/^schemas\/a\.yaml:\d+:\d+: error parse-error: invalid YAML: its aliases expand to too many nodes/m);
  });

  it("a YAML alias inside its own anchor (a cyclic document)", async () => {
    const dir = await projectWith({ "schemas/a.yaml": yamlTool("  type: object\n  x: &loop [*loop]\n") });
    const run = toolgen(dir, "build");
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toMatch(/^schemas\/a\.yaml:5:\d+: error parse-error: nested deeper than 128 levels/m);
  });

  it("JSON nested 5,000 levels deep", async () => {
    let schema = '{"type":"string"}';
    for (let i = 0; i < 5000; i++) schema = `{"type":"object","properties":{"a":${schema}}}`;
    const dir = await projectWith({ "schemas/a.json": `{"name":"a","description":"${DESCRIPTION}","input_schema":${schema}}` });
    for (const command of ["build", "lint"]) {
      const run = toolgen(dir, command);
      expect(run.code, run.stderr).toBe(1);
    }
    const run = toolgen(dir, "build");
    // The first value past the bound: input_schema is level 2, each object adds two (itself, `properties`).
    expect(run.stderr).toMatch(/^schemas\/a\.json:1:\d+: error parse-error: nested deeper than 128 levels of objects and arrays/m);
  });

  it("YAML nested 3,000 levels deep (flow style)", async () => {
    const dir = await projectWith({ "schemas/a.yaml": yamlTool(`  type: object\n  x: ${"[".repeat(3000)}${"]".repeat(3000)}\n`) });
    const run = toolgen(dir, "build");
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toMatch(/^schemas\/a\.yaml:\d+:\d+: error parse-error: /m);
  });

  it("a document at the bound builds and lints", async () => {
    // Level 1 is the document, 2 its input_schema: MAX_NESTING - 2 `not`s reach the bound.
    const dir = await projectWith({ "schemas/a.json": toolJson("a", { type: "object", properties: { x: { description: "An x.", ...(notChain(MAX_NESTING - 4) as object) } } }) });
    const lint = toolgen(dir, "lint");
    expect(lint.code, lint.stdout + lint.stderr).toBe(0);
    const build = toolgen(dir, "build");
    expect(build.code, build.stderr).toBe(0);
    const over = await projectWith({ "schemas/a.json": toolJson("a", { type: "object", properties: { x: { description: "An x.", ...(notChain(MAX_NESTING - 3) as object) } } }) });
    const run = toolgen(over, "build");
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toMatch(/error parse-error: nested deeper than 128 levels/);
  });
});

describe("every walker has room below the bound", () => {
  it("objects in objects, arrays in arrays and anyOf in anyOf, each at the bound, build", async () => {
    // Levels: the document 1, input_schema 2, properties 3, the property 4; then each step adds its own.
    const objects = (levels: number): unknown => (levels <= 0 ? { type: "string" } : { type: "object", properties: { a: objects(levels - 1) } });
    const arrays = (levels: number): unknown => (levels <= 0 ? { type: "string" } : { type: "array", items: arrays(levels - 1) });
    const anyOfs = (levels: number): unknown => (levels <= 0 ? { type: "string" } : { anyOf: [anyOfs(levels - 1), { type: "null" }] });
    const schema = {
      type: "object",
      properties: {
        o: { description: "O.", ...(objects(Math.floor((MAX_NESTING - 4) / 2)) as object) },
        r: { description: "R.", ...(arrays(MAX_NESTING - 4) as object) },
        y: { description: "Y.", ...(anyOfs(Math.floor((MAX_NESTING - 4) / 2)) as object) },
      },
    };
    const dir = await projectWith({ "schemas/a.json": toolJson("a", schema), "toolgen.config.json": JSON.stringify({ rules: { "schema-max-depth": "off", "parameter-description": "off" } }) });
    const build = toolgen(dir, "build");
    expect(build.code, build.stderr).toBe(0);
  });
});

describe("a property named hasOwnProperty", () => {
  it("builds (at the top level and nested), and its type keeps the name", async () => {
    const property = { type: "string", description: "An own property." };
    const dir = await projectWith({
      "schemas/a.json": toolJson("a", {
        type: "object",
        properties: { hasOwnProperty: property, nested: { type: "object", description: "N.", properties: { hasOwnProperty: property } } },
        required: ["hasOwnProperty"],
      }),
    });
    const run = toolgen(dir, "build");
    expect(run.code, run.stderr).toBe(0);
    const types = readFileSync(path.join(dir, "generated/types/a.ts"), "utf8");
    expect(types).toMatch(/^\s*hasOwnProperty: string;?$/m);
    expect(types).toMatch(/^\s*hasOwnProperty\?: string;?$/m);
    expect(types).not.toMatch(/toolgen_shadowed/);
  });
});
