/**
 * A Messages API server on 127.0.0.1 for the run-loop tests: it answers POST /v1/messages from a
 * script of turns, as JSON or as server-sent events, and records every request body. The official
 * SDK client talks to it over real HTTP (`new Anthropic({ baseURL })`).
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Anthropic from "@anthropic-ai/sdk";
import type { ToolResultBlock, ToolUseBlock } from "../../src/runtime/dispatch.js";
import type { RunDispatcher } from "../../src/runtime/run.js";

export type Block =
  | { type: "text"; text: string }
  | { type: "tool_use"; id: string; name: string; input: unknown };

/** One scripted reply. `json` blocks: as a Message; `sse`: raw events as the API streams them; `raw`: any JSON body. */
export type Turn =
  | { kind: "json"; content: Block[]; stop_reason: string; stop_sequence?: string | null; delayMs?: number }
  /** Events are objects with a `type` as the API sends them; anything else (`null`) goes as a "message" event. */
  | { kind: "sse"; events: ReadonlyArray<{ type: string; [key: string]: unknown } | null> }
  /** Any JSON body, sent as the reply as it is (a malformed Message). */
  | { kind: "raw"; body: unknown }
  /** An error answer as the API sends one: `{type: "error", error: {type, message}}` with its HTTP status. */
  | { kind: "error"; status: number; type: string; message: string };

export interface RecordedRequest {
  readonly body: {
    model: string;
    messages: Array<{ role: string; content: unknown }>;
    tools?: Array<{ name: string }>;
    tool_choice?: unknown;
    system?: unknown;
    stop_sequences?: string[];
    stream?: boolean;
    [key: string]: unknown;
  };
  /** The body as the client sent it, byte for byte (UTF-8). */
  readonly raw: string;
  readonly headers: IncomingHttpHeaders;
}

export interface MessagesServer {
  readonly client: Anthropic;
  readonly requests: RecordedRequest[];
  /** Replaces the script; each request takes the next turn (the last one repeats). */
  script(turns: Turn[]): void;
  close(): Promise<void>;
}

export function message(content: Block[], stop_reason: string, stop_sequence: string | null = null) {
  return {
    id: "msg_test",
    type: "message",
    role: "assistant",
    model: "claude-test",
    content,
    stop_reason,
    stop_sequence,
    usage: { input_tokens: 10, output_tokens: 10 },
  };
}

/** The events of a streamed reply: text blocks as one text_delta, tool inputs as the given JSON pieces. */
export function sseEvents(
  blocks: Array<{ type: "text"; text: string } | { type: "tool_use"; id: string; name: string; json: string[]; stop?: boolean }>,
  stop_reason: string,
): Array<{ type: string; [key: string]: unknown }> {
  const events: Array<{ type: string; [key: string]: unknown }> = [
    { type: "message_start", message: { ...message([], "end_turn"), stop_reason: null } },
  ];
  blocks.forEach((b, index) => {
    if (b.type === "text") {
      events.push({ type: "content_block_start", index, content_block: { type: "text", text: "" } });
      events.push({ type: "content_block_delta", index, delta: { type: "text_delta", text: b.text } });
      events.push({ type: "content_block_stop", index });
      return;
    }
    events.push({ type: "content_block_start", index, content_block: { type: "tool_use", id: b.id, name: b.name, input: {} } });
    for (const piece of b.json) events.push({ type: "content_block_delta", index, delta: { type: "input_json_delta", partial_json: piece } });
    if (b.stop !== false) events.push({ type: "content_block_stop", index });
  });
  events.push({ type: "message_delta", delta: { stop_reason, stop_sequence: null }, usage: { output_tokens: 20 } });
  events.push({ type: "message_stop" });
  return events;
}

/** A dispatcher that answers every call with its name and input, and records the calls it ran. */
export function echoDispatcher(ran: ToolUseBlock[]): RunDispatcher<unknown> {
  return {
    dispatch: (use): Promise<ToolResultBlock> => {
      ran.push(use);
      return Promise.resolve({ type: "tool_result", tool_use_id: use.id, content: `${use.name} ${JSON.stringify(use.input)}` });
    },
    dispatchFunctionCalls: () => Promise.resolve(""),
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startMessagesServer(): Promise<MessagesServer> {
  let turns: Turn[] = [];
  let next = 0;
  const requests: RecordedRequest[] = [];
  const answer = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const text = await readBody(req);
    // The SDK's beta helpers (the tool runner) add `?beta=true`.
    if (req.method !== "POST" || req.url?.split("?")[0] !== "/v1/messages") {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ type: "error", error: { type: "not_found_error", message: `${req.method} ${req.url}` } }));
      return;
    }
    requests.push({ body: JSON.parse(text) as RecordedRequest["body"], raw: text, headers: req.headers });
    const turn = turns[Math.min(next++, turns.length - 1)];
    if (turn === undefined) {
      res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ type: "error", error: { type: "api_error", message: "no scripted turn" } }));
      return;
    }
    if (turn.kind === "error") {
      res.writeHead(turn.status, { "content-type": "application/json", "request-id": "req_test" });
      res.end(JSON.stringify({ type: "error", error: { type: turn.type, message: turn.message } }));
      return;
    }
    if (turn.kind === "raw") {
      res.writeHead(200, { "content-type": "application/json", "request-id": "req_test" });
      res.end(JSON.stringify(turn.body));
      return;
    }
    if (turn.kind === "json") {
      if (turn.delayMs !== undefined) await new Promise((r) => setTimeout(r, turn.delayMs));
      if (res.destroyed) return;
      res.writeHead(200, { "content-type": "application/json", "request-id": "req_test" });
      res.end(JSON.stringify(message(turn.content, turn.stop_reason, turn.stop_sequence ?? null)));
      return;
    }
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", "request-id": "req_test" });
    for (const event of turn.events) res.write(`event: ${event?.type ?? "message"}\ndata: ${JSON.stringify(event)}\n\n`);
    res.end();
  };
  const server: Server = createServer((req, res) => {
    answer(req, res).catch((e: unknown) => {
      res.writeHead(500);
      res.end(String(e));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const client = new Anthropic({ apiKey: "test-key", baseURL: `http://127.0.0.1:${port}`, maxRetries: 0, timeout: 300_000 });
  return {
    client,
    requests,
    script(t: Turn[]) {
      turns = t;
      next = 0;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
