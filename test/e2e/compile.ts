import { mkdir, mkdtemp } from "node:fs/promises";
import path from "node:path";
import ts from "typescript";
import { removeAfterFile } from "../file-cleanup.js";
import { repoRoot } from "../helpers.js";

/**
 * A temp folder inside the repo (test/__out__/), so that generated code and test files placed there
 * resolve the repo's node_modules (the SDK, for the type-compatibility checks).
 */
export async function repoTempDir(): Promise<string> {
  const base = path.join(repoRoot, "test", "__out__");
  await mkdir(base, { recursive: true });
  const dir = await mkdtemp(path.join(base, "case-"));
  removeAfterFile(dir);
  return dir;
}

export type ModuleMode = "nodenext" | "bundler";

/**
 * Declaration files under node_modules (TypeScript's own lib files included) do not change during a
 * run, and most of a program's time over a generated folder goes to parsing and binding them (Node's
 * types, the SDKs'). Each is parsed once per vitest worker (whose test files share modules) and
 * shared by every program made here, as an editor's language service shares them between projects.
 * The key holds every compiler option but those that only say where output goes, so a file is
 * shared only by programs that would parse and bind it the same way.
 */
const sharedDeclarations = new Map<string, ts.SourceFile>();
const OUTPUT_ONLY_OPTIONS = new Set(["outDir", "rootDir", "noEmit", "declaration", "sourceMap", "configFilePath", "types", "typeRoots", "lib", "pathsBasePath"]);

/** ts.createProgram, sharing the parsed declaration files of node_modules (above) between programs. */
export function createProgram(files: readonly string[], options: ts.CompilerOptions): ts.Program {
  const host = ts.createCompilerHost(options);
  const parse = host.getSourceFile.bind(host);
  const optionsKey = JSON.stringify(Object.entries(options).filter(([key]) => !OUTPUT_ONLY_OPTIONS.has(key)).sort(([a], [b]) => (a < b ? -1 : 1)));
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    if (!/[\\/]node_modules[\\/].*\.d\.[cm]?ts$/.test(fileName)) return parse(fileName, languageVersion, onError, shouldCreate);
    const version = typeof languageVersion === "object" ? [languageVersion.languageVersion, languageVersion.impliedNodeFormat, languageVersion.jsDocParsingMode] : [languageVersion];
    const key = `${fileName}\0${version.join("/")}\0${optionsKey}`;
    let file = sharedDeclarations.get(key);
    if (file === undefined) {
      file = parse(fileName, languageVersion, onError, shouldCreate);
      if (file !== undefined) sharedDeclarations.set(key, file);
    }
    return file;
  };
  return ts.createProgram(files, options, host);
}

/** The strict settings generated code is checked under (no DOM or Node types), for a module mode. */
export function strictOptions(mode: ModuleMode): ts.CompilerOptions {
  return {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    lib: ["lib.es2022.d.ts"],
    skipLibCheck: true,
    types: [],
    ...(mode === "nodenext"
      ? { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext }
      : { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler }),
  };
}

/** Type-checks `files` under strict settings; returns the diagnostics as readable lines. */
export function typecheck(files: string[], mode: ModuleMode): string[] {
  return diagnosticLines(ts.getPreEmitDiagnostics(createProgram(files, strictOptions(mode))), repoRoot);
}

/** Compiles `files` with `options` into their outDir; returns its diagnostics as lines (empty: it compiled). */
export function compileAndEmit(files: string[], options: ts.CompilerOptions, relativeTo: string): string[] {
  const program = createProgram(files, options);
  const emitted = program.emit();
  return diagnosticLines([...ts.getPreEmitDiagnostics(program), ...emitted.diagnostics], relativeTo);
}

/**
 * What `tsc` does in `dir` when typed with no file list: the project's tsconfig.json names the files
 * (its `include`, `files`, or everything), and the compiler follows their imports. Emits; returns
 * the diagnostics as lines (empty: it compiled).
 */
export function compileProject(dir: string): string[] {
  const problems: ts.Diagnostic[] = [];
  const host: ts.ParseConfigFileHost = { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => problems.push(d) };
  const parsed = ts.getParsedCommandLineOfConfigFile(path.join(dir, "tsconfig.json"), {}, host);
  if (parsed === undefined) return diagnosticLines(problems, dir);
  return [...diagnosticLines(parsed.errors, dir), ...compileAndEmit(parsed.fileNames, parsed.options, dir)];
}

/** `file:line:col: message` per diagnostic, the file relative to `relativeTo`. */
function diagnosticLines(diagnostics: readonly ts.Diagnostic[], relativeTo: string): string[] {
  return diagnostics.map((d) => {
    const text = ts.flattenDiagnosticMessageText(d.messageText, "\n");
    if (!d.file || d.start === undefined) return text;
    const { line, character } = d.file.getLineAndCharacterOfPosition(d.start);
    return `${path.relative(relativeTo, d.file.fileName)}:${line + 1}:${character + 1}: ${text}`;
  });
}
