/** `toolgen lint`: its flags and help for yargs; the lint itself is src/commands/lint.ts. */
import type { LintFormat } from "../src/commands/lint.js";
import type { Command } from "./command.js";
import { UsageError } from "../src/errors.js";
import { LINT_OPTIONS, serverFlags } from "./options.js";

export const lintCommand: Command = {
  name: "lint",
  usage: "lint [paths..]",
  endsWhenDone: true,
  describe: "Check tool names, descriptions and schemas for what the API rejects and what makes tools hard to use",
  options: (yargs) =>
    yargs
      .options(LINT_OPTIONS)
      .option("watch", { type: "boolean", describe: "lint, then again on every change to schemas or config, until Ctrl-C (exit 0)" }),
  help: (yargs) =>
    yargs
      .usage(
        "$0 lint [paths..] [options]\n\nLints the files and folders named (default: the configured schemas folder).\n\n" +
          "With --server, lints the tools a running MCP server lists, with the same rules, targets and formats: a command\n" +
          "is started over stdio (split into words as a shell would, never run by one), a URL is reached over Streamable\n" +
          "HTTP. Findings are located at server:<tool name> and a JSON pointer. --server-env KEY=VAL (stdio) and --header\n" +
          "\"Name: value\" (HTTP) pass credentials; their values never appear in the report or a message.\n\n" +
          "--format matrix prints a Markdown table for a pull request: a row per tool, a column per client and provider the\n" +
          "config's targets and clients name (Claude API, Claude Code, OpenAI (strict), Gemini, Cursor, VS Code, Windsurf).\n" +
          "Each cell says the tool is taken as written, taken after toolgen's lowering, or refused, with the rule that\n" +
          "decides; the caps follow the table. The cells come from the same findings as the other formats.\n\n" +
          "Exit codes: 0 clean (warnings allowed), 1 errors or more warnings than --max-warnings, " +
          "2 usage error (a bad flag or config, a missing path, a missing or empty schemas folder; a server that does not\n" +
          "start, answer within --server-timeout or list its tools).",
      )
      .example("$0 lint", "lint the schemas folder")
      .example("$0 lint schemas/get_weather.json --format json", "lint one file, JSON report")
      .example('$0 lint --server "node dist/server.js" --server-env API_KEY=$API_KEY', "lint a stdio MCP server's tools")
      .example('$0 lint --server https://mcp.example.com/mcp --header "Authorization: Bearer $TOKEN" -f sarif', "lint a remote server, SARIF report")
      .example('$0 lint --server "node dist/server.js" --format matrix', "which clients take each of a server's tools, as Markdown"),
  run: async (argv) => {
    const options = {
      paths: argv._.map(String),
      format: argv.format as LintFormat,
      maxWarnings: argv.maxWarnings as number | undefined,
      quiet: argv.quiet as boolean | undefined,
      outputFile: argv.outputFile as string | undefined,
      color: argv.color as boolean | undefined,
      config: argv.config as string | undefined,
      schemas: argv.schemas as string | undefined,
      targets: argv.targets as string | undefined,
      ...serverFlags(argv, "server"),
    };
    if (argv.watch && options.server !== undefined) throw new UsageError("--watch follows files; it cannot watch a server (--server)");
    if (argv.watch) return (await import("../src/commands/watch.js")).watchLint(options);
    const { runLint } = await import("../src/commands/lint.js");
    return runLint(options);
  },
};
