/**
 * `toolgen eval CASES --model MODEL`'s measure: each case's request sent to a model with the tools the
 * config sends (the folder's, the case's toolset's, or the tool search with deferred tools), and how
 * the model chose. Per run: the tool it called first (right when it is an expected one), the
 * `forbidden` tools it called, whether that first call's arguments pass toolgen's validator (Ajv with
 * the generated validators' options, its messages from src/runtime/messages.ts), and whether they
 * contain the case's `expected_args` (a subset match). Totals: accuracy, forbidden rate, argument
 * validity and argument match, each with its 95% Wilson interval when a case runs more than once.
 *
 * No SDK and no network here: `runLive` sends each request through the `Send` it is given (the
 * command's SDK client, or a recording's answers). A recording (`--record`, JSONL) holds a header
 * (the model, each tool's hash) and one line per run: the SHA-256 of each request body sent and the
 * answer to it. Replaying it runs the same loop, and a request that no longer hashes as recorded
 * (a tool changed, the request changed, the search answers otherwise) makes the run stale: it is left
 * out of the totals and named, with why, to be recorded again.
 */
import { createHash } from "node:crypto";
import { UsageError } from "../errors.js";
import { exampleCompiler } from "../lint/meta/example-compiler.js";
import type { JsonObject } from "../model.js";
import { describeValidationErrors } from "../runtime/messages.js";
import { answerToolSearch, TOOL_SEARCH_NAME, type SearchIndex } from "../runtime/search.js";
import type { EvalCase } from "./eval.js";

/** A Messages API request as the eval sends it (the SDK's MessageCreateParams, non-streaming). */
export interface LiveRequest {
  model: string;
  max_tokens: number;
  messages: { role: "user" | "assistant"; content: unknown }[];
  tools: readonly JsonObject[];
}

/** What the eval reads of an answer (the SDK's Message). */
export interface LiveAnswer {
  content: readonly { type: string; id?: string; name?: string; input?: unknown; text?: string }[];
  stop_reason?: string | null;
  usage?: { input_tokens?: number; output_tokens?: number };
}

/** Sends one request; `at` says which run and turn it is (a recording answers by it). */
export type Send = (body: LiveRequest, at: { key: string; attempt: number; turn: number; where: string }) => Promise<LiveAnswer>;

export interface LiveSetup {
  model: string;
  maxTokens: number;
  /** The `tools` array of a case's request by its toolset ("" is the folder's). */
  tools: ReadonlyMap<string, readonly JsonObject[]>;
  /** Set when the config builds the tool search: a `tool_search` call is answered from it (within the case's toolset). */
  searchIndex?: SearchIndex;
  /** Each tool's input schema, for the validator. */
  schemas: ReadonlyMap<string, JsonObject>;
  /** How many times each case runs (`--repeat`). */
  repeat: number;
}

/** At most this many rounds of tool search before the model is taken to have called nothing. */
export const MAX_SEARCH_ROUNDS = 3;

/** The default `max_tokens` of each request: enough for a tool call and a few words before it. */
export const DEFAULT_MAX_TOKENS = 1024;

export interface RunResult {
  where: string;
  request: string;
  expected: string[];
  attempt: number;
  /** The first tool it called (tool_search aside); null: none. */
  first: string | null;
  right: boolean;
  /** The forbidden tools it called, in order. */
  forbidden: string[];
  /** Whether the first call's arguments pass the validator (null: no call); `invalid` says why not. */
  valid: boolean | null;
  invalid?: string;
  /** Whether they contain `expected_args` (null: the case gives none). */
  argsMatch: boolean | null;
  /** Requests this run sent (tool search rounds included). */
  requests: number;
}

export interface Rate {
  hits: number;
  of: number;
  /** hits / of (0 when of is 0), to 4 places. */
  rate: number;
  /** The 95% Wilson score interval, when each case ran more than once. */
  interval?: [number, number];
}

export interface LiveReport {
  model: string;
  cases: number;
  repeat: number;
  /** How the tools were sent: "tools" (the folder's or a toolset's array) or "search" (tool_search with deferred tools). */
  mode: "tools" | "search";
  totals: {
    /** Runs whose first call is an expected tool, over all runs scored. */
    accuracy: Rate;
    /** Runs that called a forbidden tool, over the runs of cases that name any. */
    forbidden: Rate;
    /** Runs whose first call's arguments pass the validator, over the runs that called a tool. */
    argumentValidity: Rate;
    /** Runs whose first call is expected and contains `expected_args`, over the runs of cases that give them. */
    argumentMatch: Rate;
  };
  requests: number;
  runs: RunResult[];
  /** Runs whose recorded exchange no longer matches (replay only), with why; not in the totals. */
  stale: { where: string; line?: number; attempt: number; why: string }[];
}

const round = (n: number) => Math.round(n * 10_000) / 10_000;

/** z for a two-sided 95% interval. */
const Z95 = 1.959964;

/**
 * The 95% Wilson score interval of `hits` in `of` trials. The runs of a fixed case set are independent
 * across cases, and repeats of one case are draws of its own rate, so the pooled binomial interval is
 * conservative for the set's rate.
 */
export function wilson(hits: number, of: number): [number, number] {
  if (of === 0) return [0, 1];
  const p = hits / of;
  const z2 = Z95 * Z95;
  const centre = p + z2 / (2 * of);
  const spread = Z95 * Math.sqrt((p * (1 - p)) / of + z2 / (4 * of * of));
  const scale = 1 + z2 / of;
  return [round(Math.max(0, (centre - spread) / scale)), round(Math.min(1, (centre + spread) / scale))];
}

function rate(hits: number, of: number, repeat: number): Rate {
  return { hits, of, rate: of === 0 ? 0 : round(hits / of), ...(repeat > 1 ? { interval: wilson(hits, of) } : {}) };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Whether `actual` contains `expected`: objects key by key (recursively), anything else equal as JSON. */
export function containsArgs(actual: unknown, expected: unknown): boolean {
  if (isRecord(expected)) return isRecord(actual) && Object.entries(expected).every(([k, v]) => Object.hasOwn(actual, k) && containsArgs(actual[k], v));
  if (Array.isArray(expected)) return Array.isArray(actual) && actual.length === expected.length && expected.every((v, i) => containsArgs(actual[i], v));
  return Object.is(actual, expected) || (typeof expected === "number" && actual === expected);
}

/** A case's identity in a recording: its request and toolset (its line may move). */
export const caseKey = (c: Pick<EvalCase, "request" | "toolset">): string => JSON.stringify([c.request, c.toolset ?? null]);

export const sha256 = (text: string): string => createHash("sha256").update(text).digest("hex");

/** The first request of a case: its words as the user's message, with the tools its toolset sends. */
export function firstRequest(c: EvalCase, setup: Pick<LiveSetup, "model" | "maxTokens" | "tools">): LiveRequest {
  const tools = setup.tools.get(c.toolset ?? "");
  if (tools === undefined) throw new UsageError(`${c.where}: unknown toolset '${String(c.toolset).slice(0, 64)}' (the config's toolsets: ${[...setup.tools.keys()].filter((k) => k !== "").join(", ") || "none"})`);
  return { model: setup.model, max_tokens: setup.maxTokens, messages: [{ role: "user", content: c.request }], tools };
}

type Validate = (tool: string, input: unknown) => string | undefined;

async function validator(schemas: ReadonlyMap<string, JsonObject>): Promise<Validate> {
  const compile = await exampleCompiler();
  const compiled = new Map<string, ReturnType<typeof compile>>();
  return (tool, input) => {
    const schema = schemas.get(tool);
    if (schema === undefined) return `no tool of the folder is named '${tool.slice(0, 80)}'`;
    if (!compiled.has(tool)) compiled.set(tool, compile(schema));
    const validate = compiled.get(tool);
    if (validate === undefined) return undefined;
    if (validate(input) === true) return undefined;
    return describeValidationErrors(validate.errors).slice(0, 3).join("; ") || "invalid";
  };
}

/** One run of one case: the request, and the tool search's rounds when the model searches first. */
async function runOnce(c: EvalCase, attempt: number, setup: LiveSetup, send: Send, validate: Validate): Promise<RunResult> {
  let body = firstRequest(c, setup);
  const calls: { name: string; input: unknown }[] = [];
  let requests = 0;
  for (let turn = 0; turn <= MAX_SEARCH_ROUNDS; turn++) {
    const answer = await send(body, { key: caseKey(c), attempt, turn, where: c.where });
    requests++;
    const uses = (Array.isArray(answer.content) ? answer.content : []).filter((b) => b.type === "tool_use" && typeof b.name === "string");
    const searches = setup.searchIndex === undefined ? [] : uses.filter((u) => u.name === TOOL_SEARCH_NAME);
    calls.push(...uses.filter((u) => !searches.includes(u)).map((u) => ({ name: u.name!, input: u.input })));
    if (uses.length === 0 || searches.length < uses.length || turn === MAX_SEARCH_ROUNDS) break;
    const results = searches.map((u) => answerToolSearch(setup.searchIndex!, { id: String(u.id), input: u.input }, c.toolset !== undefined ? { toolset: c.toolset } : {}));
    body = { ...body, messages: [...body.messages, { role: "assistant", content: answer.content }, { role: "user", content: results }] };
  }
  const first = calls[0];
  const invalid = first === undefined ? undefined : validate(first.name, first.input);
  const right = first !== undefined && c.expected.includes(first.name);
  return {
    where: c.where,
    request: c.request,
    expected: c.expected,
    attempt,
    first: first?.name ?? null,
    right,
    forbidden: calls.map((x) => x.name).filter((n) => c.forbidden?.includes(n) === true),
    valid: first === undefined ? null : invalid === undefined,
    ...(invalid !== undefined ? { invalid } : {}),
    argsMatch: c.expectedArgs === undefined ? null : right && containsArgs(first!.input, c.expectedArgs),
    requests,
  };
}

/** Thrown by a replay's `Send` when the request is not the one recorded: the run is stale. */
export class StaleExchange extends Error {}

/** Every case `setup.repeat` times, one request at a time, in the cases' order. */
export async function runLive(cases: readonly EvalCase[], setup: LiveSetup, send: Send): Promise<LiveReport> {
  const validate = await validator(setup.schemas);
  const runs: RunResult[] = [];
  const stale: LiveReport["stale"] = [];
  for (const c of cases) {
    for (let attempt = 1; attempt <= setup.repeat; attempt++) {
      try {
        runs.push(await runOnce(c, attempt, setup, send, validate));
      } catch (error) {
        if (!(error instanceof StaleExchange)) throw error;
        stale.push({ where: c.where, ...(c.line !== undefined ? { line: c.line } : {}), attempt, why: error.message });
      }
    }
  }
  return scoreRuns(cases, runs, stale, setup);
}

function scoreRuns(cases: readonly EvalCase[], runs: RunResult[], stale: LiveReport["stale"], setup: LiveSetup): LiveReport {
  const byWhere = new Map(cases.map((c) => [c.where, c]));
  const count = (pick: (r: RunResult) => boolean, of: (r: RunResult) => boolean) => rate(runs.filter((r) => of(r) && pick(r)).length, runs.filter(of).length, setup.repeat);
  return {
    model: setup.model,
    cases: cases.length,
    repeat: setup.repeat,
    mode: setup.searchIndex === undefined ? "tools" : "search",
    totals: {
      accuracy: count((r) => r.right, () => true),
      forbidden: count((r) => r.forbidden.length > 0, (r) => byWhere.get(r.where)?.forbidden !== undefined),
      argumentValidity: count((r) => r.valid === true, (r) => r.valid !== null),
      argumentMatch: count((r) => r.argsMatch === true, (r) => r.argsMatch !== null),
    },
    requests: runs.reduce((n, r) => n + r.requests, 0),
    runs,
    stale,
  };
}

/** The metrics `--fail-under` may check in a live run, and where each is in the totals. */
export const LIVE_METRICS = { accuracy: "accuracy", "argument-validity": "argumentValidity", "argument-match": "argumentMatch" } as const;
export type LiveMetric = keyof typeof LIVE_METRICS;
