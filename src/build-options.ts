/**
 * The options of a build: as a caller gives them (BuildOptions), and resolved, with every default
 * applied and every path absolute (ResolvedBuildOptions), which is what the cache key hashes, whole.
 */
import path from "node:path";
import { defaultCacheDir } from "./cache.js";
import type { RuleSetting } from "./config.js";
import { UsageError } from "./errors.js";
import { effectiveTargets, parseTargets, withTargets } from "./targets/index.js";
import { withStrictAll } from "./targets/openai/strict.js";
import { geminiRuleDefaults } from "./config.js";
import { checkRoots } from "./write.js";
import type { Output, OutputSettings } from "./outputs/output.js";

export interface BuildOptions {
  schemas: string;
  out: string;
  handlers: string;
  templates?: string;
  rules?: Record<string, RuleSetting>;
  /** The providers the tools go to (default: anthropic): each turns its lint rules on (see src/targets/). */
  targets?: readonly string[];
  /** Folders a `$ref` may read besides the schemas folder (default: the working directory). */
  refRoots?: readonly string[];
  /** Ids of the outputs to build, from `outputList` (default: all of them). */
  outputs?: readonly string[];
  /** The outputs to choose from (default: toolgen's own, outputs/index.ts): a library user may add one. */
  outputList?: readonly Output[];
  /** `cache_control: {type: "ephemeral"}` on the last (not deferred) tool of tools.json/tools.ts (default false). */
  cacheTools?: boolean;
  /** Run the linter first and stop on its errors (default true). */
  lint?: boolean;
  /** Compare instead of writing; throws StaleOutputError listing what differs. */
  check?: boolean;
  /** Use the build cache (default true); `cacheDir` overrides node_modules/.cache/toolgen. */
  cache?: boolean;
  cacheDir?: string;
  /** Send every tool to OpenAI in strict mode (the `openai` output), not only those whose file says `"strict": true`. */
  openaiStrict?: boolean;
  /** The `FunctionDeclaration` field the `gemini` output fills (default `parametersJsonSchema`; `parameters`: lowered to Gemini's OpenAPI subset). */
  geminiSchemaField?: OutputSettings["geminiSchemaField"];
}

/** The options with every default applied and every path absolute: what the cache key hashes. */
export interface ResolvedBuildOptions {
  schemas: string;
  out: string;
  handlers: string;
  templates: string | undefined;
  rules: Record<string, RuleSetting>;
  /** Folders a `$ref` may read besides the schemas folder, absolute. */
  refRoots: readonly string[];
  /** The selected outputs, in list order. */
  outputs: readonly Output[];
  cacheTools: boolean;
  lint: boolean;
  check: boolean;
  /** Undefined: no cache. */
  cacheDir: string | undefined;
  /** Every tool strict in the `openai` output. */
  openaiStrict: boolean;
  geminiSchemaField: OutputSettings["geminiSchemaField"];
}

/** Defaults applied, paths made absolute, output ids checked. */
export async function resolveOptions(options: BuildOptions): Promise<ResolvedBuildOptions> {
  const out = path.resolve(options.out);
  const handlers = path.resolve(options.handlers);
  checkRoots({ out, handlers });
  const list = options.outputList ?? (await import("./outputs/index.js")).OUTPUTS;
  const geminiSchemaField = options.geminiSchemaField ?? "parametersJsonSchema";
  const outputs = selectOutputs(list, options.outputs);
  return {
    schemas: path.resolve(options.schemas),
    out,
    handlers,
    templates: options.templates === undefined ? undefined : path.resolve(options.templates),
    rules: { ...geminiRuleDefaults(geminiSchemaField), ...(withStrictAll(rulesForTargets(options, outputs), options.openaiStrict) as Record<string, RuleSetting>), ...rulesOfUnbuiltOutputs(list, outputs) },
    refRoots: (options.refRoots ?? [process.cwd()]).map((r) => path.resolve(r)),
    outputs,
    cacheTools: options.cacheTools === true,
    lint: options.lint !== false,
    check: options.check === true,
    cacheDir: options.cache === false ? undefined : (options.cacheDir ?? defaultCacheDir()),
    openaiStrict: options.openaiStrict === true,
    geminiSchemaField,
  };
}

/** The outputs named by `ids` (all when undefined), in list order; a UsageError for an unknown id or a missing need. */
export function selectOutputs(list: readonly Output[], ids: readonly string[] | undefined): Output[] {
  const known = list.map((o) => o.id);
  for (const id of ids ?? []) {
    if (!known.includes(id)) throw new UsageError(`unknown output '${id}' in "outputs" (outputs: ${known.join(", ")})`);
  }
  const selected = ids === undefined ? list.filter((o) => o.optIn !== true) : list.filter((o) => ids.includes(o.id));
  if (selected.length === 0) throw new UsageError(`"outputs" selects nothing to build (outputs: ${known.join(", ")})`);
  const chosen = new Set(selected.map((o) => o.id));
  for (const output of selected) {
    const missing = (output.needs ?? []).filter((id) => !chosen.has(id));
    if (missing.length > 0) {
      throw new UsageError(`output '${output.id}' needs ${missing.map((id) => `'${id}'`).join(", ")} in "outputs" too (its code imports them)`);
    }
  }
  return selected;
}

/**
 * The rules as given, with `targets` (checked) and the targets of the outputs built turning each
 * target's rules on or off; the given rules win.
 */
function rulesForTargets(options: BuildOptions, outputs: readonly Output[]): Record<string, RuleSetting> {
  const named = options.targets === undefined ? undefined : parseTargets(options.targets, "targets");
  const targets = effectiveTargets(named, outputs.map((o) => o.id));
  if (targets === undefined) return { ...options.rules };
  return withTargets(options.rules ?? {}, targets) as Record<string, RuleSetting>;
}

/** `"off"` for every rule that only concerns outputs this build does not write. */
function rulesOfUnbuiltOutputs(list: readonly Output[], selected: readonly Output[]): Record<string, RuleSetting> {
  const kept = new Set(selected.flatMap((o) => o.rules ?? []));
  const off: Record<string, RuleSetting> = {};
  for (const id of list.flatMap((o) => o.rules ?? [])) if (!kept.has(id)) off[id] = "off";
  return off;
}
