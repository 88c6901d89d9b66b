/**
 * The loader's typed problems as diagnostics, worded by the rules that own them (their
 * `meta.messages`), with severity `error`: what a build shows when the linter does not run
 * (`--no-lint`), and what it stops on (those rules have `meta.blocksBuild`).
 */
import type { LoadProblem } from "../load/problems.js";
import type { Diagnostic } from "../model.js";
import { formatMessage, type Rule } from "./rule.js";
import parseError from "./rules/parse-error.js";
import toolNameUnique from "./rules/tool-name-unique.js";
import toolShape from "./rules/tool-shape.js";
import toolFieldType from "./rules/tool-field-type.js";

const OWNERS: Record<LoadProblem["rule"], Rule> = {
  "parse-error": parseError,
  "tool-shape": toolShape,
  "tool-name-unique": toolNameUnique,
  "tool-field-type": toolFieldType,
};

export function describeLoadProblems(problems: readonly LoadProblem[]): Diagnostic[] {
  return problems.map((p) => {
    const template = OWNERS[p.rule].meta.messages[p.kind];
    if (template === undefined) throw new Error(`lint rule ${p.rule} has no message '${p.kind}'`);
    const diagnostic: Diagnostic = { file: p.file.displayPath, rule: p.rule, severity: "error", message: formatMessage(template, p.data), pointer: p.pointer };
    if (p.tool !== undefined) diagnostic.tool = p.tool;
    if (p.line !== undefined && p.column !== undefined) Object.assign(diagnostic, { line: p.line, column: p.column });
    return diagnostic;
  });
}
