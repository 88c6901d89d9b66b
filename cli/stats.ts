/** `toolgen stats`: its flags and help for yargs; the report itself is src/commands/stats.ts. */
import { UsageError } from "../src/errors.js";
import type { Command } from "./command.js";

/** The flags of `toolgen stats` (main.ts also reads their names for "did you mean"). */
export const STATS_OPTIONS = {
  format: { type: "string", alias: "f", choices: ["table", "json"], default: "table", describe: "report format" },
  schemas: { type: "string", describe: "schemas folder (DIR wins) [default: schemas]" },
  config: { type: "string", alias: "c", describe: "config file [default: the nearest toolgen config]" },
  model: { type: "string", describe: "the model to estimate (or count) for, e.g. claude-sonnet-5-5: its family's bytes per token" },
  exact: { type: "boolean", default: false, describe: "count with Anthropic's count_tokens endpoint (needs --model and ANTHROPIC_API_KEY; cached)" },
  timeout: { type: "number", describe: "--exact: seconds each count_tokens request may take, then it is tried once more [default: 30]" },
} as const;

export const statsCommand: Command = {
  name: "stats",
  usage: "stats [dir]",
  endsWhenDone: true,
  describe: "Show each tool definition's size in bytes and estimated tokens, and the totals",
  options: (yargs) => yargs.options(STATS_OPTIONS),
  help: (yargs) =>
    yargs
      .usage(
        "$0 stats [dir] [options]\n\nMeasures each tool definition as the request sends it (its tools.json entry, compact JSON): bytes,\n" +
          "and tokens ESTIMATED as bytes / 3.5 (no offline tokenizer for current Claude models exists; expect the\n" +
          "estimate to be off by up to a third either way; the API's `usage` gives the exact count). Tools with\n" +
          "defer_loading: true are marked and totalled apart (and the config's deferLoading budget shown).\n\n" +
          "--model estimates for a model family (bytes / 2.69 for Claude 4.7 and later, which count about 30% more\n" +
          "tokens; a family counted with --exact before uses its measured bytes per token), and says which ratio it\n" +
          "used. --exact asks Anthropic's count_tokens endpoint through the official SDK (ANTHROPIC_API_KEY;\n" +
          "ANTHROPIC_BASE_URL for another endpoint): once without tools, once with all (so the tool-use system prompt\n" +
          "is counted), then per tool; answers are cached by content hash in the build cache folder, so an unchanged\n" +
          "folder asks nothing the second time. Each request may take --timeout seconds (default 30), and is tried\n" +
          "once more when it times out or fails on the connection.\n\n" +
          "Exit codes: 0 measured, 1 some file could not be measured or count_tokens failed (errors on stderr),\n" +
          "2 usage error (also --exact without --model or ANTHROPIC_API_KEY).",
      )
      .example("$0 stats", "the configured schemas folder, as a table")
      .example("$0 stats schemas --format json", "as JSON")
      .example("$0 stats --exact --model claude-sonnet-5-5", "exact counts from the API (ANTHROPIC_API_KEY)"),
  run: async (argv) => {
    const [dir, ...extra] = argv._.map(String);
    if (extra.length > 0) throw new UsageError(`stats takes one folder at most (unexpected '${extra[0]}'; see toolgen stats --help)`);
    const str = (key: string) => argv[key] as string | undefined;
    const schemas = dir ?? str("schemas");
    const { runStats } = await import("../src/commands/stats.js");
    return runStats({
      format: argv.format as string,
      exact: argv.exact === true,
      ...(argv["timeout"] !== undefined ? { timeout: Number(argv["timeout"]) } : {}),
      ...(str("model") !== undefined ? { model: str("model")! } : {}),
      ...(schemas !== undefined ? { schemas } : {}),
      ...(str("config") !== undefined ? { config: str("config")! } : {}),
    });
  },
};
