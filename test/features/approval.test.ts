/**
 * Issue 40: the `approvalFromDestructiveHint` setting (src/features/approval/). Off by default; on, a
 * tool whose file says `"destructiveHint": true` and no `needs_approval` needs approval in every output
 * with an approval option: ai-sdk's `toolApproval`, openai-agents' and mastra's approval lists (each
 * read from the generated files; test/targets/ai-sdk.test.ts runs the AI SDK's loop over toolApproval).
 * A file's own `needs_approval: false` wins.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { build } from "../../src/pipeline.js";
import { tempDir } from "../helpers.js";

const description = "Works on a note. Use it when the user names a note by its id. It returns the note's id.";
const schema = { type: "object", properties: { id: { type: "string", description: "The note's id." } }, required: ["id"] };
const TOOLS = {
  delete_note: { name: "delete_note", description, annotations: { destructiveHint: true }, input_schema: schema },
  purge_note: { name: "purge_note", description, needs_approval: false, annotations: { destructiveHint: true }, input_schema: schema },
  read_note: { name: "read_note", description, annotations: { readOnlyHint: true, destructiveHint: false }, input_schema: schema },
};
const OUTPUTS = ["native", "types", "validators", "handlers", "runtime", "index", "standard-schema", "openai", "ai-sdk", "openai-agents", "mastra"];

/** The tools each output asks approval for, read from its generated file. */
async function approvals(settings: Record<string, unknown>): Promise<Record<string, string[]>> {
  const dir = await tempDir();
  const schemas = path.join(dir, "schemas");
  await mkdir(schemas);
  for (const [name, doc] of Object.entries(TOOLS)) await writeFile(path.join(schemas, `${name}.json`), JSON.stringify(doc));
  const out = path.join(dir, "generated");
  await build({ schemas, out, handlers: path.join(dir, "handlers"), cache: false, lint: false, outputs: OUTPUTS, ...settings });
  const names = (text: string, from: RegExp) => {
    const list = from.exec(text)?.[1];
    expect(list, `${from.source} in a generated file`).toBeDefined();
    return [...(list ?? "").matchAll(/"([a-z_]+)"/g)].map((m) => m[1]!);
  };
  const read = (file: string) => readFile(path.join(out, file), "utf8");
  return {
    "ai-sdk": names(await read("ai-sdk.ts"), /export const toolApproval[^=]*= \{([^}]*)\}/),
    "openai-agents": names(await read("openai-agents.ts"), /const needsApproval: ReadonlySet<string> = new Set\(\[?([^)]*)\)/),
    mastra: names(await read("mastra.ts"), /const needsApproval: ReadonlySet<string> = new Set\(\[?([^)]*)\)/),
  };
}

describe("approvalFromDestructiveHint", () => {
  it("off (the default): no output asks approval for a tool that only says destructiveHint", async () => {
    expect(await approvals({})).toEqual({ "ai-sdk": [], "openai-agents": [], mastra: [] });
  });

  it("on: every output with an approval option asks it for delete_note; purge_note's own needs_approval: false wins", async () => {
    const on = ["delete_note"];
    expect(await approvals({ approvalFromDestructiveHint: true })).toEqual({ "ai-sdk": on, "openai-agents": on, mastra: on });
  });
});
