#!/usr/bin/env node
/**
 * In-process benchmarks of generated code (comparisons 5 and 6), run by run.mjs in a fresh process
 * on a generated folder compiled to JavaScript:
 *
 *   dispatch   `dispatcher.dispatch(toolUse)` of valid tool_use blocks, against calling the same
 *              trivial handler directly (both awaited, as a caller of an async handler would).
 *   parse      `parseFunctionCalls(text)` of a 100-invoke <function_calls> block, against
 *              fast-xml-parser's `XMLParser.parse` of the same text.
 *
 * Each pair alternates round by round (A, B, B, A, ...); a round times a tight loop with
 * process.hrtime.bigint() and its length is calibrated first. Prints one JSON object on stdout:
 * the per-round figures and their medians.
 *
 *   node bench/micro.mjs --index DIR/generated/index.js [--rounds 9] [--round-ms 100] [--warmup-ms 1000] [--invokes 100]
 */
import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import { makeInput } from "./corpus.mjs";

const { values: args } = parseArgs({
  options: {
    index: { type: "string" },
    rounds: { type: "string", default: "9" },
    "round-ms": { type: "string", default: "100" },
    invokes: { type: "string", default: "100" },
    "warmup-ms": { type: "string", default: "1000" },
  },
});
if (!args.index) throw new Error("--index is required");
const ROUNDS = Number(args.rounds);
const ROUND_NS = BigInt(Math.round(Number(args["round-ms"]) * 1e6));
const INVOKES = Number(args.invokes);
const WARMUP_NS = BigInt(Math.round(Number(args["warmup-ms"]) * 1e6));

const gen = await import(pathToFileURL(args.index).href);
const { XMLParser } = await import("fast-xml-parser");

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** Runs `loop` for a while (--warmup-ms), so the JIT has optimised it before anything is timed. */
async function warmUp(loop) {
  const until = process.hrtime.bigint() + WARMUP_NS;
  for (let n = 1; process.hrtime.bigint() < until; n = Math.min(n * 2, 1 << 20)) await loop(n);
}

/** How many iterations of `loop` fill about one round (at least 1). */
async function calibrate(loop) {
  await warmUp(loop);
  let n = 1;
  for (;;) {
    const t0 = process.hrtime.bigint();
    await loop(n);
    const dt = process.hrtime.bigint() - t0;
    if (dt >= ROUND_NS / 4n || n >= 1 << 26) return Math.max(1, Math.round((n * Number(ROUND_NS)) / Number(dt > 0n ? dt : 1n)));
    n *= 4;
  }
}

/** Alternating rounds of two loops; returns ns per iteration of each, round by round. */
async function alternate(loopA, loopB) {
  const n = Math.min(await calibrate(loopA), await calibrate(loopB));
  const a = [];
  const b = [];
  for (let r = 0; r < ROUNDS; r++) {
    for (const [loop, into] of r % 2 === 0 ? [[loopA, a], [loopB, b]] : [[loopB, b], [loopA, a]]) {
      const t0 = process.hrtime.bigint();
      await loop(n);
      into.push(Number(process.hrtime.bigint() - t0) / n);
    }
  }
  return { iterations: n, a, b };
}

// ---------------------------------------------------------------------------------------------
// Dispatch.

const tools = gen.tools;
const K = Math.min(16, tools.length);
const chosen = Array.from({ length: K }, (_, j) => tools[Math.floor((j * tools.length) / K)]);
const handler = (input, _context) => "ok";
const handlers = Object.fromEntries(tools.map((t) => [t.name, handler]));
const dispatcher = gen.createDispatcher(handlers);
const inputs = chosen.map((t, j) => makeInput(t.input_schema, t.input_schema, j));
const blocks = chosen.map((t, j) => ({ type: "tool_use", id: `toolu_bench_${j}`, name: t.name, input: inputs[j] }));
const direct = chosen.map(() => handler);
const context = { toolUseId: "toolu_bench", toolName: "bench", protocol: "native" };

// Warm-up: loads every validator (they load lazily on first use) and proves the inputs are valid.
for (const block of blocks) {
  const result = await dispatcher.dispatch(block);
  if (result.is_error || result.content !== "ok") {
    throw new Error(`dispatch of a valid input failed for ${block.name}: ${JSON.stringify(result.content)}`);
  }
}

let sink = 0;
const dispatchLoop = async (n) => {
  for (let i = 0; i < n; i++) {
    const result = await dispatcher.dispatch(blocks[i % K]);
    sink += result.content.length;
  }
};
const directLoop = async (n) => {
  for (let i = 0; i < n; i++) {
    const result = await direct[i % K](inputs[i % K], context);
    sink += result.length;
  }
};
const dispatchRounds = await alternate(dispatchLoop, directLoop);

// ---------------------------------------------------------------------------------------------
// Legacy parse.

const calls = Array.from({ length: INVOKES }, (_, j) => {
  const tool = tools[(j * 7919) % tools.length];
  return { name: tool.name, input: makeInput(tool.input_schema, tool.input_schema, j) };
});
const text = `I will look these up now.\n\n${gen.renderFunctionCalls(calls)}`;
const parsed = gen.parseFunctionCalls(text);
if (parsed.calls.length !== INVOKES || parsed.calls.some((c) => c.error)) {
  throw new Error(`parseFunctionCalls read ${parsed.calls.length} of ${INVOKES} calls: ${parsed.calls.find((c) => c.error)?.error ?? ""}`);
}
const xml = new XMLParser();
const viaFxp = xml.parse(text);
const fxpInvokes = [viaFxp?.function_calls?.invoke ?? []].flat().length;
if (fxpInvokes !== INVOKES) throw new Error(`fast-xml-parser read ${fxpInvokes} of ${INVOKES} invokes`);

const parseLoop = async (n) => {
  for (let i = 0; i < n; i++) sink += gen.parseFunctionCalls(text).calls.length;
};
const fxpLoop = async (n) => {
  for (let i = 0; i < n; i++) sink += xml.parse(text) ? 1 : 0;
};
const parseRounds = await alternate(parseLoop, fxpLoop);

process.stdout.write(
  JSON.stringify({
    dispatch: {
      tools: K,
      iterations: dispatchRounds.iterations,
      dispatchNs: dispatchRounds.a,
      directNs: dispatchRounds.b,
      dispatchMedianNs: median(dispatchRounds.a),
      directMedianNs: median(dispatchRounds.b),
      overheadMedianNs: median(dispatchRounds.a.map((x, r) => x - dispatchRounds.b[r])),
    },
    parse: {
      invokes: INVOKES,
      bytes: Buffer.byteLength(text),
      iterations: parseRounds.iterations,
      toolgenNs: parseRounds.a,
      fxpNs: parseRounds.b,
      toolgenMedianNs: median(parseRounds.a),
      fxpMedianNs: median(parseRounds.b),
      ratioMedian: median(parseRounds.a.map((x, r) => x / parseRounds.b[r])),
    },
    sink,
  }) + "\n",
);
