import { existsSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { UsageError } from "./errors.js";
import { effectiveTargets, parseTargets, withTargets, type Target } from "./targets/index.js";
import type { GeminiSchemaField } from "./outputs/output.js";
import { withStrictAll } from "./targets/openai/strict.js";

type Severity = "off" | "error" | "warning" | "warn";
/** A rule's setting in the config: `"off"`, a severity (`"warn"` is `"warning"`), or `[severity, options]`. */
export type RuleSetting = Severity | [Severity, Record<string, unknown>?];

export interface Config {
  schemas: string;
  out: string;
  handlers: string;
  templates?: string;
  /** `build --check` and `build --no-lint`, when set in the file (flags win). */
  check?: boolean;
  lint?: boolean;
  rules: Record<string, RuleSetting>;
  /** `cache_control` on the last tool of tools.json/tools.ts, so the tool list is cached as a prompt prefix. */
  cacheTools?: boolean;
  /** Ids of the outputs to build (default: all); the build checks them against its list of outputs. */
  outputs?: string[];
  /**
   * The providers the tools go to (default: anthropic): each brings its lint rules (`<target>/<check>`).
   * Set only when the file or a flag says; `rules` then already holds each target rule's setting.
   */
  targets?: Target[];
  /** Which `FunctionDeclaration` field the `gemini` output fills: `parametersJsonSchema` (default) or `parameters` (lowered to Gemini's OpenAPI subset). */
  geminiSchemaField?: GeminiSchemaField;
  /** Folders a `$ref` may read besides the schemas folder: the config's folder and its `refRoots` (absolute). */
  refRoots?: string[];
  /** Send every tool to OpenAI in strict mode (the `openai` output), not only those whose file says `"strict": true`. */
  openaiStrict?: boolean;
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

const KEYS = new Set(["$schema", "schemas", "out", "handlers", "templates", "check", "lint", "rules", "outputs", "refRoots", "targets", "openaiStrict", "geminiSchemaField", "cacheTools"]);

/**
 * The rule that reports what lowering to Gemini's OpenAPI subset loses is off by default, and a
 * warning when the `gemini` output sends that form (`geminiSchemaField: "parameters"`); a setting in
 * "rules" wins.
 */
export function geminiRuleDefaults(field: Config["geminiSchemaField"]): Record<string, RuleSetting> {
  return field === "parameters" ? { "gemini-parameters-lossless": "warning" } : {};
}

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
 * that cannot be parsed is one too (it might hold the config). Undefined: none.
 */
export function findConfig(start: string): FoundConfig | undefined {
  for (let dir = path.resolve(start); ; ) {
    const found: FoundConfig[] = [];
    for (const name of CONFIG_FILES) if (isFile(path.join(dir, name))) found.push({ file: path.join(dir, name), packageKey: false });
    const manifest = path.join(dir, "package.json");
    if (isFile(manifest) && Object.hasOwn(readObject(manifest, manifest), "toolgen")) found.push({ file: manifest, packageKey: true });
    for (const name of CODE_CONFIGS) {
      if (isFile(path.join(dir, name))) {
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
    if (parent === dir || existsSync(path.join(dir, ".git"))) return undefined;
    dir = parent;
  }
}

/**
 * Whether `file` is a file (following links). A missing one is the search's usual answer, so it is
 * asked for without an exception (an ENOENT error each costs the search more than the stat); other
 * errors (EACCES, ENOTDIR, a loop of links) still throw, and count as no file.
 */
function isFile(file: string): boolean {
  try {
    return statSync(file, { throwIfNoEntry: false })?.isFile() === true;
  } catch {
    return false;
  }
}

function readText(file: string, display: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    throw new UsageError(`${display}: cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
}

function readObject(file: string, display: string): Record<string, unknown> {
  const raw = readText(file, display);
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
  if (doc.errors.length > 0) throw new UsageError(`${display}: not valid YAML (${doc.errors[0]!.message.split("\n")[0]})`);
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

/** loadConfig for the config that governs `start` (a folder: a file argument's, say). */
export function configFor(
  start: string,
  flags: ConfigFlags,
  cwd: string = process.cwd(),
): Config {
  let found: FoundConfig | undefined;
  if (flags.config !== undefined) {
    const file = path.resolve(cwd, flags.config);
    if (!isFile(file)) throw new UsageError(`config file not found: ${flags.config}`);
    found = { file, packageKey: path.basename(file) === "package.json" };
  } else {
    found = findConfig(start);
  }
  const config: Config = { ...DEFAULTS, rules: {} };
  if (found) {
    const rel = path.relative(cwd, found.file) || path.basename(found.file);
    const display = found.packageKey ? `${rel} ("toolgen" key)` : rel;
    const whole = readObject(found.file, rel);
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
  config.rules = { ...geminiRuleDefaults(config.geminiSchemaField), ...config.rules };
  // The targets named, and those of the outputs built: an output's target rules apply either way.
  const targets = effectiveTargets(config.targets, config.outputs);
  if (targets !== undefined) config.rules = withTargets(config.rules, targets) as Record<string, RuleSetting>;
  // Every tool strict: the rules that report what strict mode cannot take check every tool (`toolgen lint` too).
  config.rules = withStrictAll(config.rules, config.openaiStrict) as Record<string, RuleSetting>;
  return config;
}

function applyFile(config: Config, record: Record<string, unknown>, display: string, base: string, cwd: string): void {
  for (const key of Object.keys(record)) {
    if (!KEYS.has(key)) {
      throw new UsageError(`${display}: unknown key '${key}' (known: ${[...KEYS].filter((k) => k !== "$schema").join(", ")})`);
    }
  }
  for (const key of ["schemas", "out", "handlers", "templates"] as const) {
    const value = record[key];
    if (value === undefined) continue;
    if (typeof value !== "string" || value === "") throw new UsageError(`${display}: '${key}' must be a non-empty string`);
    config[key] = path.relative(cwd, path.resolve(base, value)) || ".";
  }
  for (const key of ["check", "lint", "openaiStrict", "cacheTools"] as const) {
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
  if (record.geminiSchemaField !== undefined) {
    const field = record.geminiSchemaField;
    if (field !== "parametersJsonSchema" && field !== "parameters") {
      throw new UsageError(`${display}: 'geminiSchemaField' must be "parametersJsonSchema" (JSON Schema, the default) or "parameters" (Gemini's OpenAPI subset)`);
    }
    config.geminiSchemaField = field;
  }
}
