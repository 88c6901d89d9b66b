#!/usr/bin/env node
/**
 * toolgen's command-line entry. Each command is a thin module that lazy-imports its implementation,
 * so `toolgen lint` (a pre-commit hook) never loads the code generators.
 */
import yargs from "yargs";
import { hideBin } from "yargs/helpers";
import { buildCommand } from "./build.js";
import { lintCommand } from "./lint.js";
import { exitWithUsageError } from "./run.js";

await yargs(hideBin(process.argv))
  .scriptName("toolgen")
  .usage("$0 <command> [options]\n\nTurn a folder of Claude tool schemas into typed handlers, a dispatch table, prompt renderings and lint reports.")
  .command(buildCommand)
  .command(lintCommand)
  .demandCommand(1, "Name a command: build or lint (see --help).")
  .strict()
  .recommendCommands()
  .fail((message, error) => exitWithUsageError(message, error))
  .help()
  .alias("h", "help")
  .version()
  .wrap(Math.min(100, process.stdout.columns || 100))
  .parseAsync();
