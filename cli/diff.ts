/** `toolgen diff`: its flags and help for yargs; the diff itself is src/commands/diff.ts. */
import { UsageError } from "../src/errors.js";
import type { Command } from "./command.js";
import { SERVER_CONNECTION_OPTIONS, serverFlags } from "./options.js";

/** The flags of `toolgen diff` (main.ts also reads their names for "did you mean"). */
export const DIFF_OPTIONS = {
  format: { type: "string", alias: "f", choices: ["stylish", "json", "sarif", "github", "markdown"], default: "stylish", describe: "report format" },
  matrix: { type: "boolean", describe: "with --format markdown: also the table of which clients take each changed tool (as lint --format matrix), for the head: the working tree or --head-server" },
  "fail-on": { type: "string", choices: ["breaking", "handlers", "prompt", "none"], default: "breaking", describe: "exit 1 when a change of this class (or a worse one) is found" },
  "output-file": { type: "string", alias: "o", describe: "write the report to this file instead of stdout" },
  color: { type: "boolean", describe: "colors in the stylish report [default: on for a terminal, FORCE_COLOR / NO_COLOR]" },
  eval: { type: "string", describe: "also run this eval cases file (JSONL or YAML, as toolgen eval reads it) on both sides and report the change" },
  "eval-toolset": { type: "string", describe: "with --eval: search only this toolset (each side's config defines it)" },
  "eval-metric": { type: "string", choices: ["recall@1", "recall@3", "recall@5", "mrr"], describe: "with --eval: what --eval-fail-drop watches [default: recall@5]" },
  "eval-fail-drop": { type: "number", describe: "with --eval: exit 1 when the metric drops by more than this (0 to 1; 0: any drop), for CI" },
  "eval-replay": { type: "string", describe: "with --eval: score this recording of toolgen eval --model --record on both sides, offline, and name the cases the change makes stale" },
  "base-server": { type: "string", describe: "the base is the tools this MCP server lists: a command (started over stdio) or a URL (Streamable HTTP)" },
  "head-server": { type: "string", describe: "the head is the tools this MCP server lists: a command (started over stdio) or a URL (Streamable HTTP)" },
  ...SERVER_CONNECTION_OPTIONS,
} as const;

export const diffCommand: Command = {
  name: "diff",
  usage: "diff <base> [head]",
  endsWhenDone: true,
  describe: "Show what a change to the tool definitions breaks, for callers, handlers, the prompt and targets, with a witness input for each breaking change",
  options: (yargs) => yargs.options(DIFF_OPTIONS),
  help: (yargs) =>
    yargs
      .usage(
        "$0 diff <base> [head] [options]\n$0 diff (<base> | --base-server <command|url>) [<head> | --head-server <command|url>]\n\n" +
          "Compares the tools of BASE with those of HEAD (default: the working tree). Each side is a folder (a project\n" +
          "with a toolgen config, or a schemas folder), a git revision (read from the repository; the work tree is not\n" +
          "touched, and the revision's own config says where its schemas are) or a tools lock file (toolgen import mcp\n" +
          "--lock: a server's tools as they were listed). Both sides are loaded and bundled as a build would ($refs,\n" +
          "YAML, the config's schemas folder).\n\n" +
          "Every change is classified by rule (docs/diff.md):\n" +
          "  breaking-callers   an input valid before is now rejected (a parameter removed or newly required, a narrower type, enum, bound...)\n" +
          "  breaking-handlers  an input rejected before is now accepted (an optional parameter added, a wider type, a looser bound...)\n" +
          "  prompt             descriptions, titles, examples, property order: what the model reads\n" +
          "  target             a tool that stops being strict-lowerable for OpenAI\n" +
          "A breaking change carries a witness: an input one side accepts and the other rejects, checked with Ajv.\n" +
          "Where no witness is found, the change is reported as possibly breaking, never as safe.\n\n" +
          "--fail-on: breaking (default: breaking-callers and target), handlers (also breaking-handlers), prompt (any change), none.\n\n" +
          "--base-server and --head-server take a side from a running MCP server instead (a command, split as a shell\n" +
          "splits words and started over stdio, or a Streamable HTTP URL): its tools as it lists them, located at\n" +
          "server:<tool name>. The other side is still a folder or revision (the head: the working tree by default), or\n" +
          "a server too. --server-env KEY=VAL and --header \"Name: value\" pass credentials; their values are never shown.\n\n" +
          "--matrix (with --format markdown) adds the table of which clients take each changed tool, as toolgen lint\n" +
          "--format matrix prints it (docs/matrix.md), for the head: the working tree under its config, or --head-server.\n\n" +
          "--eval CASES runs toolgen eval's cases file (from the working tree) through each side's generated tool search and\n" +
          "reports recall@1/3/5 and MRR before -> after, and each case whose expected tool changed rank; --eval-fail-drop D\n" +
          "exits 1 when --eval-metric (default recall@5) drops by more than D. --eval-replay FILE (with --eval) scores a\n" +
          "recording of toolgen eval --model --record on both sides, offline: accuracy, forbidden calls and arguments\n" +
          "before -> after, and the cases the change makes stale (to record again).\n\n" +
          "Exit codes: 0 no change of the --fail-on classes, 1 such a change (or an eval drop over --eval-fail-drop), 2 usage\n" +
          "error (a bad flag, a side that is neither a folder, a revision nor a tools lock, a side whose schemas do not load, a bad cases file).",
      )
      .example("$0 diff origin/main", "what the working tree changes against origin/main")
      .example("$0 diff v1.2.0 HEAD --format markdown", "a pull-request comment for the commits since v1.2.0")
      .example("$0 diff old/schemas new/schemas --fail-on handlers", "two folders; exit 1 on anything breaking")
      .example('$0 diff --base-server "npx -y my-server@1.4.0" --head-server "node dist/server.js"', "the server a pull request builds against the released one")
      .example('$0 diff toolgen.mcp-lock.json --head-server "npx -y my-server"', "a server now against the tools lock import wrote")
      .example("$0 diff origin/main --eval evals/cases.jsonl --eval-fail-drop 0.02", "in CI: also fail when recall@5 drops by more than 0.02"),
  run: async (argv) => {
    const servers = { base: serverFlags(argv, "base-server").server, head: serverFlags(argv, "head-server").server };
    // The sides named by position are those no --*-server names, base first.
    const positional = argv._.map(String);
    const base = servers.base === undefined ? positional.shift() : undefined;
    const head = servers.head === undefined ? positional.shift() : undefined;
    if (base === undefined && servers.base === undefined) throw new UsageError("diff needs a base: a folder, a git revision or --base-server (see toolgen diff --help)");
    if (positional.length > 0) throw new UsageError(`diff takes two sides at most (unexpected '${positional[0]}'; see toolgen diff --help)`);
    const { runDiff } = await import("../src/commands/diff.js");
    const { server: _server, ...connection } = serverFlags(argv, "base-server");
    return runDiff({
      ...(base !== undefined ? { base } : {}),
      ...(head !== undefined ? { head } : {}),
      ...(servers.base !== undefined ? { baseServer: servers.base } : {}),
      ...(servers.head !== undefined ? { headServer: servers.head } : {}),
      ...connection,
      format: argv.format as string,
      ...(argv.matrix !== undefined ? { matrix: argv.matrix as boolean } : {}),
      failOn: argv.failOn as string,
      ...(argv.outputFile !== undefined ? { outputFile: argv.outputFile as string } : {}),
      ...(argv.color !== undefined ? { color: argv.color as boolean } : {}),
      ...(argv.eval !== undefined ? { eval: argv.eval as string } : {}),
      ...(argv["eval-toolset"] !== undefined ? { evalToolset: argv["eval-toolset"] as string } : {}),
      ...(argv["eval-metric"] !== undefined ? { evalMetric: argv["eval-metric"] as string } : {}),
      ...(argv["eval-fail-drop"] !== undefined ? { evalFailDrop: argv["eval-fail-drop"] as number } : {}),
      ...(argv["eval-replay"] !== undefined ? { evalReplay: argv["eval-replay"] as string } : {}),
    });
  },
};
