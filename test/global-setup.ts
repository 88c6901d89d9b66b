import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** This run's folder of fixtures made once and shared between test files (test/shared-fixture.ts). */
    sharedFolder: string;
  }
}

/**
 * Builds `dist/` once, as `npm run build` does (scripts/build.mjs: the rule index, the precompiled
 * templates, tsc, the rules table of docs/lint.md, the bundled command line in dist/bin/, the key of
 * the sources), for the tests that run the real CLI in a child process. Type errors do not stop the
 * build here (they fail test/typecheck.test.ts instead); any other failing step stops the run.
 *
 * tsc runs incrementally (tsconfig.build.json), its build info in dist/ (so removing dist/ removes it
 * too): it checks and emits again the files that changed since the last run, and the files that
 * depend on them, about a third of a whole build's time when little changed (and, after `npm ci`,
 * whose `prepare` built dist/ the same way, nothing). tsc does not notice an emitted file removed
 * by hand, so a source file of src/ or cli/ without its dist/ JavaScript removes the build info
 * first, and the emit is whole.
 *
 * The whole build is skipped when dist/.built-from holds the key of the sources as they are
 * (scripts/built-from.mjs: `npm run build`, `npm install`'s build and this setup write it), about 2.5 s
 * of wall time before the first test file can start.
 *
 * It also makes the run's shared folder (under test/__out__/, so that what is built there resolves
 * the repo's node_modules), provided to the tests as `sharedFolder`, and removes it after the run.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  mkdirSync(path.join(root, "test", "__out__"), { recursive: true });
  const shared = mkdtempSync(path.join(root, "test", "__out__", "shared-"));
  project.provide("sharedFolder", shared);
  const buildInfo = path.join(root, "dist", ".tsbuildinfo");
  const { buildInputsKey, builtFromPath } = (await import(pathToFileURL(path.join(root, "scripts", "built-from.mjs")).href)) as typeof import("../scripts/built-from.mjs");
  const builtFrom = builtFromPath(root);
  const missing = missingEmit(root);
  if (missing.length > 0) rmSync(buildInfo, { force: true });
  // The same sources as the last build here (or `npm install`'s): nothing to do, 2.5 s sooner to the first test.
  if (missing.length === 0 && existsSync(path.join(root, "dist", "bin", "toolgen.cjs")) && existsSync(builtFrom) && readFileSync(builtFrom, "utf8") === buildInputsKey(root)) return cleanUp;
  rmSync(builtFrom, { force: true });
  // `npm run build`'s steps, past type errors.
  const built = spawnSync(process.execPath, [path.join(root, "scripts", "build.mjs"), "--type-errors-pass"], { cwd: root, encoding: "utf8" });
  if (built.error) throw built.error;
  if (built.status !== 0) throw new Error(`the build failed (node scripts/build.mjs --type-errors-pass, exit ${built.status}):\n${built.stdout}${built.stderr}`);
  return cleanUp;

  function cleanUp(): void {
    rmSync(shared, { recursive: true, force: true });
  }
}

/** The TypeScript files of src/ and cli/ (declaration files aside) whose JavaScript is not in dist/. */
export function missingEmit(root: string): string[] {
  return ["src", "cli"].flatMap((dir) =>
    readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".ts") && !file.endsWith(".d.ts"))
      .map((file) => path.join(dir, file))
      .filter((file) => !existsSync(path.join(root, "dist", file.replace(/\.ts$/, ".js")))),
  );
}
