/**
 * Issue 41 item 3, `toolgen eval CASES --model MODEL`: the cases sent through the official SDK to a fake
 * Messages server on 127.0.0.1 (test/runtime/messages-server.ts), with the folder's tools, a case's
 * toolset, or the tool search with the tools deferred. A case set with one right, one wrong and one
 * forbidden call scores exactly; --repeat gives 95% Wilson intervals; --record then --replay gives the
 * same numbers with no key and no server; a tool change names the cases to record again. Before it
 * sends it says how many requests and tokens, and asks: --yes or a yes; no terminal is refused. A missing
 * key, a refused connection and an error answer are usage errors (exit 2, no stack: the bin for the
 * connection and the terminal).
 */
import { createServer } from "node:net";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runDiff } from "../../src/commands/diff.js";
import { runEval } from "../../src/commands/eval.js";
import { wilson } from "../../src/search/live.js";
import { tempDir } from "../helpers.js";
import { startMessagesServer, type Block, type MessagesServer, type Turn } from "../runtime/messages-server.js";
import { toolgenAsync } from "../toolsets/project.js";

const tool = (name: string, description: string, properties: Record<string, unknown> = { order_id: { type: "string", description: "The order's id, e.g. ORD-1." } }) => ({
  name,
  description,
  input_schema: { type: "object", properties, required: Object.keys(properties) },
});

const TOOLS = [
  tool("shop_refund_order", "Refund an order in full. Use it when the customer wants their money back; it does not cancel shipping."),
  tool("shop_delete_order", "Delete an order and its history for good. Never use it to refund: the record is gone."),
  tool("shop_get_order", "Show one order: its lines, total and status. Read-only."),
  tool("weather_get", "Get the current weather for a city.", { city: { type: "string", description: "The city, e.g. Paris." } }),
];

const CASES = [
  { request: "refund order ORD-1", expected: "shop_refund_order", forbidden: ["shop_delete_order"], expected_args: { order_id: "ORD-1" } },
  { request: "show me order ORD-2", expected_any: ["shop_get_order"], toolset: "support" },
  { request: "the customer wants ORD-3 refunded", expected: "shop_refund_order", forbidden: "shop_delete_order", expected_args: { order_id: "ORD-3" }, toolset: "support" },
];

const use = (id: string, name: string, input: unknown): Block => ({ type: "tool_use", id, name, input });
/** The model's answers, in the cases' order: right; wrong, with an id that is no string; forbidden. */
const ANSWERS: Turn[] = [
  { kind: "json", content: [{ type: "text", text: "Refunding." }, use("toolu_1", "shop_refund_order", { order_id: "ORD-1" })], stop_reason: "tool_use" },
  { kind: "json", content: [use("toolu_2", "shop_refund_order", { order_id: 2 })], stop_reason: "tool_use" },
  { kind: "json", content: [use("toolu_3", "shop_delete_order", { order_id: "ORD-3" })], stop_reason: "tool_use" },
];

interface Totals {
  accuracy: { hits: number; of: number; rate: number; interval?: [number, number] };
  forbidden: { hits: number; of: number; rate: number; interval?: [number, number] };
  argumentValidity: { hits: number; of: number; rate: number; interval?: [number, number] };
  argumentMatch: { hits: number; of: number; rate: number; interval?: [number, number] };
}
interface Report {
  totals: Totals;
  requests: number;
  runs: { where: string; first: string | null; right: boolean; forbidden: string[]; valid: boolean | null; invalid?: string; argsMatch: boolean | null }[];
  stale: { where: string; why: string }[];
}

let server: MessagesServer;
let dir: string;
let closedPort: number;

beforeAll(async () => {
  server = await startMessagesServer();
  dir = await tempDir("toolgen-live-eval-");
  await mkdir(path.join(dir, "schemas"));
  await mkdir(path.join(dir, ".git"));
  await Promise.all(TOOLS.map((t) => writeFile(path.join(dir, "schemas", `${t.name}.json`), JSON.stringify(t, null, 2))));
  await writeFile(path.join(dir, "toolgen.config.json"), JSON.stringify({ toolsets: { support: ["shop_*"] } }));
  await writeFile(path.join(dir, "cases.jsonl"), CASES.map((c) => JSON.stringify(c)).join("\n") + "\n");
  // A port nothing listens on: one taken, then let go.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  closedPort = (probe.address() as { port: number }).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
});

afterAll(() => server.close());

const baseURL = () => `http://127.0.0.1:${(server.client.baseURL.match(/:(\d+)/) ?? [])[1]}`;

/** runEval in this process with the SDK's environment set as given (restored after), its output collected. */
async function evalIn(args: Partial<Parameters<typeof runEval>[0]>, env: Record<string, string | undefined>) {
  const saved = { key: process.env["ANTHROPIC_API_KEY"], url: process.env["ANTHROPIC_BASE_URL"] };
  const set = (k: string, v: string | undefined) => (v === undefined ? delete process.env[k] : (process.env[k] = v));
  set("ANTHROPIC_API_KEY", env["ANTHROPIC_API_KEY"]);
  set("ANTHROPIC_BASE_URL", env["ANTHROPIC_BASE_URL"]);
  let stdout = "";
  let stderr = "";
  try {
    const code = await runEval({ cases: "cases.jsonl", cwd: dir, format: "json", stdout: { write: (t: string) => (stdout += t) }, stderr: { write: (t: string) => (stderr += t) }, ...args });
    return { code, stdout, stderr };
  } finally {
    set("ANTHROPIC_API_KEY", saved.key);
    set("ANTHROPIC_BASE_URL", saved.url);
  }
}

const live = () => ({ ANTHROPIC_API_KEY: "sk-test", ANTHROPIC_BASE_URL: baseURL() });
const offline = { ANTHROPIC_API_KEY: undefined, ANTHROPIC_BASE_URL: `http://127.0.0.1:1` };

describe("toolgen eval --model (issue 41)", () => {
  it("scores one right, one wrong and one forbidden call exactly; --replay gives the same numbers offline", async () => {
    server.script(ANSWERS);
    const run = await evalIn({ model: "claude-test-1", yes: true, record: "rec.jsonl" }, live());
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toContain("toolgen eval: 3 request(s) to claude-test-1 at http://127.0.0.1:");
    expect(run.stderr).toMatch(/\(3 case\(s\) x 1 run\(s\)\)\n  ~[\d,]+ input tokens, estimated as UTF-8 bytes/);
    expect(run.stderr).toContain("1 run(s) called a forbidden tool");
    const report = JSON.parse(run.stdout) as Report;
    expect(report.totals).toEqual({
      accuracy: { hits: 1, of: 3, rate: 0.3333 },
      forbidden: { hits: 1, of: 2, rate: 0.5 },
      argumentValidity: { hits: 2, of: 3, rate: 0.6667 },
      argumentMatch: { hits: 1, of: 2, rate: 0.5 },
    });
    expect(report.runs.map((r) => [r.first, r.right, r.forbidden, r.valid, r.argsMatch])).toEqual([
      ["shop_refund_order", true, [], true, true],
      ["shop_refund_order", false, [], false, null],
      ["shop_delete_order", false, ["shop_delete_order"], true, false],
    ]);
    // toolgen's validator's own message (src/runtime/messages.ts), as the dispatcher gives it.
    expect(report.runs[1]!.invalid).toContain("order_id");
    // The requests as sent: the user's words, the folder's tools for case 1, the toolset's for the others.
    const sent = server.requests.map((r) => ({ model: r.body.model, tools: r.body.tools!.map((t) => t.name), user: r.body.messages[0]!.content }));
    expect(sent).toEqual([
      { model: "claude-test-1", tools: TOOLS.map((t) => t.name).sort(), user: "refund order ORD-1" },
      { model: "claude-test-1", tools: ["shop_delete_order", "shop_get_order", "shop_refund_order"], user: "show me order ORD-2" },
      { model: "claude-test-1", tools: ["shop_delete_order", "shop_get_order", "shop_refund_order"], user: "the customer wants ORD-3 refunded" },
    ]);

    server.script([]);
    const replay = await evalIn({ replay: "rec.jsonl" }, offline);
    expect(replay.code, replay.stderr).toBe(1);
    expect(server.requests).toHaveLength(0);
    expect((JSON.parse(replay.stdout) as Report).totals).toEqual(report.totals);
    expect(replay.stderr).not.toContain("request(s) to");
    const table = await evalIn({ replay: "rec.jsonl", format: "table" }, offline);
    expect(table.stdout).toContain("accuracy            0.333      1/3");
    expect(table.stdout).toContain("cases.jsonl:3: called 'shop_delete_order' first, expected shop_refund_order; called forbidden shop_delete_order");
  });

  it("with --repeat gives each total its 95% Wilson interval", async () => {
    server.script([ANSWERS[0]!, ANSWERS[0]!, ANSWERS[1]!, { kind: "json", content: [use("t", "shop_get_order", { order_id: "ORD-2" })], stop_reason: "tool_use" }, ANSWERS[2]!, ANSWERS[2]!]);
    const run = await evalIn({ model: "claude-test-1", yes: true, repeat: 2, record: "repeat.jsonl" }, live());
    const report = JSON.parse(run.stdout) as Report;
    // A replay scores as many runs as were recorded.
    expect((JSON.parse((await evalIn({ replay: "repeat.jsonl" }, offline)).stdout) as Report).totals).toEqual(report.totals);
    expect(report.totals.accuracy).toMatchObject({ hits: 3, of: 6, rate: 0.5 });
    // Wilson 95% for 3/6 and 2/4, worked by hand: (p + z²/2n ± z·sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n).
    expect(report.totals.accuracy.interval).toEqual([0.1876, 0.8124]);
    expect(report.totals.forbidden).toEqual({ hits: 2, of: 4, rate: 0.5, interval: [0.15, 0.85] });
    expect(wilson(0, 10)).toEqual([0, 0.2775]);
  });

  it("names the cases a tool change made stale, by what they send", async () => {
    server.script(ANSWERS);
    expect((await evalIn({ model: "claude-test-1", yes: true, record: "stale.jsonl" }, live())).code).toBe(1);
    const file = path.join(dir, "schemas", "weather_get.json");
    const before = await readFile(file, "utf8");
    await writeFile(file, before.replace("current weather", "weather now"));
    try {
      const replay = await evalIn({ replay: "stale.jsonl" }, offline);
      expect(replay.code).toBe(1);
      // Only case 1 sends weather_get (the others send the toolset 'support').
      expect(replay.stderr).toContain("cases.jsonl:1: the recorded exchange is stale: tool(s) changed: weather_get");
      expect(replay.stderr).toContain("toolgen eval: 1 case(s) to record again (cases.jsonl:1): toolgen eval cases.jsonl --model claude-test-1 --record stale.jsonl");
      const report = JSON.parse(replay.stdout) as Report;
      expect(report.stale.map((s) => s.where)).toEqual(["cases.jsonl:1"]);
      expect(report.totals.accuracy).toEqual({ hits: 0, of: 2, rate: 0 });
      const other = await evalIn({ replay: "stale.jsonl", model: "claude-test-2" }, offline);
      expect(other.stderr).toContain("cases.jsonl:2: the recorded exchange is stale: recorded with the model claude-test-1, not claude-test-2");
    } finally {
      await writeFile(file, before);
    }
  });

  it("diff --eval --eval-replay scores the recording on both sides and names the cases the head makes stale", async () => {
    server.script(ANSWERS);
    expect((await evalIn({ model: "claude-test-1", yes: true, record: "diff.jsonl" }, live())).code).toBe(1);
    for (const side of ["base", "head"]) {
      await mkdir(path.join(dir, side, "schemas"), { recursive: true });
      await writeFile(path.join(dir, side, "toolgen.config.json"), JSON.stringify({ toolsets: { support: ["shop_*"] } }));
      for (const t of TOOLS) {
        const changed = side === "head" && t.name === "weather_get" ? { ...t, description: "Get the weather now for a city." } : t;
        await writeFile(path.join(dir, side, "schemas", `${t.name}.json`), JSON.stringify(changed, null, 2));
      }
    }
    let out = "";
    const code = await runDiff({ base: "base", head: "head", eval: "cases.jsonl", evalReplay: "diff.jsonl", cwd: dir, format: "json", color: false, stdout: { write: (t: string) => (out += t) } });
    expect(code).toBe(0);
    const replay = (JSON.parse(out) as { eval: { replay: { model: string; base: Report; head: Report } } }).eval.replay;
    expect(replay.model).toBe("claude-test-1");
    expect(replay.base.totals).toMatchObject({ accuracy: { hits: 1, of: 3 }, forbidden: { hits: 1, of: 2 } });
    expect(replay.base.stale).toEqual([]);
    expect(replay.head.stale).toEqual([{ where: "cases.jsonl:1", line: 1, attempt: 1, why: "tool(s) changed: weather_get" }]);
    expect(replay.head.totals.accuracy).toEqual({ hits: 0, of: 2, rate: 0 });
    out = "";
    await runDiff({ base: "base", head: "head", eval: "cases.jsonl", evalReplay: "diff.jsonl", cwd: dir, color: false, stdout: { write: (t: string) => (out += t) } });
    expect(out).toContain("Model eval replayed (diff.jsonl, recorded with claude-test-1)");
    expect(out).toContain("accuracy            0.333 (1/3) -> 0.000 (0/2)");
    expect(out).toContain("stale   cases.jsonl:1: tool(s) changed: weather_get; record it again");
  });

  it("with the search output, sends tool_search and the tools deferred, answers the search, and scores the call after it", async () => {
    const config = path.join(dir, "search.config.json");
    await writeFile(config, JSON.stringify({ toolsets: { support: ["shop_*"] }, outputs: ["native", "types", "validators", "runtime", "index", "search"] }));
    await writeFile(path.join(dir, "one.jsonl"), JSON.stringify(CASES[0]) + "\n");
    server.script([{ kind: "json", content: [use("s1", "tool_search", { query: "refund an order" })], stop_reason: "tool_use" }, ANSWERS[0]!]);
    const run = await evalIn({ cases: "one.jsonl", config: "search.config.json", model: "claude-test-1", yes: true, record: "search.jsonl" }, live());
    expect(run.code, run.stderr).toBe(0);
    const [first, second] = server.requests;
    expect(first!.body.tools!.map((t) => [t.name, (t as { defer_loading?: boolean }).defer_loading])).toEqual([
      ["tool_search", undefined],
      ...TOOLS.map((t) => [t.name, true]).sort(),
    ]);
    const results = (second!.body.messages[2]!.content as { type: string; content: { tool_name: string }[] }[])[0]!;
    expect(results.type).toBe("tool_result");
    expect(results.content[0]).toEqual({ type: "tool_reference", tool_name: "shop_refund_order" });
    const report = JSON.parse(run.stdout) as Report;
    expect(report).toMatchObject({ requests: 2, totals: { accuracy: { hits: 1, of: 1 }, argumentMatch: { hits: 1, of: 1 } } });
    server.script([]);
    const replay = await evalIn({ cases: "one.jsonl", config: "search.config.json", replay: "search.jsonl" }, offline);
    expect(replay.code, replay.stderr).toBe(0);
    expect((JSON.parse(replay.stdout) as Report).totals).toEqual(report.totals);
  });

  it("asks before it sends: a no sends nothing, a yes sends, and no terminal without --yes is refused", async () => {
    server.script(ANSWERS);
    const asked: string[] = [];
    const no = evalIn({ model: "claude-test-1", interactive: true, confirm: (q) => (asked.push(q), Promise.resolve(false)) }, live());
    await expect(no).rejects.toThrow("nothing sent (not confirmed)");
    expect(asked).toEqual(["Send them? [y/N] "]);
    expect(server.requests).toHaveLength(0);
    await writeFile(path.join(dir, "typo.jsonl"), JSON.stringify({ request: "refund ORD-9", expected: "shop_refund_ordr" }) + "\n");
    await expect(evalIn({ cases: "typo.jsonl", model: "claude-test-1", yes: true }, live())).rejects.toThrow("typo.jsonl:1: 'shop_refund_ordr' is no tool of the folder");
    await writeFile(path.join(dir, "outside.jsonl"), JSON.stringify({ request: "weather in Paris", expected: "weather_get", toolset: "support" }) + "\n");
    await expect(evalIn({ cases: "outside.jsonl", model: "claude-test-1", yes: true }, live())).rejects.toThrow("outside.jsonl:1: no expected tool is in the toolset 'support'");
    const refused = evalIn({ model: "claude-test-1", interactive: false }, live());
    await expect(refused).rejects.toThrow("cannot ask here (stdin is not a terminal): pass --yes to send without asking (CI)");
    expect(server.requests).toHaveLength(0);
    const yes = await evalIn({ model: "claude-test-1", interactive: true, confirm: () => Promise.resolve(true) }, live());
    expect(yes.code).toBe(1);
    expect(server.requests).toHaveLength(3);
  });

  it("a missing key and an error answer are usage errors (exit 2) that say so; the bin gives exit 2 with no stack for a refused connection and no terminal", async () => {
    server.script([{ kind: "error", status: 400, type: "invalid_request_error", message: "tools.0.custom.name: String should match pattern" }]);
    const noKey = evalIn({ model: "claude-test-1", yes: true }, { ANTHROPIC_API_KEY: undefined, ANTHROPIC_BASE_URL: baseURL() });
    await expect(noKey).rejects.toMatchObject({ name: "UsageError", exitCode: 2, message: expect.stringContaining("set ANTHROPIC_API_KEY") as string });
    const answered = evalIn({ model: "claude-test-1", yes: true }, live());
    await expect(answered).rejects.toMatchObject({ name: "UsageError", exitCode: 2, message: "cases.jsonl:1: the Messages API answered HTTP 400 invalid_request_error: tools.0.custom.name: String should match pattern" });
    expect(server.requests).toHaveLength(1);
    const args = ["eval", "cases.jsonl", "--model", "claude-test-1"];
    const [refused, noTerminal] = await Promise.all([
      toolgenAsync(dir, [...args, "--yes"], { ANTHROPIC_API_KEY: "sk-test", ANTHROPIC_BASE_URL: `http://127.0.0.1:${closedPort}` }),
      toolgenAsync(dir, args, { ANTHROPIC_API_KEY: "sk-test", ANTHROPIC_BASE_URL: baseURL() }),
    ]);
    for (const r of [refused, noTerminal]) {
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).not.toMatch(/^\s+at /m);
    }
    expect(refused.stderr).toContain(`toolgen: cases.jsonl:1: cannot reach the Messages API at http://127.0.0.1:${closedPort}: Connection error. (ECONNREFUSED`);
    expect(noTerminal.stderr).toContain("pass --yes to send without asking (CI)");
    expect(server.requests).toHaveLength(1);
  });
});
