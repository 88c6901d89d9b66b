/** Rule files, the registry, the docs pages and the issue's table of ids must agree. */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { FEATURES, RULES as rules, TARGETS } from "../../src/catalog.js";
import type { Rule } from "../../src/lint/rule.js";

/** The issue's table: id and default severity. */
const ISSUE_TABLE: [string, "error" | "warning" | "off"][] = [
  ["parse-error", "error"],
  ["value-preserved", "error"],
  ["tool-shape", "error"],
  ["tool-name-format", "error"],
  ["tool-name-unique", "error"],
  ["description-present", "error"],
  ["input-schema-object", "error"],
  ["input-schema-no-top-level-combinator", "error"],
  ["property-key-format", "error"],
  ["schema-valid", "error"],
  ["required-defined", "error"],
  ["ref-resolvable", "error"],
  ["description-min-sentences", "warning"],
  ["parameter-description", "warning"],
  ["description-max-length", "warning"],
  ["schema-max-depth", "warning"],
  ["legacy-parameter-name", "warning"],
  ["legacy-tool-count", "warning"],
  ["pattern-supported", "error"],
  ["pattern-redos", "warning"],
  // Issue 15 (Claude's newer tool fields, the size budget).
  ["tool-field-type", "error"],
  ["tool-field-known", "error"],
  ["input-examples-valid", "error"],
  ["defer-loading-not-all", "error"],
  ["tool-size-budget", "warning"],
  // Issue 37 (2020-12 is the default dialect).
  ["dialect-ambiguous-keyword", "warning"],
  // Issue 14 (the openai and gemini outputs).
  ["openai-strict-lowerable", "error"],
  ["gemini-parameters-lossless", "off"],
];

/** Issue 14: each target's rules (`<target>/<check>`, in a folder per target), after the base rules. */
const TARGET_TABLE = TARGETS.flatMap((target) => target.rules.map((r) => [r.meta.id, r.meta.defaultSeverity] as [string, "error" | "warning" | "off"]));
/** Issue 36: each feature's rules (flat ids, in src/features/<feature>/rules/), after the targets'. */
const FEATURE_TABLE = FEATURES.flatMap((feature) => (feature.rules ?? []).map((r) => [r.meta.id, r.meta.defaultSeverity] as [string, "error" | "warning" | "off"]));
const ALL_RULES = [...ISSUE_TABLE, ...TARGET_TABLE, ...FEATURE_TABLE];

const root = new URL("../../", import.meta.url);
/** Files with `ext` under `dir`, one level of target folders included, as ids (`openai/tool-name-format`). */
const idsIn = (dir: string, ext: string) =>
  readdirSync(new URL(dir, root), { recursive: true, encoding: "utf8" })
    .map((f) => f.split("\\").join("/"))
    .filter((f) => f.endsWith(ext))
    .map((f) => f.slice(0, -ext.length))
    .sort();
/** Every rule file: toolgen's base rules (src/lint/rules/) and each target's (src/targets/<target>/rules/). */
const RULE_FILES = [
  ...readdirSync(new URL("src/lint/rules/", root), { encoding: "utf8" }).filter((f) => f.endsWith(".ts") && f !== "index.ts").map((f) => `src/lint/rules/${f}`),
  ...readdirSync(new URL("src/targets/", root), { withFileTypes: true })
    // A target without rules of its own (a framework's, e.g. openai-agents) has no rules/ folder.
    .filter((d) => d.isDirectory() && existsSync(new URL(`src/targets/${d.name}/rules/`, root)))
    .flatMap((d) => readdirSync(new URL(`src/targets/${d.name}/rules/`, root), { encoding: "utf8" }).map((f) => `src/targets/${d.name}/rules/${f}`))
    .filter((f) => f.endsWith(".ts")),
  ...readdirSync(new URL("src/features/", root), { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(new URL(`src/features/${d.name}/rules/`, root)))
    .flatMap((d) => readdirSync(new URL(`src/features/${d.name}/rules/`, root), { encoding: "utf8" }).map((f) => `src/features/${d.name}/rules/${f}`))
    .filter((f) => f.endsWith(".ts")),
].sort();
const idOfFile = async (file: string) => ((await import(/* @vite-ignore */ new URL(file, root).href)) as { default: Rule }).default.meta.id;
const docFiles = idsIn("docs/rules/", ".md");
const registryIds = rules.map((r) => r.meta.id);
const tableIds = ALL_RULES.map(([id]) => id);

describe("rule parity", () => {
  it("the registry holds exactly the issue's ids, in its order, with its default severities", () => {
    expect(rules.map((r) => [r.meta.id, r.meta.defaultSeverity])).toEqual(ALL_RULES);
  });

  it("one file per rule in src/lint/rules and src/targets/<target>/rules, and no other", async () => {
    const ids = await Promise.all(RULE_FILES.map(idOfFile));
    expect([...ids].sort()).toEqual([...tableIds].sort());
  });

  it("one docs page per rule in docs/rules, and no other", () => {
    expect(docFiles).toEqual([...tableIds].sort());
  });

  it.each(RULE_FILES)("%s: exports a registered rule", async (file) => {
    // By URL: vite's static analysis of `import(`…/${id}.ts`)` only allows one folder level.
    const module = (await import(/* @vite-ignore */ new URL(file, root).href)) as { default: Rule };
    expect(module.default).toBe(rules.find((r) => r.meta.id === module.default.meta.id));
    expect(module.default.meta.description).toMatch(/^\S.*\.$/);
    expect(module.default.meta.description).not.toContain("\n");
  });

  it.each(registryIds)("%s: its docs page explains why, fails and passes, and lists the options", (id) => {
    const page = readFileSync(new URL(`docs/rules/${id}.md`, root), "utf8");
    const rule = rules.find((r) => r.meta.id === id);
    expect(page.startsWith(`# ${id}\n`)).toBe(true);
    expect(page).toContain(`Default severity: \`${rule?.meta.defaultSeverity}\``);
    for (const heading of ["## Why", "## Failing example", "## Passing example", "## Options"]) expect(page).toContain(heading);
    for (const [name, spec] of Object.entries(rule?.meta.options ?? {})) {
      expect(page).toContain(`\`${name}\``);
      expect(page).toContain(`${spec.default}`);
    }
  });

  it.each([[[]], [["--docs"]]])("scripts/rules-index.mjs %j has written its file from the rules (src/lint/rules/index.ts, docs/lint.md's table)", (args) => {
    const result = spawnSync(process.execPath, [fileURLToPath(new URL("scripts/rules-index.mjs", root)), ...args, "--check"], { encoding: "utf8" });
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
  });

  it("docs/lint.md lists every rule", () => {
    const page = readFileSync(new URL("docs/lint.md", root), "utf8");
    for (const id of tableIds) expect(page).toContain(`[\`${id}\`](rules/${id}.md)`);
  });
});
