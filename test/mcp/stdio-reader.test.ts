/**
 * Issue 39 item 2: the bounded reader of the generated `mcp/stdio-server.ts` costs nothing on messages
 * under the bound. A chunk of whole lines no longer than the bound reaches the SDK's transport as it came
 * (the same Buffer, not a copy); only chunks that end inside a line, or pass the bound, are cut. And cut
 * anywhere, a stream of requests, some over the bound, is answered request by request.
 * The file is transpiled from the emitted text and served in this process over PassThrough streams, with
 * a stand-in `./server.js` (an SDK `Server` answering tools/list), so no tsc run and no child process.
 */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { PassThrough } from "node:stream";
import { pathToFileURL } from "node:url";
import ts from "typescript";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { STDIO_SERVER } from "../../src/targets/mcp/entries.js";
import { repoTempDir } from "../e2e/compile.js";
import { mulberry32 } from "../helpers.js";

const SERVER = `import { Server } from "@modelcontextprotocol/server";
export function checkedTimeout(timeoutMs) { return timeoutMs; }
export function createMcpServer() {
  const server = new Server({ name: "reader", version: "1.0.0" }, { capabilities: { tools: {} } });
  server.setRequestHandler("tools/list", () => ({ tools: [] }));
  return server;
}
`;

interface StdioModule {
  startStdioServer: (options: {
    maxMessageBytes?: number;
    stdin?: NodeJS.ReadableStream;
    stdout?: NodeJS.WritableStream;
    onerror?: (error: Error) => void;
  }) => { close: () => Promise<void> };
}

let mod: StdioModule;

beforeAll(async () => {
  const dir = await repoTempDir();
  const js = ts.transpileModule(STDIO_SERVER, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } });
  await writeFile(path.join(dir, "package.json"), JSON.stringify({ type: "module" }));
  await writeFile(path.join(dir, "stdio-server.js"), js.outputText);
  await writeFile(path.join(dir, "server.js"), SERVER);
  mod = (await import(pathToFileURL(path.join(dir, "stdio-server.js")).href)) as StdioModule;
});

const initialize = { jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } } };
const initialized = { jsonrpc: "2.0", method: "notifications/initialized" };
const list = (id: number, pad = 0) => ({ jsonrpc: "2.0", id, method: "tools/list", params: { _meta: { pad: "p".repeat(pad) } } });
const line = (message: unknown) => JSON.stringify(message) + "\n";

/** Serves over PassThrough streams; `answers` collects each response by id once stdout has them. */
function serve(maxMessageBytes: number) {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const errors: Error[] = [];
  const answers = new Map<number, { result?: unknown; error?: { code: number; message: string } }>();
  let text = "";
  stdout.on("data", (chunk: Buffer) => {
    text += chunk.toString("utf8");
    for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n")) {
      const m = JSON.parse(text.slice(0, i)) as { id: number; result?: unknown; error?: { code: number; message: string } };
      answers.set(m.id, m);
      text = text.slice(i + 1);
    }
  });
  const handle = mod.startStdioServer({ maxMessageBytes, stdin, stdout, onerror: (e) => errors.push(e) });
  const until = async (n: number) => {
    for (let i = 0; i < 20_000 && answers.size < n; i++) await new Promise((resolve) => setImmediate(resolve));
    return answers;
  };
  return { stdin, answers, errors, until, handle };
}

let concat: typeof Buffer.concat | undefined;
afterEach(() => {
  if (concat !== undefined) Buffer.concat = concat;
  concat = undefined;
});

describe("the stdio server's bounded reader", () => {
  it("hands a chunk of whole lines under the bound to the SDK's transport as it came: no copy of its own", async () => {
    const s = serve(4096);
    s.stdin.write(line(initialize) + line(initialized));
    await s.until(1);
    // The SDK's ReadBuffer appends each chunk it is given with Buffer.concat([held, chunk]): record them.
    const given: Buffer[] = [];
    concat = Buffer.concat;
    const original = concat;
    Buffer.concat = ((list: readonly Uint8Array[], total?: number) => {
      given.push(...list.filter((b): b is Buffer => Buffer.isBuffer(b) && b.length > 0));
      return original(list, total);
    }) as typeof Buffer.concat;
    const chunks: Buffer[] = [Buffer.from(line(list(1))), Buffer.from(line(list(2)) + line(list(3))), Buffer.from(line(list(4, 1000)))];
    for (const chunk of chunks) s.stdin.write(chunk);
    await s.until(5);
    Buffer.concat = original;
    expect([...s.answers.keys()].sort()).toEqual([0, 1, 2, 3, 4]);
    // Every buffer the SDK concatenated is one of the chunks written, the same object: nothing copied before it.
    expect(given.length).toBeGreaterThan(0);
    for (const b of given) expect(chunks.some((c) => c === b), b.toString("utf8").slice(0, 60)).toBe(true);
    await s.handle.close();
  });

  it("cut at any byte, with requests over the bound among them, each request is answered once, in bound or with -32600", async () => {
    const limit = 300;
    for (let seed = 1; seed <= 20; seed++) {
      const random = mulberry32(seed);
      const s = serve(limit);
      const messages = [initialize, initialized];
      for (let id = 1; id <= 12; id++) messages.push(list(id, Math.floor(random() * 500)));
      const bytes = Buffer.from(messages.map(line).join(""));
      for (let start = 0; start < bytes.length; ) {
        const end = Math.min(bytes.length, start + 1 + Math.floor(random() * 700));
        s.stdin.write(bytes.subarray(start, end));
        start = end;
      }
      const answers = await s.until(13);
      expect(answers.size, `seed ${seed}`).toBe(13);
      for (let id = 1; id <= 12; id++) {
        const size = Buffer.byteLength(JSON.stringify(messages[id + 1]));
        const answer = answers.get(id)!;
        if (size <= limit) expect(answer.result, `seed ${seed} id ${id} (${size} bytes)`).toEqual({ tools: [] });
        else expect(answer.error, `seed ${seed} id ${id} (${size} bytes)`).toMatchObject({ code: -32600 });
      }
      expect(s.errors.every((e) => e.message.includes(`limit of ${limit} bytes`))).toBe(true);
      await s.handle.close();
    }
  });
});
