/**
 * The yargs instances main.ts parses with. A command's command line is parsed with that command's
 * flags at top level (see command.ts), with its help text (usage, examples, `--help` and `--version`
 * with toolgen's own version, the layout's width).
 */
import { isatty } from "node:tty";
import yargs, { type Argv } from "yargs";
import { packageVersion } from "../src/load/own-package.js";
import type { Command } from "./command.js";

/** What yargs calls with a usage error's message (or the error a check threw). */
export type FailHandler = (message: string | undefined, error: Error | undefined) => void;

/**
 * What every parser has: the name in messages, unknown flags as errors (a command's positionals,
 * lint's paths, are its own to check), usage errors to `fail`.
 */
function base(args: readonly string[], fail: FailHandler): Argv {
  // Positionals are paths (and import's URL): `1e3` or `1.50` is a folder's name, not a number
  // (yargs would pass 1000 and 1.5), and a thousand file names need no number test each.
  return yargs(args.slice()).scriptName("toolgen").parserConfiguration({ "parse-positional-numbers": false }).strictOptions().fail(fail);
}

/** The help's parts common to every parser: `--help` (and `-h`), toolgen's own version, the layout's width. */
function withHelp(parser: Argv): Argv {
  // toolgen's own version: yargs' default reads the package.json of the project it runs in. The
  // width is a terminal's: process.stdout is read only on one, since building it makes a pipe
  // shared with the parent non-blocking (cli/bundle.mjs, lazyStdColumns).
  const columns = isatty(1) ? process.stdout.columns : undefined;
  return parser.help().alias("h", "help").version(packageVersion()).alias("v", "version").wrap(Math.min(100, columns || 100));
}

/** The parser of `toolgen <command> ...args`. */
export function commandParser(command: Command, args: readonly string[], fail: FailHandler): Argv {
  return command.options(command.help(withHelp(base(args, fail))));
}

/** The parser of a command line naming no command (or an unknown one): `toolgen --help`, the command list, "did you mean". */
export function topParser(args: readonly string[], fail: FailHandler, commands: readonly Command[]): Argv {
  let parser = withHelp(base(args, fail))
    .usage("$0 <command> [options]\n\nTurn a folder of Claude tool schemas into typed handlers, a dispatch table, prompt renderings and lint reports.")
    .strict()
    .demandCommand(1, "Name a command: init, build, lint, import, stats or eval (see --help).")
    .recommendCommands();
  for (const c of commands) parser = parser.command(c.usage, c.describe);
  return parser;
}
