/**
 * The build, stage by stage, like json-schema-to-typescript's compile():
 *   options -> load (schemas, templates, handler files) -> bundle ($refs) -> lint (Diagnostic[])
 *   -> emit (the selected outputs -> GeneratedFile[]) -> write | check
 * No stage reaches back into an earlier one; only `write.ts` touches the output folders. The cache
 * (build/cache.ts) wraps the stages after loading; the commands (commands/*) do the reporting.
 */
import path from "node:path";
import { resolveOptions, type BuildOptions, type ResolvedBuildOptions } from "./build/options.js";
import { cachedBuild, warmCache } from "./build/cache.js";
import { frameworkMajorWarnings } from "./build/framework-majors.js";
import type { BuildInput, BuildResult } from "./build/result.js";
import { FEATURES, RULES, targetCaps } from "./catalog.js";
import { nextDiskGeneration } from "./write/disk-memo.js";
import type { ArtifactStore } from "./emit/artifacts.js";
import type { EmitInput } from "./outputs/emit-stage.js";
import { InputError, StaleOutputError } from "./errors.js";
import { readAssets } from "./load/assets.js";
import { readHandlers } from "./build/handlers.js";
import { bundleTools, loadFolder, type LoadedFolder } from "./load/index.js";
import { asInputError, describeLoadProblems, describeRefProblems } from "./lint/load-problems.js";
import type { Diagnostic, GeneratedFile } from "./model.js";
import { packageVersion } from "./load/own-package.js";
import type { DialectName } from "./schema/dialect.js";
import type { ProgressSink } from "./report/progress.js";
import { stageTimer, type StageTimer } from "./report/timings.js";
import { manifestFile, recover, staleFiles, writeFiles } from "./write.js";
import { readCurrent } from "./write/read.js";

export type { BuildOptions, ResolvedBuildOptions } from "./build/options.js";
export type { BuildInput, BuildResult } from "./build/result.js";

export async function build(options: BuildOptions): Promise<BuildResult> {
  const mark = stageTimer();
  nextDiskGeneration();
  const resolved = await resolveOptions(options);
  // Finish or undo what a killed build left (never for --check, which writes nothing).
  const recovered = resolved.check ? [] : recover({ out: resolved.out, handlers: resolved.handlers });
  const progress = options.onProgress ?? (() => undefined);
  progress({ stage: "load", detail: "the schemas folder" });
  const input = await load(resolved);
  mark("load");
  const built = await cachedBuild(resolved, input, (artifacts) => compile(resolved, input, artifacts, mark, progress));
  // Issue 37 item 8: an installed framework of another major than its output is written for (read on every build).
  const majors = frameworkMajorWarnings(resolved.outputs, resolved.out);
  const result = majors.length === 0 ? built : { ...built, notes: [...built.notes, ...majors] };
  return recovered.length === 0 ? result : { ...result, notes: [...recovered, ...result.notes] };
}

/** The stages after loading: bundle -> lint -> emit -> write | check. */
async function compile(options: ResolvedBuildOptions, input: BuildInput, artifacts: ArtifactStore | undefined, mark: StageTimer, progress: ProgressSink): Promise<BuildResult> {
  const bundled = await bundleTools(input.loaded);
  mark("bundle");
  progress({ stage: "lint", detail: `${bundled.tools.length} tool(s)` });
  const diagnostics = await lintStage(input.loaded, bundled, options);
  mark("lint");
  // Issue 36: each feature's transform of the tools, in catalogue order (deferral: the deferLoading budget).
  let tools: EmitInput["tools"] = bundled.tools;
  for (const feature of FEATURES) if (feature.transform) tools = await feature.transform(tools, options.settings);
  if (bundled.tools.length === 0) {
    throw new InputError([], `no tools found in ${shown(options.schemas)} (toolgen reads every *.json, *.yaml and *.yml file there); nothing was written`);
  }
  const { emit } = await import("./outputs/emit-stage.js");
  const onOutput = (id: string, done: number, total: number) => progress({ stage: "emit", detail: `${id} (${bundled.tools.length} tool(s))`, step: { done, total } });
  const emitted = await emit(options.outputs, { ...emitInput(options, input, tools, artifacts), onOutput }).catch((error: unknown) =>
    Promise.reject(asInputError(error, tools)),
  );
  mark("emit");
  const files = [...emitted.files, manifestFile(packageVersion(), emitted.files)];
  const result: BuildResult = { files, written: [], removed: [], diagnostics, notes: emitted.notes, tools: bundled.tools.length, upToDate: false, skipped: [] };
  const roots = { out: options.out, handlers: options.handlers };
  if (options.check) {
    const stale = await staleFiles(roots, files);
    if (stale.length > 0) throw new StaleOutputError(stale);
    return { ...result, upToDate: true };
  }
  progress({ stage: "write", detail: `${files.length} file(s)` });
  const { written, removed, notes, skipped } = await writeFiles(roots, files);
  mark("write");
  return { ...result, written, removed, notes: [...result.notes, ...notes], skipped };
}

/**
 * Readies this process for its next build, writing nothing (`toolgen build --watch` runs it once it is
 * idle after a build that found nothing changed, which loads no generator): the same stages as a
 * build up to emit, so the emitters and their libraries are loaded, the artifact cache is read and
 * verified into memory, every tool's rendering is memoised (tool-memo.ts), and the output files'
 * current contents are recorded (write/disk-memo.ts, when enabled). The next build then redoes only what
 * its change touches. `stale()` is asked between stages: once it says a change is waiting, the
 * warm-up stops (what it did so far stays useful). Errors are the next build's to report: ignored.
 */
export async function warmUp(options: BuildOptions, stale: () => boolean): Promise<void> {
  try {
    nextDiskGeneration();
    const resolved = await resolveOptions(options);
    if (stale() || resolved.check) return;
    const input = await load(resolved);
    if (stale()) return;
    // The callback says whether it went to the end (only then are the artifacts it used all of them).
    await warmCache(resolved, input, stale, async (artifacts) => {
      const bundled = await bundleTools(input.loaded);
      if (stale()) return false;
      // Not the lint stage's verdict (the next build lints): its modules and code paths, warmed.
      if (resolved.lint) await lintStage(input.loaded, bundled, resolved).catch(() => undefined);
      if (stale() || bundled.tools.length === 0) return false;
      const { emit, warmToolEmitters } = await import("./outputs/emit-stage.js");
      await warmToolEmitters(bundled.tools[0]!);
      // Without the cache every build makes every tool's files anew: a warm-up would be a whole build.
      if (stale() || artifacts === undefined) return false;
      const emitted = await emit(resolved.outputs, emitInput(resolved, input, bundled.tools, artifacts));
      if (stale()) return true;
      readCurrent({ out: resolved.out, handlers: resolved.handlers }, [...emitted.files, manifestFile(packageVersion(), emitted.files)]);
      return true;
    });
  } catch {
    // The next build reports whatever went wrong here.
  }
}

/** The load stage: the schemas folder, the templates and run-time sources, and the handler files. */
async function load(options: ResolvedBuildOptions): Promise<BuildInput> {
  // Folders as messages name them: relative to the working directory.
  const shownPath = (abs: string) => path.relative(process.cwd(), abs) || ".";
  const templates = options.templates === undefined ? undefined : shownPath(options.templates);
  const [loaded, assets, handlers] = await Promise.all([loadFolder(shownPath(options.schemas), { refRoots: options.refRoots, defaultDialect: options.settings["defaultDialect"] as DialectName }), readAssets(templates), readHandlers(options.handlers)]);
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
  const loadProblems = [...describeLoadProblems(loaded.problems), ...describeRefProblems(bundled.problems)];
  let diagnostics = loadProblems;
  const { lint } = await import("./lint/index.js");
  if (options.lint) {
    // The toolsets feature's toolset-cap reads the run's settings and the checked targets' caps.
    const run = { settings: options.settings, caps: targetCaps(options.rules), configFile: "toolgen.config.json" };
    diagnostics = await lint(loaded, bundled, { registry: RULES, rules: options.rules, run });
  }
  // A rule turned off in the config still cannot let a file that does not load into the build.
  const id = (d: Diagnostic) => `${d.rule}\0${d.file}\0${d.pointer}`;
  const shownIds = new Set(diagnostics.map(id));
  // Rules whose errors stop a build even with --no-lint (`meta.blocksBuild`): without them there is nothing to build.
  const LOAD_RULES = new Set(RULES.filter((r) => r.meta.blocksBuild).map((r) => r.meta.id));
  // Nor can text a build would not write as it reads (a lone surrogate), or `build --check` never passes.
  const { unwritableText } = await import("./lint/rules/value-preserved.js");
  const unwritable = await lint(loaded, bundled, { registry: [unwritableText], rules: {} });
  const errorIds = new Set(diagnostics.filter((d) => d.severity === "error").map(id));
  const blocking = [
    ...diagnostics.filter((d) => d.severity === "error"),
    ...loadProblems.filter((d) => LOAD_RULES.has(d.rule) && !shownIds.has(id(d))),
    ...unwritable.filter((d) => !errorIds.has(id(d))),
  ];
  if (blocking.length > 0) {
    const { compareDiagnostics, withPositions } = await import("./load/positions.js");
    const sources = new Map(loaded.files.map((f) => [f.displayPath, f]));
    throw new InputError(withPositions(blocking, sources).sort(compareDiagnostics), `${blocking.length} error(s); nothing was written`);
  }
  return diagnostics.filter((d) => d.severity !== "error");
}

function emitInput(options: ResolvedBuildOptions, input: BuildInput, tools: EmitInput["tools"], artifacts: ArtifactStore | undefined): EmitInput {
  return {
    tools,
    templates: input.assets.templates,
    runtime: input.assets.runtime,
    vendored: input.assets.vendored,
    handlers: input.handlers,
    handlersDir: options.handlers,
    generatedImport: `${importPath(options.handlers, options.out)}/index.js`,
    handlersImportBase: importPath(options.out, options.handlers),
    settings: options.settings,
    outputList: options.outputList,
    ...(artifacts ? { artifacts } : {}),
  };
}

function importPath(from: string, to: string): string {
  const rel = path.relative(from, to).split(path.sep).join("/");
  return rel.startsWith(".") ? rel : `./${rel}`;
}

function shown(dir: string): string {
  return `${path.relative(process.cwd(), dir).split(path.sep).join("/") || "."}/`;
}
