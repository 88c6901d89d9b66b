/**
 * The `openai-agents` output (src/targets/openai-agents/emit.ts) in the OpenAI Agents SDK's own agent
 * loop: the generated folder compiled with tsc as a user's project (a tsconfig, the user's
 * `new Agent({ tools })`), then `Runner.run` against a fake Responses API on 127.0.0.1 (the `openai`
 * client over real HTTP). The fake asks for tool calls, then answers in text; the tests read what it
 * received and what the handlers ran.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import OpenAI from "openai";
import { Agent, OpenAIProvider, Runner, setTracingDisabled, toolSearchTool, type Tool } from "@openai/agents";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Dispatcher } from "../../src/runtime/dispatch.js";
import { agentsToolName } from "../../src/targets/openai-agents/facts.js";
import { fixture } from "../helpers.js";
import { sharedFrameworkProject, until, type FrameworkProject, type RecordedCall } from "./framework-project.js";
import { startResponsesServer, type InputItem, type ResponsesServer } from "./responses-server.js";

let project: FrameworkProject;
let server: ResponsesServer;
let tools: Tool[];
let native: Dispatcher;
let responsesTools: Array<{ name: string; parameters: unknown; strict: boolean; output_schema?: unknown; allowed_callers?: string[]; defer_loading?: boolean }>;
let runner: Runner;
let agent: Agent;

const calls = (): RecordedCall[] => ((globalThis as { toolgenCalls?: RecordedCall[] }).toolgenCalls ??= []);
const outputs = (input: InputItem[] | string): InputItem[] => (typeof input === "string" ? [] : input.filter((i) => i.type === "function_call_output"));

beforeAll(async () => {
  setTracingDisabled(true);
  project = await sharedFrameworkProject();
  const load = async <T>(file: string): Promise<T> => (await import(pathToFileURL(path.join(project.dist, file)).href)) as T;
  // tsc emits the JavaScript even with type errors: the first test reports them, the others run.
  ({ tools } = await load<{ tools: Tool[] }>("openai-agents.js"));
  ({ dispatcher: native } = await load<{ dispatcher: Dispatcher }>("index.js"));
  ({ responsesTools } = await load<{ responsesTools: typeof responsesTools }>("openai.js"));
  server = await startResponsesServer();
  runner = new Runner({ modelProvider: new OpenAIProvider({ openAIClient: new OpenAI({ apiKey: "test-key", baseURL: server.baseURL, maxRetries: 0 }), useResponses: true }), tracingDisabled: true });
  // A deferred tool (archive_note) needs the SDK's tool search beside it.
  agent = new Agent({ name: "assistant", instructions: "Answer briefly.", model: "gpt-test", tools: [...tools, toolSearchTool()] });
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

it("writes openai-agents.ts as the golden file shows (the seed tools and the extra ones)", async () => {
  await expect(await readFile(path.join(project.out, "openai-agents.ts"), "utf8")).toMatchFileSnapshot(fixture("frameworks", "expected", "openai-agents.ts"));
});

describe("Runner.run against a fake Responses API", () => {
  it("runs a call through toolgen's validator to the handler, and sends an invalid one back with toolgen's message", async () => {
    server.script([
      { calls: [{ name: "get_weather", arguments: JSON.stringify({ location: 5 }) }] },
      { calls: [{ name: "get_weather", arguments: JSON.stringify({ location: "Paris", unit: "celsius" }) }] },
      { text: "It is sunny in Paris." },
    ]);
    const result = await runner.run(agent, "What is the weather in Paris?", { context: { user: "u1" } });

    // toolgen's own message for that input: what native dispatch answers.
    const native_ = await native.dispatch({ type: "tool_use", id: "toolu_x", name: "get_weather", input: { location: 5 } });
    expect(native_.is_error).toBe(true);
    const message = native_.content as string;
    expect(message).toContain("location");
    expect(message).not.toContain(project.dir);

    expect(server.requests).toHaveLength(3);
    expect(outputs(server.requests[1]!.input)).toEqual([{ type: "function_call_output", call_id: "call_1_0", output: message, status: "completed" }]);
    expect(outputs(server.requests[2]!.input)[1]).toEqual({
      type: "function_call_output",
      call_id: "call_2_0",
      output: JSON.stringify({ tool: "get_weather", input: { location: "Paris", unit: "celsius" } }),
      status: "completed",
    });
    // Only the valid call reached a handler, with the call id, the run's context and a signal.
    expect(calls()).toEqual([{ tool: "get_weather", input: { location: "Paris", unit: "celsius" }, toolUseId: "call_2_0", context: { user: "u1" }, signal: true }]);
    // The transcript as the SDK documents it: each call and its output as run items, then the answer.
    expect(result.finalOutput).toBe("It is sunny in Paris.");
    expect(result.newItems.map((i) => i.type)).toEqual(["tool_call_item", "tool_call_output_item", "tool_call_item", "tool_call_output_item", "message_output_item"]);
    expect((server.requests[2]!.input as InputItem[]).map((i) => i.type ?? i.role)).toEqual(["user", "function_call", "function_call_output", "function_call", "function_call_output"]);
    expect(server.strays).toEqual([]);
  });

  it("sends each tool with the openai output's parameters and strict flag", async () => {
    server.script([{ text: "Hello." }]);
    await runner.run(agent, "Hi");
    const sent = server.requests[0]!.tools!.filter((t) => t.type === "function");
    expect(sent.map((t) => t.name)).toEqual(responsesTools.map((t) => agentsToolName(t.name)));
    for (const tool of sent) {
      const own = responsesTools.find((t) => agentsToolName(t.name) === tool.name)!;
      expect({ parameters: tool.parameters, strict: tool.strict }).toEqual({ parameters: own.parameters, strict: own.strict });
    }
    expect(sent.find((t) => t.name === "find_city")?.strict).toBe(true);
    expect(sent.find((t) => t.name === "get_weather")?.strict).toBe(false);
  });

  it("sends each tool's output_schema, allowed_callers and defer_loading as openai.ts's responsesTools has them", async () => {
    server.script([{ text: "Hello." }]);
    await runner.run(agent, "Hi");
    type Sent = { name: string; type: string; output_schema?: unknown; allowed_callers?: unknown; defer_loading?: unknown };
    const sent = server.requests[0]!.tools! as Sent[];
    const fields = (t: Sent | (typeof responsesTools)[number]) => ({ output_schema: t.output_schema, allowed_callers: t.allowed_callers, defer_loading: t.defer_loading });
    for (const own of responsesTools) expect(fields(sent.find((t) => t.name === agentsToolName(own.name))!), own.name).toEqual(fields(own));
    const archive = sent.find((t) => t.name === "archive_note")!;
    expect(archive.allowed_callers).toEqual(["direct"]);
    expect(archive.defer_loading).toBe(true);
    expect(archive.output_schema).toMatchObject({ type: "object", required: ["tool", "input"] });
    expect(sent.find((t) => t.name === "get_weather")).not.toHaveProperty("output_schema");
    expect(sent.map((t) => t.type)).toContain("tool_search");
  });

  it("runs a call of a tool with an output schema, its output the JSON text the schema describes", async () => {
    // archive_note loaded up front (the SDK refuses a call of a deferred tool no tool_search loaded).
    const loaded = tools.map((t) => (t.type === "function" && t.name === "archive_note" ? { ...t, deferLoading: false } : t));
    server.script([{ calls: [{ name: "archive_note", arguments: JSON.stringify({ id: "n1" }) }] }, { text: "Archived." }]);
    const result = await runner.run(new Agent({ name: "assistant", instructions: "Answer briefly.", model: "gpt-test", tools: loaded }), "Archive note n1");
    expect(server.requests[0]!.tools!.find((t) => t.name === "archive_note")).toMatchObject({ output_schema: { type: "object" }, allowed_callers: ["direct"] });
    expect(result.finalOutput).toBe("Archived.");
    expect(calls().map((c) => [c.tool, c.input])).toEqual([["archive_note", { id: "n1" }]]);
    expect(outputs(server.requests[1]!.input)[0]?.output).toBe(JSON.stringify({ tool: "archive_note", input: { id: "n1" } }));
  });

  it("maps a strict call's null back to an absent property before validating (toolgen's strict plan)", async () => {
    server.script([{ calls: [{ name: "find_city", arguments: JSON.stringify({ name: "Paris", country: null }) }] }, { text: "Found it." }]);
    const result = await runner.run(agent, "Find Paris");
    expect(result.finalOutput).toBe("Found it.");
    expect(calls().map((c) => [c.tool, c.input])).toEqual([["find_city", { name: "Paris" }]]);
  });

  it("stops for approval before a tool whose file says needs_approval, and runs it once approved", async () => {
    server.script([{ calls: [{ name: "delete_note", arguments: JSON.stringify({ id: "n1" }) }] }, { text: "Deleted." }]);
    const first = await runner.run(agent, "Delete note n1");
    expect(first.interruptions.map((i) => i.name)).toEqual(["delete_note"]);
    expect(calls()).toEqual([]);
    first.state.approve(first.interruptions[0]!);
    const resumed = await runner.run(agent, first.state);
    expect(resumed.finalOutput).toBe("Deleted.");
    expect(calls().map((c) => [c.tool, c.input])).toEqual([["delete_note", { id: "n1" }]]);
  });

  it("dispatches a call of a tool the SDK renamed under the tool's own name, and the build says so", async () => {
    expect(project.notes).toContain("openai-agents: the tool 'look-up-note' reaches the model as 'look_up_note' (the OpenAI Agents SDK's tool() turns every character but a-z A-Z 0-9 into _)");
    server.script([{ calls: [{ name: "look_up_note", arguments: JSON.stringify({ id: "n1" }) }] }, { text: "It says hello." }]);
    const result = await runner.run(agent, "What does note n1 say?");
    expect(result.finalOutput).toBe("It says hello.");
    expect(calls().map((c) => [c.tool, c.input])).toEqual([["look-up-note", { id: "n1" }]]);
  });

  it("aborts a running handler's signal when the run's signal aborts", async () => {
    server.script([{ calls: [{ name: "get_weather", arguments: JSON.stringify({ location: "wait" }) }] }, { text: "Stopped." }]);
    const controller = new AbortController();
    const running = runner.run(agent, "Weather at wait?", { signal: controller.signal }).catch((e: unknown) => e);
    await until(() => calls().length === 1);
    controller.abort();
    await running;
    await until(() => calls()[0]?.aborted !== undefined);
    expect(calls()).toMatchObject([{ tool: "get_weather", aborted: true }]);
  });

  it("sends a handler's error back with toolgen's message", async () => {
    server.script([{ calls: [{ name: "get_weather", arguments: JSON.stringify({ location: "boom" }) }] }, { text: "Sorry." }]);
    await runner.run(agent, "Weather at boom?");
    const native_ = await native.dispatch({ type: "tool_use", id: "toolu_y", name: "get_weather", input: { location: "boom" } });
    expect(native_.content).toContain("boom: the handler failed");
    expect(outputs(server.requests[1]!.input)[0]?.output).toBe(native_.content);
  });
});
