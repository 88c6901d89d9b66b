/**
 * The build, stage by stage, like json-schema-to-typescript's compile():
 *   options -> load (schemas, templates, handler files) -> bundle ($refs) -> lint (Diagnostic[])
 *   -> emit (the selected outputs -> GeneratedFile[]) -> write | check
 * No stage reaches back into an earlier one; only `write.ts` touches the output folders. The cache
 * (cache.ts) wraps the stages after loading; the commands (commands/*) do the reporting.
 */
import path from "node:path";
import { cachedBuild, defaultCacheDir } from "./cache.js";
import type { RuleSetting } from "./config.js";
import type { ArtifactStore } from "./emit/artifacts.js";
import { InputError, StaleOutputError, UsageError } from "./errors.js";
import { readAssets, type BuildAssets } from "./load/assets.js";
import { readHandlers } from "./load/handlers.js";
import { bundleTools, loadFolder, type LoadedFolder } from "./load/index.js";
import type { Diagnostic, GeneratedFile } from "./model.js";
import type { Output } from "./outputs/output.js";
import { packageVersion } from "./paths.js";
import { stageTimer, type StageTimer } from "./timings.js";
import { manifestFile, staleFiles, writeFiles } from "./write.js";

export interface BuildOptions {
  schemas: string;
  out: string;
  handlers: string;
  templates?: string;
  rules?: Record<string, RuleSetting>;
  /** Ids of the outputs to build, from `outputList` (default: all of them). */
  outputs?: readonly string[];
  /** The outputs to choose from (default: toolgen's own, outputs/index.ts): a library user may add one. */
  outputList?: readonly Output[];
  /** Run the linter first and stop on its errors (default true). */
  lint?: boolean;
  /** Compare instead of writing; throws StaleOutputError listing what differs. */
  check?: boolean;
  /** Use the build cache (default true); `cacheDir` overrides node_modules/.cache/toolgen. */
  cache?: boolean;
  cacheDir?: string;
}

/** The options with every default applied and every path absolute: what the cache key hashes. */
export interface ResolvedBuildOptions {
  schemas: string;
  out: string;
  handlers: string;
  templates: string | undefined;
  rules: Record<string, RuleSetting>;
  /** The selected outputs, in list order. */
  outputs: readonly Output[];
  lint: boolean;
  check: boolean;
  /** Undefined: no cache. */
  cacheDir: string | undefined;
}

/** What the load stage read. */
export interface BuildInput {
  loaded: LoadedFolder;
  assets: BuildAssets;
  /** Text of every handler file (`*.ts`) in the handlers folder, by file stem. */
  handlers: ReadonlyMap<string, string>;
}

export interface BuildResult {
  /** Everything the build produced (empty when it found nothing changed). */
  files: GeneratedFile[];
  written: string[];
  removed: string[];
  /** Lint warnings, for the user to read. */
  diagnostics: Diagnostic[];
  /** Other things worth saying: orphaned handlers, handlers that could not be updated. */
  notes: string[];
  tools: number;
  /** True when the inputs were unchanged since the last build and nothing was done. */
  upToDate: boolean;
}

/** Rules whose errors stop a build even with --no-lint: without them there is nothing to build. */
const LOAD_RULES = new Set(["parse-error", "tool-shape", "tool-name-unique", "ref-resolvable"]);

export async function build(options: BuildOptions): Promise<BuildResult> {
  const mark = stageTimer();
  const resolved = await resolveOptions(options);
  const input = await load(resolved);
  mark("load");
  return cachedBuild(resolved, input, (artifacts) => compile(resolved, input, artifacts, mark));
}

/** The stages after loading: bundle -> lint -> emit -> write | check. */
async function compile(options: ResolvedBuildOptions, input: BuildInput, artifacts: ArtifactStore | undefined, mark: StageTimer): Promise<BuildResult> {
  const bundled = await bundleTools(input.loaded);
  mark("bundle");
  const diagnostics = await lintStage(input.loaded, bundled, options);
  mark("lint");
  if (bundled.tools.length === 0) {
    throw new InputError([], `no tools found in ${shown(options.schemas)} (toolgen reads every *.json, *.yaml and *.yml file there); nothing was written`);
  }
  const { emit } = await import("./emit/index.js");
  const emitted = await emit(options.outputs, {
    tools: bundled.tools,
    templates: input.assets.templates,
    runtime: input.assets.runtime,
    handlers: input.handlers,
    handlersDir: options.handlers,
    generatedImport: `${importPath(options.handlers, options.out)}/index.js`,
    handlersImportBase: importPath(options.out, options.handlers),
    ...(artifacts ? { artifacts } : {}),
  });
  mark("emit");
  const files = [...emitted.files, manifestFile(packageVersion(), emitted.files)];
  const result = { files, written: [], removed: [], diagnostics, notes: emitted.notes, tools: bundled.tools.length, upToDate: false };
  const roots = { out: options.out, handlers: options.handlers };
  if (options.check) {
    const stale = await staleFiles(roots, files);
    if (stale.length > 0) throw new StaleOutputError(stale);
    return { ...result, upToDate: true };
  }
  const { written, removed } = await writeFiles(roots, files);
  mark("write");
  return { ...result, written, removed };
}

/** Defaults applied, paths made absolute, output ids checked. */
async function resolveOptions(options: BuildOptions): Promise<ResolvedBuildOptions> {
  const out = path.resolve(options.out);
  const handlers = path.resolve(options.handlers);
  if (out === handlers) throw new UsageError("--out and --handlers must be different folders");
  const list = options.outputList ?? (await import("./outputs/index.js")).OUTPUTS;
  const outputs = selectOutputs(list, options.outputs);
  return {
    schemas: path.resolve(options.schemas),
    out,
    handlers,
    templates: options.templates === undefined ? undefined : path.resolve(options.templates),
    rules: { ...options.rules, ...rulesOfUnbuiltOutputs(list, outputs) },
    outputs,
    lint: options.lint !== false,
    check: options.check === true,
    cacheDir: options.cache === false ? undefined : (options.cacheDir ?? defaultCacheDir()),
  };
}

/** The outputs named by `ids` (all when undefined), in list order; a UsageError for an unknown id or a missing need. */
export function selectOutputs(list: readonly Output[], ids: readonly string[] | undefined): Output[] {
  const known = list.map((o) => o.id);
  for (const id of ids ?? []) {
    if (!known.includes(id)) throw new UsageError(`unknown output '${id}' in "outputs" (outputs: ${known.join(", ")})`);
  }
  const selected = ids === undefined ? [...list] : list.filter((o) => ids.includes(o.id));
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

/** The load stage: the schemas folder, the templates and run-time sources, and the handler files. */
async function load(options: ResolvedBuildOptions): Promise<BuildInput> {
  // Folders as messages name them: relative to the working directory.
  const shownPath = (abs: string) => path.relative(process.cwd(), abs) || ".";
  const templates = options.templates === undefined ? undefined : shownPath(options.templates);
  const [loaded, assets, handlers] = await Promise.all([loadFolder(shownPath(options.schemas)), readAssets(templates), readHandlers(options.handlers)]);
  return { loaded, assets, handlers };
}

/**
 * Lint (or, with --no-lint, only the problems that make building impossible); throws on errors.
 * (Rules that only concern outputs this build does not write are off: see resolveOptions.)
 */
async function lintStage(
  loaded: LoadedFolder,
  bundled: Awaited<ReturnType<typeof bundleTools>>,
  options: ResolvedBuildOptions,
): Promise<Diagnostic[]> {
  const loadProblems = [...loaded.diagnostics, ...bundled.diagnostics];
  let diagnostics = loadProblems;
  if (options.lint) {
    const { lint } = await import("./lint/index.js");
    diagnostics = await lint(loaded, bundled, { rules: options.rules });
  }
  // A rule turned off in the config still cannot let a file that does not load into the build.
  const id = (d: Diagnostic) => `${d.rule}\0${d.file}\0${d.pointer}`;
  const shownIds = new Set(diagnostics.map(id));
  const blocking = [
    ...diagnostics.filter((d) => d.severity === "error"),
    ...loadProblems.filter((d) => LOAD_RULES.has(d.rule) && !shownIds.has(id(d))),
  ];
  if (blocking.length > 0) {
    const { compareDiagnostics, withPositions } = await import("./load/positions.js");
    const sources = new Map(loaded.files.map((f) => [f.displayPath, f]));
    throw new InputError(withPositions(blocking, sources).sort(compareDiagnostics), `${blocking.length} error(s); nothing was written`);
  }
  return diagnostics.filter((d) => d.severity !== "error");
}

/** `"off"` for every rule that only concerns outputs this build does not write. */
function rulesOfUnbuiltOutputs(list: readonly Output[], selected: readonly Output[]): Record<string, RuleSetting> {
  const kept = new Set(selected.flatMap((o) => o.rules ?? []));
  const off: Record<string, RuleSetting> = {};
  for (const id of list.flatMap((o) => o.rules ?? [])) if (!kept.has(id)) off[id] = "off";
  return off;
}

function importPath(from: string, to: string): string {
  const rel = path.relative(from, to).split(path.sep).join("/");
  return rel.startsWith(".") ? rel : `./${rel}`;
}

function shown(dir: string): string {
  return `${path.relative(process.cwd(), dir).split(path.sep).join("/") || "."}/`;
}
