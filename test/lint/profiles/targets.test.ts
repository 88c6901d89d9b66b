/**
 * `targets` (issue 14): the config key and `--targets`, checked; each target's rules on only when it is
 * targeted; findings that name their target in every output format; the profile tables.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { configFor } from "../../../src/commands/config.js";
import { UsageError } from "../../../src/errors.js";
import { runLint, type RunLintOptions } from "../../../src/commands/lint.js";
import { resolveOptions } from "../../../src/build/options.js";
import { lintFolder } from "../../../src/commands/lint-folder.js";
import { formatSarif } from "../../../src/lint/formatters/sarif.js";
import { composeRules, parseTargets, RULES as rules, targetOfRule, TARGETS } from "../../../src/catalog.js";
import { recursiveRefs } from "../../../src/schema/refs.js";
import { cpuTime } from "../../helpers.js";
import { resolveRuleSettings } from "../../../src/lint/settings.js";

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A project: `.git` (the config search stops there), schemas/ with the tools, and a config when given. */
function writeProject(dir: string, tools: Record<string, unknown>, config?: Record<string, unknown>): string {
  mkdirSync(path.join(dir, ".git"), { recursive: true });
  mkdirSync(path.join(dir, "schemas"), { recursive: true });
  for (const [name, tool] of Object.entries(tools)) writeFileSync(path.join(dir, "schemas", `${name}.json`), JSON.stringify(tool, null, 2) + "\n");
  if (config) writeFileSync(path.join(dir, "toolgen.config.json"), JSON.stringify(config));
  return dir;
}

async function lintIn(cwd: string, options: RunLintOptions = {}): Promise<{ code: number; stdout: string }> {
  let stdout = "";
  const code = await runLint({ cwd, env: {}, format: "json", ...options, stdout: { write: (t: string) => (stdout += t) }, stderr: { write: () => true } });
  return { code, stdout };
}

const DESCRIPTION = "Renders a model. Use it when the user asks for a picture. It returns the image path.";
/** Fine for Anthropic; wrong for OpenAI (a dot), Gemini (a leading digit) and MCP (a colon is not in it: fine). */
const TOOLS = {
  render: { name: "3d.render", description: DESCRIPTION, input_schema: { type: "object", properties: { "city-name": { type: "string", description: "The city." } } } },
};

describe("targets in the config", () => {
  it("defaults to anthropic: no other target's finding", async () => {
    const dir = writeProject(mkdtempSync(path.join(tmpdir(), "toolgen-targets-")), TOOLS);
    dirs.push(dir);
    const { code, stdout } = await lintIn(dir);
    expect(stdout).toContain('"rule": "tool-name-format"');
    expect(stdout).not.toMatch(/"rule": "(openai|gemini|mcp)\//);
    expect(code).toBe(1); // tool-name-format: "." is not an Anthropic name character
  });

  it("each target adds its rules, and every finding names its target (rule id and message)", async () => {
    const tools = { render: { ...TOOLS.render, name: "3d_render" } };
    const dir = writeProject(mkdtempSync(path.join(tmpdir(), "toolgen-targets-")), tools, { targets: ["anthropic", "openai", "gemini", "mcp"] });
    dirs.push(dir);
    const { code, stdout } = await lintIn(dir);
    const found = JSON.parse(stdout) as { rule: string; message: string }[];
    expect(found.map((m) => m.rule).sort()).toEqual(["gemini/property-key-format", "gemini/tool-name-format"]);
    for (const m of found) expect(m.message).toMatch(/^Gemini: /);
    expect(code).toBe(1);
  });

  it("--targets wins over the file, and rules still win over targets", async () => {
    const tools = { render: { ...TOOLS.render, name: "render.v1" } };
    const dir = writeProject(mkdtempSync(path.join(tmpdir(), "toolgen-targets-")), tools, {
      targets: ["openai"],
      rules: { "tool-name-format": "off", "gemini/property-key-format": "off" },
    });
    dirs.push(dir);
    const fromFile = await lintIn(dir);
    expect(fromFile.stdout).toContain('"rule": "openai/tool-name-format"');
    const fromFlag = await lintIn(dir, { targets: "gemini" });
    expect(fromFlag.stdout).not.toContain("openai/");
    expect(fromFlag.stdout).not.toContain("gemini/property-key-format");
    expect(fromFlag.code).toBe(0);
  });

  it("an unknown target is a usage error naming the closest one", () => {
    const dir = writeProject(mkdtempSync(path.join(tmpdir(), "toolgen-targets-")), TOOLS, { targets: ["anthropic", "opnai"] });
    dirs.push(dir);
    expect(() => configFor(dir, {}, dir)).toThrow(UsageError);
    const ids = TARGETS.map((t) => t.id).join(", ");
    expect(ids).toMatch(/^anthropic, openai, gemini, mcp\b/);
    expect(() => configFor(dir, {}, dir)).toThrow(`unknown target 'opnai' in "targets" (did you mean 'openai'?); targets: ${ids}`);
    const clean = writeProject(mkdtempSync(path.join(tmpdir(), "toolgen-targets-")), TOOLS);
    dirs.push(clean);
    expect(() => configFor(clean, { targets: "gemni,mcp" }, clean)).toThrow(/--targets: unknown target 'gemni'.*did you mean 'gemini'/);
  });

  it.each([[[]], ["openai"], [["openai", "openai"]], [[1]], [{}]])("rejects targets %j", (value) => {
    expect(() => parseTargets(value === "openai" ? 42 : value, "toolgen.config.json")).toThrow(UsageError);
  });

  it("accepts a comma-separated flag value", () => {
    expect(parseTargets("openai, gemini", "--targets")).toEqual(["openai", "gemini"]);
  });
});

describe("targets in the library", () => {
  it("lint({ targets }) runs the targets' rules; build options check targets and turn rules on", async () => {
    const dir = writeProject(mkdtempSync(path.join(tmpdir(), "toolgen-targets-")), { render: { ...TOOLS.render, name: "render.v1" } });
    dirs.push(dir);
    const plain = await lintFolder({ schemas: path.join(dir, "schemas") });
    expect(plain.diagnostics.map((d) => d.rule)).toEqual(["tool-name-format"]);
    const targeted = await lintFolder({ schemas: path.join(dir, "schemas"), targets: ["openai"], rules: { "tool-name-format": "off" } });
    expect(targeted.diagnostics.map((d) => d.rule)).toEqual(["openai/tool-name-format"]);
    await expect(lintFolder({ schemas: path.join(dir, "schemas"), targets: ["gemeni"] })).rejects.toThrow(/did you mean 'gemini'/);
    const options = { schemas: path.join(dir, "schemas"), out: path.join(dir, "out"), handlers: path.join(dir, "handlers") };
    await expect(resolveOptions({ ...options, targets: ["mpc"] })).rejects.toThrow(/unknown target 'mpc'.*did you mean 'mcp'/);
    const resolved = await resolveOptions({ ...options, targets: ["mcp"] });
    expect(resolved.rules["mcp/tool-name-format"]).toBe("warning");
    expect(resolved.rules["anthropic/strict-schema"]).toBe("off");
  });
});

describe("rule settings from targets", () => {
  it("the rules of a target outside the defaults are off unless targeted", () => {
    const plain = resolveRuleSettings(rules, composeRules({}));
    expect(plain.get("openai/tool-name-format")?.severity).toBe("off");
    expect(plain.get("anthropic/strict-schema")?.severity).toBe("error");
    const targeted = resolveRuleSettings(rules, composeRules({ targets: ["openai"] }));
    expect(targeted.get("openai/tool-name-format")?.severity).toBe("error");
    expect(targeted.get("anthropic/strict-schema")?.severity).toBe("off");
    expect(targeted.get("tool-name-format")?.severity).toBe("error"); // base rules always apply
  });

  it("each target's rules are in the registry, in target order, with ids `<target>/<check>`", () => {
    const targetRules = rules.filter((r) => targetOfRule(r.meta.id) !== undefined);
    expect(targetRules).toEqual(TARGETS.flatMap((t) => t.rules));
    for (const t of TARGETS) for (const rule of t.rules) expect(targetOfRule(rule.meta.id)).toBe(t);
  });

  it("every profile's patterns agree with its explained characters and length", () => {
    for (const profile of TARGETS.flatMap((t) => (t.profile ? [t.profile] : []))) {
      for (const format of [profile.toolName, profile.propertyKey].filter((f) => f !== undefined)) {
        const ok = (format.first ? "_" : "a") + "a".repeat(format.max - 1);
        expect(format.pattern.test(ok), `${profile.target} ${format.pattern}`).toBe(true);
        expect(format.pattern.test(ok + "a")).toBe(false);
        expect(format.pattern.test("")).toBe(false);
      }
    }
  });
});

describe("output", () => {
  it("SARIF links a target rule to its page in the target's folder", () => {
    const log = JSON.parse(formatSarif([], { rules, root: "/p", cwd: "/p", version: "0.0.0", docsUrl: "https://x/docs/rules/" })) as {
      runs: { tool: { driver: { rules: { id: string; helpUri?: string }[] } } }[];
    };
    const rule = log.runs[0]?.tool.driver.rules.find((r) => r.id === "openai/tool-name-format");
    expect(rule?.helpUri).toBe("https://x/docs/rules/openai/tool-name-format.md");
  });
});

describe("recursiveRefs", () => {
  it("finds the reference that closes a cycle, not the one that enters it", () => {
    const schema = { properties: { a: { $ref: "#/$defs/n" } }, $defs: { n: { properties: { next: { $ref: "#/$defs/m" } } }, m: { items: { $ref: "#/$defs/n" } } } };
    expect(recursiveRefs(schema).map((r) => r.pointer).sort()).toEqual(["/$defs/m/items", "/$defs/n/properties/next"]);
  });

  it("is linear: 20,000 nested schemas, the deepest a $ref to the root, answer at once without overflowing the stack", () => {
    const root: Record<string, unknown> = {};
    let node = root;
    for (let i = 0; i < 20_000; i++) {
      const child: Record<string, unknown> = {};
      node.items = child;
      node = child;
    }
    node.$ref = "#";
    const { value, ms } = cpuTime(() => recursiveRefs(root));
    expect(value.map((r) => r.pointer.length)).toEqual([20_000 * "/items".length]);
    expect(ms).toBeLessThan(5_000);
  });

  it("is linear: 20,000 properties, each a $ref to the root", () => {
    const properties = Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`p${i}`, { $ref: "#" }]));
    const { value, ms } = cpuTime(() => recursiveRefs({ properties }));
    expect(value.length).toBe(20_000);
    expect(ms).toBeLessThan(5_000);
  });

  it("ends on a chain of references to each other", () => {
    expect(recursiveRefs({ $defs: { a: { $ref: "#/$defs/b" }, b: { $ref: "#/$defs/a" } } }).length).toBe(2);
  });
});
