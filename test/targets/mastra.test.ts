/**
 * The `mastra` output (src/targets/mastra/emit.ts) in Mastra's own agent loop: the generated folder
 * compiled with tsc as a user's project (a tsconfig, the user's `new Agent({ ..., tools })`), then
 * `agent.generate` with Mastra's model router pointed at a fake OpenAI Responses API on 127.0.0.1. The fake asks for tool calls, then answers in text; the tests read what
 * it received and what the handlers ran.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Agent } from "@mastra/core/agent";
import type { ToolAction } from "@mastra/core/tools";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import type { Dispatcher } from "../../src/runtime/dispatch.js";
import { INPUT_VALIDATION, OUTPUT_VALIDATION } from "../../src/targets/mastra/facts.js";
import { fixture } from "../helpers.js";
import { sharedFrameworkProject, type FrameworkProject, type RecordedCall } from "./framework-project.js";
import { startResponsesServer, type InputItem, type ResponsesServer } from "./responses-server.js";

type Tools = Record<string, ToolAction<unknown, unknown> & { requireApproval?: unknown; strict?: boolean; outputSchema?: unknown }>;
interface Issue {
  message: string;
  path?: ReadonlyArray<PropertyKey | { key: PropertyKey }>;
}
type Schemas = Record<string, { "~standard": { validate(value: unknown): { issues?: readonly Issue[] } } }>;

let project: FrameworkProject;
let server: ResponsesServer;
let tools: Tools;
let schemas: Schemas;
let outputSchemas: Schemas;
let native: Dispatcher;
let agent: Agent;

const calls = (): RecordedCall[] => ((globalThis as { toolgenCalls?: RecordedCall[] }).toolgenCalls ??= []);
const outputs = (input: InputItem[] | string): InputItem[] => (typeof input === "string" ? [] : input.filter((i) => i.type === "function_call_output"));
const load = async <T>(file: string): Promise<T> => (await import(pathToFileURL(path.join(project.dist, file)).href)) as T;

beforeAll(async () => {
  project = await sharedFrameworkProject();
  // tsc emits the JavaScript even with type errors: the first test reports them, the others run.
  ({ tools } = await load<{ tools: Tools }>("mastra.js"));
  ({ standardSchemas: schemas, standardOutputSchemas: outputSchemas } = await load<{ standardSchemas: Schemas; standardOutputSchemas: Schemas }>("standard-schema.js"));
  ({ dispatcher: native } = await load<{ dispatcher: Dispatcher }>("index.js"));
  server = await startResponsesServer();
  // Mastra's own model router, to an OpenAI-compatible URL: the fake's Responses API.
  agent = new Agent({ id: "assistant", name: "assistant", instructions: "Answer briefly.", model: { id: "openai/gpt-test", url: server.baseURL, apiKey: "test-key", api: "responses" }, tools });
});

afterAll(async () => {
  await server?.close();
});

beforeEach(() => {
  calls().length = 0;
});

it("compiles as a user's project, with the user's new Agent({ tools })", () => {
  expect(project.diagnostics).toEqual([]);
});

it("writes mastra.ts as the golden file shows (the seed tools and the extra ones)", async () => {
  await expect(await readFile(path.join(project.out, "mastra.ts"), "utf8")).toMatchFileSnapshot(fixture("frameworks", "expected", "mastra.ts"));
});

it("runs a call through toolgen's validator to the handler, and sends an invalid one back with toolgen's messages", async () => {
  server.script([
    { calls: [{ name: "get_weather", arguments: JSON.stringify({ location: 5 }) }] },
    { calls: [{ name: "get_weather", arguments: JSON.stringify({ location: "Paris", unit: "celsius" }) }] },
    { text: "It is sunny in Paris." },
  ]);
  const result = await agent.generate("What is the weather in Paris?");

  // Mastra words a failed validation its own way, one line per issue: each issue is toolgen's.
  const issues = schemas["get_weather"]!["~standard"].validate({ location: 5 }).issues!;
  expect(issues.length).toBeGreaterThan(0);
  const invalid = JSON.parse(String(outputs(server.requests[1]!.input)[0]?.output)) as { error: boolean; message: string };
  expect(invalid.error).toBe(true);
  expect(invalid.message.startsWith(`${INPUT_VALIDATION} get_weather.`)).toBe(true);
  for (const issue of issues) expect(invalid.message).toContain(`- location: ${issue.message}`);

  // Only the valid call reached a handler, with Mastra's tool call id and request context.
  expect(calls()).toMatchObject([{ tool: "get_weather", input: { location: "Paris", unit: "celsius" }, toolUseId: "call_2_0", signal: true }]);
  const valid = outputs(server.requests[2]!.input)[1];
  expect(valid?.call_id).toBe("call_2_0");
  expect(String(valid?.output)).toContain(JSON.stringify({ tool: "get_weather", input: { location: "Paris", unit: "celsius" } }));
  // The transcript as the AI SDK result documents it: one step per model call, the answer last.
  expect(result.text).toBe("It is sunny in Paris.");
  expect(result.steps.length).toBe(3);
  expect(server.strays).toEqual([]);
});

it("returns a handler's error to the model as Mastra's error result, with toolgen's message", async () => {
  server.script([{ calls: [{ name: "find_city", arguments: JSON.stringify({ name: "boom" }) }] }, { text: "Sorry." }]);
  await agent.generate("Find boom");
  const native_ = await native.dispatch({ type: "tool_use", id: "toolu_y", name: "find_city", input: { name: "boom" } });
  expect(native_.content).toContain("boom: the handler failed");
  expect(String(outputs(server.requests[1]!.input)[0]?.output)).toContain(JSON.stringify({ error: true, message: native_.content }));
});

it("carries the tool file's strict and needs_approval (requireApproval)", () => {
  expect(Object.keys(tools).sort()).toEqual(["archive_note", "delete_note", "find_city", "get_current_stock_price", "get_stock_price", "get_ticker_symbol", "get_weather", "look-up-note"]);
  expect(tools["find_city"]!.strict).toBe(true);
  expect(tools["get_weather"]!.strict).toBeUndefined();
  expect(tools["delete_note"]!.requireApproval).toBe(true);
  expect(tools["get_weather"]!.requireApproval).toBe(false);
});

it("gives a tool the output schema of its file (outputSchema), and Mastra checks the handler's value with it", async () => {
  expect(tools["archive_note"]!.outputSchema).toBe(outputSchemas["archive_note"]);
  expect(tools["get_weather"]!.outputSchema).toBeUndefined();
  server.script([
    { calls: [{ name: "archive_note", arguments: JSON.stringify({ id: "n1" }) }] },
    { calls: [{ name: "archive_note", arguments: JSON.stringify({ id: "much-too-long" }) }] },
    { text: "Archived." },
  ]);
  await agent.generate("Archive notes n1 and much-too-long");
  // Both calls ran their handler; the first value fits the output schema and reaches the model as it is.
  expect(calls().map((c) => c.input)).toEqual([{ id: "n1" }, { id: "much-too-long" }]);
  expect(JSON.parse(String(outputs(server.requests[1]!.input)[0]?.output))).toEqual({ tool: "archive_note", input: { id: "n1" } });
  // The second does not (its id is over 8 characters): Mastra's error, with toolgen's issue message.
  const issues = outputSchemas["archive_note"]!["~standard"].validate({ tool: "archive_note", input: { id: "much-too-long" } }).issues!;
  expect(issues.length).toBe(1);
  const invalid = JSON.parse(String(outputs(server.requests[2]!.input)[1]?.output)) as { error: boolean; message: string };
  expect(invalid.error).toBe(true);
  expect(invalid.message.startsWith(`${OUTPUT_VALIDATION} archive_note.`)).toBe(true);
  expect(invalid.message).toContain(`- input.id: ${issues[0]!.message}`);
});

it("a failed call of a tool with an output schema reaches the model as toolgen's message (thrown: an error result would fail the schema)", async () => {
  server.script([{ calls: [{ name: "archive_note", arguments: JSON.stringify({ id: "boom" }) }] }, { text: "Sorry." }]);
  await agent.generate("Archive note boom");
  const native_ = await native.dispatch({ type: "tool_use", id: "toolu_z", name: "archive_note", input: { id: "boom" } });
  expect(native_.content).toContain("boom: the handler failed");
  expect(outputs(server.requests[1]!.input)[0]?.output).toBe(native_.content);
});
