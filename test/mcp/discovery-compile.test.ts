/**
 * Issue 41, item 1, as a user builds it: a scratch project with `"mcpDiscovery": "search"`, toolsets
 * and a deferLoading plan, built by the shipped bin and compiled with `tsc -p` (strict, noUnused*), its
 * compiled entries driven by the official MCP client: the HTTP entry (at a 2025 revision and at
 * 2026-07-28) and the stdio entry with `--toolset shop`. tools/list is the two discovery tools and the
 * tools loaded up front; search_tools finds a tool by a paraphrase; call_tool runs it, or answers a bad
 * call with toolgen's message. (test/mcp/discovery.test.ts drives the fetch handler and stdio, transpiled
 * only; this file is in test:heavy: tsc and three servers.)
 */
import type { ChildProcess } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client, Tool } from "@modelcontextprotocol/client";
import { repoTempDir } from "../e2e/compile.js";
import { CI_LIMIT_MS } from "../helpers.js";
import { compiledCatalogProject, httpClient, stdioClient } from "./harness.js";

const N = 24;
const CONFIG = {
  outputs: ["native", "types", "validators", "handlers", "runtime", "index", "toolsets", "search", "mcp"],
  toolsets: { ops: { tags: ["operations"] }, shop: ["shop_*"] },
  deferLoading: { budgetTokens: 300, alwaysLoad: ["support_get_ticket"] },
  mcpDiscovery: "search",
};

function textOf(result: { content?: unknown }): string {
  return (result.content as Array<{ text?: string }>).map((c) => c.text ?? "").join("");
}

describe('"mcpDiscovery": "search", compiled with tsc -p and served by its entries (issue 41)', () => {
  let dir = "";
  let tsc = { status: -1 as number | null, output: "" };
  let loaded: string[] = [];
  const clients: Array<[string, Client]> = [];
  const children: ChildProcess[] = [];
  const mcp = (file: string) => path.join(dir, "dist", "generated", "mcp", file);

  beforeAll(async () => {
    dir = await repoTempDir();
    tsc = await compiledCatalogProject(dir, N, CONFIG);
    if (tsc.status !== 0) return;
    const sent = JSON.parse(await readFile(path.join(dir, "generated", "tools.json"), "utf8")) as { name: string; defer_loading?: boolean }[];
    loaded = sent.filter((t) => t.defer_loading !== true).map((t) => t.name);
    for (const modern of [false, true]) {
      const http = await httpClient(mcp("http.js"), {}, modern);
      children.push(http.child);
      clients.push([modern ? "HTTP at 2026-07-28" : "HTTP", http.client]);
    }
    clients.push(["stdio (--toolset shop)", await stdioClient(mcp("stdio.js"), {}, ["--toolset", "shop"])]);
  }, CI_LIMIT_MS);
  afterAll(async () => {
    for (const [, client] of clients) await client.close();
    for (const child of children) child.kill();
  });

  it("tsc -p compiles the project (strict, noUnused*)", () => {
    expect(tsc.output).toBe("");
    expect(tsc.status).toBe(0);
  });

  for (const transport of ["HTTP", "HTTP at 2026-07-28"]) {
    describe(transport, () => {
      const client = () => clients.find(([t]) => t === transport)![1];

      it("lists search_tools, call_tool and the tools loaded up front; finds, calls and refuses through them", async () => {
        const { tools } = await client().listTools();
        expect(tools.map((t) => t.name)).toEqual(["search_tools", "call_tool", ...loaded]);
        const search = await client().callTool({ name: "search_tools", arguments: { query: "get rid of a postage sticker", limit: 3 } });
        expect((search.structuredContent as { tools: Tool[] }).tools.map((t) => t.name)).toContain("shipping_delete_label");
        const args = { label_id: "lbl_66", confirm: true };
        const ok = await client().callTool({ name: "call_tool", arguments: { name: "shipping_delete_label", arguments: args } });
        expect(JSON.parse(textOf(ok))).toEqual({ tool: "shipping_delete_label", input: args });
        const bad = await client().callTool({ name: "call_tool", arguments: { name: "shipping_delete_label", arguments: {} } });
        expect(bad.isError).toBe(true);
        expect(textOf(bad)).toContain("label_id");
      });
    });
  }

  it("stdio with --toolset shop: lists the discovery tools, searches and calls only the set's tools", async () => {
    const client = clients.find(([t]) => t === "stdio (--toolset shop)")![1];
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(["search_tools", "call_tool", ...loaded.filter((n) => n.startsWith("shop_"))]);
    const search = await client.callTool({ name: "search_tools", arguments: { query: "get rid of a postage sticker or an order", limit: 20 } });
    const found = (search.structuredContent as { tools: Tool[] }).tools.map((t) => t.name);
    expect(found).toContain("shop_delete_order");
    for (const name of found) expect(name.startsWith("shop_"), name).toBe(true);
    const outside = await client.callTool({ name: "call_tool", arguments: { name: "shipping_delete_label", arguments: { label_id: "x" } } });
    expect(outside.isError).toBe(true);
    expect(textOf(outside)).toContain("is not in the toolset 'shop'");
  });
});
