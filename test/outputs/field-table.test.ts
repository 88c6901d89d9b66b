/**
 * Issue 40: the field-by-output table of docs/providers.md, held to the code. Each output that sends
 * tools declares what it does with each tool-file field (a `tool-fields` capability); this test checks
 * (1) every such output declares one, (2) the page holds the table as the declarations write it,
 * (3) a carried or mapped field is in the output's generated file (a build whose tool has every field),
 * (4) a dropped field has no place in the installed SDK's own tool type (read from its .d.ts), unless
 * the declaration marks it a gap, and the gaps are exactly the ones listed here (each still open).
 */
import { readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { OUTPUTS } from "../../src/catalog.js";
import { providedBy, TOOL_FILE_FIELDS, type ToolFieldsCapability, type ToolFileField } from "../../src/emit/capabilities.js";
import { fieldTable } from "../../src/emit/field-table.js";
import type { GeneratedFile } from "../../src/model.js";
import { build } from "../../src/pipeline.js";
import { repoRoot, tempDir } from "../helpers.js";

const rows = OUTPUTS.flatMap((o) => providedBy([o], "tool-fields").map((row) => ({ id: o.id, row })));

/** The names an SDK gives each field's place (the test looks for any of them in the SDK's tool type). */
const SDK_NAMES: Record<ToolFileField, readonly string[]> = {
  annotations: ["annotations"],
  needs_approval: ["needsApproval", "needs_approval", "requireApproval"],
  output_schema: ["outputSchema", "output_schema", "responseJsonSchema"],
  allowed_callers: ["allowedCallers", "allowed_callers"],
  defer_loading: ["deferLoading", "defer_loading", "alwaysLoad"],
  input_examples: ["inputExamples", "input_examples"],
  strict: ["strict"],
};

/** Where each output's SDK declares what a tool takes: a .d.ts of the installed package, and the types' openings in it. */
const SDK_TYPES: Record<string, { file: string; starts: readonly string[] }> = {
  native: { file: "@anthropic-ai/sdk/resources/messages/messages.d.ts", starts: ["export interface Tool {"] },
  "anthropic-helpers": { file: "@anthropic-ai/sdk/resources/messages/messages.d.ts", starts: ["export interface Tool {"] },
  openai: { file: "openai/resources/responses/responses.d.ts", starts: ["export interface FunctionTool {"] },
  gemini: { file: "@google/genai/dist/genai.d.ts", starts: ["export declare interface FunctionDeclaration {"] },
  // The MCP SDK's Zod schema of a `Tool` (its type is inferred from it; the file's name carries a build hash).
  mcp: { file: "@modelcontextprotocol/core/dist/schemas-DBHuY3cl.d.mts", starts: ["declare const ToolSchema: z.ZodObject<{"] },
  "ai-sdk": { file: "@ai-sdk/provider-utils/dist/index.d.ts", starts: ["type BaseTool<", "type BaseFunctionTool<", "type ToolOutputProperties<"] },
  "openai-agents": { file: "@openai/agents-core/dist/tool.d.ts", starts: ["type StrictToolOptionsBase<", "type NonStrictToolOptionsBase<"] },
  mastra: { file: "@mastra/core/dist/tools/types.d.ts", starts: ["export interface ToolAction<"] },
  "claude-agent-sdk": { file: "@anthropic-ai/claude-agent-sdk/sdk.d.ts", starts: ["export declare function tool<"] },
  "managed-agents": { file: "@anthropic-ai/sdk/resources/beta/agents/agents.d.ts", starts: ["export interface BetaManagedAgentsCustomToolParams {"] },
  langchain: { file: "@langchain/core/dist/tools/types.d.ts", starts: ["export interface ToolParams extends", "export interface BaseDynamicToolInput extends", "export interface DynamicStructuredToolInput<"] },
};

/** The member names of the block that opens at the first `{` after `start` in `text` (its own level only). */
function members(text: string, start: string): Set<string> {
  const at = text.indexOf(start);
  expect(at, start).toBeGreaterThanOrEqual(0);
  const names = new Set<string>();
  let depth = 0;
  let line = "";
  for (let i = text.indexOf("{", at); i < text.length; i++) {
    const c = text[i]!;
    if (c === "{") depth++;
    else if (c === "}" && --depth === 0) break;
    if (depth === 1) line += c;
    if (c === "\n") {
      const m = /^\s*(?:readonly\s+)?([A-Za-z_$][\w$]*)\??:/.exec(line);
      if (m !== null) names.add(m[1]!);
      line = "";
    }
  }
  return names;
}

/** What each output's SDK has a place for, of the fields. */
function sdkPlaces(id: string): Set<ToolFileField> {
  const spec = SDK_TYPES[id]!;
  const text = readFileSync(path.join(repoRoot, "node_modules", spec.file), "utf8");
  const names = new Set(spec.starts.flatMap((s) => [...members(text, s)]));
  return new Set(TOOL_FILE_FIELDS.filter((f) => SDK_NAMES[f].some((n) => names.has(n))));
}

/** The drops the SDKs have a place for, still open: none (a new one is declared with its `gap` and listed here). */
const OPEN_GAPS: string[] = [];

describe("the field-by-output table (docs/providers.md)", () => {
  it("every output that sends tools to a provider or framework declares its row", () => {
    const sending = OUTPUTS.filter((o) => o.framework !== undefined || providedBy([o], "tool-array").length > 0 || ["native", "legacy"].includes(o.id));
    expect(sending.filter((o) => providedBy([o], "tool-fields").length === 0).map((o) => o.id)).toEqual([]);
    expect(rows.map((r) => r.id).sort()).toEqual(Object.keys(SDK_TYPES).concat("legacy").sort());
  });

  it("the page holds the table as the declarations write it", () => {
    const page = readFileSync(path.join(repoRoot, "docs", "providers.md"), "utf8");
    const table = /<!-- field-table:[^\n]*-->\n([\s\S]*?)\n<!-- \/field-table -->/.exec(page)?.[1];
    expect(table).toBe(fieldTable(rows.map((r) => r.row)));
  });

  it("a dropped field has no place in the SDK's own tool type; the drops it has a place for are the open gaps listed", () => {
    const wrong: string[] = [];
    const gaps: string[] = [];
    for (const { id, row } of rows) {
      if (SDK_TYPES[id] === undefined) continue;
      const places = sdkPlaces(id);
      for (const field of TOOL_FILE_FIELDS) {
        const use = row.fields[field];
        if (use.use !== "dropped") continue;
        if (use.gap !== undefined) gaps.push(`${id} ${field}`);
        if (places.has(field) !== (use.gap !== undefined)) wrong.push(`${id} ${field}: ${places.has(field) ? "the SDK has a place, the output drops it" : "marked a gap, but the SDK has no place"}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(gaps).toEqual(OPEN_GAPS);
  });

  describe("a carried or mapped field is in the output's generated file", () => {
    let files: GeneratedFile[] = [];
    beforeAll(async () => {
      const dir = await tempDir();
      const schemas = path.join(dir, "schemas");
      await mkdir(schemas);
      const input_schema = { type: "object", properties: { id: { type: "string", description: "The note's id." } }, required: ["id"] };
      const description = "Deletes a note for good. Use it when the user asks to delete a note. It returns the note's id.";
      const every = {
        name: "delete_note",
        description,
        input_schema,
        annotations: { title: "Delete a note", readOnlyHint: false, destructiveHint: true },
        needs_approval: true,
        output_schema: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
        allowed_callers: ["direct"],
        input_examples: [{ id: "n-1" }],
        strict: true,
      };
      const deferred = { name: "find_note", description: "Finds a note by its id. Use it when the user names a note. It returns the note.", input_schema, defer_loading: true };
      await writeFile(path.join(schemas, "delete_note.json"), JSON.stringify(every));
      await writeFile(path.join(schemas, "find_note.json"), JSON.stringify(deferred));
      const outputs = ["native", "legacy", "types", "validators", "handlers", "runtime", "index", "standard-schema", ...rows.map((r) => r.id).filter((id) => id !== "native" && id !== "legacy")];
      ({ files } = await build({ schemas, out: path.join(dir, "generated"), handlers: path.join(dir, "handlers"), cache: false, lint: false, outputs }));
    });

    it("each marker of a carried or mapped field is in its output's files", () => {
      const missing: string[] = [];
      for (const { id, row } of rows) {
        const text = files.filter((f) => row.files.includes(f.path)).map((f) => f.contents).join("\n");
        expect(text, `${id}: ${row.files.join(", ")}`).not.toBe("");
        for (const field of TOOL_FILE_FIELDS) {
          const use = row.fields[field];
          if (use.use !== "dropped" && !text.includes(use.marker ?? use.as)) missing.push(`${id} ${field}: '${use.marker ?? use.as}'`);
        }
      }
      expect(missing).toEqual([]);
    });
  });
});
