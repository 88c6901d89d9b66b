#!/usr/bin/env node
/**
 * Issue 39 item 1: a generated validator's `validate` per call, against Ajv's `compile()`d function
 * for the same schema with the same semantics, in one process, in CPU time.
 *
 *   toolgen   runtime/validate.js's `compileValidator` on the schema as data that a build ships
 *             (emit/validator-data.js's `interpretedSchema`), as a generated validators/<tool>.js runs it.
 *   Ajv       `new Ajv(options).compile(schema)`: allErrors, ownProperties, strict: false, toolgen's
 *             formats (runtime/formats.js), toolgen's `uniqueItems`-free default otherwise, and the same RE2
 *             engine for `pattern`s (re2js, as the build's check; both sides run the same one).
 *   dispatch  `dispatcher.dispatch(toolUse)` against calling the same validator and handler directly.
 *
 * Tools: the seed tools (schemas/) and the first --tools of bench/corpus.mjs. Inputs: a valid one
 * (corpus.mjs's makeInput) and an invalid one (every parameter given a value of the wrong type).
 * Each case alternates toolgen and Ajv round by round (A B B A ...), a round a tight loop of about
 * --round-ms, timed with process.cpuUsage (user + system); a case's ratio is the median of its
 * rounds' ratios, the figure is the median over cases (with the valid and invalid medians beside it).
 * Prints one JSON object on stdout.
 *
 *   node bench/validate.mjs [--dist DIR] [--tools 40] [--rounds 7] [--round-ms 20] [--warmup-ms 200]
 */
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { makeInput, makeTool } from "./corpus.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { values: args } = parseArgs({
  options: {
    dist: { type: "string", default: path.join(root, "dist") },
    tools: { type: "string", default: "40" },
    rounds: { type: "string", default: "7" },
    "round-ms": { type: "string", default: "20" },
    "warmup-ms": { type: "string", default: "200" },
  },
});
const ROUNDS = Number(args.rounds);
const ROUND_US = Number(args["round-ms"]) * 1000;
const WARMUP_US = Number(args["warmup-ms"]) * 1000;
const dist = path.resolve(args.dist);
const load = (rel) => import(pathToFileURL(path.join(dist, rel)).href);

const require = createRequire(import.meta.url);
const { Ajv } = require("ajv");
const { Ajv2020 } = require("ajv/dist/2020.js");
const { RE2JS } = require("re2js");
const { compileValidator } = await load("src/runtime/validate.js");
const { formats } = await load("src/runtime/formats.js");
const { toRe2Syntax } = await load("src/runtime/pattern.js");
const { interpretedSchema } = await load("src/emit/validator-data.js");
const { readsAs2020 } = await load("src/schema/dialect.js");
const { createDispatcherFrom } = await load("src/runtime/dispatch.js");

/** The pattern engine of both sides: re2js on the pattern in RE2 syntax (as runtime/re2.js). */
const re2 = Object.assign((pattern) => {
  const compiled = RE2JS.compile(toRe2Syntax(pattern));
  return { test: (s) => compiled.test(s), toString: () => pattern };
}, { code: "re2" });

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const cpuUs = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};

/** A loop of its own (its own feedback, so one case's callee does not make another's call site polymorphic). */
const makeLoop = () => new Function("fn", "x", "n", "let k = 0; for (let i = 0; i < n; i++) if (fn(x)) k++; return k;");
const makeAsyncLoop = () => new Function("fn", "x", "n", "return (async () => { let k = 0; for (let i = 0; i < n; i++) if (await fn(x)) k++; return k; })();");

/** Iterations of `run(n)` that fill about one round, after a warm-up. */
async function calibrate(run) {
  for (let n = 1, t = 0; t < WARMUP_US; n *= 2) {
    const t0 = cpuUs();
    await run(n);
    t += cpuUs() - t0;
  }
  let n = 16;
  for (;;) {
    const t0 = cpuUs();
    await run(n);
    const dt = cpuUs() - t0;
    if (dt >= ROUND_US / 4) return Math.max(1, Math.round((n * ROUND_US) / dt));
    n *= 4;
  }
}

/** Alternating rounds of two loops: ns per iteration of each, round by round, and the median ratio. */
async function alternate(runA, runB) {
  const n = Math.min(await calibrate(runA), await calibrate(runB));
  const a = [];
  const b = [];
  for (let r = 0; r < ROUNDS; r++) {
    for (const [run, into] of r % 2 === 0 ? [[runA, a], [runB, b]] : [[runB, b], [runA, a]]) {
      const t0 = cpuUs();
      await run(n);
      into.push(((cpuUs() - t0) * 1000) / n);
    }
  }
  return { aNs: median(a), bNs: median(b), ratio: median(a.map((x, i) => x / b[i])) };
}

function ajvFor(schema, draft2020) {
  const options = { allErrors: true, ownProperties: true, strict: false, formats, validateFormats: true, logger: false, validateSchema: false, code: { regExp: re2 } };
  return (draft2020 ? new Ajv2020(options) : new Ajv(options)).compile(schema);
}

/** Every parameter given a value of another type: invalid wherever a parameter has a type. */
function broken(good) {
  return Object.fromEntries(Object.entries(good).map(([k, v]) => [k, typeof v === "string" ? 7 : "x"]));
}

const tools = [
  ...readdirSync(path.join(root, "schemas")).filter((f) => f.endsWith(".json")).sort()
    .map((f) => ({ kind: "seed", ...JSON.parse(readFileSync(path.join(root, "schemas", f), "utf8")) })),
  ...Array.from({ length: Number(args.tools) }, (_, i) => ({ kind: "bench", ...makeTool(i) })),
];

const cases = [];
const dispatchCases = [];
for (const tool of tools) {
  const { $id: _id, $schema: _s, ...schema } = tool.input_schema;
  const draft2020 = readsAs2020(tool.input_schema);
  const data = interpretedSchema(schema, draft2020);
  if (data === undefined) throw new Error(`${tool.name}: not interpreted`);
  const counts = draft2020 && /"m(in|ax)Contains":/.test(JSON.stringify(data.data));
  const mine = compileValidator(JSON.parse(JSON.stringify(data.data)), { ...(data.patterns.length > 0 ? { re2 } : {}), ...(counts ? { next: true } : {}) });
  const ajv = ajvFor(JSON.parse(JSON.stringify(schema)), draft2020);
  const good = makeInput(tool.input_schema);
  for (const [validity, input] of [["valid", good], ["invalid", broken(good)]]) {
    const expected = validity === "valid";
    const verdicts = [mine(input), JSON.stringify(mine.errors), ajv(input), JSON.stringify(ajv.errors)];
    if (verdicts[0] !== expected || verdicts[2] !== expected || verdicts[1] !== verdicts[3]) {
      throw new Error(`${tool.name} ${validity}: toolgen and Ajv disagree: ${JSON.stringify(verdicts)}`);
    }
    const loopA = makeLoop();
    const loopB = makeLoop();
    const r = await alternate((n) => loopA(mine, input, n), (n) => loopB(ajv, input, n));
    cases.push({ tool: tool.name, kind: tool.kind, validity, toolgenNs: r.aNs, ajvNs: r.bNs, ratio: r.ratio });
  }
  // Dispatch against the same validator and handler called directly, on the valid input.
  if (dispatchCases.length < 8) {
    const handler = () => "ok";
    const d = createDispatcherFrom([{ name: tool.name, inputSchema: tool.input_schema, loadValidator: () => mine }], { [tool.name]: handler });
    const block = { type: "tool_use", id: "toolu_1", name: tool.name, input: good };
    const direct = async (x) => (mine(x) ? handler(x) : undefined) !== undefined;
    const loopA = makeAsyncLoop();
    const loopB = makeAsyncLoop();
    const r = await alternate((n) => loopA((b) => d.dispatch(b), block, n), (n) => loopB(direct, good, n));
    dispatchCases.push({ tool: tool.name, dispatchNs: r.aNs, directNs: r.bNs, overheadNs: r.aNs - r.bNs });
  }
}

const ratios = (filter) => cases.filter(filter).map((c) => c.ratio);
process.stdout.write(`${JSON.stringify({
  dist,
  cases,
  ratioMedian: median(ratios(() => true)),
  ratioValidMedian: median(ratios((c) => c.validity === "valid")),
  ratioInvalidMedian: median(ratios((c) => c.validity === "invalid")),
  ratioMax: Math.max(...ratios(() => true)),
  toolgenValidNsMedian: median(cases.filter((c) => c.validity === "valid").map((c) => c.toolgenNs)),
  ajvValidNsMedian: median(cases.filter((c) => c.validity === "valid").map((c) => c.ajvNs)),
  dispatch: dispatchCases,
  dispatchOverheadMedianNs: median(dispatchCases.map((c) => c.overheadNs)),
}, null, 1)}\n`);
