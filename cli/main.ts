#!/usr/bin/env node
/**
 * What `toolgen` runs (bundled by cli/bundle.mjs into dist/bin/toolgen.cjs). A plain
 * `toolgen lint ...`, what a pre-commit hook runs on every commit, is handled here, with the
 * linter bundled into this one CommonJS file: Node 20 loads it synchronously, where ES modules
 * cost a loader round trip each. Anything else (build, help, options only yargs reads) goes to
 * the full command line, index.ts (dist/bin/index.js, ES modules, split by command).
 */
import { runLint } from "../src/lint/command.js";
import { parseFastArgs } from "./fast-args.js";
import { runAndExit } from "./run.js";
import { tuneForShortRun } from "./short-run.js";

const fast = parseFastArgs(process.argv.slice(2));
if (fast?.command === "lint") {
  tuneForShortRun();
  const args = fast.args;
  void runAndExit(() => runLint(args));
} else {
  void import("./index.js");
}
