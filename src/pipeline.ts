/**
 * The build, stage by stage:
 *   load (files -> ToolSpec[]) -> bundle ($refs) -> lint (Diagnostic[]) -> emit (GeneratedFile[]) -> write | check
 * No stage reaches back into an earlier one; only `write.ts` touches the output folders.
 * With a cache, a build whose inputs did not change stops after loading (see cache.ts).
 */
import { readFileSync } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { BuildCache, defaultCacheDir, toolgenKey } from "./cache.js";
import { packageVersion } from "./paths.js";
import { loadConfig, type RuleSetting } from "./config.js";
import { InputError, StaleOutputError, UsageError } from "./errors.js";
import { bundleTools, loadFolder, type LoadedFolder } from "./load/index.js";
import type { Diagnostic, GeneratedFile } from "./model.js";
import { stageTimer } from "./timings.js";
import { absolutePath, manifestFile, readText, sha256, staleFiles, writeFiles, type Roots } from "./write.js";

export interface BuildOptions {
  schemas: string;
  out: string;
  handlers: string;
  templates?: string;
  rules?: Record<string, RuleSetting>;
  /** Run the linter first and stop on its errors (default true). */
  lint?: boolean;
  /** Compare instead of writing; throws StaleOutputError listing what differs. */
  check?: boolean;
  /** Use the build cache (default true); `cacheDir` overrides node_modules/.cache/toolgen. */
  cache?: boolean;
  cacheDir?: string;
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
  const roots: Roots = { out: path.resolve(options.out), handlers: path.resolve(options.handlers) };
  if (roots.out === roots.handlers) throw new UsageError("--out and --handlers must be different folders");

  const loaded = await loadFolder(options.schemas);
  mark("load");
  const cacheDir = options.cache === false ? undefined : (options.cacheDir ?? defaultCacheDir());
  const cache = cacheDir ? BuildCache.open(cacheDir, `${roots.out}\0${roots.handlers}`) : undefined;
  // The no-change fast path (never for --check, which compares every byte).
  const key = cache && !options.check ? await inputsKey(loaded, options, roots) : undefined;
  mark("cache key");
  if (cache && key !== undefined) {
    const record = await cache.upToDate(key, roots.handlers, listHandlers);
    mark("cache check");
    if (record) {
      const { diagnostics, notes, tools } = record;
      return { files: [], written: [], removed: [], diagnostics, notes, tools, upToDate: true };
    }
  }

  const bundled = await bundleTools(loaded);
  mark("bundle");
  const diagnostics = await check(loaded, bundled, options);
  mark("lint");
  const handlersBefore = await listHandlers(roots.handlers);
  const { emitAll } = await import("./emit/index.js");
  await cache?.loadTools();
  const emitted = await emitAll(bundled.tools, {
    templates: options.templates,
    generatedImport: `${importPath(roots.handlers, roots.out)}/index.js`,
    handlersImportBase: importPath(roots.out, roots.handlers),
    existingHandlers: readHandlers(roots.handlers, handlersBefore),
    ...(cache ? { cache: { store: cache, toolgenKey: await toolgenKey() } } : {}),
  });
  mark("emit");
  const files = [...emitted.files, manifestFile(packageVersion(), emitted.files)];
  const notes = [...emitted.warnings, ...orphanedHandlers(roots.handlers, handlersBefore, emitted.handlerFiles)];
  const tools = bundled.tools.length;

  if (options.check) {
    const stale = await staleFiles(roots, files);
    if (stale.length > 0) throw new StaleOutputError(stale);
    return { files, written: [], removed: [], diagnostics, notes, tools, upToDate: true };
  }
  const { written, removed } = await writeFiles(roots, files);
  mark("write");
  if (cache && key !== undefined) {
    await cache.saveTools();
    // Everything whose change must make the next build do work: what it wrote, every handler,
    // and the files outside the schemas folder that `$ref`s pulled in.
    const owned = [
      ...files.filter((f) => f.root === "out").map((f) => absolutePath(roots, f)),
      ...emitted.handlerFiles.map((stem) => path.join(roots.handlers, `${stem}.ts`)),
      ...(await loaded.lookedUp()).filter((f) => !f.startsWith(loaded.root + path.sep)),
    ];
    await cache.saveRecord({ inputs: key, handlers: await listHandlers(roots.handlers), diagnostics, notes, tools }, owned);
    mark("cache");
  }
  return { files, written, removed, diagnostics, notes, tools, upToDate: false };
}

/** Lint (or, with --no-lint, only the problems that make building impossible); throws on errors. */
async function check(
  loaded: LoadedFolder,
  bundled: Awaited<ReturnType<typeof bundleTools>>,
  options: BuildOptions,
): Promise<Diagnostic[]> {
  const loadProblems = [...loaded.diagnostics, ...bundled.diagnostics];
  let diagnostics = loadProblems;
  if (options.lint !== false) {
    const { lint } = await import("./lint/index.js");
    diagnostics = await lint(loaded, bundled, { rules: options.rules ?? {} });
  }
  // A rule turned off in the config still cannot let a file that does not load into the build.
  const id = (d: Diagnostic) => `${d.rule}\0${d.file}\0${d.pointer}`;
  const shown = new Set(diagnostics.map(id));
  const blocking = [
    ...diagnostics.filter((d) => d.severity === "error"),
    ...loadProblems.filter((d) => LOAD_RULES.has(d.rule) && !shown.has(id(d))),
  ];
  if (blocking.length > 0) {
    const { compareDiagnostics, withPositions } = await import("./load/positions.js");
    const sources = new Map(loaded.files.map((f) => [f.displayPath, f]));
    throw new InputError(withPositions(blocking, sources).sort(compareDiagnostics), `${blocking.length} error(s); nothing was written`);
  }
  return diagnostics.filter((d) => d.severity !== "error");
}

/** A hash of everything a build reads: toolgen itself, the options, the config's rules, every schema file. */
async function inputsKey(loaded: LoadedFolder, options: BuildOptions, roots: Roots): Promise<string> {
  const parts = [await toolgenKey(), JSON.stringify([roots, options.lint !== false, options.rules ?? {}])];
  if (options.templates !== undefined) {
    const dir = path.resolve(options.templates);
    const names = (await readdir(dir, { recursive: true }).catch(() => [] as string[])).map(String).sort();
    for (const name of names) parts.push(name, (await readText(path.join(dir, name)).catch(() => "")) ?? "");
  }
  for (const file of loaded.files) parts.push(file.absPath, file.text);
  return sha256(parts.join("\0"));
}

function importPath(from: string, to: string): string {
  const rel = path.relative(from, to).split(path.sep).join("/");
  return rel.startsWith(".") ? rel : `./${rel}`;
}

async function listHandlers(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).filter((n) => n.endsWith(".ts") && !n.endsWith(".d.ts")).sort();
  } catch {
    return [];
  }
}

/** Every handler file's text, by file stem (the stub emitter decides what to do with each). */
function readHandlers(dir: string, names: readonly string[]): Map<string, string | undefined> {
  return new Map(names.map((name) => [name.slice(0, -3), readFileSync(path.join(dir, name), "utf8")]));
}

function orphanedHandlers(dir: string, present: readonly string[], current: readonly string[]): string[] {
  const known = new Set(current.map((s) => `${s}.ts`));
  return present
    .filter((n) => !known.has(n))
    .map((n) => `${path.relative(process.cwd(), path.join(dir, n)).split(path.sep).join("/")}: no tool has this handler any more (schema removed or renamed?); it is kept and still compiles (its tool's input type is now a deprecated \`any\`), but nothing calls it: move its code to the new tool's handler if renamed, then delete the file`);
}

/** The flags of `toolgen build` (cli/build.ts declares them to yargs). */
export interface BuildFlags {
  schemas?: string;
  out?: string;
  handlers?: string;
  templates?: string;
  config?: string;
  /** Unset: from the config file, else false. */
  check?: boolean;
  /** Unset: from the config file, else true. */
  lint?: boolean;
  cache: boolean;
}

/** The `toolgen build` command: config + flags -> build -> report. Returns the exit code. */
export async function runBuild(flags: BuildFlags): Promise<number> {
  const config = await loadConfig(flags);
  const check = flags.check ?? config.check ?? false;
  const lint = flags.lint ?? config.lint ?? true;
  const result = await build({ ...config, check, lint, cache: flags.cache });
  const { formatDiagnosticsPlain } = await import("./report.js");
  if (result.diagnostics.length > 0) process.stderr.write(formatDiagnosticsPlain(result.diagnostics));
  for (const note of result.notes) process.stderr.write(`note: ${note}\n`);
  const where = `${config.out}/ and ${config.handlers}/`;
  if (check) {
    process.stdout.write(`toolgen: ${where} are up to date (${result.tools} tool(s))\n`);
  } else if (result.upToDate) {
    process.stdout.write(`toolgen: ${result.tools} tool(s), nothing changed since the last build\n`);
  } else {
    process.stdout.write(`toolgen: built ${result.tools} tool(s) into ${where}: ${result.written.length} file(s) written, ${result.removed.length} removed\n`);
  }
  return 0;
}
