/**
 * Issue 28: an MCP server per toolset. A scratch project with "toolsets" and the `mcp` output is
 * built by the shipped bin, compiled with `tsc -p` (strict, noUnused*), and each generated transport
 * is driven by the official MCP client with one toolset selected: the stdio entry (`--toolset NAME`),
 * the HTTP entry (`MCP_TOOLSET`, at a 2025 revision and at 2026-07-28) and the stateless fetch handler (`createMcpFetchHandler({ toolset })`).
 * tools/list is exactly the toolset's tools (as the whole-folder server lists them, deferLoading's
 * `_meta["anthropic/alwaysLoad"]` included); an in-set call runs; a call outside the set is an isError
 * result naming the set, and the server goes on. An unknown toolset stops either entry at start-up
 * with exit 1 and a message naming the toolsets.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, StreamableHTTPClientTransport, type Tool } from "@modelcontextprotocol/client";
import { tools as catalog } from "../../bench/tool-catalog.mjs";
import { repoTempDir } from "../e2e/compile.js";
import { CI_LIMIT_MS } from "../helpers.js";
import { compiledCatalogProject, httpClient, stdioClient } from "./harness.js";

/** The fewest catalogue tools that give each toolset three tools or more, some kept loaded and some deferred (tsc's time grows with the folder). */
const N = 24;
const FOLDER = catalog(N);
const names = (pick: (t: (typeof FOLDER)[number]) => boolean) => FOLDER.filter(pick).map((t) => t.name).sort();
/** The toolsets as the config gives them, and their members worked out here from the catalogue. */
const EXPECTED: Record<string, string[]> = {
  ops: names((t) => t.tags.includes("operations")),
  shop: names((t) => t.name.startsWith("shop_") || t.name === "billing_update_refund"),
};
const ALWAYS = [EXPECTED["ops"]![0]!, EXPECTED["shop"]![0]!];
const CONFIG = {
  outputs: ["native", "types", "validators", "handlers", "runtime", "index", "mcp", "toolsets"],
  toolsets: { ops: { tags: ["operations"] }, shop: ["shop_*", "billing_update_refund"] },
  deferLoading: { budgetTokens: 2000, alwaysLoad: ALWAYS },
};
/** Compiled with the project: a toolset name that is not the config's does not type-check. */
const TYPES_CHECK = `
import { createMcpServer, toolsets, type McpToolsetName } from "./generated/mcp/server.js";
import { createMcpFetchHandler } from "./generated/mcp/fetch.js";
export const ops = createMcpServer({ toolset: "ops" });
export const shop = createMcpFetchHandler({ toolset: "shop" });
export const all: McpToolsetName[] = ["ops", "shop"];
export const opsTools: readonly string[] = toolsets.ops;
// @ts-expect-error -- "nope" is no toolset of the config
export const wrong = createMcpServer({ toolset: "nope" });
`;

/** Arguments that satisfy a catalogue tool's schema: "x" for each required string. */
function argumentsFor(name: string): Record<string, unknown> {
  const tool = FOLDER.find((t) => t.name === name)!;
  const required = (tool.input_schema as { required?: string[] }).required ?? [];
  return Object.fromEntries(required.map((r) => [r, "x"]));
}

function textOf(result: { content?: unknown }): string {
  return (result.content as Array<{ text?: string }>).map((c) => c.text ?? "").join("");
}

/** Runs an entry that should refuse to start; resolves with its exit code and stderr (stdin stays open: a server that started would hang here). */
function refusedStart(entry: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [entry, ...args], { env: { ...process.env, PORT: "0", ...env }, stdio: ["pipe", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (c: string) => (stderr += c));
  return new Promise((resolve) => {
    // Only a server that started waits this long (it is killed: no exit code); a loaded machine starts one in seconds.
    const guard = setTimeout(() => child.kill(), 300_000);
    child.once("exit", (code) => {
      clearTimeout(guard);
      resolve({ code, stderr });
    });
  });
}

describe("an MCP server per toolset (issue 28)", () => {
  let dir = "";
  let tsc = { status: -1 as number | null, output: "" };
  let folderTools: Tool[] = [];
  let deferred: string[] = [];
  const clients: Array<[string, string, Client]> = [];
  const children: ChildProcess[] = [];
  const mcp = (file: string) => path.join(dir, "dist", "generated", "mcp", file);

  beforeAll(async () => {
    dir = await repoTempDir();
    tsc = await compiledCatalogProject(dir, N, CONFIG, { "types-check.ts": TYPES_CHECK });
    if (tsc.status !== 0) return;
    deferred = (JSON.parse(await readFile(path.join(dir, "generated", "tools.json"), "utf8")) as { name: string; defer_loading?: boolean }[]).filter((t) => t.defer_loading === true).map((t) => t.name);
    // The stateless fetch handler, in this process, behind the official client's own fetch: with no
    // toolset it is the whole-folder server the toolsets' listings are compared with.
    const fetchModule = (await import(pathToFileURL(mcp("fetch.js")).href)) as { createMcpFetchHandler: (o: { toolset?: string }) => { fetch: (r: Request) => Promise<Response> } };
    const fetchClient = async (options: { toolset?: string }) => {
      const handler = fetchModule.createMcpFetchHandler(options);
      const client = new Client({ name: "toolgen-test", version: "1.0.0" });
      await client.connect(new StreamableHTTPClientTransport(new URL("http://127.0.0.1/mcp"), { fetch: (input, init) => handler.fetch(new Request(input, init)) }));
      return client;
    };
    const whole = await fetchClient({});
    folderTools = (await whole.listTools()).tools;
    await whole.close();
    clients.push(["stdio (--toolset ops)", "ops", await stdioClient(mcp("stdio.js"), {}, ["--toolset", "ops"])]);
    const http = await httpClient(mcp("http.js"), { MCP_TOOLSET: "shop" });
    children.push(http.child);
    clients.push(["HTTP (MCP_TOOLSET=shop)", "shop", http.client]);
    const modern = await httpClient(mcp("http.js"), { MCP_TOOLSET: "ops" }, true);
    children.push(modern.child);
    clients.push(["HTTP at 2026-07-28 (MCP_TOOLSET=ops)", "ops", modern.client]);
    clients.push(["fetch handler ({ toolset: 'ops' })", "ops", await fetchClient({ toolset: "ops" })]);
  }, CI_LIMIT_MS);
  afterAll(async () => {
    for (const [, , client] of clients) await client.close();
    for (const child of children) child.kill();
  });

  it("tsc -p compiles the project (strict, noUnused*), and a toolset name that is not the config's does not type-check", () => {
    expect(tsc.output).toBe("");
    expect(tsc.status).toBe(0);
  });

  it("the fixture exercises the defer plan: each toolset has tools kept loaded and tools deferred", () => {
    for (const set of Object.values(EXPECTED)) {
      expect(set.some((n) => deferred.includes(n))).toBe(true);
      expect(set.some((n) => !deferred.includes(n))).toBe(true);
    }
  });

  for (const [transport, set] of [["stdio (--toolset ops)", "ops"], ["HTTP (MCP_TOOLSET=shop)", "shop"], ["HTTP at 2026-07-28 (MCP_TOOLSET=ops)", "ops"], ["fetch handler ({ toolset: 'ops' })", "ops"]] as const) {
    describe(transport, () => {
      const client = () => clients.find(([t]) => t === transport)![2];

      it(`tools/list is exactly the toolset '${set}', as the whole-folder server lists those tools (alwaysLoad as the defer plan says)`, async () => {
        const { tools } = await client().listTools();
        expect(tools.map((t) => t.name)).toEqual(EXPECTED[set]);
        expect(tools).toEqual(folderTools.filter((t) => EXPECTED[set]!.includes(t.name)));
        for (const tool of tools) expect(tool._meta?.["anthropic/alwaysLoad"] === true, tool.name).toBe(!deferred.includes(tool.name));
      });

      it("an in-set call runs its handler", async () => {
        const name = EXPECTED[set]![1]!;
        const result = await client().callTool({ name, arguments: argumentsFor(name) });
        expect(result.isError ?? false, textOf(result)).toBe(false);
        expect(JSON.parse(textOf(result))).toEqual({ tool: name, input: argumentsFor(name) });
      });

      it("a call outside the set (a folder tool or no tool at all) is an isError result naming the set; the server goes on", async () => {
        const other = FOLDER.map((t) => t.name).find((n) => !EXPECTED[set]!.includes(n))!;
        for (const name of [other, "no_such_tool"]) {
          const result = await client().callTool({ name, arguments: argumentsFor(other) });
          expect(result.isError).toBe(true);
          // runtime/toolset.ts's message, as the toolset's native dispatcher answers: the set named, its tools listed.
          expect(textOf(result)).toContain(`the tool '${name}' is not in the toolset '${set}' (its tools: ${EXPECTED[set]![0]}, `);
          expect(textOf(result)).not.toContain(`"tool"`);
        }
        const name = EXPECTED[set]![0]!;
        const after = await client().callTool({ name, arguments: argumentsFor(name) });
        expect(after.isError ?? false, textOf(after)).toBe(false);
      });
    });
  }

  it("an unknown toolset, a --toolset without a name or an unknown argument stops either entry at start-up with exit 1 and a message", async () => {
    const cases: Array<[string, string[], Record<string, string>, string]> = [
      ["stdio.js", ["--toolset", "nope"], {}, "mcp: unknown toolset 'nope' (toolsets: ops, shop)\n"],
      ["stdio.js", [], { MCP_TOOLSET: "opz" }, "mcp: unknown toolset 'opz' (toolsets: ops, shop)\n"],
      ["http.js", ["--toolset=nope"], {}, "mcp: unknown toolset 'nope' (toolsets: ops, shop)\n"],
      ["http.js", [], { MCP_TOOLSET: "nope" }, "mcp: unknown toolset 'nope' (toolsets: ops, shop)\n"],
      ["stdio.js", ["--toolset"], {}, "mcp: --toolset needs a toolset name (toolsets: ops, shop)\n"],
      ["http.js", ["--toolsets", "ops"], {}, `mcp: unknown argument "--toolsets" (the entry takes --toolset NAME; toolsets: ops, shop)\n`],
    ];
    // Started together: each is a process that should exit at once.
    const results = await Promise.all(cases.map(([entry, args, env]) => refusedStart(mcp(entry), args, env)));
    for (const [i, [entry, args, env, message]] of cases.entries()) {
      const r = results[i]!;
      expect({ entry, args, env, code: r.code, stderr: r.stderr }).toEqual({ entry, args, env, code: 1, stderr: message });
    }
  });
});
