/**
 * toolgen as a library: `import { build, lint, loadFolder } from "toolgen"`.
 * - `build(options)`: what `toolgen build` does, returning what it wrote (throws a UserError subclass
 *   for bad input or options, with `exitCode` and `diagnostics`).
 * - `lint(options)`: the linter's findings for a schemas folder, printing nothing.
 * - `loadFolder(dir)`: the tool files of a folder, parsed, with the loader's diagnostics.
 */
export { build, type BuildOptions, type BuildResult } from "./pipeline.js";
export { lintFolder as lint } from "./commands/lint-folder.js";
export { loadFolder, bundleTools, type LoadedFolder } from "./load/index.js";
export { defineOutput, type Output, type OutputContext } from "./outputs/output.js";
export { UserError, UsageError, InputError, StaleOutputError } from "./errors.js";
export type { RuleSetting } from "./config.js";
export type { BundledTool, Diagnostic, GeneratedFile, JsonObject, JsonValue, Severity, SourceFile, ToolSpec } from "./model.js";
