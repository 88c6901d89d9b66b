/**
 * Issue 27: a handler's `inputRequired(...)` through the generated MCP server, driven by the official
 * MCP client (SDK 2.4). At 2026-07-28 over the stateless HTTP entry it is MCP's `input_required`
 * result: in manual mode (`withInputRequired`, `allowInputRequired`) the client reads it and retries
 * with `inputResponses` and the echoed `requestState`; in the client's default mode its
 * `elicitation/create` handler answers and the call completes inside `callTool`. At 2025-11-25 the SDK
 * asks the client itself (its legacy shim sends `elicitation/create`) where the connection has a
 * session (stdio); over the stateless HTTP entry it cannot, and the call is an isError result saying so.
 * The tool (count_words) has an output schema: the request is not checked against it, the final answer is;
 * its handler declares \`Promise<ToolOutputs["count_words"] | InputRequired>\`, which the build compiles.
 */
import type { ChildProcess } from "node:child_process";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, specTypeSchemas, StreamableHTTPClientTransport, SUPPORTED_PROTOCOL_VERSIONS, withInputRequired } from "@modelcontextprotocol/client";
import type { ClientCapabilities } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { repoRoot } from "../helpers.js";
import { buildMcpCase, fillHandlers, startHttpEntry, type McpCase } from "./harness.js";

const MCP_FIXTURE = path.join(repoRoot, "test", "mcp", "fixtures", "schemas");
const NEWEST = "2026-07-28";
/** The latest 2025-era revision (negotiated through initialize). */
const LATEST_LEGACY = SUPPORTED_PROTOCOL_VERSIONS[0]!;

/** count_words asks for a confirmation first (with requestState), and declares its return type as users would. */
const COUNT_WORDS = `import { acceptedContent, inputRequired, type InputRequired, type ToolContext, type ToolInputs } from "../generated/index.js";
import type { ToolOutputs } from "../generated/mcp/outputs.js";

export default async function handleCountWords(input: ToolInputs["count_words"], context: ToolContext): Promise<ToolOutputs["count_words"] | InputRequired> {
  const answer = acceptedContent(context.inputResponses, "confirm");
  if (answer === undefined) {
    const requestedSchema = { type: "object" as const, properties: { ok: { type: "boolean" } }, required: ["ok"] };
    return inputRequired({ inputRequests: { confirm: inputRequired.elicit({ message: "Count the words of " + JSON.stringify(input.text) + "?", requestedSchema }) }, requestState: "round-1" });
  }
  if (answer["ok"] !== true || context.requestState !== "round-1") throw new Error("not confirmed (state " + String(context.requestState) + ")");
  return { count: input.text.split(/\\s+/).filter((w) => w !== "").length };
}
`;

async function fill(handlers: string): Promise<void> {
  await fillHandlers(handlers);
  await writeFile(path.join(handlers, "count_words.ts"), COUNT_WORDS);
}

const ARGS = { text: "one two  three" };
const ASKED = { method: "elicitation/create", params: { mode: "form", message: `Count the words of "one two  three"?`, requestedSchema: { type: "object", properties: { ok: { type: "boolean" } }, required: ["ok"] } } };
const ELICITATION: ClientCapabilities = { elicitation: { form: {} } };

/** A client answering every form with `{ ok: true }`, recording each form's message. */
function answeringClient(options: ConstructorParameters<typeof Client>[1]): { client: Client; asked: string[] } {
  const asked: string[] = [];
  const client = new Client({ name: "toolgen-test", version: "1.0.0" }, { ...options, capabilities: ELICITATION });
  client.setRequestHandler("elicitation/create", (request) => {
    asked.push(request.params.message);
    return { action: "accept", content: { ok: true } };
  });
  return { client, asked };
}

describe("inputRequired through the generated MCP server", () => {
  let c: McpCase & { diagnostics: string[] };
  let child: ChildProcess | undefined;
  let url = "";
  beforeAll(async () => {
    c = await buildMcpCase(MCP_FIXTURE, {}, fill);
    expect(c.diagnostics).toEqual([]);
    ({ child, url } = await startHttpEntry(path.join(c.dist, "generated", "mcp", "http.js")));
  });
  afterAll(() => void child?.kill());

  it(`${NEWEST}, manual mode (withInputRequired): the input_required result, then the retry with the answers completes`, async () => {
    const client = new Client({ name: "toolgen-test", version: "1.0.0" }, { versionNegotiation: { mode: { pin: NEWEST } }, capabilities: ELICITATION, inputRequired: { autoFulfill: false } });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    try {
      expect(client.getNegotiatedProtocolVersion()).toBe(NEWEST);
      const schema = withInputRequired(specTypeSchemas.CallToolResult);
      const first = await client.request({ method: "tools/call", params: { name: "count_words", arguments: ARGS } }, schema, { allowInputRequired: true });
      // The SDK adds its own _meta (serverInfo) to every 2026-07-28 result.
      expect(first).toMatchObject({ resultType: "input_required", inputRequests: { confirm: ASKED }, requestState: "round-1" });
      expect(Object.keys(first).sort()).toEqual(["_meta", "inputRequests", "requestState", "resultType"]);
      const params = { name: "count_words", arguments: ARGS, inputResponses: { confirm: { action: "accept" as const, content: { ok: true } } }, requestState: "round-1" };
      const second = await client.request({ method: "tools/call", params }, schema, { allowInputRequired: true });
      expect(second).toMatchObject({ structuredContent: { count: 3 } });
      expect("isError" in second && second.isError === true).toBe(false);
      // A retry whose state was tampered with reaches the handler as such (it is untrusted): the handler refuses it.
      const forged = await client.request({ method: "tools/call", params: { ...params, requestState: "round-9" } }, schema, { allowInputRequired: true });
      expect(forged).toMatchObject({ isError: true, content: [{ type: "text", text: "Error: not confirmed (state round-9)" }] });
    } finally {
      await client.close();
    }
  });

  it(`${NEWEST}, the client's default mode: its elicitation handler answers inside callTool`, async () => {
    const { client, asked } = answeringClient({ versionNegotiation: { mode: { pin: NEWEST } } });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    try {
      const result = await client.callTool({ name: "count_words", arguments: ARGS });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toEqual({ count: 3 });
      expect(asked).toEqual([ASKED.params.message]);
    } finally {
      await client.close();
    }
  });

  it(`${LATEST_LEGACY} over stdio (a session): the SDK sends elicitation/create itself and calls the handler again`, async () => {
    const { client, asked } = answeringClient({ supportedProtocolVersions: [LATEST_LEGACY] });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [path.join(c.dist, "generated", "mcp", "stdio.js")], stderr: "pipe" }));
    try {
      expect(client.getNegotiatedProtocolVersion()).toBe(LATEST_LEGACY);
      const result = await client.callTool({ name: "count_words", arguments: ARGS });
      expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
      expect(result.structuredContent).toEqual({ count: 3 });
      expect(asked).toEqual([ASKED.params.message]);
    } finally {
      await client.close();
    }
  });

  it(`${LATEST_LEGACY} over the stateless HTTP entry: no session to ask through, an isError result saying what is needed`, async () => {
    const { client, asked } = answeringClient({ supportedProtocolVersions: [LATEST_LEGACY] });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    try {
      const result = await client.callTool({ name: "count_words", arguments: ARGS });
      expect(result.isError).toBe(true);
      const text = (result.content as Array<{ text?: string }>).map((p) => p.text ?? "").join("");
      expect(text).toContain("Cannot request input 'confirm' (elicitation/create)");
      expect(text).toContain("per-request legacy serving cannot receive server-to-client requests");
      expect(asked).toEqual([]);
      // The other tools are served as before.
      expect((await client.callTool({ name: "search_notes", arguments: { query: "plan" } })).isError).toBeFalsy();
    } finally {
      await client.close();
    }
  });
});
