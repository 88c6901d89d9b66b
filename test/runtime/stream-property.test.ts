/**
 * Issue 24 N2's property: runToolsStreaming handles any event sequence in bounded time. Random
 * replies (text, thinking and tool_use blocks, any stop_reason) are streamed as the Messages API
 * streams them (random delta pieces, unknown event types between) and sent as one JSON Message: the
 * two loops must leave the same transcript and run the same calls, or reject with the same error.
 * Each sequence is then broken (an index that is not the one expected, a repeated block start, a
 * start without its block, a delta where no block is open), which must reject with a clear protocol error at once, running nothing.
 * Fixed seed, bounded budget (more with TOOLGEN_HEAVY=1); each sequence has a wall-clock bound.
 * The official @anthropic-ai/sdk client talks over real HTTP to a scripted Messages API on 127.0.0.1.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ToolUseBlock } from "../../src/runtime/dispatch.js";
import { runToolsStreamingWith, runToolsWith, type RunResult } from "../../src/runtime/run.js";
import { json, KEYS } from "./arbitraries.js";
import { echoDispatcher, message, startMessagesServer, type MessagesServer } from "./messages-server.js";

const HEAVY = process.env["TOOLGEN_HEAVY"] === "1";
const SEQUENCES = HEAVY ? 2_000 : 150;
/** Per sequence, wall clock on a shared, loaded machine; index 1e8 took 2.9 s of CPU before the fix, 1e9 27 s. */
const LIMIT_MS = 2_000;

let server: MessagesServer;

beforeAll(async () => {
  server = await startMessagesServer();
});

afterAll(async () => {
  await server?.close();
});

type Event = { type: string; [key: string]: unknown };
type Block =
  | { type: "text"; text: string }
  | { type: "thinking"; thinking: string; signature: string }
  | { type: "tool_use"; id: string; name: string; input: Record<string, unknown> };

const text = fc.string({ unit: "binary", maxLength: 12 });
/** Cut points of a string: its delta pieces. */
const pieces = fc.array(fc.nat(40), { maxLength: 4 });
const block: fc.Arbitrary<Block> = fc.oneof(
  fc.record({ type: fc.constant("text" as const), text }),
  fc.record({ type: fc.constant("thinking" as const), thinking: text, signature: fc.string({ maxLength: 8 }) }),
  fc.record({
    type: fc.constant("tool_use" as const),
    id: fc.string({ minLength: 1, maxLength: 8 }).map((s) => `toolu_${s}`),
    name: fc.constantFrom("get_weather", "get_stock_price", "x"),
    input: fc.array(fc.tuple(fc.constantFrom(...KEYS), json), { maxLength: 4 }).map((e) => Object.fromEntries(e)),
  }),
);

/** Bad values for an index: never the one expected (the mutation skips one that happens to be). */
const BAD_INDEXES: unknown[] = [-1, 0.5, 1.5, 1e8, 1e9, 4294967294, 4294967295, 2 ** 53, 1e300, null, "0", "1", true, {}, [0], undefined];

const reply = fc.record({
  blocks: fc.array(fc.tuple(block, pieces), { maxLength: 4 }),
  stopReason: fc.constantFrom("tool_use", "end_turn", "max_tokens", "stop_sequence"),
  /** Where unknown events go: a future event type the loop must pass over. */
  noise: fc.array(fc.nat(60), { maxLength: 3 }),
  mutation: fc.record({
    kind: fc.constantFrom("index", "index", "repeat-start", "no-block"),
    at: fc.nat(1_000),
    bad: fc.nat(BAD_INDEXES.length - 1),
    step: fc.integer({ min: -3, max: 3 }),
  }),
});

function split(s: string, cuts: number[]): string[] {
  const at = [...new Set(cuts.map((c) => c % (s.length + 1)))].sort((a, b) => a - b);
  const out: string[] = [];
  let from = 0;
  for (const c of at) {
    out.push(s.slice(from, c));
    from = c;
  }
  out.push(s.slice(from));
  return out.filter((p, k) => p !== "" || k === 0);
}

/** The events the API streams for `blocks` (the SDK drops `ping`; `future_event` reaches the loop). */
function streamOf(blocks: Array<[Block, number[]]>, stopReason: string, noise: number[]): Event[] {
  const events: Event[] = [{ type: "message_start", message: { ...message([], "end_turn"), stop_reason: null } }];
  blocks.forEach(([b, cuts], index) => {
    const delta = (d: object) => events.push({ type: "content_block_delta", index, delta: d });
    if (b.type === "text") {
      events.push({ type: "content_block_start", index, content_block: { type: "text", text: "" } });
      for (const t of split(b.text, cuts)) delta({ type: "text_delta", text: t });
    } else if (b.type === "thinking") {
      events.push({ type: "content_block_start", index, content_block: { type: "thinking", thinking: "" } });
      for (const t of split(b.thinking, cuts)) delta({ type: "thinking_delta", thinking: t });
      delta({ type: "signature_delta", signature: b.signature });
    } else {
      events.push({ type: "content_block_start", index, content_block: { type: "tool_use", id: b.id, name: b.name, input: {} } });
      const whole = JSON.stringify(b.input);
      // A tool without input may stream no delta at all.
      if (whole !== "{}" || cuts.length > 0) for (const t of split(whole, cuts)) delta({ type: "input_json_delta", partial_json: t });
    }
    events.push({ type: "content_block_stop", index });
  });
  events.push({ type: "message_delta", delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: 20 } });
  events.push({ type: "message_stop" });
  for (const n of noise) {
    const at = 1 + (n % (events.length - 1));
    events.splice(at, 0, n % 2 === 0 ? { type: "ping" } : { type: "future_event", index: n * 1e7 });
  }
  return events;
}

/** `events` broken so that the protocol is violated. */
function broken(events: Event[], m: { kind: string; at: number; bad: number; step: number }): Event[] {
  const positions = events.flatMap((e, k) => (e.type.startsWith("content_block_") ? [k] : []));
  const starts = positions.filter((k) => events[k]!.type === "content_block_start");
  const out = events.map((e) => ({ ...e }));
  if (m.kind === "repeat-start" && starts.length > 0) {
    const k = starts[m.at % starts.length]!;
    out.splice(k + 1, 0, { ...events[k]! });
    return out;
  }
  if (m.kind === "no-block" && starts.length > 0) {
    const k = starts[m.at % starts.length]!;
    out[k] = m.at % 2 === 0 ? { type: "content_block_start", index: events[k]!["index"] } : { ...events[k]!, content_block: "text" };
    return out;
  }
  if (positions.length === 0) {
    // No block: a delta for one, where none is open.
    out.splice(1, 0, { type: "content_block_delta", index: m.at % 2 === 0 ? 0 : BAD_INDEXES[m.bad], delta: { type: "text_delta", text: "x" } });
    return out;
  }
  const k = positions[m.at % positions.length]!;
  const right = events[k]!["index"] as number;
  // Half the time a near miss (the previous or a later block), else a value of the wrong kind or size.
  const near = right + (m.step === 0 ? 1 : m.step);
  const bad = m.at % 2 === 0 && near >= 0 ? near : BAD_INDEXES[m.bad];
  const e = out[k]!;
  if (bad === undefined) delete e["index"];
  else e["index"] = bad === right ? right + 1 : bad;
  return out;
}

type Outcome = { ok: RunResult["messages"]; ran: ToolUseBlock[] } | { error: string; ran: ToolUseBlock[] };

async function outcome(stream: boolean, turn: Parameters<MessagesServer["script"]>[0][number]): Promise<{ got: Outcome; ms: number }> {
  server.script([turn]);
  const ran: ToolUseBlock[] = [];
  const defaults = { tools: [], dispatcher: echoDispatcher(ran) };
  const options = { client: server.client, request: { model: "claude-test", max_tokens: 64, messages: [{ role: "user" as const, content: "go" }] }, maxIterations: 1 };
  // CPU time (the fake server runs in this process too): the work done, which a loaded machine does not inflate.
  const started = process.cpuUsage();
  const ms = () => {
    const used = process.cpuUsage(started);
    return (used.user + used.system) / 1000;
  };
  try {
    const result = await (stream ? runToolsStreamingWith(defaults, options) : runToolsWith(defaults, options));
    return { got: { ok: result.messages, ran }, ms: ms() };
  } catch (e) {
    return { got: { error: e instanceof Error ? `${e.name}: ${e.message}` : String(e), ran }, ms: ms() };
  }
}

describe("N2: runToolsStreaming over random event sequences", () => {
  it(`${SEQUENCES} replies, streamed and not, then broken: the same transcript or a clear error, each within ${LIMIT_MS} ms`, async () => {
    const samples = fc.sample(reply, { numRuns: SEQUENCES, seed: 2024 });
    let rejected = 0;
    for (const [n, r] of samples.entries()) {
      const events = streamOf(r.blocks, r.stopReason, r.noise);
      const label = `sequence ${n}: ${JSON.stringify(events).slice(0, 2_000)}`;
      const streamed = await outcome(true, { kind: "sse", events });
      const whole = await outcome(false, { kind: "raw", body: { ...message([], r.stopReason), content: r.blocks.map(([b]) => b) } });
      expect(streamed.ms, label).toBeLessThan(LIMIT_MS);
      expect(streamed.got, label).toEqual(whole.got);
      if ("error" in whole.got) rejected++;

      const bad = broken(events, r.mutation);
      const badLabel = `broken sequence ${n}: ${JSON.stringify(bad).slice(0, 2_000)}`;
      const result = await outcome(true, { kind: "sse", events: bad });
      expect(result.ms, badLabel).toBeLessThan(LIMIT_MS);
      expect(result.got, badLabel).toMatchObject({ error: expect.stringMatching(/^Error: toolgen: the stream's content_block_(start|delta|stop) event /), ran: [] });
    }
    // The budget reaches both outcomes of the well-formed replies.
    expect(rejected).toBeGreaterThan(0);
    expect(rejected).toBeLessThan(SEQUENCES);
  }, HEAVY ? 1_800_000 : 180_000);
});
