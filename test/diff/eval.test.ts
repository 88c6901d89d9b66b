/**
 * `toolgen diff --eval CASES` as users run it (dist/bin/toolgen.cjs in a child process) on a real git
 * repository: v1 -> v2 changes one description so that the refund tool drops down the search's
 * ranking. The report shows recall@1/3/5 and MRR before -> after (the figures `toolgen eval` itself
 * gives on each commit's work tree), the case whose rank changed, in every format (stylish, json,
 * markdown, github, SARIF validated against the 2.1.0 schema); --eval-fail-drop exits 1 on the drop
 * and 0 within it or on an improvement; a side against itself reports no change; a case whose tool a
 * side lacks is not found there and listed as that side's problem; usage errors exit 2.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Ajv } from "ajv";
import { beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "../helpers.js";

const cli = fileURLToPath(new URL("../../dist/bin/toolgen.cjs", import.meta.url));
const require = createRequire(import.meta.url);
const Ajv04 = require("ajv-draft-04") as typeof Ajv;

/** The bin in a child process; not blocking, so that the runs a test makes go together. */
function toolgen(cwd: string, ...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [cli, ...args], { cwd, env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "" } });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (c: string) => (stdout += c));
  child.stderr.setEncoding("utf8").on("data", (c: string) => (stderr += c));
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

type Scores = Record<"recall@1" | "recall@3" | "recall@5" | "mrr", number>;
interface EvalReport {
  scores: Scores;
  misses: { where: string; rank: number | null }[];
}
interface DiffEval {
  file: string;
  cases: number;
  metric: string;
  base: { tools: number; scores: Scores; problems: string[] };
  head: { tools: number; scores: Scores; problems: string[] };
  delta: Scores;
  changed: { where: string; line?: number; request: string; expected: string[]; base: number | null; head: number | null }[];
  failed: boolean;
}

const tool = (name: string, description: string, param = "order_id") => ({
  name,
  description,
  input_schema: { type: "object", properties: { [param]: { type: "string", description: `The ${param.replace("_id", "")}.` } }, required: [param] },
});
const TOOLS = [
  tool("shop_refund_order", "Refund a customer order and give the customer their money back. Use it when a buyer asks for a refund."),
  tool("shop_cancel_order", "Cancel an order that has not shipped yet. Use it when the customer no longer wants the order."),
  tool("shop_get_order", "Show the status of an order: items, payment and shipping."),
  tool("shop_track_order", "Track where an order is on its way to the customer."),
  tool("shop_list_orders", "List the orders a customer placed, newest first.", "customer_id"),
  tool("billing_issue_credit", "Issue store credit to a customer account, money the customer can spend later instead of a payment back.", "account"),
  tool("billing_send_payout", "Send money to a seller bank account for the orders they fulfilled.", "seller_id"),
  tool("customer_get_profile", "Show a customer profile: name, email and the orders they placed.", "customer_id"),
];
const CASES = [
  { request: "the customer wants their money back for order 12", expected: "shop_refund_order" },
  { request: "cancel order 12 before it ships", expected: "shop_cancel_order" },
  { request: "where is my order, has it shipped", expected: "shop_get_order" },
  { request: "give the account some store credit", expected: "billing_issue_credit" },
];

const write = (file: string, data: unknown) => {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, typeof data === "string" ? data : JSON.stringify(data, null, 2) + "\n");
};

let repo: string;
/** `toolgen eval --format json` on the work tree at v1 and at v2: the oracle for diff's before and after. */
const evalAt: Record<"v1" | "v2", EvalReport> = {} as never;

beforeAll(async () => {
  repo = await tempDir("toolgen-diff-eval-");
  const git = (...args: string[]) => execFileSync("git", args, { cwd: repo, encoding: "utf8" });
  git("init", "-q", "-b", "main");
  git("config", "user.email", "t@example.com");
  git("config", "user.name", "t");
  // "zorp", a word of no tool, is made one with "track" by the config: the search as built finds by it.
  write(path.join(repo, "toolgen.config.json"), { schemas: "schemas", toolsets: { shop: ["shop_*"] }, searchSynonyms: [["zorp", "track"]] });
  for (const t of TOOLS) write(path.join(repo, "schemas", `${t.name}.json`), t);
  write(path.join(repo, "cases.jsonl"), CASES.map((c) => JSON.stringify(c)).join("\n") + "\n");
  write(path.join(repo, "synonym-cases.jsonl"), JSON.stringify({ request: "zorp", expected: "shop_track_order" }) + "\n");
  write(path.join(repo, "shop-cases.yaml"), CASES.filter((c) => c.expected.startsWith("shop_")).map((c) => `- request: "${c.request}"\n  expected: ${c.expected}\n`).join(""));
  git("add", "-A");
  git("commit", "-qm", "v1");
  git("tag", "v1");
  const at = async (rev: "v1" | "v2") => {
    const r = await toolgen(repo, "eval", "cases.jsonl", "--format", "json");
    expect(r.stderr).toBe("");
    evalAt[rev] = JSON.parse(r.stdout) as EvalReport;
  };
  await at("v1");
  // The refund tool's description no longer says what a customer asking for a refund says.
  write(path.join(repo, "schemas", "shop_refund_order.json"), tool("shop_refund_order", "Reverse the charge of a purchase. Use it for chargebacks."));
  git("commit", "-qam", "v2");
  git("tag", "v2");
  await at("v2");
});

const diffJson = async (...args: string[]) => {
  const r = await toolgen(repo, "diff", ...args, "--format", "json");
  expect(r.stderr).toBe("");
  return { code: r.code, eval: (JSON.parse(r.stdout) as { eval: DiffEval }).eval };
};

describe("toolgen diff --eval (issue 28)", () => {
  it("v1 -> v2 (json): the scores are toolgen eval's on each commit, and the refund case is the one whose rank changed", async () => {
    // The oracle itself shows the drop: the refund case was first at v1 and is not in the first five at v2.
    const v2Refund = evalAt.v2.misses.find((m) => m.where === "cases.jsonl:1")!;
    expect(evalAt.v1.misses.map((m) => m.where)).not.toContain("cases.jsonl:1");
    expect(v2Refund.rank).toBeGreaterThan(5);
    const { code, eval: e } = await diffJson("v1", "v2", "--eval", "cases.jsonl");
    expect(code).toBe(0); // a description change alone is a prompt change; no --eval-fail-drop
    expect(e.base.scores).toEqual(evalAt.v1.scores);
    expect(e.head.scores).toEqual(evalAt.v2.scores);
    for (const m of ["recall@1", "recall@3", "recall@5", "mrr"] as const) expect(e.delta[m]).toBeCloseTo(evalAt.v2.scores[m] - evalAt.v1.scores[m], 4);
    expect(e.delta["recall@5"]).toBeLessThan(0);
    expect(e).toMatchObject({ file: "cases.jsonl", cases: 4, metric: "recall@5", failed: false, base: { tools: 8, problems: [] }, head: { tools: 8, problems: [] } });
    expect(e.changed).toEqual([{ where: "cases.jsonl:1", line: 1, request: CASES[0]!.request, expected: ["shop_refund_order"], base: 1, head: v2Refund.rank }]);
  });

  it("each side's search has its config's searchSynonyms, as the built search and toolgen eval have", async () => {
    const { eval: e } = await diffJson("v1", "v2", "--eval", "synonym-cases.jsonl");
    expect(e.base.scores["recall@1"]).toBe(1);
    expect(e.head.scores["recall@1"]).toBe(1);
    const r = await toolgen(repo, "eval", "synonym-cases.jsonl", "--format", "json");
    expect((JSON.parse(r.stdout) as EvalReport).scores["recall@1"]).toBe(1);
  });

  it("stylish: scores before -> after with deltas, the changed case, and the summary", async () => {
    const r = await toolgen(repo, "diff", "v1", "v2", "--eval", "cases.jsonl");
    expect(r.stderr).toBe("");
    const rank = evalAt.v2.misses.find((m) => m.where === "cases.jsonl:1")!.rank;
    const s = (m: keyof Scores, rev: "v1" | "v2") => evalAt[rev].scores[m].toFixed(3);
    expect(r.stdout).toContain("Tool search eval (cases.jsonl: 4 case(s))");
    expect(r.stdout).toContain(`  recall@5  ${s("recall@5", "v1")} -> ${s("recall@5", "v2")}  -${(evalAt.v1.scores["recall@5"] - evalAt.v2.scores["recall@5"]).toFixed(3)}\n`);
    expect(r.stdout).toContain(`  mrr       ${s("mrr", "v1")} -> ${s("mrr", "v2")}  -`);
    expect(r.stdout).toContain(`  rank changed (1):\n    worse   cases.jsonl:1  shop_refund_order: rank 1 -> ${rank}  "${CASES[0]!.request}"\n`);
    expect(r.stdout).toContain(`v1 -> v2: 1 prompt; eval recall@5 ${s("recall@5", "v1")} -> ${s("recall@5", "v2")} (-`);
  });

  it("--eval-fail-drop: exit 1 when the metric drops by more, 0 within it or when it rises", async () => {
    const [failed, json, within, mrr, better] = await Promise.all([
      toolgen(repo, "diff", "v1", "v2", "--eval", "cases.jsonl", "--eval-fail-drop", "0.02"),
      diffJson("v1", "v2", "--eval", "cases.jsonl", "--eval-fail-drop", "0.02"),
      toolgen(repo, "diff", "v1", "v2", "--eval", "cases.jsonl", "--eval-fail-drop", "0.25"),
      toolgen(repo, "diff", "v1", "v2", "--eval", "cases.jsonl", "--eval-fail-drop", "0.02", "--eval-metric", "mrr"),
      toolgen(repo, "diff", "v2", "v1", "--eval", "cases.jsonl", "--eval-fail-drop", "0"),
    ]);
    expect(failed.code).toBe(1);
    expect(failed.stdout).toMatch(/failed {2}recall@5 dropped by 0\.250 \(1\.000 -> 0\.750\), more than --eval-fail-drop 0\.02\n/);
    expect(json.eval.failed).toBe(true);
    expect(within.code).toBe(0);
    expect(mrr.code).toBe(1);
    expect(better.code).toBe(0);
    expect(better.stdout).toContain("    better  cases.jsonl:1  shop_refund_order: rank ");
  });

  it("a side against itself: no change, no case moved, exit 0 even at --eval-fail-drop 0", async () => {
    const [r, { eval: e }, md] = await Promise.all([
      toolgen(repo, "diff", "v2", "HEAD", "--eval", "cases.jsonl", "--eval-fail-drop", "0"),
      diffJson("v2", "HEAD", "--eval", "cases.jsonl"),
      toolgen(repo, "diff", "v2", "HEAD", "--eval", "cases.jsonl", "--format", "markdown"),
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain("rank changed");
    expect(r.stdout).toContain("  recall@5  0.750 -> 0.750  no change\n");
    expect(r.stdout).toContain("v2 -> HEAD: no changes; eval recall@5 0.750, no change\n");
    expect(e.changed).toEqual([]);
    expect(e.delta).toEqual({ "recall@1": 0, "recall@3": 0, "recall@5": 0, mrr: 0 });
    expect(md.stdout).toContain("No case changed rank.");
  });

  it("markdown and github show the scores and the changed case", async () => {
    const rank = evalAt.v2.misses.find((m) => m.where === "cases.jsonl:1")!.rank;
    const [md, gh] = await Promise.all([
      toolgen(repo, "diff", "v1", "v2", "--eval", "cases.jsonl", "--format", "markdown", "--eval-fail-drop", "0.02"),
      toolgen(repo, "diff", "v1", "v2", "--eval", "cases.jsonl", "--format", "github", "--eval-fail-drop", "0.02"),
    ]);
    expect(md.code).toBe(1);
    expect(md.stdout).toContain("### Tool search eval (cases.jsonl: 4 case(s))\n\n| metric | base | head | change |\n|---|---|---|---|\n| recall@1 |");
    expect(md.stdout).toContain("| recall@5 | 1.000 | 0.750 | -0.250 |\n");
    expect(md.stdout).toContain(`| cases.jsonl:1 | ${CASES[0]!.request} | \`shop_refund_order\` | 1 | ${rank} (worse) |\n`);
    expect(md.stdout).toContain("**Failed:** recall@5 dropped by 0.250");
    expect(gh.code).toBe(1);
    expect(gh.stdout).toMatch(/^::error file=cases\.jsonl,title=toolgen diff\/eval-score-changed::tool search eval \(cases\.jsonl: 4 case\(s\)\): recall@1 .*recall@5 1\.000 -> 0\.750 \(-0\.250\)/m);
    expect(gh.stdout).toContain(`::warning file=cases.jsonl,line=1,title=toolgen diff/eval-rank-changed::cases.jsonl:1: "${CASES[0]!.request}" finds shop_refund_order at rank 1 -> ${rank} (worse) [tool 'shop_refund_order', #]\n`);
  });

  it("sarif is valid against the official SARIF 2.1.0 schema and holds the eval's results", async () => {
    const sarifSchema = JSON.parse(readFileSync(path.join(path.dirname(require.resolve("@microsoft/jest-sarif/package.json")), "lib", "schemas", "sarif-2.1.0-rtm.5.json"), "utf8")) as Record<string, unknown>;
    const formats = {
      uri: (s: string) => URL.canParse(s) && !/\s/.test(s),
      "uri-reference": (s: string) => !/[\s<>"{}|\\^`]/.test(s) && URL.canParse(s, "file:///base/"),
      "date-time": (s: string) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(s),
    };
    const r = await toolgen(repo, "diff", "v1", "v2", "--eval", "cases.jsonl", "--format", "sarif");
    const log = JSON.parse(r.stdout) as { runs: { tool: { driver: { rules: { id: string }[] } }; results: { ruleId: string; ruleIndex?: number; locations: { physicalLocation: { region: { startLine: number } } }[] }[] }[] };
    const validate = new Ajv04({ allErrors: true, strict: false, unicodeRegExp: false, formats }).compile(sarifSchema);
    expect(validate(log), JSON.stringify(validate.errors)).toBe(true);
    const run = log.runs[0]!;
    const rankResult = run.results.find((x) => x.ruleId === "diff/eval-rank-changed")!;
    expect(run.tool.driver.rules[rankResult.ruleIndex!]!.id).toBe("diff/eval-rank-changed");
    expect(rankResult.locations[0]!.physicalLocation.region.startLine).toBe(1);
    expect(run.results.map((x) => x.ruleId).sort()).toEqual(["diff/description-changed", "diff/eval-rank-changed", "diff/eval-score-changed"]);
  });

  it("--eval-toolset searches each side's toolset; YAML cases", async () => {
    const { eval: e } = await diffJson("v1", "v2", "--eval", "shop-cases.yaml", "--eval-toolset", "shop");
    expect(e).toMatchObject({ file: "shop-cases.yaml", cases: 3, toolset: "shop", base: { tools: 5, problems: [] }, head: { tools: 5, problems: [] } });
    expect(e.changed.map((c) => [c.where, c.base])).toEqual([["shop-cases.yaml: case 1", 1]]);
  });

  it("a folder side without a case's tool: the case is not found there, and its problem is listed for that side", async () => {
    for (const t of TOOLS.filter((x) => x.name !== "billing_issue_credit")) write(path.join(repo, "trimmed", `${t.name}.json`), t);
    const [{ code, eval: e }, none, r, gh] = await Promise.all([
      diffJson("v1", "trimmed", "--eval", "cases.jsonl"),
      diffJson("v1", "trimmed", "--eval", "cases.jsonl", "--fail-on", "none"),
      toolgen(repo, "diff", "v1", "trimmed", "--eval", "cases.jsonl"),
      toolgen(repo, "diff", "v1", "trimmed", "--eval", "cases.jsonl", "--format", "github"),
    ]);
    expect(code).toBe(1); // the tool removed is breaking for callers; the case's problem itself fails nothing
    expect(none.code).toBe(0);
    expect(e.head).toMatchObject({ tools: 7, problems: ["cases.jsonl:4: expected tool 'billing_issue_credit' is no tool of the folder"] });
    expect(e.base.problems).toEqual([]);
    expect(e.changed).toEqual([{ where: "cases.jsonl:4", line: 4, request: CASES[3]!.request, expected: ["billing_issue_credit"], base: 1, head: null }]);
    expect(r.stdout).toContain("    worse   cases.jsonl:4  billing_issue_credit: rank 1 -> not found");
    expect(r.stdout).toContain("  problem  cases.jsonl:4: expected tool 'billing_issue_credit' is no tool of the folder (head)\n");
    expect(gh.stdout).toContain(
      "::warning file=cases.jsonl,title=toolgen diff/eval-case-problem::cases.jsonl:4: expected tool 'billing_issue_credit' is no tool of the folder (head) [#]\n",
    );
  });

  it("usage errors exit 2", async () => {
    const cases: [string[], RegExp][] = [
      [["--eval-fail-drop", "0.1"], /--eval-toolset, --eval-metric and --eval-fail-drop need --eval CASES/],
      [["--eval", "missing.jsonl"], /--eval: cases file not found: missing\.jsonl/],
      [["--eval", "cases.jsonl", "--eval-fail-drop", "2"], /--eval-fail-drop must be a number from 0 to 1 \(got 2\)/],
      [["--eval", "cases.jsonl", "--eval-toolset", "admin"], /--eval-toolset: v1 has no toolset 'admin' \(its toolsets: shop\)/],
      [["--eval", "schemas/shop_get_order.json"], /schemas\/shop_get_order\.json:1: not JSON/],
      // Issue 38 item 17: a FIFO is named for what it is, never waited on.
      ...(process.platform === "win32" ? [] : [[["--eval", "cases.fifo"], /--eval: cases\.fifo: is a FIFO \(named pipe\), not a cases file/] as [string[], RegExp]]),
    ];
    if (process.platform !== "win32") execFileSync("mkfifo", [path.join(repo, "cases.fifo")]);
    const results = await Promise.all(cases.map(([args]) => toolgen(repo, "diff", "v1", "v2", ...args)));
    for (const [i, [args, message]] of cases.entries()) {
      const r = results[i]!;
      expect(r.code, `${args.join(" ")}: ${r.stderr}`).toBe(2);
      expect(r.stderr).toMatch(message);
    }
  });
});
