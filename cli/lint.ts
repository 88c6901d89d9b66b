import type { ArgumentsCamelCase, Argv, CommandModule } from "yargs";
import type { LintArgs } from "./fast-args.js";
import { LINT_OPTIONS } from "./options.js";
import { runAndExit } from "./run.js";
import { tuneForShortRun } from "./short-run.js";

export const lintCommand: CommandModule<object, LintArgs> = {
  command: "lint [paths..]",
  describe: "Check tool names, descriptions and schemas for what the API rejects and what makes tools hard to use",
  builder: (yargs: Argv) =>
    yargs
      .positional("paths", { type: "string", array: true, default: [], describe: "files and folders to lint [default: the configured schemas folder]" })
      .options(LINT_OPTIONS)
      .option("watch", { type: "boolean", describe: "lint, then again on every change to schemas or config, until Ctrl-C (exit 0)" })
      .example("$0 lint", "lint the schemas folder")
      .example("$0 lint schemas/get_weather.json --format json", "lint one file, JSON report") as unknown as Argv<LintArgs>,
  handler: (argv: ArgumentsCamelCase<LintArgs>) =>
    runAndExit(async () => {
      const { paths, format, maxWarnings, config, schemas } = argv;
      if ((argv as { watch?: boolean }).watch) return (await import("../src/watch-commands.js")).watchLint({ paths, format, maxWarnings, config, schemas });
      tuneForShortRun();
      const { runLint } = await import("../src/lint/command.js");
      return runLint({
        paths: argv.paths,
        format: argv.format,
        maxWarnings: argv.maxWarnings,
        config: argv.config,
        schemas: argv.schemas,
      });
    }),
};
