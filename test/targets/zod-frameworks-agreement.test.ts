/**
 * Property (issue 25): on synthetic tools (bench/corpus.mjs: 30 here, 150 with TOOLGEN_HEAVY=1), a call
 * through the claude-agent-sdk output (createSdkMcpServer's in-process server, the official MCP client)
 * and through the langchain output (`invoke` with a ToolCall) gets native dispatch's verdict and message,
 * for a valid input and for seeded mutations of it: a required key dropped, a value of the wrong type,
 * a number or boolean sent as a string (which dispatch repairs), a string emptied. (An unknown top-level
 * key is the Agent SDK's documented difference, tested in claude-agent-sdk/output.test.ts.)
 */
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Client, InMemoryTransport } from "@modelcontextprotocol/client";
import type { ToolMessage } from "@langchain/core/messages";
import type { StructuredToolInterface } from "@langchain/core/tools";
import { beforeAll, describe, expect, it } from "vitest";
import { build } from "../../src/pipeline.js";
// @ts-expect-error: bench/corpus.mjs is plain JavaScript without declarations
import { makeInput, makeTool, writeCorpus } from "../../bench/corpus.mjs";
import { repoTempDir } from "../e2e/compile.js";
import { mulberry32 } from "../helpers.js";
import { fillHandlers } from "../mcp/harness.js";

const HEAVY = process.env["TOOLGEN_HEAVY"] === "1";
const TOOLS = HEAVY ? 150 : 30;

interface CorpusTool {
  name: string;
  input_schema: { properties: Record<string, { type?: string }>; required?: string[] };
}
interface Dispatched {
  content?: unknown;
  is_error?: boolean;
}

let dispatch: (name: string, input: unknown) => Promise<Dispatched>;
let client: Client;
let langchain: Record<string, StructuredToolInterface>;
const corpus: CorpusTool[] = Array.from({ length: TOOLS }, (_, i) => makeTool(i) as CorpusTool);

beforeAll(async () => {
  const dir = await repoTempDir();
  const schemas = path.join(dir, "schemas");
  await mkdir(schemas);
  await writeCorpus(schemas, TOOLS);
  const options = { schemas, out: path.join(dir, "generated"), handlers: path.join(dir, "handlers"), lint: false, cache: false, outputs: ["native", "types", "validators", "handlers", "runtime", "index", "standard-schema", "claude-agent-sdk", "langchain"] };
  await build(options);
  await fillHandlers(options.handlers);
  const index = (await import(pathToFileURL(path.join(options.out, "index.ts")).href)) as { dispatcher: { dispatch(block: unknown): Promise<Dispatched> } };
  dispatch = (name, input) => index.dispatcher.dispatch({ type: "tool_use", id: "native", name, input });
  const claude = (await import(pathToFileURL(path.join(options.out, "claude-agent-sdk", "tools.ts")).href)) as { createClaudeAgentMcpServer(): { instance: { connect(t: unknown): Promise<void> } } };
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await claude.createClaudeAgentMcpServer().instance.connect(serverSide);
  client = new Client({ name: "test", version: "1.0.0" });
  await client.connect(clientSide);
  langchain = ((await import(pathToFileURL(path.join(options.out, "langchain", "tools.ts")).href)) as { langchainToolsByName: Record<string, StructuredToolInterface> }).langchainToolsByName;
}, HEAVY ? 900_000 : 300_000);

/** The seeded mutations of a valid input, each with what it does. */
function mutations(tool: CorpusTool, valid: Record<string, unknown>, random: () => number): Array<[string, Record<string, unknown>]> {
  const out: Array<[string, Record<string, unknown>]> = [["valid", valid]];
  const keys = Object.keys(valid);
  const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(random() * items.length)];
  const required = pick(tool.input_schema.required ?? []);
  if (required !== undefined) {
    const { [required]: _dropped, ...rest } = valid;
    out.push([`'${required}' dropped`, rest]);
  }
  const key = pick(keys);
  if (key !== undefined) {
    const value = valid[key];
    out.push([`'${key}' of the wrong type`, { ...valid, [key]: typeof value === "string" ? 42 : "not the right type" }]);
    if (typeof value === "number" || typeof value === "boolean") out.push([`'${key}' sent as a string`, { ...valid, [key]: String(value) }]);
    if (typeof value === "string") out.push([`'${key}' emptied`, { ...valid, [key]: "" }]);
  }
  return out;
}

const text = (content: unknown) => (typeof content === "string" ? content : JSON.stringify(content));

describe(`the claude-agent-sdk and langchain tools agree with native dispatch on ${TOOLS} synthetic tools`, () => {
  it("for a valid input and its seeded mutations", async () => {
    const random = mulberry32(25);
    let compared = 0;
    let rejected = 0;
    for (const tool of corpus) {
      const valid = makeInput(tool.input_schema, tool.input_schema, 1) as Record<string, unknown>;
      for (const [what, input] of mutations(tool, valid, random)) {
        const native = await dispatch(tool.name, input);
        const expected = { error: native.is_error === true, text: text(native.content) };
        const viaSdk = await client.callTool({ name: tool.name, arguments: input });
        const sdkText = (viaSdk.content as Array<{ text?: string }>).map((c) => c.text ?? "").join("");
        expect({ error: viaSdk.isError === true, text: sdkText }, `claude-agent-sdk: ${tool.name}, ${what}`).toEqual(expected);
        const message = (await langchain[tool.name]!.invoke({ type: "tool_call", id: "call_1", name: tool.name, args: input })) as ToolMessage;
        expect({ error: message.status === "error", text: message.content }, `langchain: ${tool.name}, ${what}`).toEqual(expected);
        compared++;
        if (expected.error) rejected++;
      }
    }
    // The mutations reach both verdicts.
    expect(rejected).toBeGreaterThan(compared / 5);
    expect(compared - rejected).toBeGreaterThan(TOOLS);
  }, HEAVY ? 900_000 : 120_000);
});
