/**
 * `toolgen diff`'s reports: stylish (the terminal), json, sarif and github (the lint formatters, each
 * finding as a diagnostic: breaking ones errors, the others warnings), and markdown for a pull-request
 * comment. Every breaking finding shows its witness; a possibly breaking one says none was found.
 * With `--eval`, each format also shows the tool search eval's change (./eval.ts).
 */
import type { Diagnostic, SourceFile } from "../model.js";
import { locatePointer } from "../load/positions.js";
import type { Rule } from "../lint/rule.js";
import { formatGithub } from "../lint/formatters/github.js";
import { formatSarif } from "../lint/formatters/sarif.js";
import { escapeControl, markdownCell } from "../lint/formatters/escape.js";
import type { DiffFinding, DiffResult } from "./engine.js";
import { EVAL_RULES, evalDiagnostics, evalMarkdown, evalStylish, evalSummary, type EvalChange } from "./eval.js";
import { DIFF_RULES, type DiffClass } from "./rules.js";

export const DIFF_FORMATS = ["stylish", "json", "sarif", "github", "markdown"] as const;
export type DiffFormat = (typeof DIFF_FORMATS)[number];

export interface ReportOptions {
  base: string;
  head: string;
  color: boolean;
  cwd: string;
  root: string;
  version?: string;
  /** `--eval`: the tool search eval's change, shown in every format. */
  eval?: EvalChange;
  /** The tools' files by display path: the github and sarif findings get their line and column. */
  sources?: ReadonlyMap<string, SourceFile>;
  /** Where the markdown report links each rule (toolgen's docs/diff.md in its repository); no link without one. */
  rulesUrl?: string;
  /** Findings' locations that are no file: a server's tools (`server:<name>`), for sarif and github. */
  notFiles?: ReadonlySet<string>;
}

const CLASS_TITLES: Record<DiffClass, string> = {
  "breaking-callers": "Breaking for callers (an input valid before is now rejected)",
  "breaking-handlers": "Breaking for handlers (an input rejected before is now accepted)",
  prompt: "Prompt changes (what the model reads; the prompt cache misses)",
  target: "Target changes",
};
const ORDER: DiffClass[] = ["breaking-callers", "breaking-handlers", "target", "prompt"];

const witnessText = (f: DiffFinding) => (f.witness ? `witness: ${JSON.stringify(f.witness.input)} (base ${f.witness.base}, head ${f.witness.head})` : undefined);

/** A finding as a lint diagnostic (message with the witness), for the lint formatters. */
function asDiagnostic(f: DiffFinding, strip: (file: string) => string, sources: ReadonlyMap<string, SourceFile> | undefined): Diagnostic {
  const w = witnessText(f);
  const severity = f.class === "breaking-callers" || f.class === "breaking-handlers" ? "error" : "warning";
  const verdict = f.verdict === "changed" ? "" : f.verdict === "breaking" ? `${f.class}: ` : `possibly ${f.class}: `;
  const d: Diagnostic = { file: strip(f.file), tool: f.tool, rule: f.rule, severity, message: `${verdict}${f.message}${w ? `; ${w}` : ""}`, pointer: f.pointer };
  // The line and column of the pointer in the tool's file (GitHub places an annotation without a line at the file's top).
  const source = sources?.get(f.file);
  return source === undefined || source.parseError !== undefined ? d : { ...d, ...locatePointer(source, f.pointer) };
}

export function renderDiff(result: DiffResult, format: DiffFormat, options: ReportOptions): string {
  const strip = (file: string) => {
    for (const label of [options.base, options.head]) if (file.startsWith(`${label}:`)) return file.slice(label.length + 1);
    return file;
  };
  const notFiles = options.notFiles !== undefined ? { notFiles: options.notFiles } : {};
  switch (format) {
    case "json":
      return JSON.stringify({ base: options.base, head: options.head, tools: result.tools, summary: summary(result), findings: result.findings, ...(options.eval ? { eval: options.eval } : {}) }, null, 2) + "\n";
    case "sarif":
      return formatSarif(diagnostics(result, strip, options), { rules: [...sarifRules(), ...(options.eval ? EVAL_RULES : [])], cwd: options.cwd, root: options.root, ...(options.version ? { version: options.version } : {}), ...notFiles });
    case "github":
      return formatGithub(diagnostics(result, strip, options), { cwd: options.cwd, root: options.root, ...notFiles });
    case "markdown":
      return markdown(result, options);
    case "stylish":
      return stylish(result, options);
  }
}

/** The findings, then the eval's change, as lint diagnostics (sarif, github). */
function diagnostics(result: DiffResult, strip: (file: string) => string, options: ReportOptions): Diagnostic[] {
  return [...result.findings.map((f) => asDiagnostic(f, strip, options.sources)), ...(options.eval ? evalDiagnostics(options.eval) : [])];
}

function summary(result: DiffResult): Record<DiffClass, { breaking: number; possibly: number; changed: number }> {
  const out = Object.fromEntries(ORDER.map((c) => [c, { breaking: 0, possibly: 0, changed: 0 }])) as Record<DiffClass, { breaking: number; possibly: number; changed: number }>;
  for (const f of result.findings) out[f.class][f.verdict === "breaking" ? "breaking" : f.verdict === "possibly-breaking" ? "possibly" : "changed"]++;
  return out;
}

function sarifRules(): Rule[] {
  return DIFF_RULES.map((r) => ({ meta: { id: r.id, defaultSeverity: r.class.startsWith("breaking") ? "error" : "warning", description: r.description, messages: {} }, check: () => undefined }));
}

function stylish(result: DiffResult, options: ReportOptions): string {
  const paint = (code: [number, number], text: string) => (options.color ? `\u001b[${code[0]}m${text}\u001b[${code[1]}m` : text);
  const red: [number, number] = [31, 39];
  const yellow: [number, number] = [33, 39];
  const dim: [number, number] = [2, 22];
  let out = "";
  for (const cls of ORDER) {
    const list = result.findings.filter((f) => f.class === cls);
    if (list.length === 0) continue;
    out += `\n${paint([4, 24], CLASS_TITLES[cls])}\n`;
    for (const f of list) {
      const tag = f.verdict === "breaking" ? paint(red, "breaking") : f.verdict === "possibly-breaking" ? paint(yellow, "possibly") : paint(dim, "changed ");
      out += `  ${tag}  ${escapeControl(f.message)}  ${paint(dim, escapeControl(`${f.file} tool '${f.tool}' #${f.pointer}`))}  ${paint(dim, f.rule)}\n`;
      const w = witnessText(f);
      if (w) out += `            ${escapeControl(w)}\n`;
    }
  }
  if (options.eval) out += evalStylish(options.eval, { title: (t) => paint([4, 24], t), bad: (t) => paint(red, t), good: (t) => paint([32, 39], t), dim: (t) => paint(dim, t) });
  const s = summary(result);
  const count = (c: DiffClass) => s[c].breaking + s[c].possibly + s[c].changed;
  out += `\n${options.base} -> ${options.head}: ${result.findings.length === 0 ? "no changes" : ORDER.filter((c) => count(c) > 0).map((c) => `${count(c)} ${c}${s[c].possibly > 0 ? ` (${s[c].possibly} possibly)` : ""}`).join(", ")}${options.eval ? `; ${evalSummary(options.eval)}` : ""}\n`;
  return out;
}

/** Text for a markdown table cell: pipes escaped, no line breaks. */
const cell = markdownCell;

function markdown(result: DiffResult, options: ReportOptions): string {
  let out = `## toolgen diff: \`${cell(options.base)}\` → \`${cell(options.head)}\`\n\n`;
  if (result.findings.length === 0) return out + `No changes to the tools (${result.tools.head} tool(s)).\n` + (options.eval ? evalMarkdown(options.eval, cell) : "");
  const s = summary(result);
  out += `| class | breaking (with witness) | possibly breaking | changed |\n|---|---|---|---|\n`;
  for (const c of ORDER) out += `| ${c} | ${s[c].breaking} | ${s[c].possibly} | ${s[c].changed} |\n`;
  out += `\nTools: ${result.tools.base} → ${result.tools.head}.\n`;
  for (const cls of ORDER) {
    const list = result.findings.filter((f) => f.class === cls);
    if (list.length === 0) continue;
    out += `\n### ${CLASS_TITLES[cls]}\n\n| tool | change | where | rule | witness |\n|---|---|---|---|---|\n`;
    for (const f of list) {
      const w = f.witness ? `\`${cell(JSON.stringify(f.witness.input))}\` (base ${f.witness.base}, head ${f.witness.head})` : f.verdict === "possibly-breaking" ? "none found: **possibly breaking**" : "";
      const rule = options.rulesUrl === undefined ? `\`${f.rule}\`` : `[${f.rule}](${options.rulesUrl})`;
      out += `| \`${cell(f.tool)}\` | ${cell(f.message)} | \`${cell(f.pointer)}\` | ${rule} | ${w} |\n`;
    }
  }
  return out + (options.eval ? evalMarkdown(options.eval, cell) : "");
}
