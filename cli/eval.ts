/** `toolgen eval`: its flags and help for yargs; the measure itself is src/commands/eval.ts. */
import { UsageError } from "../src/errors.js";
import type { Command } from "./command.js";

/** The flags of `toolgen eval` (main.ts also reads their names for "did you mean"). */
export const EVAL_OPTIONS = {
  format: { type: "string", alias: "f", choices: ["table", "json"], default: "table", describe: "report format" },
  schemas: { type: "string", describe: "schemas folder [default: the config's, else schemas]" },
  config: { type: "string", alias: "c", describe: "config file [default: the nearest toolgen config]" },
  toolset: { type: "string", describe: "search only this toolset of the config (its \"toolsets\")" },
  "fail-under": { type: "number", describe: "exit 1 when the metric is under this (0 to 1), for CI" },
  metric: { type: "string", choices: ["recall@1", "recall@3", "recall@5", "mrr"], default: "recall@5", describe: "what --fail-under checks" },
} as const;

export const evalCommand: Command = {
  name: "eval",
  usage: "eval <cases>",
  endsWhenDone: true,
  describe: "Measure how well the generated tool search finds the expected tool (recall@1/3/5, MRR)",
  options: (yargs) => yargs.options(EVAL_OPTIONS),
  help: (yargs) =>
    yargs
      .usage(
        "$0 eval <cases> [options]\n\nRuns each request of a cases file through the generated tool search (the `search` output: BM25F over\n" +
          "names, descriptions, parameters and tags) and reports recall@1, @3 and @5 (the expected tool among the\n" +
          "first k) and MRR, over the folder or a toolset; also for plain BM25F, to compare. Offline and deterministic.\n" +
          "A cases file is JSONL (one case a line) or YAML (a list), each case\n" +
          '  {"request": "refund order ORD-1", "expected": "shop_refund_order", "arguments": {"order_id": "ORD-1"}}\n' +
          "(`expected`: a tool name or a list of them, any of which counts; `arguments`: checked against its schema).\n\n" +
          "Exit codes: 0 measured, 1 under --fail-under, a case naming no tool or arguments the schema rejects,\n" +
          "2 usage error (no cases file, a malformed one, a bad flag, an unknown toolset).",
      )
      .example("$0 eval evals/cases.jsonl", "the configured folder, as a table")
      .example("$0 eval evals/cases.yaml --toolset support --fail-under 0.9", "in CI: fail when recall@5 drops under 0.9"),
  run: async (argv) => {
    const [cases, ...extra] = argv._.map(String);
    if (cases === undefined) throw new UsageError("eval needs a cases file (see toolgen eval --help)");
    if (extra.length > 0) throw new UsageError(`eval takes one cases file (unexpected '${extra[0]}'; see toolgen eval --help)`);
    const str = (key: string) => argv[key] as string | undefined;
    const failUnder = argv["fail-under"] as number | undefined;
    const { runEval } = await import("../src/commands/eval.js");
    return runEval({
      cases,
      format: argv.format as string,
      metric: argv.metric as string,
      ...(str("schemas") !== undefined ? { schemas: str("schemas")! } : {}),
      ...(str("config") !== undefined ? { config: str("config")! } : {}),
      ...(str("toolset") !== undefined ? { toolset: str("toolset")! } : {}),
      ...(failUnder !== undefined ? { failUnder } : {}),
    });
  },
};
