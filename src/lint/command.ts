/**
 * `toolgen lint [paths...]`: what to load, what to report on, how to print it, and the exit code.
 * Kept light for pre-commit hooks: nothing here (or below) loads the code generators.
 */
import { stat } from "node:fs/promises";
import path from "node:path";
import { CONFIG_FILE, loadConfig } from "../config.js";
import { UsageError } from "../errors.js";
import { assembleFolder, bundleTools, loadFolder, type LoadedFolder, type LoadOptions } from "../load/index.js";
import { compareDiagnostics } from "../load/positions.js";
import { discoverFiles, formatOf, readSource } from "../load/read.js";
import type { Diagnostic } from "../model.js";
import { packageVersion } from "../paths.js";
import { formatGithub } from "./formatters/github.js";
import { formatJson } from "./formatters/json.js";
import { formatSarif } from "./formatters/sarif.js";
import { formatStylish } from "./formatters/stylish.js";
import { lint } from "./index.js";
import { rules } from "./registry.js";
import { resolveRuleSettings } from "./settings.js";
import { stageTimer } from "../timings.js";

export const LINT_FORMATS = ["stylish", "json", "sarif", "github"] as const;
export type LintFormat = (typeof LINT_FORMATS)[number];

export interface OutputStream {
  write(text: string): unknown;
  isTTY?: boolean;
}

export interface RunLintOptions {
  /** Files and folders to report on; none: the configured schemas folder. */
  paths?: readonly string[];
  format?: LintFormat;
  /** Exit 1 when there are more warnings than this. */
  maxWarnings?: number;
  /** Config file (default: `toolgen.config.json` in `cwd`, if present). */
  config?: string;
  /** Schemas folder; wins over the config file. */
  schemas?: string;
  /** Where relative paths start and the config file is looked for (default: the process's). */
  cwd?: string;
  /** Where the report goes (default: stdout); tests pass a buffer. */
  stdout?: OutputStream;
  stderr?: OutputStream;
  /** For `NO_COLOR` (default: the process's environment). */
  env?: Readonly<Record<string, string | undefined>>;
}

/** Lints, prints the report, and returns the exit code: 0 clean, 1 errors or too many warnings. Throws UsageError (2). */
export async function runLint(options: RunLintOptions = {}): Promise<number> {
  const cwd = options.cwd ?? process.cwd();
  const format = options.format ?? "stylish";
  const stdout = options.stdout ?? process.stdout;
  const stderr = options.stderr ?? process.stderr;
  const env = options.env ?? process.env;
  if (!LINT_FORMATS.includes(format)) {
    throw new UsageError(`unknown format '${String(format)}' (formats: ${LINT_FORMATS.join(", ")})`);
  }
  const maxWarnings = options.maxWarnings;
  if (maxWarnings !== undefined && (!Number.isInteger(maxWarnings) || maxWarnings < 0)) {
    throw new UsageError(`--max-warnings must be a whole number >= 0, not ${String(maxWarnings)}`);
  }
  const mark = stageTimer(env);
  const config = await loadConfig({ schemas: options.schemas, config: options.config }, cwd);
  resolveRuleSettings(config.rules, config.configFile ?? CONFIG_FILE);

  const targets = await planTargets(options.paths ?? [], path.resolve(cwd, config.schemas), cwd, { refRoots: config.refRoots ?? [cwd] });
  mark("load");
  const diagnostics: Diagnostic[] = [];
  for (const target of targets) {
    const bundled = await bundleTools(target.loaded);
    mark("bundle");
    const onlyFiles = target.onlyFiles;
    diagnostics.push(...(await lint(target.loaded, bundled, { rules: config.rules, mark, ...(onlyFiles ? { onlyFiles } : {}) })));
  }
  if (targets.length > 1 && diagnostics.length > 0) diagnostics.sort(compareDiagnostics);

  stdout.write(render(diagnostics, format, stdout, env));
  mark("report");
  const errors = diagnostics.filter((d) => d.severity === "error").length;
  const warnings = diagnostics.length - errors;
  if (errors > 0) return 1;
  if (maxWarnings !== undefined && warnings > maxWarnings) {
    stderr.write(`toolgen: too many warnings (${warnings}, --max-warnings ${maxWarnings})\n`);
    return 1;
  }
  return 0;
}

function render(diagnostics: readonly Diagnostic[], format: LintFormat, stdout: OutputStream, env: RunLintOptions["env"] = {}): string {
  switch (format) {
    case "json":
      return formatJson(diagnostics);
    case "sarif":
      return formatSarif(diagnostics, { rules, version: packageVersion() });
    case "github":
      return formatGithub(diagnostics);
    case "stylish":
      return formatStylish(diagnostics, { color: stdout.isTTY === true && !env.NO_COLOR });
  }
}

interface Target {
  loaded: LoadedFolder;
  /** Report only on these (absolute paths); undefined: on everything loaded. */
  onlyFiles?: ReadonlySet<string>;
}

/**
 * No paths: the schemas folder. Paths inside the schemas folder: the whole folder is loaded (names
 * and `$ref`s are checked across files) and only the named files, or the files under named folders,
 * are reported on. Folders outside it are loaded on their own; files outside it only when they hold a
 * tool (see holdsTool). A file without a schema extension (as a hook may pass) is ignored; a path that
 * does not exist is a usage error.
 */
async function planTargets(paths: readonly string[], schemasRoot: string, cwd: string, load: LoadOptions): Promise<Target[]> {
  if (paths.length === 0) return [{ loaded: await loadFolder(schemasRoot, load) }];
  const insideFiles: string[] = [];
  const insideFolders: string[] = [];
  const outside = new Set<string>();
  /** Files named one by one outside the schemas folder: linted only when they hold a tool. */
  const namedOutside = new Set<string>();
  for (const given of paths) {
    const abs = path.resolve(cwd, given);
    const info = await stat(abs).catch(() => undefined);
    if (!info) throw new UsageError(`no such file or folder: ${given}`);
    if (info.isDirectory()) {
      if (isWithin(abs, schemasRoot)) insideFolders.push(abs);
      else for (const file of await discoverFiles(abs)) outside.add(file);
    } else if (formatOf(abs)) {
      if (isWithin(abs, schemasRoot)) insideFiles.push(abs);
      else {
        outside.add(abs);
        namedOutside.add(abs);
      }
    }
  }
  const targets: Target[] = [];
  if (insideFiles.length > 0 || insideFolders.length > 0) {
    const loaded = await loadFolder(schemasRoot, load);
    const loadedPaths = new Set(loaded.files.map((f) => f.absPath));
    const named = new Set(insideFiles.filter((file) => loadedPaths.has(file)));
    for (const file of loadedPaths) if (insideFolders.some((folder) => isWithin(file, folder))) named.add(file);
    // A named file the folder walk skips (under a dot-folder or node_modules) is linted on its own.
    for (const file of insideFiles) if (!loadedPaths.has(file)) outside.add(file);
    if (named.size > 0) targets.push({ loaded, onlyFiles: named });
  }
  if (outside.size > 0) {
    const files = (await Promise.all([...outside].sort().map((file) => readSource(file)))).filter(
      (file) => !namedOutside.has(file.absPath) || holdsTool(file.data),
    );
    if (files.length > 0) targets.push({ loaded: assembleFolder(cwd, files, load) });
  }
  return targets;
}

/**
 * A hook passes every staged JSON and YAML file: package.json (which has a top-level `name`),
 * tsconfig.json (with comments), CI workflows. Outside the schemas folder, only a file that parses
 * and has a top-level `input_schema` is taken for a tool.
 */
function holdsTool(data: unknown): boolean {
  return data !== null && typeof data === "object" && !Array.isArray(data) && Object.hasOwn(data, "input_schema");
}

function isWithin(file: string, folder: string): boolean {
  const rel = path.relative(folder, file);
  return rel === "" || (rel.split(path.sep)[0] !== ".." && !path.isAbsolute(rel));
}
