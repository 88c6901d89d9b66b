/**
 * toolgen as a library: `import { build, lint, loadFolder } from "toolgen"`.
 * - `build(options)`: what `toolgen build` does, returning what it wrote (throws a UserError subclass
 *   for bad input or options, with `exitCode` and `diagnostics`).
 * - `lint(options)`: the linter's findings for a schemas folder, printing nothing.
 * - `diff(base, head)`: what `toolgen diff` finds between two folders or git revisions (docs/diff.md).
 * - `loadFolder(dir)`: the tool files of a folder, parsed, with the loader's diagnostics.
 */
import { describeLoadProblems, describeRefProblems } from "./lint/load-problems.js";
import { bundleTools as bundle, loadFolder as loadTools, type LoadedFolder as Folder, type LoadOptions } from "./load/index.js";
import type { BundledTool, Diagnostic } from "./model.js";

export { build, type BuildOptions, type BuildResult } from "./pipeline.js";
export { lintFolder as lint } from "./commands/lint-folder.js";
export { diff } from "./commands/diff.js";
export type { DiffFinding, DiffResult, Witness } from "./diff/engine.js";
export type { DiffClass } from "./diff/rules.js";
export { defineOutput, type Output, type OutputContext } from "./outputs/output.js";
export { UserError, UsageError, InputError, StaleOutputError } from "./errors.js";
export type { RuleSetting } from "./commands/config.js";
export type { BundledTool, Diagnostic, GeneratedFile, JsonObject, JsonValue, Severity, SourceFile, ToolSpec } from "./model.js";

/** A folder's tool files, parsed, with what the loader found wrong, typed and as diagnostics. */
export type LoadedFolder = Folder & { diagnostics: Diagnostic[] };

/** The tool files of a folder, parsed; the loader's problems worded by the rules that own them. */
export async function loadFolder(dir: string, options?: LoadOptions): Promise<LoadedFolder> {
  const loaded = await loadTools(dir, options);
  return Object.assign(loaded, { diagnostics: describeLoadProblems(loaded.problems) });
}

/** Every tool bundled (its `$ref`s resolved into it); the tools whose references cannot be resolved are left out, and reported. */
export async function bundleTools(loaded: Folder): Promise<{ tools: BundledTool[]; diagnostics: Diagnostic[] }> {
  const { tools, problems } = await bundle(loaded);
  return { tools, diagnostics: describeRefProblems(problems) };
}
