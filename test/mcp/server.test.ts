/**
 * Issue 13: the generated MCP server, compiled with tsc and driven by the official MCP client over
 * stdio and over Streamable HTTP on a loopback port, for the seed tools, the awkward-names fixture
 * set and a set with titles, annotations and output schemas.
 */
import type { ChildProcess } from "node:child_process";
import { cp, readFile } from "node:fs/promises";
import path from "node:path";
import { Ajv } from "ajv";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "@modelcontextprotocol/client";
import { repoTempDir } from "../e2e/compile.js";
import { fixture, repoRoot } from "../helpers.js";
import { httpClient, rawToolsList, sharedMcpCase, stdioClient, withoutProtoKeys, type McpCase } from "./harness.js";

const SEED_EXAMPLES: Record<string, unknown> = {
  get_weather: { location: "Paris" },
  get_ticker_symbol: { company_name: "GM" },
  get_current_stock_price: { symbol: "GM" },
  get_stock_price: { ticker: "GM" },
};
const MCP_FIXTURE = path.join(repoRoot, "test", "mcp", "fixtures", "schemas");
const MCP_EXAMPLES: Record<string, unknown> = { search_notes: { query: "plan" }, count_words: { text: "one two  three" }, broken_output: { value: "x" } };
/** Compiled with the generated code of the output-schema set: ToolOutputs is generated from the output schemas. */
const OUTPUT_TYPES_CHECK = `
import type { ToolOutputs } from "./generated/mcp/outputs.js";
export const ok: ToolOutputs["count_words"] = { count: 3 };
// @ts-expect-error -- count is an integer, not a string
export const wrong: ToolOutputs["count_words"] = { count: "3" };
export const notes: ToolOutputs["search_notes"] = { tool: "search_notes", input: {} };
`;

interface NativeTool {
  name: string;
  description?: string;
  input_schema: Record<string, unknown>;
}

const sets: Array<[string, string, () => Promise<Record<string, unknown>>]> = [
  ["the seed tools", path.join(repoRoot, "schemas"), async () => SEED_EXAMPLES],
  ["awkward names and shapes", fixture("awkward", "schemas"), async () => JSON.parse(await readFile(fixture("awkward", "examples.json"), "utf8")) as Record<string, unknown>],
  ["titles, annotations and output schemas", MCP_FIXTURE, async () => MCP_EXAMPLES],
];

function textOf(result: { content?: unknown }): string {
  const content = result.content as Array<{ type: string; text?: string }>;
  return content.map((c) => c.text ?? "").join("");
}

for (const [name, schemas, examplesOf] of sets) {
  describe(`MCP server for ${name}`, () => {
    let c: McpCase & { diagnostics: string[] };
    let native: NativeTool[];
    const clients: Array<[string, Client]> = [];
    let child: ChildProcess | undefined;
    beforeAll(async () => {
      c = await sharedMcpCase(schemas, schemas === MCP_FIXTURE ? { "output-types-check.ts": OUTPUT_TYPES_CHECK } : {});
      native = JSON.parse(await readFile(path.join(c.out, "tools.json"), "utf8")) as NativeTool[];
      if (c.diagnostics.length > 0) return;
      clients.push(["stdio", await stdioClient(path.join(c.dist, "generated", "mcp", "stdio.js"))]);
      const http = await httpClient(path.join(c.dist, "generated", "mcp", "http.js"));
      child = http.child;
      clients.push(["http", http.client]);
    });
    afterAll(async () => {
      for (const [, client] of clients) await client.close();
      child?.kill();
    });

    it("compiles with tsc (strict, NodeNext)", () => {
      expect(c.diagnostics).toEqual([]);
    });

    it("stdio, raw JSON-RPC: tools/list carries every name, description and input schema of tools.json exactly", async () => {
      const tools = (await rawToolsList(path.join(c.dist, "generated", "mcp", "stdio.js"))) as Array<Record<string, unknown>>;
      expect(tools.map((t) => ({ name: t["name"], description: t["description"], input_schema: t["inputSchema"] }))).toEqual(native);
    });

    for (const transport of ["stdio", "http"]) {
      const client = () => clients.find(([t]) => t === transport)![1];

      it(`${transport}: listTools equals tools.json (names, descriptions, schemas, in order)`, async () => {
        const { tools } = await client().listTools();
        expect(tools.map((t) => t.name)).toEqual(native.map((t) => t.name));
        for (const [i, t] of native.entries()) {
          expect(tools[i]!.description).toEqual(t.description);
          // The client SDK drops object keys named __proto__ when it parses a result; the wire
          // carries them (see the raw test below).
          expect(tools[i]!.inputSchema).toEqual(withoutProtoKeys(t.input_schema));
        }
      });

      it(`${transport}: a valid call returns the handler's result`, async () => {
        const examples = await examplesOf();
        for (const t of native.filter((t) => t.name !== "broken_output")) {
          const result = await client().callTool({ name: t.name, arguments: examples[t.name] as Record<string, unknown> });
          expect(result.isError ?? false, `${t.name}: ${textOf(result)}`).toBe(false);
          const expected = t.name === "count_words" ? { count: 3 } : { tool: t.name, input: examples[t.name] };
          expect(JSON.parse(textOf(result))).toEqual(expected);
        }
      });

      it(`${transport}: an invalid call returns isError naming the parameter`, async () => {
        for (const t of native) {
          const required = (t.input_schema["required"] as string[] | undefined) ?? [];
          if (required.length === 0) continue;
          const result = await client().callTool({ name: t.name, arguments: {} });
          expect(result.isError).toBe(true);
          expect(textOf(result)).toContain(required[0]!);
        }
      });

      it(`${transport}: an unknown tool gets the protocol error -32602`, async () => {
        await expect(client().callTool({ name: "no_such_tool", arguments: {} })).rejects.toMatchObject({ code: -32602 });
      });
    }

    if (schemas === MCP_FIXTURE) {
      it("passes title, annotations and outputSchema through; structuredContent validates", async () => {
        const files = new Map<string, Record<string, unknown>>();
        for (const f of ["search_notes", "count_words"]) {
          files.set(f, JSON.parse(await readFile(path.join(MCP_FIXTURE, `${f}.json`), "utf8")) as Record<string, unknown>);
        }
        for (const [, client] of clients) {
          const { tools } = await client.listTools();
          for (const t of tools.filter((t) => t.name !== "broken_output")) {
            const file = files.get(t.name)!;
            expect(t.title).toEqual(file["title"]);
            expect(t.annotations).toEqual(file["annotations"]);
            const outputSchema = (file["output_schema"] ?? file["outputSchema"]) as Record<string, unknown>;
            expect(t.outputSchema).toEqual(outputSchema);
            const result = await client.callTool({ name: t.name, arguments: MCP_EXAMPLES[t.name] as Record<string, unknown> });
            expect(result.structuredContent).toBeDefined();
            expect(new Ajv({ strict: false }).validate(outputSchema, result.structuredContent)).toBe(true);
            expect(JSON.parse(textOf(result))).toEqual(result.structuredContent);
          }
        }
      });

      it("an output that breaks the output schema is an isError result; a handler's error is sent as is, unchecked", async () => {
        for (const [, client] of clients) {
          const broken = await client.callTool({ name: "broken_output", arguments: { value: "x" } });
          expect(broken.isError).toBe(true);
          expect(broken.structuredContent).toBeUndefined();
          expect(textOf(broken)).toContain("does not match its output schema");
          expect(textOf(broken)).toContain("count");
          const failed = await client.callTool({ name: "search_notes", arguments: { query: "boom" } });
          expect(failed.isError).toBe(true);
          expect(failed.structuredContent).toBeUndefined();
          expect(textOf(failed)).toBe("Error: boom: the handler failed");
        }
      });
    }
  });
}

describe("the Streamable HTTP entry on a loopback address", () => {
  it("refuses a foreign Host or Origin header (DNS rebinding) and serves a local one", async () => {
    const c = await sharedMcpCase(path.join(repoRoot, "schemas"));
    expect(c.diagnostics).toEqual([]);
    const { client, child, url } = await httpClient(path.join(c.dist, "generated", "mcp", "http.js"));
    try {
      await client.close();
      const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "x", version: "1" } } });
      const headers = { "content-type": "application/json", accept: "application/json, text/event-stream" };
      const { request } = await import("node:http");
      const post = (extra: Record<string, string>) =>
        new Promise<number>((resolve, reject) => {
          const req = request(url, { method: "POST", headers: { ...headers, ...extra } }, (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          });
          req.on("error", reject);
          req.end(body);
        });
      expect(await post({ host: "evil.example:80" })).toBe(403);
      expect(await post({ origin: "http://evil.example" })).toBe(403);
      expect(await post({})).toBe(200);
    } finally {
      child.kill();
    }
  });
});

describe("handler return types of tools with an output schema", () => {
  it("unknown (the stub's) and ToolOutputs[name] compile; another declared type is a compile error naming the tool", async () => {
    // A copy of the case the suites above compiled and served (the stubs' `unknown` compiles there),
    // so that changing a handler leaves the shared case as it is.
    const shared = await sharedMcpCase(MCP_FIXTURE, { "output-types-check.ts": OUTPUT_TYPES_CHECK });
    expect(shared.diagnostics).toEqual([]);
    const dir = await repoTempDir();
    await cp(shared.dir, dir, { recursive: true, filter: (from) => from !== shared.dist });
    const c = { dir, out: path.join(dir, "generated"), handlers: path.join(dir, "handlers") };
    const { readFile: read, writeFile: write } = await import("node:fs/promises");
    const handler = path.join(c.handlers, "count_words.ts");
    const text = await read(handler, "utf8");
    await write(handler, text.replace(/: Promise<unknown>/, ": Promise<{ count: string }>").replace(/return \{ count: .*\};/, "return { count: \"3\" };"));
    const files = [path.join(c.out, "mcp", "server.ts"), handler];
    const { compile } = await import("./harness.js");
    const diagnostics = compile(c.dir, files).join("\n");
    expect(diagnostics).toContain(`the handler of 'count_words' declares a return type that is not ToolOutputs['count_words']`);
    expect(diagnostics).not.toContain("search_notes");
    await write(handler, `import type { ToolOutputs } from "../generated/mcp/outputs.js";\n` + text.replace(/: Promise<unknown>/, `: Promise<ToolOutputs["count_words"]>`));
    expect(compile(c.dir, files)).toEqual([]);
  });
});
