/** Issue 10.14: what parsing changes silently is reported, at the key or value concerned. */
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { scanJson, surelyExact } from "../../../src/load/lossless.js";
import { testRule } from "../helpers/rule-tester.js";
import { projectWith, toolgen } from "../../load/cli-run.js";

const head = '{\n  "name": "a",\n  "description": "d",\n  "input_schema": {\n    "type": "object",\n';

testRule("value-preserved", {
  valid: [
    { name: "ordinary JSON", files: `${head}    "properties": { "n": { "type": "number", "maximum": 1e300, "minimum": -9007199254740992, "multipleOf": 0.1 } }\n  }\n}\n` },
    { name: "escapes that make a surrogate pair", files: `${head}    "description": "\\ud83d\\ude00 \\u00e9"\n  }\n}\n` },
    { name: "ordinary YAML", files: { "tool.yaml": "name: a\ndescription: d\ninput_schema:\n  type: object\n  properties:\n    n: { type: integer, maximum: 10 }\n    s: { type: string, default: !!str 5 }\n" } },
  ],
  invalid: [
    {
      name: "a repeated key (JSON keeps the last)",
      files: `${head}    "properties": { "a": { "type": "string" } },\n    "properties": { "b": { "type": "string" } }\n  }\n}\n`,
      errors: [{ message: "key 'properties' appears more than once", pointer: "/input_schema/properties", line: 6, column: 5 }],
    },
    {
      name: "1e400, 1e-400 and an integer past 2^53",
      files: `${head}    "maximum": 1e400,\n    "minimum": 1e-400,\n    "default": 9007199254740993\n  }\n}\n`,
      errors: [
        { message: "1e400 is beyond what a double holds", pointer: "/input_schema/maximum", line: 6, column: 5 },
        { message: "1e-400 is too small for a double", pointer: "/input_schema/minimum", line: 7, column: 5 },
        { message: "9007199254740993 is beyond 2^53: it is read as 9007199254740992", pointer: "/input_schema/default", line: 8, column: 5 },
      ],
    },
    {
      name: "a lone surrogate in a description and in a key",
      files: `${head}    "description": "bad \\ud800 here",\n    "properties": { "x\\udc00": { "type": "string" } }\n  }\n}\n`,
      errors: [
        { message: "this string holds a lone UTF-16 surrogate (U+D800)", pointer: "/input_schema/description", line: 6, column: 5 },
        { message: "this key holds a lone UTF-16 surrogate (U+DC00)", pointer: "/input_schema/properties/x\udc00", line: 7, column: 21 },
      ],
    },
    {
      name: "YAML !!binary, !!set, a timestamp, .inf, a null key and an unknown tag",
      files: {
        "tool.yaml":
          "name: a\ndescription: d\ninput_schema:\n  type: object\n  default: !!binary aGVsbG8=\n  examples: !!set { x, y }\n  x-when: 2001-12-14T10:00:00Z\n  x-ts: !!timestamp 2001-12-14\n  maximum: .inf\n  x-null: { ~: 1 }\n  x-tag: !foo bar\n",
      },
      errors: [
        { file: "tool.yaml", message: "YAML !!binary has no JSON equivalent: it would become an object of byte values", pointer: "/input_schema/default", line: 5, column: 3 },
        { file: "tool.yaml", message: "YAML !!set has no JSON equivalent: it would become an object", pointer: "/input_schema/examples", line: 6, column: 3 },
        { file: "tool.yaml", message: "YAML !!timestamp has no JSON equivalent: it would become a date-time string", pointer: "/input_schema/x-ts", line: 8, column: 3 },
        { file: "tool.yaml", message: "beyond what a double holds", pointer: "/input_schema/maximum", line: 9, column: 3 },
        { file: "tool.yaml", message: "this YAML key is null, not a string", pointer: "/input_schema/x-null/", line: 10, column: 3 },
        { file: "tool.yaml", message: "unknown YAML tag !foo", pointer: "/input_schema/x-tag", line: 11, column: 3 },
      ],
    },
  ],
});

describe("scanJson", () => {
  it("names nested values and array items by pointer", () => {
    expect(scanJson('{"a": [1, {"b": 1e999, "b": 2}], "c~/d": 18446744073709551617}').map((p) => [p.kind, p.pointer])).toEqual([
      ["number-overflow", "/a/1/b"],
      ["duplicate-key", "/a/1/b"],
      ["integer-rounded", "/c~0~1d"],
    ]);
  });
});

describe("the command line", () => {
  it("a lone surrogate in a description stops the build, located, instead of a build --check that never passes", async () => {
    const text = '{"name":"a","description":"Does a\\ud800. Use it for a. Returns a.","input_schema":{"type":"object","properties":{}}}';
    const dir = await projectWith({ "schemas/a.json": text });
    const run = toolgen(dir, "build");
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toMatch(/^schemas\/a\.json:1:13: error value-preserved: this string holds a lone UTF-16 surrogate \(U\+D800\)/m);
  });

  // Issue 24 N12: what UTF-8 cannot encode is written as U+FFFD, so `--check` would compare the
  // sources' text with bytes a build can never write. That check runs whatever the lint settings.
  it.each([
    ["--no-lint", ["--no-lint"], {}],
    ["the rule turned off in the config", [], { rules: { "value-preserved": "off" } }],
    ["the rule made a warning", [], { rules: { "value-preserved": "warn" } }],
  ])("with %s, a lone surrogate still stops the build, and build and build --check agree", async (_name, flags, config) => {
    const text = '{"name":"a","description":"Does a\\ud800. Use it for a. Returns a.","input_schema":{"type":"object","properties":{"o":{"type":"object","properties":{"k\\udc00":{"type":"string"}}}}}}';
    const dir = await projectWith({ "schemas/a.json": text, "toolgen.config.json": JSON.stringify(config) });
    const build = toolgen(dir, "build", ...flags);
    expect(build.code, build.stderr).toBe(1);
    expect(build.stderr).toMatch(/^schemas\/a\.json:1:13: error value-preserved: this string holds a lone UTF-16 surrogate \(U\+D800\)/m);
    expect(build.stderr).toMatch(/^schemas\/a\.json:1:\d+: error value-preserved: this key holds a lone UTF-16 surrogate \(U\+DC00\)/m);
    expect(existsSync(path.join(dir, "generated"))).toBe(false);
    const check = toolgen(dir, "build", "--check", ...flags);
    expect(check.code, check.stderr).toBe(1);
    expect(check.stderr).toContain("lone UTF-16 surrogate (U+D800)");
  });

  it("with --no-lint, other value changes build as before, deterministically: build then build --check --no-lint passes", async () => {
    const text = '{"name":"a","description":"Does a. Use it for a. Returns a.","input_schema":{"type":"object","maximum":1e400,"properties":{"k":{"type":"string"}},"properties":{"k":{"type":"number"}}}}';
    const dir = await projectWith({ "schemas/a.json": text });
    const build = toolgen(dir, "build", "--no-lint");
    expect(build.code, build.stderr).toBe(0);
    const check = toolgen(dir, "build", "--check", "--no-lint");
    expect(check.code, check.stderr).toBe(0);
  });
});

describe("surelyExact (the fast path) never vouches for text that changed", () => {
  it.each([
    ['{"a": 1, "a": 2}', false],
    ['{"a": {"b": 1}, "a": {"b": 1}}', false],
    ['{"a": "x:y", "b": 1}', true],
    ['{"a": "\\u003a", "a": 1, "b": "::"}', false],
    ['{"n": 1e-400}', false],
    ['{"n": 1e400}', false],
    ['{"n": 9007199254740993}', false],
    ['{"n": 0, "m": 2.5e-3}', false],
    ['{"n": 0, "m": [1, 2, {"k": null}]}', true],
  ])("%s", (text, exact) => {
    expect(surelyExact(text, JSON.parse(text))).toBe(exact);
    if (!exact && !text.includes("x:y")) expect(scanJson(text).length > 0 || text.includes("2.5e-3")).toBe(true);
  });
});
