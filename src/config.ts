import { readFileSync } from "node:fs";
import path from "node:path";
import { UsageError } from "./errors.js";

/** A rule's setting in `toolgen.config.json`: `"off"`, a severity, or `[severity, options]`. */
export type RuleSetting = "off" | "error" | "warning" | ["off" | "error" | "warning", Record<string, unknown>?];

export interface Config {
  schemas: string;
  out: string;
  handlers: string;
  templates?: string;
  /** `build --check` and `build --no-lint`, when set in the file (flags win). */
  check?: boolean;
  lint?: boolean;
  rules: Record<string, RuleSetting>;
  /** Folders a `$ref` may read besides the schemas folder: the config's folder and its `refRoots` (absolute). */
  refRoots?: string[];
  /** Where the config came from, for messages (undefined: defaults only). */
  configFile?: string;
}

export const DEFAULTS = { schemas: "schemas", out: "generated", handlers: "handlers" } as const;
export const CONFIG_FILE = "toolgen.config.json";

const KEYS = new Set(["$schema", "schemas", "out", "handlers", "templates", "check", "lint", "rules", "refRoots"]);

/**
 * Reads `toolgen.config.json` from `cwd` (or `explicit`), then applies flags (flags win).
 * Paths in the config file are relative to the config file; paths in flags to the working directory.
 */
export async function loadConfig(
  flags: Partial<Pick<Config, "schemas" | "out" | "handlers" | "templates">> & { config?: string },
  cwd: string = process.cwd(),
): Promise<Config> {
  const file = path.resolve(cwd, flags.config ?? CONFIG_FILE);
  let raw: string | undefined;
  try {
    raw = readFileSync(file, "utf8");
  } catch (error) {
    if (flags.config) throw new UsageError(`config file not found: ${flags.config}`);
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const config: Config = { ...DEFAULTS, rules: {} };
  if (raw !== undefined) {
    const display = path.relative(cwd, file) || CONFIG_FILE;
    let data: unknown;
    try {
      data = JSON.parse(raw);
    } catch (error) {
      throw new UsageError(`${display}: not valid JSON (${(error as Error).message})`);
    }
    if (data === null || typeof data !== "object" || Array.isArray(data)) {
      throw new UsageError(`${display}: must hold a JSON object`);
    }
    const record = data as Record<string, unknown>;
    const base = path.dirname(file);
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
    for (const key of ["check", "lint"] as const) {
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
    const refRoots = record.refRoots;
    if (refRoots !== undefined && (!Array.isArray(refRoots) || refRoots.some((r) => typeof r !== "string" || r === ""))) {
      throw new UsageError(`${display}: 'refRoots' must be an array of folder paths (relative to the config file)`);
    }
    config.refRoots = [base, ...((refRoots as string[] | undefined) ?? []).map((r) => path.resolve(base, r))];
    config.configFile = display;
  }
  for (const key of ["schemas", "out", "handlers", "templates"] as const) {
    const value = flags[key];
    if (value !== undefined) config[key] = value;
  }
  return config;
}
