/** The `json` lint report: every finding as a JSON object, for tools that read it. */
import type { Diagnostic } from "../../model.js";

/** One record of `--format json`: always these eight fields, `null` where there is no value. */
export interface JsonFinding {
  file: string;
  tool: string | null;
  rule: string;
  severity: Diagnostic["severity"];
  message: string;
  pointer: string;
  line: number | null;
  column: number | null;
}

export function formatJson(diagnostics: readonly Diagnostic[]): string {
  const records: JsonFinding[] = diagnostics.map((d) => ({
    file: d.file,
    tool: d.tool ?? null,
    rule: d.rule,
    severity: d.severity,
    message: d.message,
    pointer: d.pointer,
    line: d.line ?? null,
    column: d.column ?? null,
  }));
  return JSON.stringify(records, null, 2) + "\n";
}
