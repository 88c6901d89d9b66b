import { spawnSync } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync } from "node:fs";
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
 * depend on them, about a third of a whole build's time when little changed.
 *
 * Nothing is built when dist/ is current (scripts/built-from.mjs: dist/.built-from holds the key of the
 * sources as they are, as after `npm ci`, whose `prepare` built dist/ the same way); that check is made
 * here too, in this process, about 2.5 s of wall time sooner to the first test file than starting the
 * build script to make it.
 *
 * It also makes the run's shared folder (under test/__out__/, so that what is built there resolves
 * the repo's node_modules), provided to the tests as `sharedFolder`, and removes it after the run.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  mkdirSync(path.join(root, "test", "__out__"), { recursive: true });
  const shared = mkdtempSync(path.join(root, "test", "__out__", "shared-"));
  project.provide("sharedFolder", shared);
  const { builtFromCurrent } = (await import(pathToFileURL(path.join(root, "scripts", "built-from.mjs")).href)) as typeof import("../scripts/built-from.mjs");
  if (builtFromCurrent(root)) return cleanUp;
  // `npm run build`'s steps, past type errors.
  const built = spawnSync(process.execPath, [path.join(root, "scripts", "build.mjs"), "--type-errors-pass"], { cwd: root, encoding: "utf8" });
  if (built.error) throw built.error;
  if (built.status !== 0) throw new Error(`the build failed (node scripts/build.mjs --type-errors-pass, exit ${built.status}):\n${built.stdout}${built.stderr}`);
  return cleanUp;

  function cleanUp(): void {
    rmSync(shared, { recursive: true, force: true });
  }
}
