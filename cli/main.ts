#!/usr/bin/env node
/**
 * `toolgen`: the one command line, parsed by yargs, bundled with it by cli/bundle.mjs into a
 * CommonJS file (dist/bin/toolgen.cjs) that Node loads synchronously, with lint; the other commands
 * and the code generators are in a second file beside it, required on first use. Each command
 * lazy-loads its implementation, so `toolgen lint` never compiles or runs the code generators'
 * modules, and the generators' packages (ts-morph, typescript, json-schema-to-typescript,
 * handlebars) are required only when `toolgen build` runs. See command.ts for how a command line is parsed.
 */
import { buildCommand } from "./build.js";
import { evalCommand, EVAL_OPTIONS } from "./eval.js";
import type { Command } from "./command.js";
import { importCommand, IMPORT_OPTIONS } from "./import.js";
import { initCommand, INIT_OPTIONS } from "./init.js";
import { lintCommand } from "./lint.js";
import { diffCommand, DIFF_OPTIONS } from "./diff.js";
import { statsCommand, STATS_OPTIONS } from "./stats.js";
import { BUILD_OPTIONS, flagNames, LINT_OPTIONS, type OptionSpec } from "./options.js";
import { commandParser, topParser, type FailHandler } from "./parse.js";
import { exitWithUsageError, runAndExit } from "./run.js";
import { didYouMean } from "./suggest.js";

const COMMANDS: readonly Command[] = [initCommand, buildCommand, lintCommand, importCommand, statsCommand, diffCommand, evalCommand];
const OPTIONS: Record<string, Readonly<Record<string, OptionSpec>>> = {
  init: INIT_OPTIONS,
  build: BUILD_OPTIONS,
  lint: LINT_OPTIONS,
  import: IMPORT_OPTIONS,
  stats: STATS_OPTIONS,
  diff: DIFF_OPTIONS,
  eval: EVAL_OPTIONS,
};

const argv = process.argv.slice(2);
const command = COMMANDS.find((c) => c.name === argv[0]);

/** Usage errors exit 2, an unknown flag with "did you mean" one of `known()` (listed only then). */
function failWith(known: () => readonly string[]): FailHandler {
  return (message, error) => exitWithUsageError(didYouMean(message, argv, known()), error);
}

async function main(): Promise<void> {
  if (command) {
    const args = argv.slice(1);
    const parsed = await commandParser(command, args, failWith(() => flagNames(OPTIONS[command.name]!))).parseAsync();
    await runAndExit(() => command.run(parsed), command.endsWhenDone === true);
    return;
  }
  await topParser(argv, failWith(() => ["help", "version"]), COMMANDS).parseAsync();
}

void main();
