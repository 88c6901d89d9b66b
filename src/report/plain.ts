/** Build errors as plain lines on stderr (`file:line:col: severity rule: message [tool, #/pointer]`). */
import { escapeControl } from "../lint/formatters/escape.js";
import type { Diagnostic } from "../model.js";

/** One line per diagnostic: `file:line:col: severity rule: message [tool 'x', #/pointer]`. Used for build errors. */
export function formatDiagnosticsPlain(diagnostics: readonly Diagnostic[]): string {
  return diagnostics
    .map((d) => {
      const where = d.line !== undefined ? `${d.file}:${d.line}:${d.column ?? 1}` : d.file;
      const context = [d.tool !== undefined ? `tool '${d.tool}'` : undefined, `#${d.pointer}`].filter(Boolean).join(", ");
      return `${escapeControl(`${where}: ${d.severity} ${d.rule}: ${d.message} [${context}]`)}\n`;
    })
    .join("");
}
