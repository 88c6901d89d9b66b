/**
 * The loader's typed problems as diagnostics, worded by the rules that own them (their
 * `meta.messages`), with severity `error`: what a build shows when the linter does not run
 * (`--no-lint`), and what it stops on (those rules have `meta.blocksBuild`); bundling's `$ref`
 * problems likewise. Also a schema a code
 * generator cannot compile (load/compile-error.ts), as the schema-valid error it is.
 */
import { SchemaCompileError } from "../load/compile-error.js";
import { locatePointer } from "../load/positions.js";
import type { LoadProblem, RefProblem } from "../load/problems.js";
import { InputError } from "../errors.js";
import type { BundledTool, Diagnostic } from "../model.js";
import { formatMessage, type Rule } from "./rule.js";
import parseError from "./rules/parse-error.js";
import toolNameUnique from "./rules/tool-name-unique.js";
import toolShape from "./rules/tool-shape.js";
import toolFieldType from "./rules/tool-field-type.js";

/** The rule that reports each category of load problem. */
const OWNERS: Record<LoadProblem["category"], Rule> = {
  parse: parseError,
  shape: toolShape,
  "duplicate-name": toolNameUnique,
  "field-type": toolFieldType,
};

/** The id of the rule that reports `problem`. */
export function ruleOfLoadProblem(problem: LoadProblem): string {
  return OWNERS[problem.category].meta.id;
}

export function describeLoadProblems(problems: readonly LoadProblem[]): Diagnostic[] {
  return problems.map((p) => {
    const rule = OWNERS[p.category].meta;
    const template = rule.messages[p.kind];
    if (template === undefined) throw new Error(`lint rule ${rule.id} has no message '${p.kind}'`);
    const diagnostic: Diagnostic = { file: p.file.displayPath, rule: rule.id, severity: "error", message: formatMessage(template, p.data), pointer: p.pointer };
    if (p.tool !== undefined) diagnostic.tool = p.tool;
    if (p.line !== undefined && p.column !== undefined) Object.assign(diagnostic, { line: p.line, column: p.column });
    return diagnostic;
  });
}

/** Bundling's typed problems as the rule ref-resolvable's errors (it forwards them: lint/rules/ref-resolvable.ts). */
export function describeRefProblems(problems: readonly RefProblem[]): Diagnostic[] {
  return problems.map((p) => ({
    file: p.file,
    tool: p.tool,
    rule: "ref-resolvable",
    severity: "error",
    message:
      p.kind === "unresolved"
        ? `cannot resolve $ref '${p.data.ref}': ${p.data.why}`
        : p.kind === "dynamic-cycle"
          ? `the references ${p.data.refs} may come back to the same value with no property or item in between, so checking it never ends (the generated validator would overflow its stack on inputs that fail a keyword beside it): make the dynamic reference go through a property or an item, or use a $ref`
          : `the references ${p.data.refs} form a cycle that never reaches a schema (no property or item in between), so no value can match: point a $ref at a schema that says what the value is`,
    pointer: p.pointer,
  }));
}

/** `error` as an InputError when it is a SchemaCompileError of one of `tools`; otherwise `error` itself. */
export function asInputError(error: unknown, tools: readonly BundledTool[]): unknown {
  if (!(error instanceof SchemaCompileError)) return error;
  const tool = tools.find((t) => t.name === error.tool);
  if (!tool) return error;
  const diagnostic: Diagnostic = {
    file: tool.source.displayPath,
    tool: tool.name,
    rule: "schema-valid",
    severity: "error",
    message: error.message,
    pointer: `/input_schema${error.pointer}`,
    ...locatePointer(tool.source, `/input_schema${error.pointer}`),
  };
  return new InputError([diagnostic], "1 error(s); nothing was written");
}
