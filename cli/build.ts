import type { ArgumentsCamelCase, Argv, CommandModule } from "yargs";
import type { BuildFlags } from "../src/pipeline.js";
import { BUILD_OPTIONS } from "./options.js";
import { runAndExit } from "./run.js";

/** Type-only: loads nothing at run time. */
type BuildArgs = BuildFlags & { watch?: boolean };

export const buildCommand: CommandModule<object, BuildArgs> = {
  command: "build",
  describe: "Generate the native and legacy prompt renderings, input types, validators, the dispatch table and handler stubs",
  builder: (yargs: Argv) =>
    yargs
      .usage(
        "$0 build [options]\n\nReads every *.json / *.yaml / *.yml under the schemas folder and writes:\n" +
          "  <out>/tools.json          the Messages API `tools` array (self-contained: external $refs bundled)\n" +
          "  <out>/legacy-prompt.txt   the legacy XML system prompt\n" +
          "  <out>/*.ts                types, validators, renderings and the dispatch table\n" +
          "  <handlers>/<tool>.ts      one handler per tool: created once, your code in it is never overwritten\n\n" +
          "Flags win over toolgen.config.json. Exit codes: 0 ok, 1 invalid input or stale output (--check), 2 usage error.",
      )
      .options(BUILD_OPTIONS)
      .option("watch", { type: "boolean", describe: "build, then rebuild on every change to schemas, templates or config, until Ctrl-C (exit 0)" })
      .example("$0 build", "build schemas/ into generated/ and handlers/")
      .example("$0 build --check", "in CI: fail when generated files are stale") as unknown as Argv<BuildArgs>,
  handler: (argv: ArgumentsCamelCase<BuildArgs>) =>
    runAndExit(async () => {
      const { schemas, out, handlers, templates, config, check, lint, cache } = argv;
      if (argv.watch) return (await import("../src/watch-commands.js")).watchBuild({ schemas, out, handlers, templates, config, check, lint, cache });
      const { runBuild } = await import("../src/pipeline.js");
      return runBuild({ schemas, out, handlers, templates, config, check, lint, cache });
    }),
};
