/**
 * The config: toolgen.config.json (.yaml, .yml, or package.json's "toolgen" key), found as eslint
 * finds its own, checked, with flags applied. Its keys are toolgen's own (folders, check, lint,
 * rules, outputs, targets, refRoots) and the settings the catalogue's targets and outputs declare.
 */
import { statSync, type Stats } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { UsageError } from "../errors.js";
import { kindOf } from "../load/guarded-read.js";
import { diskFiles, exists, type FileInfo, type FileSource } from "../load/file-source.js";
import { closest } from "../lint/nearest.js";
import { parseSettings, parseTargets, SETTING_KEYS, type SettingValues } from "../catalog.js";
import type { RuleSetting } from "../lint/settings.js";

export type { RuleSetting } from "../lint/settings.js";

/** The config, with the settings of the catalogue's targets and outputs (`openaiStrict`, ...) that it sets. */
export type Config = OwnConfig & Partial<SettingValues>;

interface OwnConfig {
  schemas: string;
  out: string;
  handlers: string;
  templates?: string;
  /** `build --check` and `build --no-lint`, when set in the file (flags win). */
  check?: boolean;
  lint?: boolean;
  /** Write `toolgen.lock.json` beside the config on build, check it on `build --check` (src/diff/lock.ts). */
  lock?: boolean;
  /** The config's own "rules", as written (the catalogue's composeRules adds the targets' and settings' part). */
  rules: Record<string, RuleSetting>;
  /** Ids of the outputs to build (default: all); the build checks them against its list of outputs. */
  outputs?: string[];
  /** The providers the tools go to (default: anthropic): each brings its lint rules (`<target>/<check>`). Set only when the file or a flag says. */
  targets?: string[];
  /** Folders a `$ref` may read besides the schemas folder: the config's folder and its `refRoots` (absolute). */
  refRoots?: string[];
  /** Where the config came from, for messages (undefined: defaults only). */
  configFile?: string;
  /** The config file's absolute path (undefined: defaults only). */
  configPath?: string;
}

export const DEFAULTS = { schemas: "schemas", out: "generated", handlers: "handlers" } as const;
export const CONFIG_FILE = "toolgen.config.json";

/** What a folder is searched for, in this order; at most one of them may hold a config. */
export const CONFIG_FILES = ["toolgen.config.json", "toolgen.config.yaml", "toolgen.config.yml"] as const;
/** Configs toolgen never loads: running project code to read a config is neither safe nor fast. */
const CODE_CONFIGS = ["toolgen.config.js", "toolgen.config.mjs", "toolgen.config.cjs", "toolgen.config.ts"] as const;

/** toolgen's own keys, then every setting the catalogue declares. */
const KEYS = new Set(["$schema", "schemas", "out", "handlers", "templates", "check", "lint", "lock", "rules", "outputs", "refRoots", "targets", ...SETTING_KEYS]);

/** A config file found by the search: its path, and for package.json, that the config is its "toolgen" key. */
export interface FoundConfig {
  file: string;
  packageKey: boolean;
}

/**
 * The config that governs `start` (a folder), as eslint and prettier find theirs: the nearest of
 * toolgen.config.json, toolgen.config.yaml, toolgen.config.yml or a package.json with a "toolgen"
 * key, searching from `start` upward and stopping at the repository root (the first folder with a
 * `.git`). A folder holding two of them, or a `toolgen.config.js`, is a usage error; a package.json
 * that cannot be parsed is one too (it might hold the config). Undefined: none. Searched in `files`
 * (default: the disk; a git revision's files held in memory for `toolgen diff`).
 */
export function findConfig(start: string, files: FileSource = diskFiles): FoundConfig | undefined {
  for (let dir = path.resolve(start); ; ) {
    const found: FoundConfig[] = [];
    for (const name of CONFIG_FILES) if (isConfigFile(path.join(dir, name), files)) found.push({ file: path.join(dir, name), packageKey: false });
    const manifest = path.join(dir, "package.json");
    if (isFile(manifest, files) && Object.hasOwn(readObject(manifest, manifest, files), "toolgen")) found.push({ file: manifest, packageKey: true });
    for (const name of CODE_CONFIGS) {
      if (isFile(path.join(dir, name), files)) {
        throw new UsageError(
          `${path.join(dir, name)}: toolgen does not load JavaScript configs (it never runs project code); use ${CONFIG_FILES.join(", ")} or a "toolgen" key in package.json`,
        );
      }
    }
    if (found.length > 1) {
      throw new UsageError(`${dir}: more than one toolgen config (${found.map((f) => (f.packageKey ? `package.json "toolgen"` : path.basename(f.file))).join(", ")}); keep one`);
    }
    if (found.length === 1) return found[0];
    const parent = path.dirname(dir);
    if (parent === dir || exists(files, path.join(dir, ".git"))) return undefined;
    dir = parent;
  }
}

/**
 * Whether `file` is a file (following links). A missing one is the search's usual answer, so it is
 * asked for without an exception (an ENOENT error each costs the search more than the stat); other
 * errors (EACCES, ENOTDIR, a loop of links) still throw, and count as no file.
 */
function isFile(file: string, files: FileSource): boolean {
  try {
    return files.stat(file)?.isFile() === true;
  } catch {
    return false;
  }
}

/** What a path that is not a regular file is, for messages. */
function notAFile(display: string, kind: string): UsageError {
  return new UsageError(`${display}: is ${kind}, not a file; a toolgen config must be a regular file`);
}

/**
 * Whether a config by this name is there: a regular file (following links); absent (or its link
 * dangling): no. Anything else by that name (a folder, a FIFO, a device) is a usage error, never
 * skipped (the search would otherwise go on to a config the user did not mean).
 */
function isConfigFile(file: string, files: FileSource): boolean {
  let stats: FileInfo | undefined;
  try {
    stats = files.stat(file);
  } catch {
    return false;
  }
  if (stats === undefined) return false;
  if (!stats.isFile()) throw notAFile(path.relative(process.cwd(), file) || file, "isFIFO" in stats ? kindOf(stats as Stats) : "a folder");
  return true;
}

/** The most bytes a config file is read to: far above any real one, so a huge or endless file stops here. */
const MAX_CONFIG_BYTES = 16 * 1024 * 1024;

/**
 * The text of a config file, read without ever blocking (load/guarded-read.ts: a FIFO put in its place
 * since the search opens at once, with no writer), refused unless it is a regular file, and read to
 * at most MAX_CONFIG_BYTES.
 */
function readText(file: string, display: string, files: FileSource): string {
  const read = files.readGuarded(file, MAX_CONFIG_BYTES);
  if (read.ok) return read.text;
  if (read.why === "not-a-file") throw notAFile(display, read.kind);
  if (read.why === "too-large") throw new UsageError(`${display}: larger than ${read.maxBytes / 1024 / 1024} MiB; a toolgen config is a small file`);
  throw new UsageError(`${display}: cannot be read (${read.why === "missing" ? "ENOENT" : read.code})`);
}

function readObject(file: string, display: string, files: FileSource): Record<string, unknown> {
  const raw = readText(file, display, files);
  let data: unknown;
  if (/\.ya?ml$/i.test(file)) {
    data = parseYamlConfig(raw, display);
  } else {
    try {
      data = JSON.parse(raw);
    } catch (error) {
      throw new UsageError(`${display}: not valid JSON (${(error as Error).message})`);
    }
  }
  if (data === null || typeof data !== "object" || Array.isArray(data)) throw new UsageError(`${display}: must hold an object`);
  return data as Record<string, unknown>;
}

/** YAML configs are rare: the parser is required only for them (it is already a dependency, for YAML schemas). */
function parseYamlConfig(raw: string, display: string): unknown {
  const { parseDocument } = requireYaml();
  const doc = parseDocument(raw, { uniqueKeys: true });
  const error = doc.errors[0];
  if (error) {
    const at = error.linePos?.[0];
    const where = at ? `${display}:${at.line}:${at.col}` : display;
    throw new UsageError(`${where}: not valid YAML (${error.message.split("\n")[0]!.replace(/ at line \d+, column \d+:?$/, "")})`);
  }
  try {
    return doc.toJS();
  } catch (error) {
    // An alias bomb (the parser's alias limit) or an alias to nothing: the file's fault, not toolgen's.
    throw new UsageError(`${display}: not valid YAML (${(error as Error).message.split("\n")[0]})`);
  }
}

function requireYaml(): typeof import("yaml") {
  return createRequire(import.meta.url)("yaml") as typeof import("yaml");
}

/**
 * Reads the config (the file `flags.config` names, else the one found from `cwd` upward, see
 * findConfig), then applies flags (flags win). Paths in the config are relative to the config
 * file; paths in flags to the working directory; with a config found by the search, the default folders are relative to its folder. Returned paths are relative to `cwd`.
 */
export async function loadConfig(
  flags: ConfigFlags,
  cwd: string = process.cwd(),
): Promise<Config> {
  return configFor(cwd, flags, cwd);
}

/** The flags that override the config file; `targets` as an array or comma-separated (`--targets openai,gemini`). */
export type ConfigFlags = Partial<Pick<Config, "schemas" | "out" | "handlers" | "templates">> & { config?: string; targets?: string | readonly string[] };

/** loadConfig for the config that governs `start` (a folder: a file argument's, say), searched for and read in `files` (default: the disk). */
export function configFor(
  start: string,
  flags: ConfigFlags,
  cwd: string = process.cwd(),
  files: FileSource = diskFiles,
): Config {
  let found: FoundConfig | undefined;
  if (flags.config !== undefined) {
    const file = path.resolve(cwd, flags.config);
    let stats: Stats | undefined;
    try {
      stats = statSync(file, { throwIfNoEntry: false });
    } catch (error) {
      throw new UsageError(`${flags.config}: cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
    if (stats === undefined) throw new UsageError(`config file not found: ${flags.config}`);
    if (!stats.isFile()) throw notAFile(flags.config, kindOf(stats));
    found = { file, packageKey: path.basename(file) === "package.json" };
  } else {
    found = findConfig(start, files);
  }
  const config: Config = { ...DEFAULTS, rules: {} };
  if (found) {
    const rel = path.relative(cwd, found.file) || path.basename(found.file);
    const display = found.packageKey ? `${rel} ("toolgen" key)` : rel;
    const whole = readObject(found.file, rel, files);
    const data = found.packageKey ? whole.toolgen : whole;
    if (data === null || typeof data !== "object" || Array.isArray(data)) throw new UsageError(`${display}: must hold an object`);
    // A config found by the search marks the project's root: the default folders are relative to it
    // (as its own paths are). With --config, they stay relative to the working directory.
    if (flags.config === undefined) {
      for (const key of ["schemas", "out", "handlers"] as const) config[key] = path.relative(cwd, path.resolve(path.dirname(found.file), DEFAULTS[key])) || ".";
    }
    applyFile(config, data as Record<string, unknown>, display, path.dirname(found.file), cwd);
    const base = path.dirname(found.file);
    const refRoots = (data as Record<string, unknown>).refRoots;
    if (refRoots !== undefined && (!Array.isArray(refRoots) || refRoots.some((r) => typeof r !== "string" || r === ""))) {
      throw new UsageError(`${display}: 'refRoots' must be an array of folder paths (relative to the config file)`);
    }
    config.refRoots = [base, ...((refRoots as string[] | undefined) ?? []).map((r) => path.resolve(base, r))];
    config.configFile = display;
    config.configPath = found.file;
  }
  for (const key of ["schemas", "out", "handlers", "templates"] as const) {
    const value = flags[key];
    if (value !== undefined) config[key] = value;
  }
  if (flags.targets !== undefined) config.targets = parseTargets(flags.targets, "--targets");
  return config;
}

function applyFile(config: Config, record: Record<string, unknown>, display: string, base: string, cwd: string): void {
  for (const key of Object.keys(record)) {
    if (!KEYS.has(key)) {
      const near = closest(key, [...KEYS].filter((k) => k !== "$schema"));
      throw new UsageError(`${display}: unknown key '${key}' (${near === undefined ? "toolgen build --help lists the keys" : `did you mean '${near}'?`})`);
    }
  }
  for (const key of ["schemas", "out", "handlers", "templates"] as const) {
    const value = record[key];
    if (value === undefined) continue;
    if (typeof value !== "string" || value === "") throw new UsageError(`${display}: '${key}' must be a non-empty string`);
    config[key] = path.relative(cwd, path.resolve(base, value)) || ".";
  }
  for (const key of ["check", "lint", "lock"] as const) {
    const value = record[key];
    if (value === undefined) continue;
    if (typeof value !== "boolean") throw new UsageError(`${display}: '${key}' must be true or false`);
    config[key] = value;
  }
  if (record.rules !== undefined) {
    if (record.rules === null || typeof record.rules !== "object" || Array.isArray(record.rules)) {
      throw new UsageError(`${display}: 'rules' must be an object of rule id -> setting`);
    }
    config.rules = record.rules as Record<string, RuleSetting>;
  }
  if (record.outputs !== undefined) {
    const ids = record.outputs;
    if (!Array.isArray(ids) || !ids.every((id): id is string => typeof id === "string") || new Set(ids).size !== ids.length) {
      throw new UsageError(`${display}: 'outputs' must be an array of distinct output ids, e.g. ["native", "types", "validators", "runtime", "index", "handlers"]`);
    }
    config.outputs = ids;
  }
  if (record.targets !== undefined) config.targets = parseTargets(record.targets, display);
  Object.assign(config, parseSettings(record, display));
}
