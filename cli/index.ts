#!/usr/bin/env node
/**
 * The full command line, which main.ts (the `toolgen` bin) hands everything but a plain
 * `toolgen lint` to. Each command is a thin module that lazy-imports its implementation, so linting
 * never loads the code generators; a plain `toolgen build` does not even load yargs (see fast-args.ts).
 */
import { parseFastArgs } from "./fast-args.js";
import { exitWithUsageError, runAndExit } from "./run.js";

const argv = process.argv.slice(2);
const fast = parseFastArgs(argv);

if (fast?.command === "build") {
  const args = fast.args;
  await runAndExit(async () => (await import("../src/commands/build.js")).runBuild(args));
} else {
  const [{ default: yargs }, { buildCommand }, { lintCommand }, { importCommand }] = await Promise.all([
    import("yargs"),
    import("./build.js"),
    import("./lint.js"),
    import("./import.js"),
  ]);
  await yargs(argv)
    .scriptName("toolgen")
    .usage("$0 <command> [options]\n\nTurn a folder of Claude tool schemas into typed handlers, a dispatch table, prompt renderings and lint reports.")
    .command(buildCommand)
    .command(lintCommand)
    .command(importCommand)
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
