import { mkdir, mkdtemp, rm } from "node:fs/promises";
import path from "node:path";
import ts from "typescript";
import { afterAll } from "vitest";
import { repoRoot } from "../helpers.js";

const made: string[] = [];
afterAll(async () => {
  await Promise.all(made.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

/**
 * A temp folder inside the repo (test/__out__/), so that generated code and test files placed there
 * resolve the repo's node_modules (the SDK, for the type-compatibility checks).
 */
export async function repoTempDir(): Promise<string> {
  const base = path.join(repoRoot, "test", "__out__");
  await mkdir(base, { recursive: true });
  const dir = await mkdtemp(path.join(base, "case-"));
  made.push(dir);
  return dir;
}

export type ModuleMode = "nodenext" | "bundler";

/** Type-checks `files` under strict settings; returns the diagnostics as readable lines. */
export function typecheck(files: string[], mode: ModuleMode): string[] {
  const options: ts.CompilerOptions = {
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
  return diagnosticLines(ts.getPreEmitDiagnostics(ts.createProgram(files, options)), repoRoot);
}

/** Compiles `files` with `options` into their outDir; returns its diagnostics as lines (empty: it compiled). */
export function compileAndEmit(files: string[], options: ts.CompilerOptions, relativeTo: string): string[] {
  const program = ts.createProgram(files, options);
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
