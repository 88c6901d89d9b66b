#!/usr/bin/env node
/**
 * `npm run build`: dist/ from the sources, in this order (each step reads what the one before wrote):
 *   1. src/lint/rules/index.ts from the rule files (scripts/rules-index.mjs);
 *   2. src/targets/anthropic/precompiled-templates.ts from templates/ (scripts/templates.mjs);
 *   3. tsc -p tsconfig.build.json, the library in dist/ (incremental: its build info is in dist/);
 *   4. docs/lint.md's rule table from the rules (scripts/rules-index.mjs --docs; reads dist/);
 *   5. the bin in dist/bin/ (cli/bundle.mjs);
 *   6. dist/.built-from, the key of the sources just built (scripts/built-from.mjs).
 *
 * Nothing is built when dist/ is current: dist/.built-from holds the key of the sources as they are,
 * and every file the build writes is there (scripts/built-from.mjs). So `npm ci && npm pack`, as the
 * README has it, builds once. When a source file's JavaScript is missing, tsc's build info is removed
 * first (tsc does not notice an emitted file removed by hand), and the emit is whole.
 *
 *   node scripts/build.mjs                      stops at the first step that fails, with its exit code
 *   node scripts/build.mjs --force              builds even when dist/ is current
 *   node scripts/build.mjs --quiet-if-current   prints nothing when dist/ is current (scripts/prepare.mjs)
 *   node scripts/build.mjs --type-errors-pass   goes on past tsc's type errors (tsc emits all the same):
 *                                               the test suite's setup, whose test/typecheck.test.ts
 *                                               reports them instead
 *
 * test/global-setup.ts and test/architecture/plug-in.test.ts build with it as well; it builds the
 * checkout it is in.
 */
import { spawnSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { bundleCli } from "../cli/bundle.mjs";
import { buildInputsKey, builtFromCurrent, builtFromPath, missingEmit } from "./built-from.mjs";

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

function step(args, { mayFail = false } = {}) {
  const result = spawnSync(process.execPath, args, { cwd: ROOT, stdio: "inherit" });
  if (result.error) throw result.error;
  if (result.status !== 0 && !mayFail) process.exit(result.status ?? 1);
}

if (!process.argv.includes("--force") && builtFromCurrent(ROOT)) {
  // --quiet-if-current: prepare's (npm ci runs it twice in a clone, and the second run came right after the build's output).
  if (!process.argv.includes("--quiet-if-current")) console.log("build: dist/ is current (dist/.built-from matches the sources): nothing to build; --force builds it again");
  process.exit(0);
}
rmSync(builtFromPath(ROOT), { force: true });
if (missingEmit(ROOT).length > 0) rmSync(path.join(ROOT, "dist", ".tsbuildinfo"), { force: true });

const scripts = path.join(ROOT, "scripts");
step([path.join(scripts, "rules-index.mjs")]);
step([path.join(scripts, "templates.mjs")]);
step([createRequire(import.meta.url).resolve("typescript/bin/tsc"), "-p", "tsconfig.build.json"], { mayFail: process.argv.includes("--type-errors-pass") });
step([path.join(scripts, "rules-index.mjs"), "--docs"]);
await bundleCli(ROOT);
writeFileSync(builtFromPath(ROOT), buildInputsKey(ROOT));
