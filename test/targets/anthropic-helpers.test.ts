/**
 * The `anthropic-helpers` output (src/targets/anthropic-helpers/emit.ts) in the Anthropic SDK's own
 * agent loop: the generated folder compiled with tsc as a user's project (a tsconfig, the user's
 * `client.beta.messages.toolRunner({ ..., tools })`), then the tool runner against a fake Messages
 * API on 127.0.0.1 (the SDK client over real HTTP). The fake asks for tool calls, then answers in
 * text; the tests read what it received and what the handlers ran.
 */
import path from "node:path";
import { readFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";
import type { BetaRunnableTool } from "@anthropic-ai/sdk/lib/tools/BetaRunnableTool";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import type { Dispatcher } from "../../src/runtime/dispatch.js";
import { message, startMessagesServer, type MessagesServer } from "../runtime/messages-server.js";
import { fixture } from "../helpers.js";
import { sharedFrameworkProject, until, type FrameworkProject, type RecordedCall } from "./framework-project.js";

type Generated = { tools: BetaRunnableTool[]; createRunnableTools(native: Dispatcher, context?: unknown): BetaRunnableTool[] };

let project: FrameworkProject;
let server: MessagesServer;
let generated: Generated;
let native: Dispatcher;

const calls = (): RecordedCall[] => ((globalThis as { toolgenCalls?: RecordedCall[] }).toolgenCalls ??= []);
const ask = (tools: BetaRunnableTool[], text: string) =>
  server.client.beta.messages.toolRunner({ model: "claude-test", max_tokens: 1024, messages: [{ role: "user", content: text }], tools }).runUntilDone();
const use = (id: string, name: string, input: unknown) => ({ kind: "json" as const, content: [{ type: "tool_use" as const, id, name, input }], stop_reason: "tool_use" });
const answer = (text: string) => ({ kind: "json" as const, content: [{ type: "text" as const, text }], stop_reason: "end_turn" });

beforeAll(async () => {
  project = await sharedFrameworkProject();
  // tsc emits the JavaScript even with type errors: the first test reports them, the others run.
  generated = (await import(pathToFileURL(path.join(project.dist, "anthropic-helpers.js")).href)) as Generated;
  ({ dispatcher: native } = (await import(pathToFileURL(path.join(project.dist, "index.js")).href)) as { dispatcher: Dispatcher });
  server = await startMessagesServer();
});

afterAll(async () => {
  await server?.close();
});

beforeEach(() => {
  calls().length = 0;
});

it("compiles as a user's project, with the user's toolRunner({ tools })", () => {
  expect(project.diagnostics).toEqual([]);
});

it("writes anthropic-helpers.ts as the golden file shows (the seed tools and the extra ones)", async () => {
  await expect(await readFile(path.join(project.out, "anthropic-helpers.ts"), "utf8")).toMatchFileSnapshot(fixture("frameworks", "expected", "anthropic-helpers.ts"));
});

it("runs a call through toolgen's validator to the handler, and sends an invalid one back with toolgen's message", async () => {
  server.script([use("toolu_1", "get_weather", { location: 5 }), use("toolu_2", "get_weather", { location: "Paris", unit: "celsius" }), answer("It is sunny in Paris.")]);
  const final = await ask(generated.tools, "What is the weather in Paris?");

  const native_ = await native.dispatch({ type: "tool_use", id: "toolu_x", name: "get_weather", input: { location: 5 } });
  expect(native_.is_error).toBe(true);
  expect(native_.content).toContain("location");

  expect(server.requests).toHaveLength(3);
  // The runner's thread: each turn sends only the new message, the tool results.
  expect(server.requests[1]!.body.messages).toEqual([{ role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_1", content: native_.content, is_error: true }] }]);
  expect(server.requests[2]!.body.messages).toEqual([
    { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_2", content: JSON.stringify({ tool: "get_weather", input: { location: "Paris", unit: "celsius" } }) }] },
  ]);
  expect(calls()).toEqual([{ tool: "get_weather", input: { location: "Paris", unit: "celsius" }, toolUseId: "toolu_2", context: undefined, signal: true }]);
  expect(final).toEqual(message([{ type: "text", text: "It is sunny in Paris." }], "end_turn"));
});

it("sends each tool as tools.json defines it (strict and all), as a custom tool", async () => {
  server.script([answer("Hello.")]);
  await ask(generated.tools, "Hi");
  const definitions = JSON.parse(await readFile(path.join(project.out, "tools.json"), "utf8")) as Array<{ name: string }>;
  expect(server.requests[0]!.body.tools).toEqual(definitions.map((d) => ({ ...d, type: "custom" })));
  expect(server.requests[0]!.body.tools!.find((t) => t.name === "find_city")).toMatchObject({ strict: true });
  // toolgen's own field stays out of what the API receives.
  expect(JSON.stringify(server.requests[0]!.body.tools)).not.toContain("needs_approval");
});

it("hands a handler the context given to createRunnableTools, and sends its error back with toolgen's message", async () => {
  server.script([use("toolu_3", "find_city", { name: "boom" }), answer("Sorry.")]);
  await ask(generated.createRunnableTools(native, { user: "u1" }), "Find boom");
  expect(calls()).toMatchObject([{ tool: "find_city", input: { name: "boom" }, toolUseId: "toolu_3", context: { user: "u1" } }]);
  const native_ = await native.dispatch({ type: "tool_use", id: "toolu_y", name: "find_city", input: { name: "boom" } });
  expect(native_.content).toContain("boom: the handler failed");
  expect(server.requests[1]!.body.messages).toEqual([{ role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_3", content: native_.content, is_error: true }] }]);
});

it("aborts a running handler's signal when the runner's signal aborts", async () => {
  server.script([use("toolu_4", "get_weather", { location: "wait" }), answer("Stopped.")]);
  const controller = new AbortController();
  const runner = server.client.beta.messages.toolRunner(
    { model: "claude-test", max_tokens: 1024, messages: [{ role: "user", content: "Weather at wait?" }], tools: generated.tools },
    { signal: controller.signal },
  );
  const running = runner.runUntilDone().catch((e: unknown) => e);
  await until(() => calls().length === 1);
  controller.abort();
  await running;
  await until(() => calls()[0]?.aborted !== undefined);
  expect(calls()).toMatchObject([{ tool: "get_weather", toolUseId: "toolu_4", aborted: true }]);
});
