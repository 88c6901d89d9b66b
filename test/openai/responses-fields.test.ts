/**
 * Issue 40 item 3: the Responses API tools carry `output_schema`, `allowed_callers` and `defer_loading`
 * as the installed `openai` (7.57) types define them, a strict tool's output schema is lowered as its
 * parameters are, and the toolsets can be written as `namespace` tools (`openaiNamespaces`). The
 * generated openai.ts runs in the real `openai` client against a fake Responses API on 127.0.0.1.
 */
import { cp, readFile, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../../src/pipeline.js";
import type { OpenAIDispatcher, ResponsesFunctionTool, ResponsesNamespaceTool } from "../../src/runtime/openai.js";
import { parseToolsets } from "../../src/toolsets/settings.js";
import { repoTempDir } from "../e2e/compile.js";
import { fixture, repoRoot } from "../helpers.js";
import { startResponsesServer, type ResponsesServer } from "../targets/responses-server.js";

const OUTPUTS = ["native", "types", "validators", "handlers", "runtime", "index", "openai"];
// The fixture's tools are written for OpenAI's lowering; merge_records cannot be lowered (its own test).
const RULES = { "openai-strict-lowerable": "warning", "anthropic/strict-schema": "off" } as const;
const responsesTypes = () => readFile(path.join(repoRoot, "node_modules", "openai", "resources", "responses", "responses.d.ts"), "utf8");

/** The body of `export interface <name> {` (or of `interface <name> {` in a namespace) in the d.ts text. */
function interfaceBody(text: string, head: string): string {
  const start = text.indexOf(`${head} {`);
  expect(start, head).toBeGreaterThanOrEqual(0);
  let depth = 0;
  for (let i = text.indexOf("{", start); i < text.length; i++) {
    if (text[i] === "{") depth++;
    else if (text[i] === "}" && --depth === 0) return text.slice(start, i + 1);
  }
  throw new Error(`${head}: no end`);
}

describe("the installed openai's Responses tool types", () => {
  it("are what openai.ts's tools follow: FunctionTool's output_schema, allowed_callers and defer_loading; NamespaceTool", async () => {
    const text = await responsesTypes();
    const version = (JSON.parse(await readFile(path.join(repoRoot, "node_modules", "openai", "package.json"), "utf8")) as { version: string }).version;
    expect(version).toBe("7.57.0");
    for (const body of [interfaceBody(text, "export interface FunctionTool"), interfaceBody(text, "    interface Function")]) {
      expect(body).toMatch(/\n\s+output_schema\?: \{\s+\[key: string\]: unknown;\s+\} \| null;/);
      expect(body).toMatch(/\n\s+allowed_callers\?: Array<'direct' \| 'programmatic'> \| null;/);
      expect(body).toMatch(/\n\s+defer_loading\?: boolean;/);
    }
    const namespace = interfaceBody(text, "export interface NamespaceTool");
    expect(namespace).toMatch(/\n\s+description: string;/);
    expect(namespace).toMatch(/\n\s+name: string;/);
    expect(namespace).toMatch(/\n\s+tools: Array<NamespaceTool\.Function \| CustomTool>;/);
    expect(namespace).toMatch(/\n\s+type: 'namespace';/);
    // The run time's types say the same (they are checked against the SDK's by test/openai/output.test.ts's tsc).
    const runtime = await readFile(path.join(repoRoot, "src", "runtime", "openai.ts"), "utf8");
    expect(runtime).toContain(`export type ResponsesCaller = "direct" | "programmatic";`);
    expect(interfaceBody(runtime, "export interface ResponsesFunctionTool")).toMatch(/output_schema\?: OpenAIParameters;[\s\S]*allowed_callers\?: ResponsesCaller\[\];[\s\S]*defer_loading\?: boolean;/);
  });
});

/** openai.ts's exports, typed by the run time's own types (which the openai client's parameters take). */
interface Generated {
  responsesTools: ResponsesFunctionTool[];
  responsesNamespaces: Array<ResponsesNamespaceTool | ResponsesFunctionTool>;
  openaiDispatcher: OpenAIDispatcher;
}

let server: ResponsesServer;
let generated: Generated;
let notes: string[];
let text: string;
let findings: string[];

beforeAll(async () => {
  const dir = await repoTempDir();
  await cp(fixture("openai", "schemas"), path.join(dir, "schemas"), { recursive: true });
  const p = { schemas: path.join(dir, "schemas"), out: path.join(dir, "generated"), handlers: path.join(dir, "handlers") };
  const result = await build({ ...p, cache: false, outputs: OUTPUTS, rules: RULES, toolsets: parseToolsets({ booking: ["book_room"], text: ["count_words"] }, "test"), openaiNamespaces: true });
  notes = result.notes;
  findings = result.diagnostics.filter((d) => d.rule === "openai-strict-lowerable").map((d) => `${d.tool} ${d.pointer}`);
  for (const file of await readdir(p.handlers)) {
    const full = path.join(p.handlers, file);
    await writeFile(full, (await readFile(full, "utf8")).replace(/  throw new Error\(.*\);\n/, '  return { booking: "B-1", tool: _context.toolName };\n'));
  }
  generated = (await import(path.join(p.out, "openai.ts"))) as Generated;
  text = await readFile(path.join(p.out, "openai.ts"), "utf8");
  server = await startResponsesServer();
});

afterAll(async () => {
  await server?.close();
});

describe("responsesTools through the openai client", () => {
  it("OpenAI receives output_schema (lowered for a strict tool), allowed_callers (Claude's mapped) and defer_loading", async () => {
    const client = new OpenAI({ apiKey: "test-key", baseURL: server.baseURL, maxRetries: 0 });
    server.script([{ calls: [{ name: "book_room", arguments: JSON.stringify({ room: "Ada", start: "2026-11-29T10:00:00Z", minutes: 30, note: null, layout: null, priority: null, organiser: null, attendees: null, equipment: null }) }] }, { text: "Booked." }]);
    const first = await client.responses.create({ model: "gpt-test", input: "Book Ada for 30 minutes.", tools: generated.responsesTools });
    const sent = server.requests[0]!.tools as unknown as Array<Record<string, unknown>>;
    expect(sent.map((t) => t["name"])).toEqual(["book_room", "count_words", "merge_records"]);
    const [book, count, merge] = sent;
    expect(book).toMatchObject({ strict: true, allowed_callers: ["direct", "programmatic"] });
    // Strict: the output schema lowered as the parameters are (every property required, the optional one nullable).
    expect(book!["output_schema"]).toEqual({
      type: "object",
      properties: {
        booking: { type: "string", description: "The booking id." },
        warning: { type: ["string", "null"], description: "What the attendees should know, when anything." },
      },
      required: ["booking", "warning"],
      additionalProperties: false,
    });
    expect(count).toMatchObject({ strict: false, defer_loading: true, output_schema: { type: "integer", minimum: 0, description: "How many words." } });
    expect(Object.keys(count!)).not.toContain("allowed_callers");
    expect(Object.keys(merge!).sort()).toEqual(["description", "name", "parameters", "strict", "type"]);

    // One turn of the loop: the call dispatched to its handler, its output sent back.
    const outputs = await generated.openaiDispatcher.functionCallOutputs(first.output);
    expect(outputs.map((o) => [o.call_id, JSON.parse(o.output as string)])).toEqual([["call_1_0", { booking: "B-1", tool: "book_room" }]]);
    const second = await client.responses.create({ model: "gpt-test", input: [...outputs], tools: generated.responsesTools });
    expect(second.output_text).toBe("Booked.");
    expect(server.requests[1]!.input).toEqual([{ type: "function_call_output", call_id: "call_1_0", output: JSON.stringify({ booking: "B-1", tool: "book_room" }) }]);
    expect(server.strays).toEqual([]);
  });

  it("with openaiNamespaces, OpenAI receives the toolsets as namespace tools of those function tools, then the tools in none", async () => {
    await expect(text).toMatchFileSnapshot(fixture("openai", "expected", "openai-namespaces.ts"));
    const client = new OpenAI({ apiKey: "test-key", baseURL: server.baseURL, maxRetries: 0 });
    server.script([{ text: "Hello." }]);
    await client.responses.create({ model: "gpt-test", input: "Hi.", tools: generated.responsesNamespaces });
    const sent = server.requests[0]!.tools as unknown as Array<{ type: string; name: string; description?: string; tools?: Array<{ name: string }> }>;
    expect(sent.map((t) => [t.type, t.name, t.description, t.tools?.map((f) => f.name)])).toEqual([
      ["namespace", "booking", "The tools of the 'booking' toolset.", ["book_room"]],
      ["namespace", "text", "The tools of the 'text' toolset.", ["count_words"]],
      ["function", "merge_records", generated.responsesTools[2]!.description, undefined],
    ]);
    expect(sent[0]!.tools![0]).toEqual(generated.responsesTools[0]);
    expect(sent[2]).toEqual(generated.responsesTools[2]);
  });

  it("a strict tool whose output schema cannot be lowered is sent non-strict, with a note and the rule's finding at its pointer", async () => {
    const dir = await repoTempDir();
    await cp(fixture("openai", "schemas"), path.join(dir, "schemas"), { recursive: true });
    const file = path.join(dir, "schemas", "book_room.json");
    const tool = JSON.parse(await readFile(file, "utf8")) as Record<string, unknown>;
    await writeFile(file, JSON.stringify({ ...tool, output_schema: { type: "object", properties: { booking: { type: "string" } }, allOf: [{ required: ["booking"] }], additionalProperties: false } }));
    const result = await build({ schemas: path.join(dir, "schemas"), out: path.join(dir, "generated"), handlers: path.join(dir, "handlers"), cache: false, outputs: OUTPUTS, rules: RULES });
    expect(result.notes.filter((n) => n.includes("book_room"))).toEqual([expect.stringMatching(/^openai: the tool 'book_room' is sent non-strict: its output schema cannot be lowered to strict mode \(\/allOf: /)]);
    expect(result.diagnostics.filter((d) => d.rule === "openai-strict-lowerable" && d.tool === "book_room").map((d) => d.pointer)).toContain("/output_schema/allOf");
    // Without openaiNamespaces, no namespace tools are written.
    const written = result.files.find((f) => f.path === "openai.ts")!.contents;
    expect(written).not.toContain("responsesNamespaces");
  });

  it("the fixture's own build: notes and findings as before, the output schemas lowering without a problem", () => {
    expect(notes.filter((n) => !n.includes("merge_records"))).toEqual([]);
    expect(findings).toEqual(["book_room /input_schema/properties/note/maxLength", "merge_records /input_schema/properties/keep/allOf", "merge_records /input_schema/properties/reason"]);
  });
});
