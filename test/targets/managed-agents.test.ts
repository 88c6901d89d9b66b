/**
 * Issue 40 item 5: the `managed-agents` output (src/targets/managed-agents/). Its facts read back from the
 * installed @anthropic-ai/sdk 1.14; the generated folder compiled with tsc as a user's project (the shared
 * framework project: `client.beta.agents.create({ tools: managedAgentTools })` and
 * `client.beta.sessions.events.toolRunner(id, { tools: sessionTools })` against the SDK's own types); then
 * the SDK's client and session tool runner against a fake Managed Agents API on 127.0.0.1: the agent
 * receives the custom tools, and one `agent.custom_tool_use` event is run through the dispatcher and
 * answered with a `user.custom_tool_result` event.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import Anthropic from "@anthropic-ai/sdk";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Dispatcher } from "../../src/runtime/dispatch.js";
import { AGENT_TOOL_CAP, CUSTOM_TOOL, managedAgents } from "../../src/targets/managed-agents/facts.js";
import { fixture, repoRoot } from "../helpers.js";
import { sharedFrameworkProject, type FrameworkProject, type RecordedCall } from "./framework-project.js";

const sdkFile = (...parts: string[]) => readFile(path.join(repoRoot, "node_modules", "@anthropic-ai", "sdk", ...parts), "utf8");

describe("the facts, as the installed @anthropic-ai/sdk states them", () => {
  it("a custom tool's fields and name rule, the agent's tool cap and the session tool runner", async () => {
    expect((JSON.parse(await sdkFile("package.json")) as { version: string }).version).toBe("1.14.0");
    // Doc comments read as one line each: their line breaks and leading `*`s as spaces.
    const agents = (await sdkFile("resources", "beta", "agents", "agents.d.ts")).replace(/\n\s*\* /g, " ");
    const start = agents.indexOf(`export interface ${CUSTOM_TOOL.type} {`);
    const body = agents.slice(start, agents.indexOf("\n}", start));
    expect([...body.matchAll(/^ {4}(\w+)\??:/gm)].map((m) => m[1]).sort()).toEqual([...CUSTOM_TOOL.fields]);
    expect(body).toContain("type: 'custom';");
    expect(body).toContain(`1-${managedAgents.toolName.max} characters; letters, digits, underscores, and hyphens.`);
    expect(agents).toContain(`Maximum of ${AGENT_TOOL_CAP} tools across all toolsets allowed.`);
    expect(await sdkFile("CHANGELOG.md")).toContain(`state the agent tools limit as ${AGENT_TOOL_CAP}`);
    expect(await sdkFile("resources", "beta", "sessions", "events.d.ts")).toMatch(/toolRunner\(sessionID: string, opts: /);
  });
});

/** A fake Managed Agents API: POST /v1/agents, and a session's event stream, history and sent events. */
interface FakeAgents {
  baseURL: string;
  agents: Array<{ tools?: unknown[] }>;
  /** Events the runner posted (`POST /v1/sessions/{id}/events`). */
  sent: Array<{ events: Array<Record<string, unknown>> }>;
  /** The events the session stream sends when the runner attaches. */
  script: Array<Record<string, unknown>>;
  strays: string[];
  server: Server;
}

async function body(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  return text === "" ? undefined : JSON.parse(text);
}

async function startFakeAgents(): Promise<FakeAgents> {
  const fake: FakeAgents = { baseURL: "", agents: [], sent: [], script: [], strays: [], server: undefined as unknown as Server };
  const json = (res: ServerResponse, value: unknown) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(value));
  fake.server = createServer((req, res) => {
    void body(req).then((parsed) => {
      const url = req.url?.split("?")[0] ?? "";
      if (req.method === "POST" && url === "/v1/agents") {
        fake.agents.push(parsed as FakeAgents["agents"][number]);
        json(res, { id: "agent_1", type: "agent", ...(parsed as object) });
      } else if (req.method === "GET" && url === "/v1/sessions/sesn_1/events/stream") {
        res.writeHead(200, { "content-type": "text/event-stream" });
        for (const event of fake.script) res.write(`event: ${String(event["type"])}\ndata: ${JSON.stringify(event)}\n\n`);
        // Kept open, as a live session's stream is, until the runner lets go.
      } else if (req.method === "GET" && url === "/v1/sessions/sesn_1/events") {
        json(res, { data: [], next_page: null });
      } else if (req.method === "POST" && url === "/v1/sessions/sesn_1/events") {
        fake.sent.push(parsed as FakeAgents["sent"][number]);
        json(res, { data: [] });
      } else {
        fake.strays.push(`${req.method} ${req.url}`);
        res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ type: "error", error: { type: "not_found_error", message: "no such route" } }));
      }
    });
  });
  await new Promise<void>((resolve) => fake.server.listen(0, "127.0.0.1", resolve));
  fake.baseURL = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
  return fake;
}

interface UserModule {
  createAgent(client: Anthropic): Promise<unknown>;
  createNotesAgent(client: Anthropic): Promise<unknown>;
  firstCall(client: Anthropic, sessionId: string): Promise<{ name: string; toolUseId: string; isError: boolean; posted: boolean } | undefined>;
}

let project: FrameworkProject;
let fake: FakeAgents;
let client: Anthropic;
let user: UserModule;
let native: Dispatcher;

const calls = (): RecordedCall[] => ((globalThis as { toolgenCalls?: RecordedCall[] }).toolgenCalls ??= []);
const customToolUse = (id: string, name: string, input: unknown) => ({ id, type: "agent.custom_tool_use", name, input, processed_at: "2026-11-29T08:00:00Z" });

beforeAll(async () => {
  project = await sharedFrameworkProject();
  // tsc emits the JavaScript even with type errors: the first test reports them, the others run.
  user = (await import(pathToFileURL(path.join(project.dir, "dist", "src", "managed-agent.js")).href)) as UserModule;
  ({ dispatcher: native } = (await import(pathToFileURL(path.join(project.dist, "index.js")).href)) as { dispatcher: Dispatcher });
  fake = await startFakeAgents();
  client = new Anthropic({ apiKey: "test-key", baseURL: fake.baseURL, maxRetries: 0 });
});

afterAll(async () => {
  fake?.server.closeAllConnections();
  await new Promise<void>((resolve) => fake?.server.close(() => resolve()));
});

beforeEach(() => {
  calls().length = 0;
  fake.sent.length = 0;
});

describe("the managed-agents output", () => {
  it("compiles as a user's project against the SDK's types (agents.create, the session tool runner, BetaManagedAgentsCustomToolParams[])", () => {
    expect(project.diagnostics).toEqual([]);
  });

  it("writes managed-agents.ts as the golden file shows (the seed tools and the extra ones)", async () => {
    await expect(await readFile(path.join(project.out, "managed-agents.ts"), "utf8")).toMatchFileSnapshot(fixture("frameworks", "expected", "managed-agents.ts"));
  });

  it("the agent receives every tool as a custom tool: type, name, description and input_schema, nothing else", async () => {
    await user.createAgent(client);
    const definitions = JSON.parse(await readFile(path.join(project.out, "tools.json"), "utf8")) as Array<{ name: string; description: string; input_schema: unknown }>;
    expect(fake.agents.at(-1)!.tools).toEqual(definitions.map((d) => ({ type: "custom", name: d.name, description: d.description, input_schema: d.input_schema })));
    expect(fake.strays).toEqual([]);
  });

  it("a toolset's module holds its managedAgentTools (the output provides a tools array): an agent per toolset", async () => {
    await user.createNotesAgent(client);
    expect((fake.agents.at(-1)!.tools as Array<{ name: string }>).map((t) => t.name)).toEqual(["delete_note", "look-up-note"]);
  });

  it("the session tool runner runs an agent.custom_tool_use through the dispatcher to the handler, and posts its user.custom_tool_result", async () => {
    fake.script = [customToolUse("sevt_1", "get_weather", { location: "Paris", unit: "celsius" })];
    const call = await user.firstCall(client, "sesn_1");
    expect(call).toMatchObject({ name: "get_weather", toolUseId: "sevt_1", isError: false, posted: true });
    expect(calls()).toEqual([{ tool: "get_weather", input: { location: "Paris", unit: "celsius" }, toolUseId: "sevt_1", context: undefined, signal: true }]);
    expect(fake.sent).toEqual([
      { events: [{ type: "user.custom_tool_result", custom_tool_use_id: "sevt_1", content: [{ type: "text", text: JSON.stringify({ tool: "get_weather", input: { location: "Paris", unit: "celsius" } }) }], is_error: false }] },
    ]);
  });

  it("answers invalid input with native dispatch's message, is_error: true, and never runs the handler", async () => {
    fake.script = [customToolUse("sevt_2", "get_weather", { location: 5 })];
    const call = await user.firstCall(client, "sesn_1");
    expect(call).toMatchObject({ name: "get_weather", isError: true, posted: true });
    const expected = await native.dispatch({ type: "tool_use", id: "sevt_2", name: "get_weather", input: { location: 5 } });
    expect(expected.is_error).toBe(true);
    expect(fake.sent[0]!.events).toEqual([{ type: "user.custom_tool_result", custom_tool_use_id: "sevt_2", content: [{ type: "text", text: expected.content }], is_error: true }]);
    expect(calls()).toEqual([]);
  });
});
