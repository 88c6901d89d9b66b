/**
 * Issue 23.5: a strict tool with `allOf`, or nested past OpenAI's ten levels, was reported twice at
 * the same pointer: by `openai-strict-lowerable` (which says what the openai output then does: it
 * sends the tool non-strict) and by `openai/keyword-unsupported` or `openai/schema-limits`. The
 * lowering rule owns those problems; the target rules stand down where it reports the same one, and
 * still report what it does not (a limit set lower in the config, or with the lowering rule off).
 * Run through the CLI, as users run it.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { repoRoot } from "../../helpers.js";

const cli = path.join(repoRoot, "dist", "bin", "toolgen.cjs");
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const DESCRIPTION = "Merges two records. Use it when the user asks to combine duplicates. It returns the merged record.";

/** An object nested `levels` deep (the root object is level 1), each level closed and described. */
function nested(levels: number): Record<string, unknown> {
  let schema: Record<string, unknown> = { type: "string", description: "The leaf." };
  for (let i = levels; i >= 2; i--) {
    schema = { type: "object", description: `Level ${i}.`, properties: { next: schema }, required: ["next"], additionalProperties: false };
  }
  return schema;
}

const TOOL = {
  name: "merge_records",
  description: DESCRIPTION,
  strict: true,
  input_schema: {
    type: "object",
    properties: {
      keep: { description: "Which record to keep.", allOf: [{ type: "string" }, { minLength: 1 }] },
      deep: nested(12),
    },
    required: ["keep", "deep"],
    additionalProperties: false,
  },
};

function lintJson(config: Record<string, unknown>): { rule: string; pointer: string }[] {
  const dir = mkdtempSync(path.join(tmpdir(), "toolgen-openai-once-"));
  dirs.push(dir);
  mkdirSync(path.join(dir, "schemas"));
  writeFileSync(path.join(dir, "schemas", "merge_records.json"), JSON.stringify(TOOL, null, 2));
  writeFileSync(path.join(dir, "toolgen.config.json"), JSON.stringify({ targets: ["anthropic", "openai"], ...config }));
  const r = spawnSync(process.execPath, [cli, "lint", "--format", "json"], { cwd: dir, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
  expect(r.status, r.stderr).toBe(1);
  const list = JSON.parse(r.stdout) as { rule: string; pointer: string }[];
  return list.filter((d) => d.rule.startsWith("openai")).map(({ rule, pointer }) => ({ rule, pointer }));
}

const DEEP_11 = `/input_schema/properties/deep${"/properties/next".repeat(9)}`;
const DEEP_12 = `${DEEP_11}/properties/next`;

it("reports each problem once, under openai-strict-lowerable", () => {
  const found = lintJson({});
  const pointers = found.map((d) => d.pointer);
  expect(pointers.filter((p, i) => pointers.indexOf(p) !== i)).toEqual([]);
  expect(found).toEqual(
    expect.arrayContaining([
      { rule: "openai-strict-lowerable", pointer: "/input_schema/properties/keep/allOf" },
      { rule: "openai-strict-lowerable", pointer: DEEP_11 },
      { rule: "openai-strict-lowerable", pointer: DEEP_12 },
    ]),
  );
  expect(found.filter((d) => d.rule !== "openai-strict-lowerable")).toEqual([]);
});

it("the target rules still report what the lowering rule does not say", () => {
  // maxDepth 4: the first object past it is at level 5, where the lowering rule says nothing.
  const lower = lintJson({ rules: { "openai/schema-limits": ["error", { maxDepth: 4 }] } });
  expect(lower).toContainEqual({ rule: "openai/schema-limits", pointer: `/input_schema/properties/deep${"/properties/next".repeat(3)}` });
  // With the lowering rule off, the target rules say it all.
  const off = lintJson({ rules: { "openai-strict-lowerable": "off" } });
  expect(off).toEqual([
    { rule: "openai/keyword-unsupported", pointer: "/input_schema/properties/keep/allOf" },
    { rule: "openai/schema-limits", pointer: DEEP_11 },
  ]);
});
