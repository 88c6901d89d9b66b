/** `toolgen init`: a config, an example tool and a tsconfig for a new project (src/commands/init.ts). */
import type { Command } from "./command.js";

/** The flags of `toolgen init` (none of its own; main.ts reads the names for "did you mean"). */
export const INIT_OPTIONS = {} as const;

export const initCommand: Command = {
  name: "init",
  usage: "init",
  describe: "Start a project: write toolgen.config.json, an example tool in schemas/ and, if there is none, a tsconfig.json",
  options: (yargs) => yargs.options(INIT_OPTIONS).demandCommand(0, 0, "", "toolgen init takes no arguments"),
  help: (yargs) =>
    yargs
      .usage(
        "$0 init\n\nWrites what a new project lacks, never over an existing file (each one skipped is named):\n" +
          "  toolgen.config.json       unless a toolgen config exists\n" +
          "  schemas/get_weather.json  an example tool, unless the schemas folder holds tools\n" +
          "  tsconfig.json             one that compiles the generated code, unless there is one\n\n" +
          "Exit codes: 0 done, 2 usage error (a config that does not load).",
      )
      .example("$0 init && $0 build", "start a project and build it"),
  run: async () => (await import("../src/commands/init.js")).runInit(),
};
