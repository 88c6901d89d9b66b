/**
 * Issue 41, item 1: `"mcpDiscovery": "search"`. A folder of catalogue tools with toolsets and a
 * deferLoading plan is built with the `mcp` and `search` outputs, transpiled by esbuild as a bundler would (the
 * type-check is test/mcp/discovery-compile.test.ts's, in test:heavy), and driven by the official MCP
 * client over stdio (the entry, spawned) and over the stateless fetch handler (in this process):
 * tools/list is exactly search_tools, call_tool and the tools the plan keeps loaded; search_tools finds
 * a deferred tool by a paraphrase; call_tool runs it through the same validator and handler; a bad call
 * is isError with toolgen's validation message; an unknown name is a clear isError; a server for one
 * toolset never finds or calls a tool outside it. The default ("list") is left as it was; a tool named
 * like a discovery tool, an unknown value, and "search" without the search output are usage errors.
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { buildSync } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, StreamableHTTPClientTransport, type Tool } from "@modelcontextprotocol/client";
import { tools as catalog } from "../../bench/tool-catalog.mjs";
import { build } from "../../src/pipeline.js";
import { parseSettings } from "../../src/catalog.js";
import { repoTempDir } from "../e2e/compile.js";
import { fillHandlers, stdioClient } from "./harness.js";

const N = 24;
const FOLDER = catalog(N);
const byTag = (tag: string) => FOLDER.filter((t) => t.tags.includes(tag)).map((t) => t.name).sort();
/** A tool the deferLoading plan keeps loaded (with what else fits the budget). */
const ALWAYS = "support_get_ticket";
const SETTINGS = {
  toolsets: { ops: { tags: ["operations"] }, shop: ["shop_*"] },
  deferLoading: { budgetTokens: 300, alwaysLoad: [ALWAYS] },
  mcpDiscovery: "search",
  // A word no tool has, made one with "label" by the config: search_tools' index carries the config's synonyms.
  searchSynonyms: [["gizmo", "label"]],
};
const OUTPUTS = ["native", "types", "validators", "handlers", "runtime", "index", "toolsets", "search", "mcp"];

function textOf(result: { content?: unknown }): string {
  return (result.content as Array<{ text?: string }>).map((c) => c.text ?? "").join("");
}

/** Every .ts file under `dir` transpiled to .js beside it, by esbuild, unbundled (no type-check: a bundler's way). */
async function transpileTree(dir: string): Promise<void> {
  const entryPoints = (await readdir(dir, { recursive: true })).filter((f) => f.endsWith(".ts")).map((f) => path.join(dir, f));
  buildSync({ entryPoints, outdir: dir, outbase: dir, format: "esm", target: "es2022", logLevel: "error" });
}

interface FetchModule {
  createMcpFetchHandler: (o: { toolset?: string }) => { fetch: (r: Request) => Promise<Response>; close: () => Promise<void> };
}

/** A folder of the catalogue's tools, written under `dir`/schemas. */
async function writeFolder(dir: string, tools: readonly object[]): Promise<string> {
  const schemas = path.join(dir, "schemas");
  const { mkdir } = await import("node:fs/promises");
  await mkdir(schemas, { recursive: true });
  await Promise.all(tools.map((t) => writeFile(path.join(schemas, `${(t as { name: string }).name}.json`), JSON.stringify(t, null, 2))));
  return schemas;
}

describe('"mcpDiscovery": "search" (issue 41)', () => {
  let dir = "";
  let deferred: string[] = [];
  let loaded: string[] = [];
  const clients: Array<[string, string | undefined, Client]> = [];

  beforeAll(async () => {
    dir = await repoTempDir();
    const schemas = await writeFolder(dir, FOLDER);
    const p = { schemas, out: path.join(dir, "generated"), handlers: path.join(dir, "handlers") };
    await build({ ...p, lint: false, cache: false, outputs: OUTPUTS, ...(SETTINGS as object) });
    await fillHandlers(p.handlers);
    await writeFile(path.join(dir, "package.json"), JSON.stringify({ type: "module" }));
    await transpileTree(p.out);
    await transpileTree(p.handlers);
    const sent = JSON.parse(await readFile(path.join(p.out, "tools.json"), "utf8")) as { name: string; defer_loading?: boolean }[];
    deferred = sent.filter((t) => t.defer_loading === true).map((t) => t.name);
    loaded = sent.filter((t) => t.defer_loading !== true).map((t) => t.name);
    const fetchModule = (await import(pathToFileURL(path.join(p.out, "mcp", "fetch.js")).href)) as FetchModule;
    const fetchClient = async (toolset?: string) => {
      const handler = fetchModule.createMcpFetchHandler(toolset === undefined ? {} : { toolset });
      const client = new Client({ name: "toolgen-test", version: "1.0.0" });
      const transport = new StreamableHTTPClientTransport(new URL("http://127.0.0.1/mcp"), { fetch: (input, init) => handler.fetch(new Request(input, init)) });
      await client.connect(transport);
      return client;
    };
    clients.push(["stdio", undefined, await stdioClient(path.join(p.out, "mcp", "stdio.js"))]);
    clients.push(["fetch handler", undefined, await fetchClient()]);
    clients.push(["fetch handler ({ toolset: 'ops' })", "ops", await fetchClient("ops")]);
  }, 60_000);
  afterAll(async () => {
    for (const [, , client] of clients) await client.close();
  });

  it("the plan keeps the alwaysLoad tool and a few more loaded, and defers the rest", () => {
    expect(loaded).toContain(ALWAYS);
    expect(loaded.length).toBeLessThan(4);
    expect(deferred.length).toBe(N - loaded.length);
  });

  for (const transport of ["stdio", "fetch handler"]) {
    describe(transport, () => {
      const client = () => clients.find(([t]) => t === transport)![2];

      it("tools/list is exactly search_tools, call_tool and the tools loaded up front", async () => {
        const { tools } = await client().listTools();
        expect(tools.map((t) => t.name)).toEqual(["search_tools", "call_tool", ...loaded]);
        for (const t of tools.slice(2)) expect(t._meta?.["anthropic/alwaysLoad"]).toBe(true);
        expect(tools[0]!.inputSchema.required).toEqual(["query"]);
        expect(tools[1]!.inputSchema.required).toEqual(["name"]);
      });

      it("search_tools reads the config's searchSynonyms: a word of no tool finds the tools of its synonym", async () => {
        const result = await client().callTool({ name: "search_tools", arguments: { query: "gizmo", limit: 5 } });
        const found = ((result.structuredContent as { tools?: Tool[] } | undefined)?.tools ?? []).map((t) => t.name);
        expect(found, textOf(result)).toContain("shipping_delete_label");
      });

      it("search_tools finds a deferred tool by a paraphrase, with its description and input schema", async () => {
        const result = await client().callTool({ name: "search_tools", arguments: { query: "get rid of a postage sticker", limit: 3 } });
        expect(result.isError ?? false, textOf(result)).toBe(false);
        const found = (result.structuredContent as { tools: Tool[] }).tools;
        expect(found.length).toBeLessThanOrEqual(3);
        const want = FOLDER.find((t) => t.name === "shipping_delete_label")!;
        expect(deferred).toContain(want.name);
        expect(found.map((t) => t.name)).toContain(want.name);
        const hit = found.find((t) => t.name === want.name)!;
        expect({ description: hit.description, inputSchema: hit.inputSchema }).toEqual({ description: want.description, inputSchema: want.input_schema });
        expect(JSON.parse(textOf(result))).toEqual(result.structuredContent);
      });

      it("call_tool runs the tool found through its validator and handler", async () => {
        const args = { label_id: "lbl_66", confirm: true };
        const result = await client().callTool({ name: "call_tool", arguments: { name: "shipping_delete_label", arguments: args } });
        expect(result.isError ?? false, textOf(result)).toBe(false);
        expect(JSON.parse(textOf(result))).toEqual({ tool: "shipping_delete_label", input: args });
      });

      it("a bad call through call_tool is isError with toolgen's validation message, as a direct call's", async () => {
        const bad = { name: "shipping_delete_label", arguments: { confirm: "yes" } };
        const through = await client().callTool({ name: "call_tool", arguments: bad });
        expect(through.isError).toBe(true);
        expect(textOf(through)).toContain("label_id");
        const direct = await client().callTool({ name: bad.name, arguments: bad.arguments });
        expect(textOf(through)).toBe(textOf(direct));
        expect(direct.isError).toBe(true);
      });

      it("an unknown name, or a call_tool input without a name, is a clear isError; the server goes on", async () => {
        const unknown = await client().callTool({ name: "call_tool", arguments: { name: "no_such_tool", arguments: {} } });
        expect(unknown.isError).toBe(true);
        expect(textOf(unknown)).toBe("Error: Unknown tool: no_such_tool. search_tools finds this server's tools by what they do.");
        const nameless = await client().callTool({ name: "call_tool", arguments: { arguments: {} } });
        expect(nameless.isError).toBe(true);
        expect(textOf(nameless)).toBe('Error: "name" must be the name of a tool (search_tools finds them)');
        const noQuery = await client().callTool({ name: "search_tools", arguments: { limit: 3 } });
        expect(noQuery.isError).toBe(true);
        expect(textOf(noQuery)).toBe('Error: "query" must be a non-empty string');
        const after = await client().callTool({ name: "call_tool", arguments: { name: ALWAYS, arguments: { ticket_id: "T-1" } } });
        expect(after.isError ?? false, textOf(after)).toBe(false);
      });
    });
  }

  describe("a server for one toolset", () => {
    const client = () => clients.find(([, set]) => set === "ops")![2];
    const ops = byTag("operations");

    it("lists only the discovery tools (the tool loaded up front is outside the set)", async () => {
      expect(ops).not.toContain(ALWAYS);
      const { tools } = await client().listTools();
      expect(tools.map((t) => t.name)).toEqual(["search_tools", "call_tool"]);
    });

    it("search_tools never returns a tool outside the set, even for a query that names one", async () => {
      const shopQuery = await client().callTool({ name: "search_tools", arguments: { query: "refund order purchase coupon cart", limit: 20 } });
      const found = shopQuery.structuredContent === undefined ? [] : (shopQuery.structuredContent as { tools: Tool[] }).tools.map((t) => t.name);
      for (const name of found) expect(ops).toContain(name);
      const own = await client().callTool({ name: "search_tools", arguments: { query: ops[0]!.replaceAll("_", " "), limit: 20 } });
      expect((own.structuredContent as { tools: Tool[] }).tools.map((t) => t.name)).toContain(ops[0]);
    });

    it("call_tool of a tool outside the set is isError naming the set, as a direct call is", async () => {
      const result = await client().callTool({ name: "call_tool", arguments: { name: ALWAYS, arguments: { ticket_id: "T-1" } } });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain(`the tool '${ALWAYS}' is not in the toolset 'ops'`);
    });
  });
});

describe('"mcpDiscovery": the setting', () => {
  it('is "list" unless set, and takes only "list" or "search"', () => {
    expect(parseSettings({}, "toolgen.config.json")).not.toHaveProperty("mcpDiscovery");
    expect(parseSettings({ mcpDiscovery: "search" }, "toolgen.config.json")).toEqual({ mcpDiscovery: "search" });
    expect(() => parseSettings({ mcpDiscovery: "lazy" }, "toolgen.config.json")).toThrow(`toolgen.config.json: 'mcpDiscovery' must be "list"`);
  });

  it('"search" without the search output, or a tool named like a discovery tool, is a usage error; "list" writes no search code', async () => {
    const dir = await repoTempDir();
    const schemas = await writeFolder(dir, [FOLDER[0]!, { ...FOLDER[1]!, name: "call_tool" }]);
    const p = { schemas, out: path.join(dir, "generated"), handlers: path.join(dir, "handlers"), lint: false, cache: false };
    const base = ["native", "types", "validators", "handlers", "runtime", "index", "mcp"];
    await expect(build({ ...p, outputs: base, mcpDiscovery: "search" } as never)).rejects.toThrow(`'mcpDiscovery' is "search" but "outputs" leaves out "search"`);
    await expect(build({ ...p, outputs: [...base, "search"], mcpDiscovery: "search" } as never)).rejects.toThrow(`the tool 'call_tool' has the name of one of the tools "mcpDiscovery": "search" lists`);
    await build({ ...p, outputs: [...base, "search"] });
    const server = await readFile(path.join(p.out, "mcp", "server.ts"), "utf8");
    expect(server).not.toContain("search_tools");
    expect(server).toContain(`server.setRequestHandler("tools/list", () => ({ tools: mcpTools }));`);
  });
});
