/** Rule settings from `toolgen.config.json` (`"rules": {"<id>": "off" | "error" | "warning" | [severity, options]}`), checked. */
import { UsageError } from "../errors.js";
import { closest } from "./nearest.js";
import type { Severity } from "../model.js";
import type { Rule } from "./rule.js";

type Level = "off" | "error" | "warning" | "warn";
/** A rule's setting in the config: `"off"`, a severity (`"warn"` is `"warning"`), or `[severity, options]`. */
export type RuleSetting = Level | [Level, Record<string, unknown>?];

export interface ResolvedRuleSetting {
  severity: Severity | "off";
  /** Every option of the rule, defaults filled in. */
  options: Record<string, number>;
}

const SEVERITIES = ["off", "error", "warning"] as const;

/**
 * Every rule's effective setting: its defaults, overridden by `configured` (the catalogue's
 * composeRules has already said which target rules are on).
 * Throws a UsageError (exit 2) for an unknown rule id, a malformed setting or a bad option.
 * `source` names the config file in messages.
 */
export function resolveRuleSettings(
  rules: readonly Rule[],
  configured: Readonly<Record<string, RuleSetting | unknown>> = {},
  source = "toolgen.config.json",
): Map<string, ResolvedRuleSetting> {
  const known = rules.map((r) => r.meta.id);
  for (const id of Object.keys(configured)) {
    if (!known.includes(id)) {
      const near = closest(id, known);
      throw new UsageError(
        near !== undefined
          ? `${source}: unknown rule '${id}' in "rules": did you mean '${near}'? (toolgen lint --format json names each finding's rule)`
          : `${source}: unknown rule '${id}' in "rules". Known rules: ${known.join(", ")}`,
      );
    }
  }
  const settings = new Map<string, ResolvedRuleSetting>();
  for (const rule of rules) {
    const { id } = rule.meta;
    const specs = rule.meta.options ?? {};
    const options: Record<string, number> = {};
    for (const [name, spec] of Object.entries(specs)) options[name] = spec.default;
    let severity: Severity | "off" = rule.meta.defaultSeverity;
    if (Object.hasOwn(configured, id)) {
      const setting = configured[id];
      const [written, given] = Array.isArray(setting) ? [setting[0], setting[1]] : [setting, undefined];
      const level = written === "warn" ? "warning" : written; // as eslint users write it
      const where = `${source}: rule '${id}'`;
      if (!SEVERITIES.includes(level as Severity | "off") || (Array.isArray(setting) && setting.length > 2)) {
        throw new UsageError(`${where}: the setting must be "off", "error", "warning" (or "warn") or ["error" | "warning", {options}], not ${JSON.stringify(setting)}`);
      }
      severity = level as Severity | "off";
      if (given !== undefined) Object.assign(options, checkOptions(where, specs, given));
    }
    settings.set(id, { severity, options });
  }
  return settings;
}

function checkOptions(
  where: string,
  specs: Readonly<Record<string, { minimum: number }>>,
  given: unknown,
): Record<string, number> {
  const names = Object.keys(specs);
  if (given === null || typeof given !== "object" || Array.isArray(given)) {
    throw new UsageError(`${where}: options must be an object, not ${JSON.stringify(given)}`);
  }
  const out: Record<string, number> = {};
  for (const [name, value] of Object.entries(given)) {
    const spec = specs[name];
    if (!Object.hasOwn(specs, name) || spec === undefined) {
      throw new UsageError(
        names.length === 0
          ? `${where}: this rule takes no options (got '${name}')`
          : `${where}: unknown option '${name}' (options: ${names.join(", ")})`,
      );
    }
    if (typeof value !== "number" || !Number.isInteger(value) || value < spec.minimum) {
      throw new UsageError(`${where}: option '${name}' must be an integer >= ${spec.minimum}, not ${JSON.stringify(value)}`);
    }
    out[name] = value;
  }
  return out;
}
