/**
 * A setting: one option of the config that an output, a target's rules or a feature reads, declared
 * once where it is read. Here, below every layer that declares one (outputs, targets, features), so
 * that declaring a setting imports no output.
 */
import { UsageError } from "./errors.js";

/**
 * A setting: a key of toolgen.config.json (and of the library's `build()` options) that an output or
 * a target's rules read. Declared once, in the target or output that reads it, and listed there; the
 * config's keys and their checks, `toolgen build --help`, the cache key and the outputs' context all
 * derive from the catalogue's list of them.
 */
export interface Setting<T = unknown, K extends string = string> {
  /** The config key, e.g. `openaiStrict`. */
  key: K;
  /** One line for `--help` and the docs: what it does, its values and its default. */
  describe: string;
  default: T;
  /** The value as written in a config file or given to `build()`, checked: a UsageError names `where`. */
  parse(value: unknown, where: string): T;
  /**
   * The rule settings a value implies, from those composed so far (`rules`: each target rule at its
   * default or off, then the config's own); `given` is the config's own "rules", which win where they say.
   */
  rules?(value: T, rules: Readonly<Record<string, unknown>>, given: Readonly<Record<string, unknown>>): Record<string, unknown>;
}

/** Declares a setting (typed; nothing else). */
export function defineSetting<T, const K extends string>(setting: Setting<T, K>): Setting<T, K> {
  return setting;
}

/** A setting's parse for true or false. */
export function booleanSetting(value: unknown, where: string, key: string): boolean {
  if (typeof value !== "boolean") throw new UsageError(`${where}: '${key}' must be true or false`);
  return value;
}
