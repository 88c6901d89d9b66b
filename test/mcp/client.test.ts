/**
 * Issue 42.3: the `mcp-client` output, in process. The fixture server's tools are written as `toolgen import mcp`
 * writes them (import.ts's toolFile, names sanitised, `original_name` kept), built with the mcp-client output,
 * and the generated client.ts is loaded as it is and driven over the official MCP client (InMemoryTransport)
 * against the official SDK's server: typed calls go through, a bad argument is refused with dispatch's message
 * and never reaches the server, structuredContent is checked against the output schema. (The same over stdio,
 * compiled by tsc in ESM and CommonJS, and `import --check`: test/mcp/client-server.test.ts, heavy.)
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, InMemoryTransport } from "@modelcontextprotocol/client";
import { build } from "../../src/pipeline.js";
import { createDispatcherFrom, type ValidateFunction } from "../../src/runtime/dispatch.js";
import { sanitiseName, toolFile } from "../../src/commands/import.js";
import { repoTempDir } from "../e2e/compile.js";
import { fixtureServer, fixtureTools } from "./fixtures/client/server.mjs";

const OUTPUTS = ["types", "validators", "runtime", "mcp-client"];

interface Received {
  name: string;
  arguments: Record<string, unknown>;
}
type Method = (input: unknown) => Promise<unknown>;
interface Generated {
  createToolClient(client: unknown): Record<string, Method>;
  ToolInputError: new (...args: never[]) => Error;
  ToolResultError: new (...args: never[]) => Error;
}

let dir: string;
let files: Map<string, string>;
let generated: Generated;
const received: Received[] = [];
let client: Client;

beforeAll(async () => {
  dir = await repoTempDir();
  const schemas = path.join(dir, "schemas");
  await mkdir(schemas);
  for (const tool of fixtureTools("1")) {
    const name = sanitiseName(tool.name);
    await writeFile(path.join(schemas, `${name}.json`), toolFile(tool, name, "mcp:stdio"));
  }
  const result = await build({ schemas, out: path.join(dir, "generated"), handlers: path.join(dir, "handlers"), outputs: OUTPUTS, cache: false });
  files = new Map(result.files.map((f) => [f.path, f.contents]));
  generated = (await import(pathToFileURL(path.join(dir, "generated", "mcp-client", "client.ts")).href)) as Generated;
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await fixtureServer({ version: "1", received }).connect(serverSide);
  client = new Client({ name: "client-test", version: "1.0.0" });
  await client.connect(clientSide);
});
afterAll(async () => {
  await client?.close();
});

describe("the mcp-client output", () => {
  it("writes client.ts with an output type and validator per output schema; the folder imports no package", () => {
    const paths = [...files.keys()].filter((p) => p.startsWith("mcp-client/")).sort();
    expect(paths).toEqual([
      "mcp-client/client.ts",
      "mcp-client/output-types/add.ts",
      "mcp-client/output-types/bad_output.ts",
      "mcp-client/output-validators/add.ts",
      "mcp-client/output-validators/bad_output.ts",
    ]);
    for (const [file, text] of files) expect(/from "(?![./])/.test(text), file).toBe(false);
    const text = files.get("mcp-client/client.ts")!;
    expect(text).toContain(`readonly "add": (input: ToolInputs["add"]) => Promise<AddOutput>;`);
    expect(text).toContain(`readonly "echo": (input: ToolInputs["echo"]) => Promise<CallToolResult>;`);
    // The sanitised tool calls the server by the name it lists.
    expect(text).toContain(`method: "get_tiny-image",\n    name: "get.tiny-image",`);
  });

  it("matches its golden file", async () => {
    await expect(files.get("mcp-client/client.ts")).toMatchFileSnapshot(path.join(__dirname, "fixtures", "client", "expected", "client.ts"));
  });

  it("calls three tools through the official client: a CallToolResult, a checked structuredContent, an image by its server name", async () => {
    const tools = generated.createToolClient(client);
    received.length = 0;
    expect(await tools["echo"]!({ text: "hi", times: 2 })).toEqual({ content: [{ type: "text", text: "hi hi" }] });
    expect(await tools["add"]!({ a: 2, b: 3 })).toEqual({ sum: 5 });
    const image = (await tools["get_tiny-image"]!({})) as { content: { type: string; mimeType: string }[] };
    expect(image.content[0]).toMatchObject({ type: "image", mimeType: "image/png" });
    expect(received.map((r) => r.name)).toEqual(["echo", "add", "get.tiny-image"]);
  });

  it("refuses a bad argument with dispatch's message, and sends nothing", async () => {
    const tools = generated.createToolClient(client);
    received.length = 0;
    // Native dispatch over the same generated validator (src/runtime/dispatch.ts is what runtime/ copies).
    const registry = [{ name: "echo", inputSchema: {}, loadValidator: async () => ((await import(pathToFileURL(path.join(dir, "generated", "validators", "echo.ts")).href)) as { validate: ValidateFunction }).validate }];
    const dispatcher = createDispatcherFrom(registry, { echo: () => "ran" });
    for (const bad of [{ text: "" }, { text: "hi", times: 9 }, { words: "hi" }, { text: 3 }]) {
      const error = await tools["echo"]!(bad).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(generated.ToolInputError);
      const block = await dispatcher.dispatch({ type: "tool_use", id: "t", name: "echo", input: bad });
      expect(block.is_error).toBe(true);
      expect(`Error: ${(error as Error).message}`).toBe(block.content);
    }
    expect((await tools["echo"]!({ text: "hi", times: 9 }).catch((e: Error) => e.message)) as string).toMatch(/times/);
    expect(received).toEqual([]);
  });

  it("refuses structuredContent that breaks the output schema", async () => {
    const tools = generated.createToolClient(client);
    const error = (await tools["bad_output"]!({}).catch((e: unknown) => e)) as Error & { result: unknown };
    expect(error).toBeInstanceOf(generated.ToolResultError);
    expect(error.message).toMatch(/^the tool 'bad_output' returned structuredContent that does not match its output schema: .*count/);
    expect(error.result).toMatchObject({ structuredContent: { count: "three" } });
  });

  it("refuses what is not a client", () => {
    expect(() => generated.createToolClient({})).toThrow(/pass a connected MCP client/);
  });
});
