/**
 * The yargs instances main.ts parses with. A command's command line is parsed with that command's
 * flags at top level (see command.ts); the parts that only the help text reads (usage, examples,
 * `--help` and `--version` with toolgen's own version, the layout's width) are configured only when
 * the command line may make yargs print something of its own. Configuring them costs every
 * `toolgen lint` a millisecond or two (yargs' calls are slow while cold), and they change nothing
 * else: the same flags, in the same order, with the same checks, parse the same
 * (test/cli/parse.test.ts holds that on random command lines).
 */
import yargs, { type Argv } from "yargs";
import { packageVersion } from "../src/load/own-package.js";
import type { Command } from "./command.js";

/** What yargs calls with a usage error's message (or the error a check threw). */
export type FailHandler = (message: string | undefined, error: Error | undefined) => void;

/**
 * Whether yargs might print anything of its own for `args` (a command's arguments, after its
 * name): the help (`--help`, `-h` alone or in a group such as `-qh`, `--no-help`, or a last
 * positional `help`, which yargs takes for `--help`), the version (`--version`), or shell
 * completions (`--get-yargs-completions`). Deliberately broad: any token naming help, version or
 * completion, and any single-dash group holding an `h`, count; a false "yes" costs only the time
 * the help text's configuration takes.
 */
export function mayPrintOwnOutput(args: readonly string[]): boolean {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "help") return true;
    if (arg.charCodeAt(0) !== 45 /* - */) continue;
    if (/help|version|completion/i.test(arg)) return true;
    if (arg.charCodeAt(1) !== 45 && (arg.includes("h") || arg.includes("v"))) return true;
  }
  return false;
}

/**
 * What every parser has: the name in messages, unknown flags as errors (a command's positionals,
 * lint's paths, are its own to check), usage errors to `fail`. yargs' own `--help` and `--version`
 * (the version it guesses: "unknown" in the bin, see cli/bundle.mjs) are there too, but only a
 * command line mayPrintOwnOutput says yes to can reach them, and that one gets withHelp's.
 */
function base(args: readonly string[], fail: FailHandler): Argv {
  // Positionals are paths (and import's URL): `1e3` or `1.50` is a folder's name, not a number
  // (yargs would pass 1000 and 1.5), and a thousand file names need no number test each.
  return yargs(args.slice()).scriptName("toolgen").parserConfiguration({ "parse-positional-numbers": false }).strictOptions().fail(fail);
}

/** The help's parts common to every parser: `--help` (and `-h`), toolgen's own version, the layout's width. */
function withHelp(parser: Argv): Argv {
  // toolgen's own version: yargs' default reads the package.json of the project it runs in.
  return parser.help().alias("h", "help").version(packageVersion()).alias("v", "version").wrap(Math.min(100, process.stdout.columns || 100));
}

/** The parser of `toolgen <command> ...args`; `helpText` adds what only the help reads (main.ts: mayPrintOwnOutput). */
export function commandParser(command: Command, args: readonly string[], fail: FailHandler, helpText: boolean): Argv {
  const parser = base(args, fail);
  return helpText ? command.options(command.help(withHelp(parser))) : command.options(parser);
}

/** The parser of a command line naming no command (or an unknown one): `toolgen --help`, the command list, "did you mean". */
export function topParser(args: readonly string[], fail: FailHandler, commands: readonly Command[]): Argv {
  let parser = withHelp(base(args, fail))
    .usage("$0 <command> [options]\n\nTurn a folder of Claude tool schemas into typed handlers, a dispatch table, prompt renderings and lint reports.")
    .strict()
    .demandCommand(1, "Name a command: init, build, lint, import or stats (see --help).")
    .recommendCommands();
  for (const c of commands) parser = parser.command(c.usage, c.describe);
  return parser;
}
