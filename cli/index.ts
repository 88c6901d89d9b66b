#!/usr/bin/env node
/**
 * toolgen's command-line entry. Each command is a thin module that lazy-imports its implementation,
 * so `toolgen lint` (a pre-commit hook) never loads the code generators; plain command lines do not
 * even load yargs (see fast-args.ts).
 */
import { parseFastArgs } from "./fast-args.js";
import { exitWithUsageError, runAndExit } from "./run.js";
import { tuneForShortRun } from "./short-run.js";

const argv = process.argv.slice(2);
const fast = parseFastArgs(argv);

if (fast?.command === "lint") {
  tuneForShortRun();
  const args = fast.args;
  await runAndExit(async () => (await import("../src/lint/command.js")).runLint(args));
} else if (fast?.command === "build") {
  const args = fast.args;
  await runAndExit(async () => (await import("../src/pipeline.js")).runBuild(args));
} else {
  const [{ default: yargs }, { buildCommand }, { lintCommand }] = await Promise.all([
    import("yargs"),
    import("./build.js"),
    import("./lint.js"),
  ]);
  await yargs(argv)
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
}
