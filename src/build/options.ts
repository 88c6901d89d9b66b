/**
 * The options of a build: as a caller gives them (BuildOptions), and resolved, with every default
 * applied and every path absolute (ResolvedBuildOptions), which is what the cache key hashes, whole.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { userCacheDir } from "./cache-file.js";
import { composeRules, OUTPUTS, parseSettings, parseTargets, settingValues, type SettingValues } from "../catalog.js";
import { closest } from "../lint/nearest.js";
import type { RuleSetting } from "../lint/settings.js";
import { UsageError } from "../errors.js";
import { checkRoots } from "../write/roots.js";
import type { Output } from "../outputs/output.js";
import type { ProgressSink } from "../report/progress.js";

/** The options of `build()`: toolgen's own, and the settings of the catalogue's targets and outputs (`openaiStrict`, ...). */
export type BuildOptions = OwnBuildOptions & Partial<SettingValues>;

interface OwnBuildOptions {
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
  /** The outputs to choose from (default: toolgen's own, the catalogue's OUTPUTS): a library user may add one. */
  outputList?: readonly Output[];
  /** Run the linter first and stop on its errors (default true). */
  lint?: boolean;
  /** Compare instead of writing; throws StaleOutputError listing what differs. */
  check?: boolean;
  /** Use the build cache (default true); `cacheDir` overrides node_modules/.cache/toolgen (or, with no node_modules, the user's cache folder). */
  cache?: boolean;
  cacheDir?: string;
  /** Told each stage as it starts (`toolgen build` draws it on a terminal: progress.ts); not part of the cache key. */
  onProgress?: ProgressSink;
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
  /** Every output the build could have run (the catalogue's, or `outputList`). */
  outputList: readonly Output[];
  /** Every setting's value, by key (defaults applied). */
  settings: Readonly<Record<string, unknown>>;
  lint: boolean;
  check: boolean;
  /** Undefined: no cache. */
  cacheDir: string | undefined;
}

/** Defaults applied, paths made absolute, output ids checked. */
export async function resolveOptions(options: BuildOptions): Promise<ResolvedBuildOptions> {
  const out = path.resolve(options.out);
  const handlers = path.resolve(options.handlers);
  checkRoots({ out, handlers });
  const list = options.outputList ?? OUTPUTS;
  const given = parseSettings(options, "build options");
  // With no "outputs", an opt-in output whose implying setting is given (toolsets: "toolsets") joins the default ones.
  const isGiven = (value: unknown) => value !== undefined && !(Array.isArray(value) && value.length === 0);
  const impliedIds = list.filter((o) => o.optIn === true && (o.impliedBy ?? []).some((s) => isGiven((given as Record<string, unknown>)[s.key]))).map((o) => o.id);
  const implied = options.outputs === undefined && impliedIds.length > 0 ? [...list.filter((o) => o.optIn !== true).map((o) => o.id), ...impliedIds] : undefined;
  const outputs = selectOutputs(list, options.outputs ?? implied);
  const targets = options.targets === undefined ? undefined : parseTargets(options.targets, "targets");
  return {
    schemas: path.resolve(options.schemas),
    out,
    handlers,
    templates: options.templates === undefined ? undefined : path.resolve(options.templates),
    rules: composeRules({ rules: options.rules ?? {}, ...(targets ? { targets } : {}), settings: given, outputs: { all: list, built: outputs } }) as Record<string, RuleSetting>,
    refRoots: (options.refRoots ?? [process.cwd()]).map((r) => path.resolve(r)),
    outputs,
    outputList: list,
    settings: settingValues(given),
    lint: options.lint !== false,
    check: options.check === true,
    cacheDir: options.cache === false ? undefined : (options.cacheDir ?? defaultCacheDir()),
  };
}

/** The outputs named by `ids` (all when undefined), in list order; a UsageError for an unknown id or a missing need. */
export function selectOutputs(list: readonly Output[], ids: readonly string[] | undefined): Output[] {
  const known = list.map((o) => o.id);
  for (const id of ids ?? []) {
    if (known.includes(id)) continue;
    const near = closest(id, known);
    throw new UsageError(`unknown output '${id}' in "outputs" (${near === undefined ? `outputs: ${known.join(", ")}` : `did you mean '${near}'?`})`);
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

/** The nearest `node_modules/.cache/toolgen` at or above `from`, else (no node_modules) the user's cache folder. */
export function defaultCacheDir(from: string = process.cwd()): string {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "node_modules"))) return path.join(dir, "node_modules", ".cache", "toolgen");
    if (path.dirname(dir) === dir) return userCacheDir();
  }
}
