/**
 * A fake OpenAI Chat Completions endpoint on 127.0.0.1 for the AI SDK tests (@ai-sdk/openai's
 * `.chat()` model talks to it over real HTTP): it answers each POST with the next scripted reply and
 * keeps each request body. `completion` and `call` write the replies.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface ChatCompletionsServer {
  /** `http://127.0.0.1:<port>/v1`: the provider's `baseURL`. */
  readonly baseURL: string;
  readonly bodies: Array<Record<string, unknown>>;
  close(): Promise<void>;
}

/** Answers the n-th request with `replies[n]` (a 500 when there is none). */
export async function startChatCompletionsServer(replies: unknown[]): Promise<ChatCompletionsServer> {
  const bodies: Array<Record<string, unknown>> = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let text = "";
    req.on("data", (c: Buffer) => (text += c.toString("utf8")));
    req.on("end", () => {
      bodies.push(JSON.parse(text) as Record<string, unknown>);
      const reply = replies[bodies.length - 1];
      res.writeHead(reply === undefined ? 500 : 200, { "content-type": "application/json" });
      res.end(JSON.stringify(reply ?? { error: { message: "no more replies" } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    bodies,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A chat.completion answering with `message` (its `content` and `tool_calls`). */
export const completion = (message: Record<string, unknown>, finish: string) => ({
  id: "chatcmpl-1",
  object: "chat.completion",
  created: 1_700_000_000,
  model: "gpt-test",
  choices: [{ index: 0, message: { role: "assistant", ...message }, finish_reason: finish }],
  usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
});

/** One tool call of an assistant message. */
export const call = (id: string, name: string, args: unknown) => ({ id, type: "function", function: { name, arguments: JSON.stringify(args) } });
