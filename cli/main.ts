#!/usr/bin/env node
/**
 * `toolgen`: the one command line, parsed by yargs, bundled with it by cli/bundle.mjs into one
 * CommonJS file (dist/bin/toolgen.cjs) that Node loads synchronously. Each command lazy-loads its
 * implementation from that same file, so `toolgen lint` never runs the code generators' modules,
 * and the generators' packages (ts-morph, typescript, json-schema-to-typescript, handlebars) are
 * required only when `toolgen build` runs. See command.ts for how a command line is parsed.
 */
import yargs, { type Argv } from "yargs";
import { packageVersion } from "../src/paths.js";
import { buildCommand } from "./build.js";
import type { Command } from "./command.js";
import { importCommand, IMPORT_OPTIONS } from "./import.js";
import { lintCommand } from "./lint.js";
import { statsCommand, STATS_OPTIONS } from "./stats.js";
import { BUILD_OPTIONS, flagNames, LINT_OPTIONS } from "./options.js";
import { exitWithUsageError, runAndExit } from "./run.js";
import { didYouMean } from "./suggest.js";

const COMMANDS: readonly Command[] = [buildCommand, lintCommand, importCommand, statsCommand];
const FLAGS: Record<string, string[]> = { build: flagNames(BUILD_OPTIONS), lint: flagNames(LINT_OPTIONS), import: flagNames(IMPORT_OPTIONS), stats: flagNames(STATS_OPTIONS) };

const argv = process.argv.slice(2);
const command = COMMANDS.find((c) => c.name === argv[0]);

function common(parser: Argv, known: readonly string[]): Argv {
  return (
    parser
      .scriptName("toolgen")
      // Unknown flags are errors; a command's positionals (lint's paths) are its own to check.
      .strictOptions()
      .fail((message, error) => exitWithUsageError(didYouMean(message, argv, known), error))
      .help()
      .alias("h", "help")
      // toolgen's own version: yargs' default reads the package.json of the project it runs in.
      .version(packageVersion())
      .wrap(Math.min(100, process.stdout.columns || 100))
  );
}

async function main(): Promise<void> {
  if (command) {
    const parsed = await command.options(common(yargs(argv.slice(1)), FLAGS[command.name]!)).parseAsync();
    await runAndExit(() => command.run(parsed));
    return;
  }
  let parser = common(yargs(argv), ["help", "version"])
    .usage("$0 <command> [options]\n\nTurn a folder of Claude tool schemas into typed handlers, a dispatch table, prompt renderings and lint reports.")
    .strict()
    .demandCommand(1, "Name a command: build, lint, import or stats (see --help).")
    .recommendCommands();
  for (const c of COMMANDS) parser = parser.command(c.usage, c.describe);
  await parser.parseAsync();
}

void main();
