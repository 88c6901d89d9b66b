/** The readable report: findings grouped by file, aligned, coloured when asked (a TTY without NO_COLOR). */
import type { Diagnostic } from "../../model.js";

export interface StylishOptions {
  color: boolean;
}

const STYLES = { red: [31, 39], yellow: [33, 39], dim: [2, 22], underline: [4, 24], bold: [1, 22] } as const;

export function formatStylish(diagnostics: readonly Diagnostic[], options: StylishOptions): string {
  const paint = (style: keyof typeof STYLES, text: string) =>
    options.color ? `\u001b[${STYLES[style][0]}m${text}\u001b[${STYLES[style][1]}m` : text;
  if (diagnostics.length === 0) return "";
  const byFile = new Map<string, Diagnostic[]>();
  for (const d of diagnostics) {
    const list = byFile.get(d.file) ?? [];
    list.push(d);
    byFile.set(d.file, list);
  }
  let out = "";
  for (const [file, list] of byFile) {
    out += `\n${paint("underline", file)}\n`;
    const rows = list.map((d) => ({
      where: d.line !== undefined ? `${d.line}:${d.column ?? 1}` : "",
      severity: d.severity,
      message: d.message,
      context: [d.tool !== undefined ? `tool '${d.tool}'` : undefined, `#${d.pointer}`].filter(Boolean).join(" "),
      rule: d.rule,
    }));
    const whereWidth = Math.max(...rows.map((r) => r.where.length));
    const severityWidth = Math.max(...rows.map((r) => r.severity.length));
    for (const r of rows) {
      const severity = paint(r.severity === "error" ? "red" : "yellow", r.severity.padEnd(severityWidth));
      out += `  ${paint("dim", r.where.padStart(whereWidth))}  ${severity}  ${r.message}  ${paint("dim", r.context)}  ${paint("dim", r.rule)}\n`;
    }
  }
  const errors = diagnostics.filter((d) => d.severity === "error").length;
  const warnings = diagnostics.length - errors;
  const summary = `✖ ${plural(diagnostics.length, "problem")} (${plural(errors, "error")}, ${plural(warnings, "warning")})`;
  out += `\n${paint(errors > 0 ? "red" : "yellow", paint("bold", summary))}\n`;
  return out;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}
