/**
 * The recording of a live `toolgen eval` (`--record FILE`, read back by `--replay FILE`), JSONL:
 *
 *   {"recording":"toolgen eval","version":1,"model":"...","tools":{"name":"<sha256>",...},"sets":{"":["name",...],...}}
 *   {"case":"cases.jsonl:3","key":"[\"request\",null]","attempt":1,"turns":[{"sha256":"<body's sha256>","answer":{...}}]}
 *
 * The header holds the model, each tool definition's hash as sent and the tools each toolset sent
 * ("" is the folder's); each later line is one run of one case: per request, the SHA-256 of its body
 * and the model's answer. A replay answers each request from the run's line when the body hashes as
 * recorded; otherwise the run is stale, and the reason names what changed: the model, the tools
 * added, removed or changed in what the case sends, its request, or the tool search's answer.
 */
import { UsageError } from "../errors.js";
import type { JsonObject } from "../model.js";
import { sha256, StaleExchange, type LiveAnswer, type LiveRequest, type Send } from "./live.js";

export const RECORDING_VERSION = 1;

export interface RecordingHeader {
  recording: "toolgen eval";
  version: number;
  model: string;
  tools: Record<string, string>;
  sets: Record<string, string[]>;
}

export interface RecordedRun {
  case: string;
  key: string;
  attempt: number;
  turns: { sha256: string; answer: LiveAnswer }[];
}

export interface Recording {
  header: RecordingHeader;
  runs: Map<string, RecordedRun>;
}

const runId = (key: string, attempt: number) => `${attempt}\u0000${key}`;
const bodyHash = (body: LiveRequest) => sha256(JSON.stringify(body));
const toolHash = (tool: JsonObject) => sha256(JSON.stringify(tool));

/** The header for the tools each toolset sends. */
export function recordingHeader(model: string, sets: ReadonlyMap<string, readonly JsonObject[]>): RecordingHeader {
  const tools: Record<string, string> = {};
  const names: Record<string, string[]> = {};
  for (const [set, list] of [...sets].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    names[set] = list.map((t) => String(t.name));
    for (const t of list) tools[String(t.name)] = toolHash(t);
  }
  return { recording: "toolgen eval", version: RECORDING_VERSION, model, tools, sets: names };
}

/** `send`, with every request's hash and answer kept; `lines()` is the recording so far. */
export function recorder(header: RecordingHeader, send: Send): { send: Send; lines: () => string[] } {
  const runs = new Map<string, RecordedRun>();
  return {
    send: async (body, at) => {
      const answer = await send(body, at);
      const id = runId(at.key, at.attempt);
      const run = runs.get(id) ?? { case: at.where, key: at.key, attempt: at.attempt, turns: [] };
      run.turns.push({ sha256: bodyHash(body), answer: keep(answer) });
      runs.set(id, run);
      return answer;
    },
    lines: () => [JSON.stringify(header), ...[...runs.values()].map((r) => JSON.stringify(r))],
  };
}

/** What a recording keeps of an answer: what the eval reads. */
function keep(answer: LiveAnswer): LiveAnswer {
  return { content: answer.content, ...(answer.stop_reason !== undefined ? { stop_reason: answer.stop_reason } : {}), ...(answer.usage !== undefined ? { usage: answer.usage } : {}) };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** A recording's text, checked line by line (`file` names it in messages). */
export function parseRecording(text: string, file: string): Recording {
  const lines = text.split("\n");
  let header: RecordingHeader | undefined;
  const runs = new Map<string, RecordedRun>();
  lines.forEach((line, i) => {
    if (line.trim() === "") return;
    const where = `${file}:${i + 1}`;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new UsageError(`${where}: not JSON; a recording holds one JSON object a line (toolgen eval --record writes it)`);
    }
    if (header === undefined) {
      if (!isRecord(value) || value.recording !== "toolgen eval" || typeof value.model !== "string" || !isRecord(value.tools) || !isRecord(value.sets)) {
        throw new UsageError(`${where}: not a toolgen eval recording (its first line is the header toolgen eval --record writes)`);
      }
      if (value.version !== RECORDING_VERSION) throw new UsageError(`${where}: a recording of version ${String(value.version)}; this toolgen reads version ${RECORDING_VERSION} (record it again)`);
      header = value as unknown as RecordingHeader;
      return;
    }
    const ok =
      isRecord(value) && typeof value.key === "string" && typeof value.case === "string" && Number.isInteger(value.attempt) && Array.isArray(value.turns) &&
      value.turns.every((t) => isRecord(t) && typeof t.sha256 === "string" && isRecord(t.answer) && Array.isArray(t.answer.content));
    if (!ok) {
      throw new UsageError(`${where}: not a recorded run ({"case", "key", "attempt", "turns": [{"sha256", "answer"}]})`);
    }
    const run = value as unknown as RecordedRun;
    runs.set(runId(run.key, run.attempt), run);
  });
  if (header === undefined) throw new UsageError(`${file}: empty; record one with toolgen eval CASES --model MODEL --record ${file}`);
  return { header, runs };
}

/** How many runs of a case the recording holds at most (`--repeat` when it was recorded). */
export function recordedRuns(recording: Recording): number {
  let most = 1;
  for (const run of recording.runs.values()) most = Math.max(most, run.attempt);
  return most;
}

/** Why the first request of a run no longer hashes as recorded: the tools it sends that were added, removed or changed. */
function whyChanged(recording: Recording, body: LiveRequest, set: string): string {
  const recorded = recording.header.sets[set];
  if (recorded === undefined) return `its toolset '${set}' sent nothing when recorded`;
  const now = new Map(body.tools.map((t) => [String(t.name), toolHash(t)]));
  const list = (names: string[]) => names.slice(0, 5).join(", ") + (names.length > 5 ? `, and ${names.length - 5} more` : "");
  const parts: string[] = [];
  const added = [...now.keys()].filter((n) => !recorded.includes(n));
  const removed = recorded.filter((n) => !now.has(n));
  const changed = [...now].filter(([n, h]) => recorded.includes(n) && recording.header.tools[n] !== h).map(([n]) => n);
  if (changed.length > 0) parts.push(`tool(s) changed: ${list(changed)}`);
  if (added.length > 0) parts.push(`tool(s) added: ${list(added)}`);
  if (removed.length > 0) parts.push(`tool(s) removed: ${list(removed)}`);
  return parts.length > 0 ? parts.join("; ") : "its request changed (its words or max_tokens)";
}

/** A `Send` that answers from `recording`, and throws StaleExchange for a request it did not record. */
export function replaySend(recording: Recording): Send {
  const toolsetOf = (key: string) => String((JSON.parse(key) as [string, string | null])[1] ?? "");
  return (body, at) => {
    if (body.model !== recording.header.model) return Promise.reject(new StaleExchange(`recorded with the model ${recording.header.model}, not ${body.model}`));
    const run = recording.runs.get(runId(at.key, at.attempt));
    if (run === undefined) return Promise.reject(new StaleExchange(at.attempt === 1 ? "not in the recording" : `run ${at.attempt} is not in the recording`));
    const turn = run.turns[at.turn];
    if (turn === undefined) return Promise.reject(new StaleExchange(`the recording ends after ${run.turns.length} request(s); the tool search now answers otherwise`));
    if (turn.sha256 !== bodyHash(body)) {
      return Promise.reject(new StaleExchange(at.turn === 0 ? whyChanged(recording, body, toolsetOf(at.key)) : "the tool search now answers otherwise (a tool's name, description or parameters changed)"));
    }
    return Promise.resolve(turn.answer);
  };
}
