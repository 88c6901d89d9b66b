/**
 * An OpenAI Responses API server on 127.0.0.1 for the framework tests (@openai/agents): it answers
 * POST /v1/responses from a script of replies (function calls, or text) and records every request
 * body. The `openai` client talks to it over real HTTP (`new OpenAI({ baseURL })`).
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** One scripted reply: the model calls tools (`calls`), or answers in text. */
export type Reply = { calls: Array<{ name: string; arguments: string }> } | { text: string };

/** An item of a request's `input` as the Responses API takes it (the fields the tests read). */
export interface InputItem {
  type?: string;
  role?: string;
  call_id?: string;
  name?: string;
  arguments?: string;
  output?: unknown;
  content?: unknown;
}

export interface ResponsesRequest {
  model?: string;
  input: InputItem[] | string;
  tools?: Array<{ type: string; name: string; parameters?: unknown; strict?: boolean; description?: string }>;
  stream?: boolean;
  [key: string]: unknown;
}

export interface ResponsesServer {
  /** `http://127.0.0.1:<port>/v1`: the client's `baseURL`. */
  readonly baseURL: string;
  readonly requests: ResponsesRequest[];
  /** Any request to another path (method and URL): the tests expect none. */
  readonly strays: string[];
  /** Replaces the script; each request takes the next reply (the last one repeats). */
  script(replies: Reply[]): void;
  close(): Promise<void>;
}

const usage = { input_tokens: 10, output_tokens: 10, total_tokens: 20, input_tokens_details: { cached_tokens: 0 }, output_tokens_details: { reasoning_tokens: 0 } };

/** A Response object as the API returns it (non-streamed). */
function response(n: number, reply: Reply, model: string): Record<string, unknown> {
  const output =
    "text" in reply
      ? [{ type: "message", id: `msg_${n}`, role: "assistant", status: "completed", content: [{ type: "output_text", text: reply.text, annotations: [] }] }]
      : reply.calls.map((c, i) => ({ type: "function_call", id: `fc_${n}_${i}`, call_id: `call_${n}_${i}`, name: c.name, arguments: c.arguments, status: "completed" }));
  return { id: `resp_${n}`, object: "response", created_at: 1_700_000_000, status: "completed", model, output, usage, parallel_tool_calls: true, tool_choice: "auto", tools: [], error: null, incomplete_details: null };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startResponsesServer(): Promise<ResponsesServer> {
  let replies: Reply[] = [];
  const requests: ResponsesRequest[] = [];
  const strays: string[] = [];
  const server: Server = createServer((req, res) => {
    void readBody(req).then((text) => {
      if (req.method !== "POST" || req.url?.split("?")[0] !== "/v1/responses") {
        strays.push(`${req.method} ${req.url}`);
        res.writeHead(404, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { type: "not_found", message: `${req.method} ${req.url}` } }));
        return;
      }
      const body = JSON.parse(text) as ResponsesRequest;
      requests.push(body);
      const reply = replies[Math.min(requests.length - 1, replies.length - 1)];
      if (reply === undefined) {
        res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { type: "server_error", message: "no scripted reply" } }));
        return;
      }
      res.writeHead(200, { "content-type": "application/json", "x-request-id": "req_test" });
      res.end(JSON.stringify(response(requests.length, reply, body.model ?? "gpt-test")));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    strays,
    script: (next) => {
      replies = next;
      requests.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
