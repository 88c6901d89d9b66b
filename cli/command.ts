/** What a command of the command line is (name, options, help, run), and how its arguments are parsed. */
import type { Argv } from "yargs";

/**
 * A command of the command line. `options` declares its flags on a yargs instance, `help` its usage
 * text and examples; `run` takes what yargs parsed (the command's positionals in `_`) and returns the exit code.
 *
 * main.ts parses `toolgen <name> ...` with a yargs instance holding that one command's options at
 * top level, rather than through yargs' `.command()`: yargs renders and caches the whole help text
 * before it calls a command's handler, which costs a hook run about as much as linting fifty files.
 * `toolgen --help` and a missing or unknown command go through `.command()`, for the listing and
 * "did you mean".
 */
export interface Command {
  name: string;
  /** The usage line after `toolgen` (`lint [paths..]`). */
  usage: string;
  describe: string;
  /** What parsing needs: the flags, parser settings, positional checks. */
  options(yargs: Argv): Argv;
  /** What only the help text needs (usage, examples). */
  help(yargs: Argv): Argv;
  run(argv: Record<string, unknown> & { _: (string | number)[] }): Promise<number | void>;
  /**
   * Whether nothing `run` started is still running once it settles (no child process, no watcher, no
   * write in flight): the process then ends at once (cli/run.ts). lint and stats only read and report.
   */
  endsWhenDone?: boolean;
}
