/**
 * The openai target's schema rules (keyword-unsupported, schema-limits) concern strict mode only: a
 * tool OpenAI gets without `strict` may use `allOf`. They check the tools whose file says
 * `"strict": true`, and every tool when the config says `"openaiStrict": true` (issue 14).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { runLint } from "../../../src/commands/lint.js";

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const DESCRIPTION = "Merges two records. Use it when the user asks to combine duplicates. It returns the merged record.";
const tool = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  description: DESCRIPTION,
  ...extra,
  input_schema: {
    type: "object",
    properties: { keep: { description: "Which record to keep.", allOf: [{ type: "string" }, { minLength: 1 }] } },
    required: ["keep"],
    additionalProperties: false,
  },
});

async function findings(config: Record<string, unknown>, tools: Record<string, unknown>[]): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), "toolgen-openai-strict-"));
  dirs.push(dir);
  mkdirSync(path.join(dir, ".git"));
  mkdirSync(path.join(dir, "schemas"));
  for (const t of tools) writeFileSync(path.join(dir, "schemas", `${String(t.name)}.json`), JSON.stringify(t, null, 2));
  writeFileSync(path.join(dir, "toolgen.config.json"), JSON.stringify({ targets: ["anthropic", "openai"], ...config }));
  let stdout = "";
  await runLint({ cwd: dir, env: {}, format: "json", stdout: { write: (t: string) => (stdout += t) }, stderr: { write: () => true } });
  const list = JSON.parse(stdout) as { rule: string; tool?: string }[];
  return list.filter((d) => d.rule.startsWith("openai/")).map((d) => `${d.tool} ${d.rule}`);
}

// openai-strict-lowerable reports the same allOf, and the target rule yields to it (issue 23.5,
// openai-once.test.ts): it is turned off here, to see the target rule's own scope.
const OWN = { rules: { "openai-strict-lowerable": "off" } };

it("reports allOf only in the tool sent strict", async () => {
  expect(await findings(OWN, [tool("plain"), tool("strict_one", { strict: true })])).toEqual(["strict_one openai/keyword-unsupported"]);
});

it("reports it in every tool with openaiStrict", async () => {
  expect(await findings({ ...OWN, openaiStrict: true }, [tool("plain"), tool("strict_one", { strict: true })])).toEqual([
    "plain openai/keyword-unsupported",
    "strict_one openai/keyword-unsupported",
  ]);
});

it("stays off when openai is not targeted, openaiStrict or not", async () => {
  expect(await findings({ targets: ["anthropic"], openaiStrict: true }, [tool("strict_one", { strict: true })])).toEqual([]);
});
