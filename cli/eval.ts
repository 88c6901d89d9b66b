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
  metric: {
    type: "string",
    choices: ["recall@1", "recall@3", "recall@5", "mrr", "accuracy", "argument-validity", "argument-match"],
    describe: "what --fail-under checks [default: recall@5; with --model or --replay: accuracy]",
  },
  model: { type: "string", describe: "send each case to this model through the Messages API (@anthropic-ai/sdk; ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL)" },
  repeat: { type: "number", describe: "with --model: run each case N times (1 to 100); the totals get 95% intervals [default: 1]" },
  record: { type: "string", describe: "with --model: write each exchange to this file (JSONL), for --replay" },
  replay: { type: "string", describe: "score a --record file again, offline (no key, no network); names the cases a change made stale" },
  yes: { type: "boolean", alias: "y", describe: "with --model: send without asking (CI); without it a run that cannot ask is refused" },
  timeout: { type: "number", describe: "with --model: each request's time limit in seconds (one retry) [default: 120]" },
} as const;

export const evalCommand: Command = {
  name: "eval",
  usage: "eval <cases>",
  endsWhenDone: true,
  describe: "Measure how well the tool search (recall@1/3/5, MRR) or a model (--model: accuracy, forbidden calls, arguments) picks the expected tool",
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
          "2 usage error (no cases file, a malformed one, a bad flag, an unknown toolset).\n\n" +
          "With --model MODEL, each request goes to the model through the official SDK (@anthropic-ai/sdk installed in\n" +
          "the project; ANTHROPIC_API_KEY, and ANTHROPIC_BASE_URL for another endpoint) with the tools the config sends:\n" +
          "the folder's, the case's \"toolset\" (or --toolset), or, when the config builds the `search` output, the\n" +
          "tool_search tool with the tools deferred (the model's searches are answered by the generated search). Per run:\n" +
          "the tool called first (right when it is in \"expected\"/\"expected_any\"), the \"forbidden\" tools called,\n" +
          "whether the first call's arguments pass toolgen's validator and contain \"expected_args\" (a subset):\n" +
          '  {"request": "refund ORD-1", "expected_any": ["shop_refund_order"], "forbidden": ["shop_delete_order"],\n' +
          '   "expected_args": {"order_id": "ORD-1"}}\n' +
          "It prints the number of requests and the estimated input tokens first, and asks; --yes sends without asking\n" +
          "(CI), and a run that cannot ask (no terminal) without --yes is refused (exit 2). --record FILE keeps each\n" +
          "exchange; --replay FILE scores it again with no network, and names the cases a tool change made stale (exit 1).\n" +
          "Exit 1 also when a run calls a forbidden tool; exit 2 for no key, an endpoint that cannot be reached or an\n" +
          "error answer. Anthropic's Messages API only (OpenAI and Gemini are not served).",
      )
      .example("$0 eval evals/cases.jsonl", "the configured folder, as a table")
      .example("$0 eval evals/cases.yaml --toolset support --fail-under 0.9", "in CI: fail when recall@5 drops under 0.9")
      .example("$0 eval evals/cases.jsonl --model claude-sonnet-5-5 --repeat 5 --record evals/claude.jsonl", "ask the model, keep the exchanges")
      .example("$0 eval evals/cases.jsonl --replay evals/claude.jsonl --fail-under 0.9", "in CI: score the recording again, offline"),
  run: async (argv) => {
    const [cases, ...extra] = argv._.map(String);
    if (cases === undefined) throw new UsageError("eval needs a cases file (see toolgen eval --help)");
    if (extra.length > 0) throw new UsageError(`eval takes one cases file (unexpected '${extra[0]}'; see toolgen eval --help)`);
    const str = (key: string) => argv[key] as string | undefined;
    const failUnder = argv["fail-under"] as number | undefined;
    const num = (key: string) => argv[key] as number | undefined;
    const { runEval } = await import("../src/commands/eval.js");
    return runEval({
      cases,
      format: argv.format as string,
      ...(str("metric") !== undefined ? { metric: str("metric")! } : {}),
      ...(str("model") !== undefined ? { model: str("model")! } : {}),
      ...(str("record") !== undefined ? { record: str("record")! } : {}),
      ...(str("replay") !== undefined ? { replay: str("replay")! } : {}),
      ...(num("repeat") !== undefined ? { repeat: num("repeat")! } : {}),
      ...(num("timeout") !== undefined ? { timeout: num("timeout")! } : {}),
      ...(argv.yes === true ? { yes: true } : {}),
      ...(str("schemas") !== undefined ? { schemas: str("schemas")! } : {}),
      ...(str("config") !== undefined ? { config: str("config")! } : {}),
      ...(str("toolset") !== undefined ? { toolset: str("toolset")! } : {}),
      ...(failUnder !== undefined ? { failUnder } : {}),
    });
  },
};
