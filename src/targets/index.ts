/**
 * The targets: their profiles, which lint rules belong to each, and `targets` from the config turned
 * into rule settings. Light (data only): the config loader imports it.
 */
import { UsageError } from "../errors.js";
import { anthropic } from "./anthropic/facts.js";
import { gemini } from "./gemini/facts.js";
import { mcp } from "./mcp/facts.js";
import { openai } from "./openai/facts.js";
import { TARGETS, type Profile, type Target } from "./profile.js";

export { TARGETS, type Profile, type Target } from "./profile.js";

export const PROFILES: Readonly<Record<Target, Profile>> = { anthropic, openai, gemini, mcp };

/** `targets` when the config says nothing. */
export const DEFAULT_TARGETS: readonly Target[] = ["anthropic"];

/**
 * The rules each target brings, with their default severity: their ids are `<target>/<check>`. The
 * registry holds the rules themselves; test/lint/profiles checks the two lists agree. A rule of a target
 * outside DEFAULT_TARGETS is off unless the config's `targets` (or its `rules`) turns it on.
 */
export const TARGET_RULES: Readonly<Record<Target, ReadonlyArray<readonly [id: string, severity: "error" | "warning"]>>> = {
  anthropic: [
    ["anthropic/tool-name-portable", "warning"],
    ["anthropic/strict-limits", "error"],
    ["anthropic/strict-schema", "error"],
  ],
  openai: [
    ["openai/tool-name-format", "error"],
    ["openai/keyword-unsupported", "error"],
    ["openai/schema-limits", "error"],
  ],
  gemini: [
    ["gemini/tool-name-format", "error"],
    ["gemini/property-key-format", "error"],
  ],
  mcp: [["mcp/tool-name-format", "warning"]],
};

/** The target a rule id belongs to (`openai/tool-name-format` -> openai); undefined for toolgen's base rules. */
export function targetOfRule(id: string): Target | undefined {
  const slash = id.indexOf("/");
  if (slash < 0) return undefined;
  const prefix = id.slice(0, slash);
  return (TARGETS as readonly string[]).includes(prefix) ? (prefix as Target) : undefined;
}

/**
 * Checks `targets` as written in a config file or a flag (an array, or a comma-separated string):
 * a UsageError naming the closest known target for an unknown one.
 */
export function parseTargets(value: unknown, where: string): Target[] {
  const list = typeof value === "string" ? value.split(",").map((t) => t.trim()) : value;
  if (!Array.isArray(list) || list.length === 0 || !list.every((t): t is string => typeof t === "string")) {
    throw new UsageError(`${where}: 'targets' must be a non-empty array of targets (${TARGETS.join(", ")}), e.g. ["anthropic", "openai"]`);
  }
  const seen = new Set<string>();
  for (const target of list) {
    if (!(TARGETS as readonly string[]).includes(target)) {
      const near = closestTarget(target);
      throw new UsageError(`${where}: unknown target '${target}' in "targets"${near ? ` (did you mean '${near}'?)` : ""}; targets: ${TARGETS.join(", ")}`);
    }
    if (seen.has(target)) throw new UsageError(`${where}: target '${target}' is listed twice in "targets"`);
    seen.add(target);
  }
  return list as Target[];
}

/**
 * The targets whose own outputs (the `output.ts` in their folder: `openai`, `gemini`, `mcp`) are among
 * `outputs` (output ids): a build that writes one sends the tools to that provider, so its rules apply
 * whether or not `targets` names it (issue 23.6). Anthropic's outputs (`native`, `legacy`) are not
 * counted: `native` is built by default and the others import it, so it does not say the tools go to
 * Anthropic, and `targets` without "anthropic" still turns its rules off.
 */
export function targetsOfOutputs(outputs: readonly string[] | undefined): Target[] {
  if (outputs === undefined) return [];
  return TARGETS.filter((target) => target !== "anthropic" && outputs.includes(target));
}

/**
 * The targets a build or a lint checks: those `targets` names (default: DEFAULT_TARGETS), and those
 * of the outputs built; `undefined` when that is DEFAULT_TARGETS by default (no setting to make).
 */
export function effectiveTargets(targets: readonly Target[] | undefined, outputs: readonly string[] | undefined): Target[] | undefined {
  const fromOutputs = targetsOfOutputs(outputs);
  if (targets === undefined && fromOutputs.length === 0) return undefined;
  const chosen = new Set<Target>([...(targets ?? DEFAULT_TARGETS), ...fromOutputs]);
  return TARGETS.filter((t) => chosen.has(t));
}

/**
 * Rule settings for `targets`: every rule of a chosen target at its default severity, every rule of
 * another target off; `rules` (the config's own) win over both.
 */
export function withTargets(rules: Readonly<Record<string, unknown>>, targets: readonly Target[]): Record<string, unknown> {
  const settings: Record<string, unknown> = {};
  for (const target of TARGETS) {
    for (const [id, severity] of TARGET_RULES[target]) settings[id] = targets.includes(target) ? severity : "off";
  }
  return { ...settings, ...rules };
}

/** The known target nearest `name` (edit distance at most 2, or a prefix), if any. */
function closestTarget(name: string): Target | undefined {
  const lower = name.toLowerCase();
  let best: Target | undefined;
  let bestDistance = Infinity;
  for (const target of TARGETS) {
    const d = target.startsWith(lower) && lower.length >= 2 ? 0 : editDistance(lower, target);
    if (d < bestDistance) [best, bestDistance] = [target, d];
  }
  return bestDistance <= 2 ? best : undefined;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = row;
  }
  return previous[b.length]!;
}
