/**
 * The build, stage by stage:
 *   load (files -> ToolSpec[]) -> bundle ($refs) -> lint (Diagnostic[]) -> emit (GeneratedFile[]) -> write | check
 * No stage reaches back into an earlier one; only `write.ts` touches the output folders.
 */
import { readdir } from "node:fs/promises";
import path from "node:path";
import { loadConfig } from "./config.js";
import { InputError, StaleOutputError, UsageError } from "./errors.js";
import { bundleTools, loadFolder } from "./load/index.js";
import { compareDiagnostics, withPositions } from "./load/positions.js";
import type { Diagnostic, GeneratedFile } from "./model.js";
import { emitAll } from "./emit/index.js";
import { manifestFile, readText, staleFiles, writeFiles, type Roots } from "./write.js";

export interface BuildOptions {
  schemas: string;
  out: string;
  handlers: string;
  templates?: string;
  rules?: Record<string, unknown>;
  /** Run the linter first and stop on its errors (default true). */
  lint?: boolean;
  /** Compare instead of writing; throws StaleOutputError listing what differs. */
  check?: boolean;
}

export interface BuildResult {
  files: GeneratedFile[];
  written: string[];
  removed: string[];
  /** Lint warnings and other things worth saying (orphaned handlers, handlers not updated). */
  diagnostics: Diagnostic[];
  notes: string[];
}

/** Rules whose errors stop a build even with --no-lint: without them there is nothing to build. */
const LOAD_RULES = new Set(["parse-error", "tool-shape", "tool-name-unique", "ref-resolvable"]);

export async function build(options: BuildOptions): Promise<BuildResult> {
  const roots: Roots = { out: path.resolve(options.out), handlers: path.resolve(options.handlers) };
  if (roots.out === roots.handlers) throw new UsageError("--out and --handlers must be different folders");

  const loaded = await loadFolder(options.schemas);
  const bundled = await bundleTools(loaded);
  const loadProblems = [...loaded.diagnostics, ...bundled.diagnostics];
  let diagnostics: Diagnostic[];
  if (options.lint === false) {
    const files = new Map(loaded.files.map((f) => [f.displayPath, f]));
    diagnostics = withPositions(loadProblems, files).sort(compareDiagnostics);
  } else {
    const { lint } = await import("./lint/index.js");
    diagnostics = await lint(loaded, bundled, { rules: (options.rules ?? {}) as never });
  }
  const blocking = [
    ...diagnostics.filter((d) => d.severity === "error"),
    ...withPositions(loadProblems, new Map(loaded.files.map((f) => [f.displayPath, f]))).filter(
      (d) => LOAD_RULES.has(d.rule) && !diagnostics.some((x) => x.rule === d.rule && x.file === d.file && x.pointer === d.pointer),
    ),
  ];
  if (blocking.length > 0) throw new InputError(blocking.sort(compareDiagnostics), `${blocking.length} error(s); nothing was written`);

  const importPath = (from: string, to: string) => {
    const rel = path.relative(from, to).split(path.sep).join("/");
    return rel.startsWith(".") ? rel : `./${rel}`;
  };
  const emitted = await emitAll(bundled.tools, {
    templates: options.templates,
    generatedImport: `${importPath(roots.handlers, roots.out)}/index.js`,
    handlersImportBase: importPath(roots.out, roots.handlers),
    existingHandlers: await readHandlers(roots.handlers),
  });
  const files = [...emitted.files, manifestFile(await toolgenVersion(), "", emitted.files)];
  const notes = [...emitted.warnings, ...(await orphanedHandlers(roots.handlers, emitted.handlerFiles))];

  if (options.check) {
    const stale = await staleFiles(roots, files);
    if (stale.length > 0) throw new StaleOutputError(stale);
    return { files, written: [], removed: [], diagnostics, notes };
  }
  const { written, removed } = await writeFiles(roots, files);
  return { files, written, removed, diagnostics, notes };
}

/** Reads every `*.ts` in the handlers folder (the stub emitter decides what to do with each). */
async function readHandlers(dir: string): Promise<Map<string, string | undefined>> {
  const into = new Map<string, string | undefined>();
  let entries: string[] = [];
  try {
    entries = await readdir(dir);
  } catch {
    return into;
  }
  for (const name of entries.filter((n) => n.endsWith(".ts")).sort()) {
    into.set(name.slice(0, -3), await readText(path.join(dir, name)));
  }
  return into;
}

async function orphanedHandlers(dir: string, current: readonly string[]): Promise<string[]> {
  let entries: string[];
  try {
    entries = await readdir(dir);
  } catch {
    return [];
  }
  const known = new Set(current.map((s) => `${s}.ts`));
  return entries
    .filter((n) => n.endsWith(".ts") && !n.endsWith(".d.ts") && !known.has(n))
    .sort()
    .map((n) => `${path.relative(process.cwd(), path.join(dir, n)).split(path.sep).join("/")}: no tool has this handler any more (schema removed or renamed?); it is kept, delete it yourself if it is no longer needed`);
}

let version: string | undefined;
async function toolgenVersion(): Promise<string> {
  if (version === undefined) {
    const { packageRoot } = await import("./paths.js");
    const text = await readText(path.join(packageRoot(), "package.json"));
    version = (JSON.parse(text ?? "{}") as { version?: string }).version ?? "0.0.0";
  }
  return version;
}

/** The `toolgen build` command: config + flags -> build -> report. Returns the exit code. */
export async function runBuild(flags: {
  schemas?: string;
  out?: string;
  handlers?: string;
  templates?: string;
  config?: string;
  check: boolean;
  lint: boolean;
  cache: boolean;
}): Promise<number> {
  const config = await loadConfig(flags);
  const result = await build({ ...config, check: flags.check, lint: flags.lint });
  const { formatDiagnosticsPlain } = await import("./report.js");
  if (result.diagnostics.length > 0) process.stderr.write(formatDiagnosticsPlain(result.diagnostics));
  for (const note of result.notes) process.stderr.write(`note: ${note}\n`);
  if (flags.check) {
    process.stdout.write(`toolgen: ${result.files.length} files are up to date\n`);
  } else {
    const tools = result.files.filter((f) => f.path.startsWith("types/")).length;
    process.stdout.write(
      `toolgen: built ${tools} tool(s) into ${config.out}/ and ${config.handlers}/: ${result.written.length} file(s) written, ${result.removed.length} removed\n`,
    );
  }
  return 0;
}
