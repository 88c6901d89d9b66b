/** `toolgen build`: its flags and help for yargs; the build itself is src/commands/build.ts. */
import { SETTINGS } from "../src/catalog.js";
import type { Command } from "./command.js";
import { BUILD_OPTIONS } from "./options.js";

/** The settings the catalogue's targets and outputs declare, as `--help` lists them (config keys, not flags). */
function settingsHelp(): string {
  const width = Math.max(...SETTINGS.map((s) => s.key.length));
  return SETTINGS.map((s) => `  ${s.key.padEnd(width)}  ${s.describe}`).join("\n");
}

export const buildCommand: Command = {
  name: "build",
  usage: "build",
  describe: "Generate the native and legacy prompt renderings, input types, validators, the dispatch table and handler stubs",
  options: (yargs) =>
    yargs
      .options(BUILD_OPTIONS)
      .option("watch", { type: "boolean", describe: "build, then rebuild on every change to schemas, templates or config, until Ctrl-C (exit 0)" })
      .demandCommand(0, 0, "", "toolgen build takes no file arguments (see --schemas)"),
  help: (yargs) =>
    yargs
      .usage(
        "$0 build [options]\n\nReads every *.json / *.yaml / *.yml under the schemas folder and writes:\n" +
          "  <out>/tools.json          the Messages API `tools` array (self-contained: external $refs bundled)\n" +
          "  <out>/legacy-prompt.txt   the legacy XML system prompt\n" +
          "  <out>/*.ts                types, validators, renderings and the dispatch table\n" +
          "  <handlers>/<tool>.ts      one handler per tool: created once, your code in it is never overwritten\n\n" +
          "Flags win over the config file. Exit codes: 0 ok, 1 invalid input or stale output (--check), 2 usage error.\n\n" +
          "Settings of the targets and outputs (keys of toolgen.config.json):\n" +
          settingsHelp(),
      )
      .example("$0 build", "build schemas/ into generated/ and handlers/")
      .example("$0 build --check", "in CI: fail when generated files are stale"),
  run: async (argv) => {
    const str = (key: string) => argv[key] as string | undefined;
    const bool = (key: string) => argv[key] as boolean | undefined;
    const flags = {
      schemas: str("schemas"),
      out: str("out"),
      handlers: str("handlers"),
      templates: str("templates"),
      config: str("config"),
      targets: str("targets"),
      check: bool("check"),
      lint: bool("lint"),
      cache: bool("cache") ?? true,
      quiet: bool("quiet"),
      maxWarnings: argv.maxWarnings as number | undefined,
    };
    if (bool("watch")) return (await import("../src/commands/watch.js")).watchBuild(flags);
    const { runBuild } = await import("../src/commands/build.js");
    return runBuild(flags);
  },
};
