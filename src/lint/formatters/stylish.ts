/** The readable report: findings grouped by file, aligned, coloured when asked (a TTY without NO_COLOR). */
import type { Diagnostic } from "../../model.js";
import { escapeControl } from "./escape.js";

export interface StylishOptions {
  color: boolean;
}

const STYLES = { red: [31, 39], yellow: [33, 39], dim: [2, 22], underline: [4, 24], bold: [1, 22] } as const;

export function formatStylish(diagnostics: readonly Diagnostic[], options: StylishOptions): string {
  const paint = (style: keyof typeof STYLES, text: string) =>
    options.color ? `\u001b[${STYLES[style][0]}m${text}\u001b[${STYLES[style][1]}m` : text;
  if (diagnostics.length === 0) return "";
  const byFile = new Map<string, Diagnostic[]>();
  for (let i = 0; i < diagnostics.length; i++) {
    const d = diagnostics[i]!;
    const list = byFile.get(d.file);
    if (list) list.push(d);
    else byFile.set(d.file, [d]);
  }
  let out = "";
  const wheres: string[] = [];
  for (const [file, list] of byFile) {
    out += `\n${paint("underline", escapeControl(file))}\n`;
    let whereWidth = 0;
    let severityWidth = 0;
    for (let i = 0; i < list.length; i++) {
      const d = list[i]!;
      wheres[i] = d.line !== undefined ? `${d.line}:${d.column ?? 1}` : "";
      whereWidth = Math.max(whereWidth, wheres[i]!.length);
      severityWidth = Math.max(severityWidth, d.severity.length);
    }
    for (let i = 0; i < list.length; i++) {
      const d = list[i]!;
      const severity = paint(d.severity === "error" ? "red" : "yellow", d.severity.padEnd(severityWidth));
      const context = escapeControl(d.tool !== undefined ? `tool '${d.tool}' #${d.pointer}` : `#${d.pointer}`);
      out += `  ${paint("dim", wheres[i]!.padStart(whereWidth))}  ${severity}  ${escapeControl(d.message)}  ${paint("dim", context)}  ${paint("dim", escapeControl(d.rule))}\n`;
    }
  }
  const errors = diagnostics.filter((d) => d.severity === "error").length;
  out += `\n${paint(errors > 0 ? "red" : "yellow", paint("bold", problemSummary(errors, diagnostics.length - errors)))}\n`;
  return out;
}

/** The report's last line, `✖ 3 problems (1 error, 2 warnings)` (build ends its warnings with it too). */
export function problemSummary(errors: number, warnings: number): string {
  return `✖ ${plural(errors + warnings, "problem")} (${plural(errors, "error")}, ${plural(warnings, "warning")})`;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}
