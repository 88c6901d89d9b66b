/**
 * Issue 23.6: an enabled output's target rules apply whether or not `targets` names the target.
 * Building the `gemini` output with `targets: ["anthropic"]` (or no `targets`) left hyphenated
 * parameter names unchecked, though Gemini's SDK documents that they break; the same for the
 * `openai` and `mcp` outputs. Run through the CLI (`toolgen build` and `toolgen lint`), as users run it.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { repoRoot } from "../helpers.js";
import { resolveOptions } from "../../src/build/options.js";
import { TARGETS } from "../../src/catalog.js";

const cli = path.join(repoRoot, "dist", "bin", "toolgen.cjs");
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const DESCRIPTION = "Looks up a city. Use it when the user names a place. It returns the city's record.";
const BASE = ["index", "native", "types", "validators", "runtime", "handlers"];

function project(config: Record<string, unknown>, tool: Record<string, unknown>): string {
  const dir = mkdtempSync(path.join(tmpdir(), "toolgen-output-targets-"));
  dirs.push(dir);
  mkdirSync(path.join(dir, "schemas"));
  writeFileSync(path.join(dir, "schemas", "tool.json"), JSON.stringify(tool, null, 2));
  writeFileSync(path.join(dir, "toolgen.config.json"), JSON.stringify(config, null, 2));
  return dir;
}

function toolgen(dir: string, ...args: string[]) {
  return spawnSync(process.execPath, [cli, ...args], { cwd: dir, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
}

const hyphenated = {
  name: "find_city",
  description: DESCRIPTION,
  input_schema: {
    type: "object",
    properties: { "city-name": { type: "string", description: "The city's name." } },
    required: ["city-name"],
  },
};

describe("the gemini output", () => {
  for (const targets of [["anthropic"], undefined]) {
    it(`checks Gemini's parameter names with targets ${JSON.stringify(targets)}`, () => {
      const dir = project({ ...(targets ? { targets } : {}), outputs: [...BASE, "gemini"] }, hyphenated);
      const built = toolgen(dir, "build");
      expect(built.status, built.stderr).toBe(1);
      expect(built.stderr).toContain("schemas/tool.json:7:7: error gemini/property-key-format");
      expect(built.stderr).toContain("Gemini: parameter name 'city-name' does not match");
      const linted = toolgen(dir, "lint", "--format", "json");
      expect(linted.status).toBe(1);
      expect((JSON.parse(linted.stdout) as { rule: string; pointer: string }[]).map((d) => `${d.rule} ${d.pointer}`)).toContain(
        "gemini/property-key-format /input_schema/properties/city-name",
      );
    });
  }

  it("leaves them unchecked when the gemini output is not built (and targets does not name it)", () => {
    const dir = project({ targets: ["anthropic"], outputs: BASE }, hyphenated);
    const built = toolgen(dir, "build");
    expect(built.stderr).not.toContain("gemini/");
    expect(built.status, built.stderr).toBe(0);
  });

  it("a rule the config turns off stays off", () => {
    const dir = project({ targets: ["anthropic"], outputs: [...BASE, "gemini"], rules: { "gemini/property-key-format": "off" } }, hyphenated);
    expect(toolgen(dir, "build").status).toBe(0);
  });
});

it("the openai output checks OpenAI's 64-character tool names with targets [\"anthropic\"]", () => {
  const name = `look_up_${"x".repeat(60)}`;
  const dir = project({ targets: ["anthropic"], outputs: [...BASE, "openai"] }, { ...hyphenated, name, input_schema: { type: "object", properties: {} } });
  const built = toolgen(dir, "build");
  expect(built.status, built.stderr).toBe(1);
  expect(built.stderr).toContain(`openai/tool-name-format`);
  expect(built.stderr).toContain(`OpenAI: tool name '${name}' does not match`);
});

it("every target output turns on every rule of its target", async () => {
  for (const target of ["openai", "gemini", "mcp"] as const) {
    const options = await resolveOptions({ schemas: "s", out: "o", handlers: "h", targets: ["anthropic"], outputs: [...BASE, target] });
    for (const rule of TARGETS.find((t) => t.id === target)!.rules) expect([target, rule.meta.id, options.rules[rule.meta.id]]).toEqual([target, rule.meta.id, rule.meta.defaultSeverity]);
  }
});
