import { describe, expect, it } from "vitest";
import { formatJson } from "../../../src/lint/formatters/json.js";
import type { Diagnostic } from "../../../src/model.js";

describe("formatJson", () => {
  const diagnostics: Diagnostic[] = [
    { file: "schemas/a.json", tool: "a", rule: "schema-valid", severity: "error", message: "bad", pointer: "/input_schema/type", line: 5, column: 5 },
    { file: "schemas/b.json", rule: "parse-error", severity: "error", message: "invalid JSON", pointer: "" },
  ];

  it("prints an array of records with exactly the eight fields, null where there is no value", () => {
    const records = JSON.parse(formatJson(diagnostics)) as Record<string, unknown>[];
    expect(records).toHaveLength(2);
    for (const record of records) {
      expect(Object.keys(record)).toEqual(["file", "tool", "rule", "severity", "message", "pointer", "line", "column"]);
    }
    expect(records[0]).toEqual({ file: "schemas/a.json", tool: "a", rule: "schema-valid", severity: "error", message: "bad", pointer: "/input_schema/type", line: 5, column: 5 });
    expect(records[1]).toMatchObject({ tool: null, line: null, column: null, pointer: "" });
  });

  it("prints [] when there is nothing to report", () => {
    expect(JSON.parse(formatJson([]))).toEqual([]);
  });
});
