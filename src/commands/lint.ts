/**
 * `toolgen lint [paths...]`: options in, report out. Which config governs which path, what to load,
 * how to print it, and the exit code; the linting itself is lintFolder / lintLoaded (run.ts).
 * Kept light for pre-commit hooks: nothing here (or below) loads the code generators.
 */
import { statSync, type Stats } from "node:fs";
import { writeReport, writeReportFile } from "../report/file.js";
import path from "node:path";
import { CONFIG_FILE, configFor, findConfig, type Config, type FoundConfig } from "./config.js";
import { UsageError } from "../errors.js";
import { assembleFolder, loadFolder, type LoadedFolder, type LoadOptions } from "../load/index.js";
import { compareDiagnostics } from "../load/positions.js";
import { discoverFiles, formatOf, readSources } from "../load/read.js";
import type { Diagnostic, StageTimer } from "../model.js";
import type { RunFacts } from "../lint/rule.js";
import { packageVersion } from "../load/own-package.js";
import { formatGithub } from "../lint/formatters/github.js";
import { formatJson } from "../lint/formatters/json.js";
import { repositoryRoot } from "../lint/formatters/locations.js";
import { formatSarif, ownRulesDocsUrl } from "../lint/formatters/sarif.js";
import { formatStylish } from "../lint/formatters/stylish.js";
import { composeRules, RULES, settingValues, targetCaps } from "../catalog.js";
import { lintLoaded } from "./lint-folder.js";
import { resolveRuleSettings } from "../lint/settings.js";
import { standardError, standardOutput, type OutputStream } from "../report/std-output.js";
import { stageTimer } from "../report/timings.js";
import type { MatrixPart } from "../report/matrix.js";

export const LINT_FORMATS = ["stylish", "json", "sarif", "github", "matrix"] as const;
export type LintFormat = (typeof LINT_FORMATS)[number];

export interface RunLintOptions {
  /** Files and folders to report on; none: the configured schemas folder. */
  paths?: readonly string[];
  format?: LintFormat;
  /** Exit 1 when there are more warnings than this; -1 (or unset): no limit. */
  maxWarnings?: number;
  /** Report errors only (warnings still count for maxWarnings). */
  quiet?: boolean;
  /** Write the report to this file (relative to cwd) instead of stdout. */
  outputFile?: string;
  /** Colors in the stylish report: true/false as `--color`/`--no-color`; unset: FORCE_COLOR, NO_COLOR, then whether stdout is a terminal. */
  color?: boolean;
  /** Config file (default: the one found from each path's folder, or from `cwd`, upward to the repository root). */
  config?: string;
  /** Schemas folder; wins over the config file. */
  schemas?: string;
  /** `--targets` (comma-separated); wins over the config's "targets". */
  targets?: string;
  /** Where relative paths start and the config file is looked for (default: the process's). */
  cwd?: string;
  /** Where the report goes (default: stdout); tests pass a buffer. */
  stdout?: OutputStream;
  stderr?: OutputStream;
  /** For `NO_COLOR` and `FORCE_COLOR` (default: the process's environment). */
  env?: Readonly<Record<string, string | undefined>>;
  /** `--server`: lint the tools this MCP server lists (a command started over stdio, or a Streamable HTTP URL) instead of files. */
  server?: string;
  /** `--server-env KEY=VAL` (repeatable): variables a stdio server gets; their values never appear in the output. */
  serverEnv?: readonly string[];
  /** `--header "Name: value"` (repeatable): headers sent to an HTTP server; their values never appear in the output. */
  headers?: readonly string[];
  /** `--server-timeout MS`: how long the server may take to start and to answer each `tools/list` page (default 60,000). */
  serverTimeout?: number;
  /** `--max-message-bytes N`: the largest message read from a stdio server (default: the SDK's 10 MiB). */
  maxMessageBytes?: number;
}

/** Lints, prints the report, and returns the exit code: 0 clean, 1 errors or too many warnings. Throws UsageError (2). */
export async function runLint(options: RunLintOptions = {}): Promise<number> {
  const cwd = options.cwd ?? process.cwd();
  const format = options.format ?? "stylish";
  const stdout = options.stdout ?? standardOutput;
  const env = options.env ?? process.env;
  if (!LINT_FORMATS.includes(format)) {
    throw new UsageError(`unknown format '${String(format)}' (formats: ${LINT_FORMATS.join(", ")})`);
  }
  const maxWarnings = warningLimit(options.maxWarnings);
  const mark = stageTimer(env);
  const flags = { schemas: options.schemas, config: options.config, targets: options.targets };
  let diagnostics: Diagnostic[] = [];
  /** With --format matrix: each run's folder, findings and settings, for the table. */
  const parts: MatrixPart[] | undefined = format === "matrix" ? [] : undefined;
  /** With --server: the tools' locations (`server:<name>`, no file) and what keeps the credentials out of the report. */
  let server: { locations: ReadonlySet<string>; redact: (text: string) => string } | undefined;
  if (options.server !== undefined) {
    if ((options.paths ?? []).length > 0) throw new UsageError(`--server lints the server's tools: name no file or folder beside it (got '${options.paths![0]}')`);
    const config = configFor(cwd, flags, cwd);
    const { lintServer } = await import("./lint-server.js");
    const run = ruleRun(config);
    const linted = await lintServer({ ...options, server: options.server }, config, run, options.stderr ?? standardError, mark);
    diagnostics = linted.diagnostics;
    parts?.push({ loaded: linted.folder, diagnostics, rules: run.rules, settings: run.run.settings });
    server = linted;
  } else {
    const stray = strayServerFlag(options);
    if (stray !== undefined) throw new UsageError(`${stray} is for a server's tools: it needs --server <command or URL>`);
    diagnostics = await lintPaths(options.paths ?? [], flags, cwd, mark, parts);
  }
  const matrix = parts === undefined ? undefined : await matrixText(parts);

  const errors = diagnostics.filter((d) => d.severity === "error").length;
  const warnings = diagnostics.length - errors;
  const shown = options.quiet ? diagnostics.filter((d) => d.severity === "error") : diagnostics;
  // With --server, the report keeps the credentials out (a tool named after one, a message quoting it).
  const text = (color: boolean) => (format === "matrix" ? (matrix ?? "") : render(shown, format, color, env, cwd, server?.locations));
  const report = (color: boolean) => (server === undefined ? text(color) : server.redact(text(color)));
  if (options.outputFile !== undefined) {
    writeReportFile(path.resolve(cwd, options.outputFile), options.outputFile, report(false));
  } else {
    writeReport(stdout, report(options.color ?? colorFromEnvironment(stdout, env)));
  }
  mark("report");
  if (errors > 0) return 1;
  return overWarningLimit(warnings, maxWarnings, options.stderr ?? standardError) ? 1 : 0;
}

/** The matrix of lint runs (report/matrix.ts, loaded only for it). */
async function matrixText(parts: readonly MatrixPart[], level?: number): Promise<string> {
  const { formatMatrix, matrixOf } = await import("../report/matrix.js");
  const matrices = [];
  for (const part of parts) matrices.push(await matrixOf(part));
  return formatMatrix(matrices, level);
}

/**
 * `diff --matrix`: the matrix of the tools named, as `lint --format matrix` tables them under the config found
 * from `cwd`: the working tree's schemas folder, or the tools a server listed (`folder`). Under a level-3 heading.
 */
export async function changedToolsMatrix(cwd: string, tools: ReadonlySet<string>, folder?: LoadedFolder): Promise<string> {
  const parts: MatrixPart[] = [];
  if (folder === undefined) await lintPaths([], {}, cwd, () => undefined, parts);
  else {
    const { rules, run } = ruleRun(configFor(cwd, {}, cwd));
    parts.push({ loaded: folder, diagnostics: await lintLoaded(folder, rules, undefined, undefined, run), rules, settings: run.settings });
  }
  return matrixText(parts.map((part) => ({ ...part, tools })), 3);
}

/** The flag of a server's connection given without a server to connect to (lint's --server, diff's --base-server or --head-server). */
export function strayServerFlag(options: Pick<RunLintOptions, "serverEnv" | "headers" | "serverTimeout" | "maxMessageBytes">): string | undefined {
  const flags = [["serverEnv", "--server-env"], ["headers", "--header"], ["serverTimeout", "--server-timeout"], ["maxMessageBytes", "--max-message-bytes"]] as const;
  return flags.find(([key]) => options[key] !== undefined)?.[1];
}

/** The rules a config turns on (its targets' and features' included), checked, and the facts its rules read (RuleContext.run). */
function ruleRun(config: Config): { rules: Config["rules"]; run: RunFacts } {
  const rules = composeRules({ rules: config.rules, ...(config.targets ? { targets: config.targets } : {}), settings: config, built: config.outputs ?? [] }) as Config["rules"];
  resolveRuleSettings(RULES, rules, config.configFile ?? CONFIG_FILE);
  // The toolsets feature's toolset-cap, as a build runs it: the settings, the checked targets' caps, the config file.
  const run = { settings: settingValues(Object.fromEntries(Object.entries(config))), caps: targetCaps(rules), configFile: config.configFile ?? CONFIG_FILE };
  return { rules, run };
}

/** The findings for the files and folders named (none: the schemas folder), each path under the config that governs it. */
async function lintPaths(given: readonly string[], flags: Parameters<typeof groupByConfig>[1], cwd: string, mark: StageTimer, parts?: MatrixPart[]): Promise<Diagnostic[]> {
  const diagnostics: Diagnostic[] = [];
  let targetCount = 0;
  for (const { config, paths } of groupByConfig(given, flags, cwd)) {
    const { rules, run } = ruleRun(config);
    const targets = await planTargets(paths, path.resolve(cwd, config.schemas), config.schemas, cwd, { refRoots: config.refRoots ?? [cwd], ...(config.defaultDialect ? { defaultDialect: config.defaultDialect } : {}) });
    mark("load");
    for (const target of targets) {
      targetCount++;
      const found = await lintLoaded(target.loaded, rules, target.onlyFiles, mark, run);
      diagnostics.push(...found);
      parts?.push({ loaded: target.loaded, ...(target.onlyFiles ? { onlyFiles: target.onlyFiles } : {}), diagnostics: found, rules, settings: run.settings });
    }
  }
  if (targetCount > 1 && diagnostics.length > 0) diagnostics.sort(compareDiagnostics);
  return diagnostics;
}

/** `--max-warnings` checked (lint's and build's): a whole number >= 0, or -1 / unset for no limit (undefined). Throws UsageError. */
export function warningLimit(given: number | undefined): number | undefined {
  const maxWarnings = given === -1 ? undefined : given;
  if (maxWarnings !== undefined && (!Number.isInteger(maxWarnings) || maxWarnings < 0)) {
    throw new UsageError(`--max-warnings must be a whole number >= 0 (or -1 for no limit), not ${String(given)}`);
  }
  return maxWarnings;
}

/** Whether `warnings` exceed the limit (see warningLimit); if so, says so on `stderr`. */
export function overWarningLimit(warnings: number, maxWarnings: number | undefined, stderr: OutputStream): boolean {
  if (maxWarnings === undefined || warnings <= maxWarnings) return false;
  stderr.write(`toolgen: too many warnings (${warnings}, --max-warnings ${maxWarnings})\n`);
  return true;
}

/** FORCE_COLOR (any value but 0 or false) turns colors on, NO_COLOR (any non-empty value) off; else: on for a terminal. */
export function colorFromEnvironment(stdout: OutputStream, env: Readonly<Record<string, string | undefined>>): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined && force !== "") return force !== "0" && force !== "false";
  if (env.NO_COLOR) return false;
  return stdout.isTTY === true;
}

/** The report (all but the matrix, which report/matrix.ts writes from the folder and its settings too); `located` names the findings' locations that are no file (a server's tools, `server:<name>`). */
function render(diagnostics: readonly Diagnostic[], format: Exclude<LintFormat, "matrix">, color: boolean, env: RunLintOptions["env"] = {}, cwd = process.cwd(), located?: ReadonlySet<string>): string {
  const notFiles = located !== undefined ? { notFiles: located } : {};
  switch (format) {
    case "json":
      return formatJson(diagnostics);
    case "sarif":
      return formatSarif(diagnostics, { rules: RULES, version: packageVersion(), cwd, root: repositoryRoot(cwd, env), docsUrl: ownRulesDocsUrl(), ...notFiles });
    case "github":
      return formatGithub(diagnostics, { cwd, root: repositoryRoot(cwd, env), ...notFiles });
    case "stylish":
      return formatStylish(diagnostics, { color });
  }
}

interface Group {
  config: Config;
  /** Absolute paths governed by this config; empty: its whole schemas folder. */
  paths: { given: string; abs: string }[];
}

/**
 * Which config governs each path: `--config` governs all; otherwise the nearest config from the
 * path's folder upward (so `toolgen lint packages/agent/schemas/x.json` from a monorepo's root
 * finds packages/agent's config), searched once per folder. No paths: the config found from `cwd`.
 */
function groupByConfig(paths: readonly string[], flags: { schemas?: string; config?: string; targets?: string | undefined }, cwd: string): Group[] {
  if (paths.length === 0 || flags.config !== undefined) {
    return [{ config: configFor(cwd, flags, cwd), paths: paths.map((given) => ({ given, abs: path.resolve(cwd, given) })) }];
  }
  const foundIn = new Map<string, FoundConfig | undefined>();
  const groups = new Map<string, Group>();
  // A hook names files of one folder after another: the group of the previous folder is kept at hand.
  let lastFolder: string | undefined;
  let lastGroup: Group | undefined;
  for (let i = 0; i < paths.length; i++) {
    const given = paths[i]!;
    const abs = resolvePath(cwd, given);
    // A schema file's own folder; anything else may be a folder holding its own config.
    const folder = formatOf(abs) ? path.dirname(abs) : abs;
    if (folder !== lastFolder) {
      if (!foundIn.has(folder)) foundIn.set(folder, findConfig(folder));
      const key = foundIn.get(folder)?.file ?? "";
      let group = groups.get(key);
      if (!group) {
        group = { config: configFor(key === "" ? cwd : path.dirname(key), flags, cwd), paths: [] };
        groups.set(key, group);
      }
      lastFolder = folder;
      lastGroup = group;
    }
    lastGroup!.paths.push({ given, abs });
  }
  return [...groups.values()];
}

/** A relative path of plain names (no `.` or `..` segment, no empty one, no `\\`): joined as it is. */
const PLAIN_RELATIVE = /^(?!\.\.?(?:\/|$))[^/\\]+(?:\/(?!\.\.?(?:\/|$))[^/\\]+)*$/;
/** An absolute path of plain names (the same segments, each after one `/`, none after the last): already normal. */
const PLAIN_ABSOLUTE = /^(?:\/(?!\.\.?(?:\/|$))[^/\\]+)+$/;

/**
 * path.resolve(cwd, given) on POSIX without normalising what is already normal: a plain absolute
 * path is itself, and a plain relative one is joined to the (absolute, normalised) working folder.
 * path.resolve normalises character by character, a thousand times for a hook or a file list.
 */
export function resolvePath(cwd: string, given: string): string {
  if (path.sep === "/") {
    if (PLAIN_ABSOLUTE.test(given)) return given;
    if (PLAIN_RELATIVE.test(given) && path.isAbsolute(cwd)) return cwd === "/" ? `/${given}` : `${cwd}/${given}`;
  }
  return path.resolve(cwd, given);
}

interface Target {
  loaded: LoadedFolder;
  /** Report only on these (absolute paths); undefined: on everything loaded. */
  onlyFiles?: ReadonlySet<string>;
}

/**
 * No paths: the schemas folder (missing or holding no schema file: a usage error). Paths inside
 * the schemas folder: the whole folder is loaded (names and `$ref`s are checked across files) and
 * only the named files, or the files under named folders, are reported on. Folders outside it are
 * loaded on their own, except one that holds the schemas folder, which names the schemas folder; files
 * outside it only when they hold a tool (see holdsTool). A file without
 * a schema extension (as a hook may pass) is ignored; a path that does not exist is a usage error.
 * A named file the folder walk found needs no further look: only the other paths are stat'ed.
 */
async function planTargets(paths: Group["paths"], schemasRoot: string, schemasShown: string, cwd: string, load: LoadOptions): Promise<Target[]> {
  if (paths.length === 0) {
    if (!statSync(schemasRoot, { throwIfNoEntry: false })?.isDirectory()) throw new UsageError(`schemas folder not found: ${schemasShown}`);
    const loaded = await loadFolder(schemasRoot, load);
    if (loaded.files.length === 0) {
      throw new UsageError(`no schema files (*.json, *.yaml, *.yml) in the schemas folder: ${schemasShown}`);
    }
    return [{ loaded }];
  }
  const inside = paths.filter((p) => isWithin(p.abs, schemasRoot));
  const outside = new Set<string>();
  /** Files named one by one outside the schemas folder: linted only when they hold a tool. */
  const namedOutside = new Set<string>();
  const statOf = (p: { given: string; abs: string }): Stats => {
    const info = statSync(p.abs, { throwIfNoEntry: false });
    if (!info) throw new UsageError(`no such file or folder: ${p.given}`);
    return info;
  };
  for (const p of paths) {
    if (isWithin(p.abs, schemasRoot)) continue;
    const info = statOf(p);
    // A folder holding the schemas folder (`toolgen lint .`, a package's folder) names the schemas folder.
    if (info.isDirectory() && isWithin(schemasRoot, p.abs)) inside.push({ given: p.given, abs: schemasRoot });
    else if (info.isDirectory()) for (const file of await discoverFiles(p.abs)) outside.add(file);
    else if (formatOf(p.abs)) {
      outside.add(p.abs);
      namedOutside.add(p.abs);
    }
  }
  const targets: Target[] = [];
  if (inside.length > 0) {
    const loaded = await loadFolder(schemasRoot, load);
    const loadedPaths = new Set(loaded.files.map((f) => f.absPath));
    const named = new Set<string>();
    const folders: string[] = [];
    for (const p of inside) {
      if (loadedPaths.has(p.abs)) {
        named.add(p.abs);
        continue;
      }
      const info = statOf(p);
      if (info.isDirectory()) folders.push(p.abs);
      // A named file the folder walk skips (under a dot-folder or node_modules) is linted on its own.
      else if (formatOf(p.abs)) outside.add(p.abs);
    }
    if (folders.length > 0) for (const file of loadedPaths) if (folders.some((folder) => isWithin(file, folder))) named.add(file);
    // Every file of the folder named (the folder itself, or each of its files): nothing to filter.
    if (named.size === loadedPaths.size && named.size > 0) targets.push({ loaded });
    else if (named.size > 0) targets.push({ loaded, onlyFiles: named });
  }
  if (outside.size > 0) {
    // One synchronous batch, as loadFolder reads (a promise and a path.relative per file cost more).
    const files = (await readSources([...outside].sort())).filter(
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

/**
 * Whether `file` is `folder` or under it. Both are absolute and normalised (path.resolve's output),
 * so a prefix test answers: path.relative, which resolves both again, cost a file list of a thousand
 * names more than the rest of its planning.
 */
function isWithin(file: string, folder: string): boolean {
  if (file === folder) return true;
  const prefix = folder.endsWith(path.sep) ? folder : folder + path.sep;
  return file.startsWith(prefix);
}
