/**
 * The linter as a function: load -> bundle -> lint, nothing printed. `toolgen lint` (lint.ts)
 * calls it and does the reporting; the library exports it as `lint`.
 */
import path from "node:path";
import { composeRules, parseSettings, parseTargets, RULES, type SettingValues } from "../catalog.js";
import type { RunFacts } from "../lint/rule.js";
import type { RuleSetting } from "../lint/settings.js";
import { bundleTools, loadFolder, type LoadedFolder } from "../load/index.js";
import type { Diagnostic } from "../model.js";
import type { StageTimer } from "../model.js";
import { lint } from "../lint/index.js";

/** The options of `lint()`: toolgen's own, and the settings of the catalogue's targets (`openaiStrict`, ...). */
export type LintFolderOptions = OwnLintOptions & Partial<SettingValues>;

interface OwnLintOptions {
  /** The schemas folder: every file in it is loaded (names and `$ref`s are checked across files). */
  schemas: string;
  /** Rule settings, as the config's "rules" (default: every rule at its default severity). */
  rules?: Record<string, RuleSetting>;
  /** Report only on these files (paths relative to the working directory, or absolute); default: all. */
  files?: string[];
  /** The providers the tools go to (default: anthropic): each turns its rules on (the catalogue's composeRules). */
  targets?: readonly string[];
}

/** Lints a schemas folder: every finding (loader and bundling problems included), located and sorted; and how many tools it holds. */
export async function lintFolder(options: LintFolderOptions): Promise<{ diagnostics: Diagnostic[]; tools: number }> {
  const settings = parseSettings(options, "lint options");
  const loaded = await loadFolder(options.schemas, settings.defaultDialect ? { defaultDialect: settings.defaultDialect } : {});
  const only = options.files?.map((file) => path.resolve(file));
  const targets = options.targets === undefined ? undefined : parseTargets(options.targets, "targets");
  const rules = composeRules({ rules: options.rules ?? {}, ...(targets ? { targets } : {}), settings }) as Record<string, RuleSetting>;
  const diagnostics = await lintLoaded(loaded, rules, only ? new Set(only) : undefined);
  return { diagnostics, tools: loaded.tools.length };
}

/** lintFolder for a folder already loaded (command.ts also lints files loaded one by one). */
export async function lintLoaded(
  loaded: LoadedFolder,
  rules: Record<string, RuleSetting>,
  onlyFiles?: ReadonlySet<string>,
  mark?: StageTimer,
  run?: RunFacts,
): Promise<Diagnostic[]> {
  const bundled = await bundleTools(loaded);
  mark?.("bundle");
  return lint(loaded, bundled, { registry: RULES, rules, ...(onlyFiles ? { onlyFiles } : {}), ...(mark ? { mark } : {}), ...(run ? { run } : {}) });
}
