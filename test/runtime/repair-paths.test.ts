/**
 * Issue 23: input repair holds on every dispatch path of a generated folder: native dispatch (the
 * ready dispatcher and `createDispatcher(handlers, options)`), the legacy format, the OpenAI and
 * Gemini adapters, and the MCP server (compiled with tsc, driven by the official client over stdio).
 */
import { cp, readFile, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "@modelcontextprotocol/client";
import { build } from "../../src/pipeline.js";
import { fixture } from "../helpers.js";
import { repoTempDir } from "../e2e/compile.js";
import { buildMcpCase, stdioClient } from "../mcp/harness.js";

const SCHEMAS = fixture("repair", "schemas");
const OUTPUTS = ["native", "legacy", "types", "validators", "handlers", "runtime", "index", "openai", "gemini"];

/** What the model sends: the stops as JSON text, numbers and a boolean as strings. */
const SENT = { stops: '[{"city":"Rome","nights":"2"}]', budget: "1500", book: "false" };
const TYPED = { stops: [{ city: "Rome", nights: 2 }], budget: 1500, book: false };
const POINTERS = ["/stops", "/stops/0/nights", "/budget", "/book"];
/** What the filled handler answers: its tool and the input it got. */
const ANSWER = JSON.stringify({ tool: "plan_trip", input: TYPED });

interface Note {
  toolName: string;
  toolUseId: string;
  protocol: string;
  repaired: readonly string[];
}
interface Options {
  repair?: boolean;
  onRepair?: (note: Note) => void;
}
interface Block {
  content?: unknown;
  is_error?: boolean;
}
interface IndexModule {
  dispatcher: { dispatch(block: unknown, options?: Options): Promise<Block>; dispatchFunctionCalls(text: string, options?: Options): Promise<string> };
  createDispatcher(handlers: Record<string, (input: unknown) => unknown>, options?: Options): IndexModule["dispatcher"];
}
interface OpenAIModule {
  openaiDispatcher: {
    toolMessages(calls: unknown[], options?: Options): Promise<Array<{ content: string }>>;
    functionCallOutputs(output: unknown[], options?: Options): Promise<Array<{ output: unknown }>>;
  };
}
interface GeminiModule {
  geminiDispatcher: { dispatchCall(call: unknown, options?: Options): Promise<{ functionResponse: { response: { output?: string; error?: string } } }> };
}

/** Makes the stub return `{tool, input}` instead of throwing. */
async function fillHandlers(handlers: string): Promise<void> {
  for (const file of await readdir(handlers)) {
    const full = path.join(handlers, file);
    const text = await readFile(full, "utf8");
    await writeFile(full, text.replace("_context:", "context:").replace(/  throw new Error\(.*\);\n/, "  return { tool: context.toolName, input };\n"));
  }
}

describe("repair on each path of a generated folder", () => {
  let index: IndexModule;
  let openai: OpenAIModule;
  let gemini: GeminiModule;
  beforeAll(async () => {
    const dir = await repoTempDir();
    await cp(SCHEMAS, path.join(dir, "schemas"), { recursive: true });
    const out = path.join(dir, "generated");
    const handlers = path.join(dir, "handlers");
    await build({ schemas: path.join(dir, "schemas"), out, handlers, cache: false, outputs: OUTPUTS });
    await fillHandlers(handlers);
    index = (await import(path.join(out, "index.ts"))) as IndexModule;
    openai = (await import(path.join(out, "openai.ts"))) as OpenAIModule;
    gemini = (await import(path.join(out, "gemini.ts"))) as GeminiModule;
  });

  it("native: the ready dispatcher runs the handler on the typed input; repair: false answers as before", async () => {
    const notes: Note[] = [];
    const block = await index.dispatcher.dispatch({ type: "tool_use", id: "toolu_1", name: "plan_trip", input: SENT }, { onRepair: (n) => notes.push(n) });
    expect(block).toEqual({ type: "tool_result", tool_use_id: "toolu_1", content: ANSWER });
    expect(notes).toEqual([{ toolName: "plan_trip", toolUseId: "toolu_1", protocol: "native", repaired: POINTERS }]);
    const off = await index.dispatcher.dispatch({ type: "tool_use", id: "toolu_2", name: "plan_trip", input: SENT }, { repair: false });
    expect(off.is_error).toBe(true);
    expect(off.content).toMatch(/'stops' must be an array/);
  });

  it("native: createDispatcher(handlers, { onRepair }) and createDispatcher(handlers, { repair: false })", async () => {
    const notes: Note[] = [];
    const own = index.createDispatcher({ plan_trip: (input) => input }, { onRepair: (n) => notes.push(n) });
    expect((await own.dispatch({ type: "tool_use", id: "a", name: "plan_trip", input: SENT })).content).toBe(JSON.stringify(TYPED));
    expect(notes.map((n) => n.repaired)).toEqual([POINTERS]);
    const strict = index.createDispatcher({ plan_trip: (input) => input }, { repair: false });
    expect((await strict.dispatch({ type: "tool_use", id: "b", name: "plan_trip", input: SENT })).is_error).toBe(true);
  });

  it("legacy: a nested number sent as a string in an XML parameter is repaired too", async () => {
    const notes: Note[] = [];
    const xml = `<function_calls>\n<invoke>\n<tool_name>plan_trip</tool_name>\n<parameters>\n<stops>[{"city":"Rome","nights":"2"}]</stops>\n<budget>1500</budget>\n<book>false</book>\n</parameters>\n</invoke>\n`;
    const text = await index.dispatcher.dispatchFunctionCalls(xml, { onRepair: (n) => notes.push(n) });
    expect(text).toBe(`<function_results>\n<result>\n<tool_name>plan_trip</tool_name>\n<stdout>\n${ANSWER}\n</stdout>\n</result>\n</function_results>`);
    // The top-level parameters are the legacy format's own conversion (text to typed values), not a repair.
    expect(notes.map((n) => [n.protocol, n.repaired])).toEqual([["legacy", ["/stops/0/nights"]]]);
  });

  it("OpenAI: Chat Completions and Responses, arguments as sent and arguments encoded twice", async () => {
    const notes: Note[] = [];
    const onRepair = (n: Note) => notes.push(n);
    const args = JSON.stringify(SENT);
    const [chat, twice] = await openai.openaiDispatcher.toolMessages([
      { id: "c1", type: "function", function: { name: "plan_trip", arguments: args } },
      { id: "c2", type: "function", function: { name: "plan_trip", arguments: JSON.stringify(args) } },
    ], { onRepair });
    expect(chat!.content).toBe(ANSWER);
    expect(twice!.content).toBe(ANSWER);
    const [response] = await openai.openaiDispatcher.functionCallOutputs([{ type: "function_call", call_id: "r1", name: "plan_trip", arguments: args }], { onRepair });
    expect(response!.output).toBe(ANSWER);
    expect(notes.map((n) => [n.toolUseId, n.repaired])).toEqual([["c1", POINTERS], ["c2", ["", ...POINTERS]], ["r1", POINTERS]]);
  });

  it("Gemini: a functionCall's args", async () => {
    const notes: Note[] = [];
    const part = await gemini.geminiDispatcher.dispatchCall({ id: "g1", name: "plan_trip", args: SENT }, { onRepair: (n) => notes.push(n) });
    expect(part.functionResponse.response).toEqual({ output: ANSWER });
    expect(notes.map((n) => [n.toolUseId, n.repaired])).toEqual([["g1", POINTERS]]);
  });
});

/** Compiled with the generated code (strict tsc): the options and the note are typed for users. */
const OPTIONS_CHECK = `
import { createDispatcher, type RepairNote, type ToolHandlers } from "./generated/index.js";
export const log: string[] = [];
export const wire = (h: ToolHandlers) => createDispatcher(h, { onRepair: (note: RepairNote) => { log.push(\`\${note.toolName} \${note.repaired.join(",")}\`); } });
export const off = (h: ToolHandlers) => createDispatcher(h, { repair: false });
`;

describe("repair in the generated MCP server", () => {
  let client: Client | undefined;
  let diagnostics: string[] = [];
  beforeAll(async () => {
    const c = await buildMcpCase(SCHEMAS, { "options-check.ts": OPTIONS_CHECK });
    diagnostics = c.diagnostics;
    if (diagnostics.length === 0) client = await stdioClient(path.join(c.dist, "generated", "mcp", "stdio.js"));
  });
  afterAll(async () => {
    await client?.close();
  });

  it("compiles, and tools/call runs the handler on the typed input", async () => {
    expect(diagnostics).toEqual([]);
    const result = await client!.callTool({ name: "plan_trip", arguments: SENT });
    expect(result.isError).not.toBe(true);
    const text = (result.content as Array<{ text?: string }>).map((c) => c.text ?? "").join("");
    expect(JSON.parse(text)).toEqual({ tool: "plan_trip", input: TYPED });
  });
});
