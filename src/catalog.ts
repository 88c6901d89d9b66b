/**
 * The catalogue: the one list of toolgen's base lint rules, neutral outputs, targets and features. Everything
 * that enumerates them derives from here: the rule registry and its order, the outputs a build can
 * run, the config's setting keys and their checks, `toolgen build --help`, the cache key (through
 * the resolved settings) and docs/lint.md's rule table (checked by test/lint/parity.test.ts).
 *
 * A new target is its folder (src/targets/<id>/, with an index.ts declaring it) and one entry in
 * TARGET_TUPLE below; a new feature is its folder (src/features/<id>/, an index.ts declaring it with
 * its settings, rules and outputs) and one entry in FEATURE_TUPLE; a new base rule is its file in
 * src/lint/rules/ and its docs page (the folder's index is written from the files); a new neutral output is its file in src/outputs/ and one entry
 * in NEUTRAL_OUTPUTS.
 */
import { UsageError } from "./errors.js";
import { closest } from "./lint/nearest.js";
import type { Rule, ToolCapFact } from "./lint/rule.js";
import { BASE_RULES } from "./lint/rules/index.js";
import handlers from "./outputs/handlers.js";
import indexModule from "./outputs/index-module.js";
import type { Output, Setting } from "./outputs/output.js";
import runtime from "./outputs/runtime.js";
import standardSchema from "./outputs/standard-schema.js";
import types from "./outputs/types.js";
import validators from "./outputs/validators.js";
import aiSdk from "./targets/ai-sdk/index.js";
import anthropic from "./targets/anthropic/index.js";
import anthropicHelpers from "./targets/anthropic-helpers/index.js";
import claudeAgentSdk from "./targets/claude-agent-sdk/index.js";
import gemini from "./targets/gemini/index.js";
import langchain from "./targets/langchain/index.js";
import managedAgents from "./targets/managed-agents/index.js";
import mastra from "./targets/mastra/index.js";
import mcp from "./targets/mcp/index.js";
import openai from "./targets/openai/index.js";
import openaiAgents from "./targets/openai-agents/index.js";
import type { Target } from "./targets/target.js";
import approval from "./features/approval/index.js";
import deferral from "./features/deferral/index.js";
import searchFeature from "./features/search/index.js";
import toolsetsFeature from "./features/toolsets/index.js";
import type { Feature } from "./features/feature.js";
import { DIALECT_SETTINGS } from "./outputs/default-dialect.js";

// `toolgen/outputs` (package.json "exports") is this module: the catalogue's lists, and what a library user needs to add an output.
export { defineOutput, defineSetting, type Output, type OutputContext, type Setting } from "./outputs/output.js";
export type { Capability, CapabilityKind, CapabilityOf, ToolArrayCapability, DispatcherAdapterCapability } from "./emit/capabilities.js";
export { defineTarget, type Target } from "./targets/target.js";
export { defineFeature, type Feature } from "./features/feature.js";

/** toolgen's own rules (src/lint/rules/index.ts, written from the folder by scripts/rules-index.mjs). */
export { BASE_RULES };

/** The outputs that belong to no target: types, validators, handler stubs, the runtime, the index. */
export const NEUTRAL_OUTPUTS: readonly Output[] = [types, validators, handlers, runtime, indexModule, standardSchema];

/** The targets, in the order their rules are listed (and `--targets` names them). */
const TARGET_TUPLE = [anthropic, openai, gemini, mcp, aiSdk, openaiAgents, anthropicHelpers, mastra, claudeAgentSdk, langchain, managedAgents] as const;
export const TARGETS: readonly Target[] = TARGET_TUPLE;

/** `targets` when the config says nothing. */
export const DEFAULT_TARGETS: readonly string[] = ["anthropic"];

/** The target ids. */
export const TARGET_IDS: readonly string[] = TARGETS.map((t) => t.id);

/**
 * The features (src/features/<id>/): what cuts across targets, each in its folder as a target is, and
 * one entry here.
 */
const FEATURE_TUPLE = [toolsetsFeature, searchFeature, deferral, approval] as const;
export const FEATURES: readonly Feature[] = FEATURE_TUPLE;

/** Every rule: the base rules, then the targets' output rules, then the targets' own rules, then the features'. */
export const RULES: readonly Rule[] = [
  ...BASE_RULES,
  ...TARGETS.flatMap((t) => t.outputRules ?? []),
  ...TARGETS.flatMap((t) => t.rules),
  ...FEATURES.flatMap((f) => f.rules ?? []),
];

/**
 * Every output, in the order a build runs them: the default target's (the native array the others
 * import), the neutral ones, the features', then the other targets'.
 */
export const OUTPUTS: readonly Output[] = [
  ...TARGETS.filter((t) => DEFAULT_TARGETS.includes(t.id)).flatMap((t) => t.outputs),
  ...NEUTRAL_OUTPUTS,
  ...FEATURES.flatMap((f) => f.outputs ?? []),
  ...TARGETS.filter((t) => !DEFAULT_TARGETS.includes(t.id)).flatMap((t) => t.outputs),
];

/**
 * Every setting, in target order, then in feature order (toolsets' `toolsets` and `clients`, deferral's
 * `deferLoading`, approval's `approvalFromDestructiveHint`), then defaultDialect (src/outputs/default-dialect.ts).
 */
export const SETTINGS: readonly Setting[] = [
  ...TARGETS.flatMap((t): readonly Setting[] => t.settings ?? []),
  ...FEATURES.flatMap((f): readonly Setting[] => f.settings ?? []),
  ...DIALECT_SETTINGS,
];

type SettingOf<T> = T extends { settings: readonly (infer S)[] } ? S : never;
type ValueOf<S> = S extends Setting<infer V, string> ? V : never;
/** Each setting's value type by its key, e.g. `{ openaiStrict: boolean; geminiSchemaField: ... }`. */
export type SettingValues = { [S in SettingOf<(typeof TARGET_TUPLE)[number]> | SettingOf<(typeof FEATURE_TUPLE)[number]> | (typeof DIALECT_SETTINGS)[number] as S extends Setting<unknown, infer K> ? K : never]: ValueOf<S> };

/** The setting keys a config file may hold besides toolgen's own. */
export const SETTING_KEYS: readonly string[] = SETTINGS.map((s) => s.key);

/**
 * The settings given in `given` (a config file's object, or the library's build options), each
 * checked by its declaration; unset ones left out. `where` names the source in messages.
 */
export function parseSettings(given: object, where: string): Partial<SettingValues> {
  const out: Record<string, unknown> = {};
  for (const setting of SETTINGS) {
    const value: unknown = (given as Record<string, unknown>)[setting.key];
    if (value !== undefined) out[setting.key] = setting.parse(value, where);
  }
  return out as Partial<SettingValues>;
}

/** Every setting's value, its default where `given` has none: what the outputs read and the cache key hashes. */
export function settingValues(given: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const setting of SETTINGS) out[setting.key] = given[setting.key] ?? setting.default;
  return out;
}

/**
 * The tool caps of the targets a run checks (their rules on in `rules`, as composeRules decided), for
 * the toolsets feature's toolset-cap rule: the same list for `toolgen lint` and a build.
 */
export function targetCaps(rules: Readonly<Record<string, unknown>>): ToolCapFact[] {
  return checkedTargets(rules).flatMap((t) => {
    const cap = t.profile?.maxTools;
    return cap === undefined ? [] : [{ title: t.title, max: cap.max, source: cap.source }];
  });
}

/** The targets a run checks: those with a rule on in `rules` (as composeRules decided), in catalogue order. */
export function checkedTargets(rules: Readonly<Record<string, unknown>>): Target[] {
  const on = (id: string) => rules[id] !== undefined && rules[id] !== "off";
  return TARGETS.filter((t) => t.rules.some((r) => on(r.meta.id)));
}

/** The target a rule id belongs to (`openai/tool-name-format` -> openai); undefined for a base or output rule. */
export function targetOfRule(id: string): Target | undefined {
  const slash = id.indexOf("/");
  return slash < 0 ? undefined : TARGETS.find((t) => t.id === id.slice(0, slash));
}

/**
 * Checks `targets` as written in a config file or a flag (an array, or a comma-separated string):
 * a UsageError naming the closest known target for an unknown one.
 */
export function parseTargets(value: unknown, where: string): string[] {
  const list = typeof value === "string" ? value.split(",").map((t) => t.trim()) : value;
  if (!Array.isArray(list) || list.length === 0 || !list.every((t): t is string => typeof t === "string")) {
    throw new UsageError(`${where}: 'targets' must be a non-empty array of targets (${TARGET_IDS.join(", ")}), e.g. ["anthropic", "openai"]`);
  }
  const seen = new Set<string>();
  for (const target of list) {
    if (!TARGET_IDS.includes(target)) {
      const near = closest(target, TARGET_IDS);
      throw new UsageError(`${where}: unknown target '${target}' in "targets"${near ? ` (did you mean '${near}'?)` : ""}; targets: ${TARGET_IDS.join(", ")}`);
    }
    if (seen.has(target)) throw new UsageError(`${where}: target '${target}' is listed twice in "targets"`);
    seen.add(target);
  }
  return list;
}

/**
 * The targets whose opt-in outputs are among `built` (output ids): a build that writes one sends the
 * tools to that provider, so its rules apply whether or not `targets` names it. A default output
 * (`native`, which every other output imports) says nothing about where the tools go, so `targets`
 * without "anthropic" still turns Anthropic's rules off.
 */
export function targetsOfOutputs(built: readonly string[]): string[] {
  return TARGETS.filter((t) => t.outputs.some((o) => o.optIn === true && built.includes(o.id))).map((t) => t.id);
}

/** What decides which rules a run turns on, besides the config's own "rules". */
export interface RuleInputs {
  /** The config's "rules" (they win where they say). */
  rules?: Readonly<Record<string, unknown>>;
  /** The targets (default: DEFAULT_TARGETS). */
  targets?: readonly string[];
  /** The settings given, by key (a setting may imply rule settings); other keys are ignored. */
  settings?: object;
  /** A build's outputs (`built`, among `all` it could run): the rules of the others are off. Undefined for `toolgen lint`. */
  outputs?: { all: readonly Output[]; built: readonly Output[] };
  /**
   * The ids of the outputs a build writes (the config's `outputs`, for `toolgen lint`): a target whose
   * opt-in output is among them is checked as if `targets` named it (issue 23.6).
   */
  built?: readonly string[];
}

/**
 * The rule settings of a run, composed once: every target rule on at its default severity when its
 * target is targeted (or a build writes one of its opt-in outputs) and off when not, then what each setting implies, the config's "rules"
 * winning over both; last, in a build, the rules of outputs it does not write are off.
 */
export function composeRules({ rules = {}, targets = DEFAULT_TARGETS, settings = {}, outputs, built }: RuleInputs): Record<string, unknown> {
  const checked = new Set([...targets, ...targetsOfOutputs(built ?? outputs?.built.map((o) => o.id) ?? [])]);
  const byTarget: Record<string, unknown> = {};
  for (const target of TARGETS) {
    for (const rule of target.rules) byTarget[rule.meta.id] = checked.has(target.id) ? rule.meta.defaultSeverity : "off";
  }
  let composed: Record<string, unknown> = { ...byTarget, ...rules };
  for (const setting of SETTINGS) {
    const value: unknown = (settings as Record<string, unknown>)[setting.key];
    if (setting.rules && value !== undefined) composed = setting.rules(value, composed, rules);
  }
  if (outputs !== undefined) {
    const kept = new Set(outputs.built.flatMap((o) => o.rules ?? []));
    for (const id of outputs.all.flatMap((o) => o.rules ?? [])) if (!kept.has(id)) composed[id] = "off";
  }
  return composed;
}
