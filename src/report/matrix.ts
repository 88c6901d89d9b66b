/**
 * `toolgen lint --format matrix`: a Markdown table for a pull request, one row per tool and one column per
 * client and provider the run checks (./matrix-columns.ts), each cell saying whether that client takes the
 * tool as written, takes it after toolgen's lowering, or refuses or drops it, with the rule that decides.
 * The cells are read off lint's own findings (the same rules, settings and severities as the other
 * formats) and the targets' own lowerings, so the table cannot disagree with `toolgen lint`.
 */
import { FEATURES, RULES } from "../catalog.js";
import { markdownCell } from "../lint/formatters/escape.js";
import { resolveRuleSettings } from "../lint/settings.js";
import { bundleTools, type LoadedFolder } from "../load/index.js";
import { isToolDocument } from "../load/tools.js";
import type { BundledTool, Diagnostic } from "../model.js";
import { decides, matrixColumns, RULE_TARGET, type MatrixColumn } from "./matrix-columns.js";

/** What one lint run (one config's folder, or a server's tools) hands the matrix. */
export interface MatrixPart {
  loaded: LoadedFolder;
  /** The files reported on (absolute paths); undefined: every file loaded. */
  onlyFiles?: ReadonlySet<string>;
  /** The tools tabled, by name (`diff --matrix`: the changed ones); undefined: every tool reported on. */
  tools?: ReadonlySet<string>;
  /** Lint's findings for it, as the other formats print them. */
  diagnostics: readonly Diagnostic[];
  /** The run's composed rule settings (composeRules) and its settings by key, defaults applied. */
  rules: Readonly<Record<string, unknown>>;
  settings: Readonly<Record<string, unknown>>;
}

export type Verdict = "as-is" | "lowered" | "refused";

export interface MatrixCell {
  verdict: Verdict;
  /** The rules that decide it: those refusing the tool, or the lowering's; none for as-is. */
  rules: string[];
  /** The column's own target rules that warn about the tool without refusing it. */
  warnings: string[];
}

export interface MatrixRow {
  /** The tool's name (its file's display path when it has none). */
  tool: string;
  /** Where lint's findings about it are located (a display path, or `server:<name>`). */
  file: string;
  cells: MatrixCell[];
}

export interface Matrix {
  columns: MatrixColumn[];
  rows: MatrixRow[];
  /** Findings about no one tool that decide a column (a cap, a count): the footer lists them. */
  folderFindings: Diagnostic[];
}

/** The table of one lint run. */
export async function matrixOf(part: MatrixPart): Promise<Matrix> {
  const columns = matrixColumns(part.rules, resolveRuleSettings(RULES, part.rules), part.settings);
  const bundled = new Map<string, BundledTool>((await bundleTools(part.loaded)).tools.map((t) => [t.source.absPath, t]));
  const byFile = new Map<string, Diagnostic[]>();
  for (const d of part.diagnostics) byFile.set(d.file, [...(byFile.get(d.file) ?? []), d]);
  const rows: MatrixRow[] = [];
  for (const file of part.loaded.files) {
    if (file.parseError || !isToolDocument(file.data) || (part.onlyFiles && !part.onlyFiles.has(file.absPath))) continue;
    const name = typeof file.data["name"] === "string" ? file.data["name"] : file.displayPath;
    if (part.tools !== undefined && !part.tools.has(name)) continue;
    const findings = byFile.get(file.displayPath) ?? [];
    const tool = bundled.get(file.absPath);
    rows.push({ tool: name, file: file.displayPath, cells: columns.map((column) => cellOf(column, findings, tool)) });
  }
  const onRow = new Set(rows.map((r) => r.file));
  // An error, or a target's or feature's finding (a cap, a count), about no one tool: lint's base warnings about a shared file are lint's to show.
  const aboutAll = (d: Diagnostic) => d.severity === "error" || RULE_TARGET.has(d.rule) || FEATURE_RULES.has(d.rule);
  const folderFindings = part.diagnostics.filter((d) => !onRow.has(d.file) && aboutAll(d) && columns.some((c) => decides(d.rule, c)));
  return { columns, rows, folderFindings };
}

/**
 * One cell: refused when a rule that decides the column reports an error on the tool (or a finding the
 * column's client refuses whatever its severity); else what the column's lowering does to it; else as is.
 */
export function cellOf(column: MatrixColumn, findings: readonly Diagnostic[], tool: BundledTool | undefined): MatrixCell {
  const deciding = findings.filter((d) => decides(d.rule, column));
  const refusing = deciding.filter((d) => d.severity === "error" || column.refusedBy.includes(d.rule));
  const own = (rule: string) => RULE_TARGET.get(rule) === column.target;
  if (refusing.length > 0) {
    // The column's own rules first: they say what this client or provider refuses.
    const rules = unique(refusing.map((d) => d.rule)).sort((a, b) => Number(own(b)) - Number(own(a)));
    return { verdict: "refused", rules, warnings: [] };
  }
  const lowering = column.lower !== undefined && tool !== undefined ? column.lower(tool) : { kind: "none" as const };
  const verdict: Verdict = lowering.kind === "none" ? "as-is" : lowering.kind;
  const rules = lowering.kind === "none" ? [] : [lowering.rule];
  const warnings = unique(deciding.filter((d) => own(d.rule) && !rules.includes(d.rule)).map((d) => d.rule));
  return { verdict, rules, warnings };
}

/** The features' rules (toolset-cap, ...): what they find about the whole folder goes in the footer. */
const FEATURE_RULES: ReadonlySet<string> = new Set(FEATURES.flatMap((f) => (f.rules ?? []).map((r) => r.meta.id)));

const unique = (list: readonly string[]): string[] => [...new Set(list)];

const MARK: Readonly<Record<Verdict, string>> = { "as-is": "✅", lowered: "🔧", refused: "❌" };
const code = (text: string) => `\`${markdownCell(text).replace(/`/g, "'")}\``;

/** One cell's text: its mark, the rules that decide it, then the warnings. */
function cellText(cell: MatrixCell): string {
  const parts = [MARK[cell.verdict], ...cell.rules.map(code)];
  if (cell.warnings.length > 0) parts.push("⚠️", ...cell.warnings.map(code));
  return parts.join(" ");
}

/**
 * The Markdown report: a table per run (one, unless the paths fall under several configs), its legend and
 * its caps, under a heading of `level` (2; `diff --matrix` puts it under its own).
 */
export function formatMatrix(matrices: readonly Matrix[], level = 2): string {
  return matrices.map((m) => formatOne(m, level)).join("\n");
}

function formatOne(matrix: Matrix, level: number): string {
  const { columns, rows } = matrix;
  const count = `${rows.length} tool${rows.length === 1 ? "" : "s"}`;
  let out = `${"#".repeat(level)} Which clients take each tool (${count})\n\n`;
  if (columns.length === 0) return `${out}No client or provider is checked: name some in the config's "targets" or "clients".\n`;
  out += `| tool | ${columns.map((c) => markdownCell(c.title)).join(" | ")} |\n|---|${columns.map(() => "---|").join("")}\n`;
  for (const row of rows) out += `| ${code(row.tool)} | ${row.cells.map(cellText).join(" | ")} |\n`;
  out += "\n✅ taken as written · 🔧 taken after toolgen's lowering · ❌ refused or dropped · ⚠️ a warning; each names the rule that decides it";
  out += " (`docs/rules/<rule>.md`).\n";
  const capped = columns.filter((c) => c.cap !== undefined);
  if (capped.length > 0) {
    out += `\nTool caps, against the ${count} above:\n\n`;
    for (const cap of capped.map((c) => c.cap!)) {
      const max = cap.max === null ? "no documented cap" : `at most ${cap.max} tools${rows.length > cap.max ? " (**over it**: send a toolset)" : ""}`;
      out += `- ${markdownCell(cap.title)}: ${max}. Source: ${cap.source}\n`;
    }
  }
  if (matrix.folderFindings.length > 0) {
    out += "\nAbout the tools as a whole:\n\n";
    for (const d of matrix.folderFindings) out += `- ${d.severity === "error" ? "❌" : "⚠️"} ${code(d.rule)}: ${markdownCell(d.message)}\n`;
  }
  return out;
}
