/**
 * Rule `mcp/destructive-hint`: a tool whose name or description says it deletes, removes, drops or
 * overwrites, without annotations.destructiveHint. Also holds the heuristic's precision on the bench
 * corpora as docs/rules/mcp/destructive-hint.md gives it (bench/destructive-precision.mjs).
 */
import { describe, expect, it } from "vitest";
import { corpora, measure } from "../../../bench/destructive-precision.mjs";
import { destructiveWord } from "../../../src/targets/mcp/rules/destructive-hint.js";
import { testRule, toolJson } from "../helpers/rule-tester.js";

const tool = (name: string, description: string, extra: Record<string, unknown> = {}) => toolJson({ name, description, input_schema: { type: "object" }, ...extra });

testRule("mcp/destructive-hint", {
  valid: [
    { name: "a read", files: tool("get_note", "Gets a note by its id.") },
    { name: "said destructive", files: tool("delete_note", "Deletes a note.", { annotations: { destructiveHint: true } }) },
    { name: "said not destructive", files: tool("remove_tag", "Removes a tag from a note.", { annotations: { destructiveHint: false } }) },
    { name: "said read-only", files: tool("preview_delete", "Shows what deleting a folder would delete.", { annotations: { readOnlyHint: true } }) },
    { name: "a participle says nothing of the tool", files: tool("list_notes", "Lists notes, deleted ones too.") },
    { name: "negated", files: tool("archive_note", "Archives a note; it does not delete it.") },
    { name: "only the first sentence counts", files: tool("list_notes", "Lists notes. To remove one, call delete_note.") },
    { name: "drag and drop is a gesture (Playwright's browser_drop)", files: tool("browser_drop", "Drop files onto an element, as if dragged from outside the page.") },
    { name: "drag and drop in the description", files: tool("browser_drag", "Perform drag and drop between two elements.") },
  ],
  invalid: [
    {
      name: "in the name (camelCase too)",
      files: tool("dropTable", "Runs a statement."),
      errors: [{ message: "tool 'dropTable': its name says 'drop', but annotations.destructiveHint is not set", pointer: "/name", line: 2, column: 3, tool: "dropTable", severity: "warning" }],
    },
    {
      name: "in the description, annotations without the hint",
      files: tool("save_file", "Overwrites the file at the path with the text given.", { annotations: { title: "Save" } }),
      errors: [{ message: "its description says 'overwrites'", pointer: "/description", line: 3, column: 3 }],
    },
  ],
});

describe("mcp/destructive-hint's precision on the bench corpora (docs/rules/mcp/destructive-hint.md)", () => {
  const sets = corpora(1000, 300);
  it("bench/corpus.mjs, 1,000 tools: 58 flagged, all of them destroy", () => {
    const m = measure(destructiveWord, sets.corpus, "corpus");
    expect([m.flagged, m.truePositives, m.falsePositives]).toEqual([58, 58, []]);
  });
  it("213 real tools of 17 public MCP servers (labelled by hand): 12 flagged, all of them destroy; 1 missed", () => {
    const m = measure(destructiveWord, sets.public, "public");
    expect([m.tools, m.flagged, m.truePositives, m.falsePositives, m.destructive]).toEqual([213, 12, 12, [], 13]);
  });
  it("bench/tool-catalog.mjs, 300 tools: 32 flagged, all of them destroy; the description alone gives the same", () => {
    expect(measure(destructiveWord, sets.catalog, "catalog")).toMatchObject({ flagged: 32, truePositives: 32, falsePositives: [] });
    expect(measure(destructiveWord, sets.corpus, "corpus", { names: false })).toMatchObject({ flagged: 58, truePositives: 58 });
  });
});
