/**
 * Rule `mcp/x-mcp-header` against the official MCP client (issue 27): for 1,000 input schemas drawn with a
 * fixed seed (x-mcp-header values good and bad, on properties of every type, at any depth, under the
 * keywords that leave the `properties` chain), the rule reports a tool exactly when the client, at
 * protocol revision 2026-07-28, drops it from `tools/list`. The server is the SDK's own
 * (`createMcpHandler`), called in-process through the client's `fetch` option.
 */
import { describe, expect, it } from "vitest";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { createMcpHandler, Server } from "@modelcontextprotocol/server";
import { RULES } from "../../../src/catalog.js";
import type { RuleSetting } from "../../../src/commands/config.js";
import { mulberry32 } from "../../helpers.js";
import { lintMemory, memoryPath } from "../helpers/memory-folder.js";

const TOOLS = 1000;
const NAMES: unknown[] = ["Region", "region", "REGION", "Trace-Id", "x_dry.run", "A", "a", "B", "my header", "", "a:b", "ünï", 7, null, "Q!#$%&'*+^`|~"];
const TYPES: unknown[] = ["string", "integer", "boolean", "number", "object", "array", undefined, ["string", "null"]];
/** The keywords the SDK's scan walks off the `properties` chain (its NON_REACHABLE_SUBSCHEMA_KEYWORDS, a subset). */
const OFF_CHAIN = ["items", "additionalProperties", "anyOf", "oneOf", "allOf", "not", "if", "then", "$defs", "patternProperties"] as const;

function drawSchema(random: () => number): { type: "object"; [key: string]: unknown } {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const node = (depth: number): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    const type = pick(TYPES);
    if (type !== undefined) out["type"] = type;
    if (random() < 0.45) out["x-mcp-header"] = pick(NAMES);
    if (depth < 3 && random() < 0.35) out["properties"] = Object.fromEntries(Array.from({ length: 1 + Math.floor(random() * 2) }, (_, i) => [`p${i}`, node(depth + 1)]));
    if (depth < 3 && random() < 0.15) {
      const keyword = pick(OFF_CHAIN);
      const child = node(depth + 1);
      out[keyword] = ["anyOf", "oneOf", "allOf"].includes(keyword) ? [child] : keyword === "$defs" || keyword === "patternProperties" ? { "^d": child } : child;
    }
    return out;
  };
  const root: { type: "object"; [key: string]: unknown } = { type: "object", properties: Object.fromEntries(Array.from({ length: 1 + Math.floor(random() * 3) }, (_, i) => [`q${i}`, node(1)])) };
  if (random() < 0.03) root["x-mcp-header"] = "Root";
  if (random() < 0.1) root[pick(OFF_CHAIN)] = node(1);
  return root;
}

describe("mcp/x-mcp-header agrees with the official client", () => {
  it(`${TOOLS} drawn schemas: reported by the rule exactly when the client (2026-07-28) drops the tool`, async () => {
    const random = mulberry32(27);
    const tools = Array.from({ length: TOOLS }, (_, i) => ({ name: `t${i}`, inputSchema: drawSchema(random) }));

    const files = Object.fromEntries(tools.map((t) => [`${t.name}.json`, JSON.stringify({ name: t.name, input_schema: t.inputSchema }, null, 2)]));
    const config: Record<string, RuleSetting> = Object.fromEntries(RULES.map((r) => [r.meta.id, "off"]));
    config["mcp/x-mcp-header"] = "error";
    const findings = await lintMemory(files, config);
    const reported = new Set(findings.map((d) => d.file));

    const handler = createMcpHandler(() => {
      const server = new Server({ name: "drawn", version: "1.0.0" }, { capabilities: { tools: {} } });
      server.setRequestHandler("tools/list", () => ({ tools }));
      return server;
    });
    const client = new Client({ name: "toolgen-test", version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
    const warn = console.warn;
    console.warn = () => undefined; // the client warns once per tool it drops
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL("http://127.0.0.1/mcp"), { fetch: (input, init) => handler.fetch(new Request(input, init)) }));
      const kept = new Set((await client.listTools()).tools.map((t) => t.name));
      const disagreements = tools
        .filter((t) => reported.has(memoryPath(`${t.name}.json`)) === kept.has(t.name))
        .map((t) => `${t.name}: rule ${reported.has(memoryPath(`${t.name}.json`)) ? "reports" : "passes"}, client ${kept.has(t.name) ? "keeps" : "drops"} ${JSON.stringify(t.inputSchema)}`);
      expect(disagreements).toEqual([]);
      // The draw covers both outcomes in numbers.
      expect(kept.size).toBeGreaterThan(TOOLS / 5);
      expect(TOOLS - kept.size).toBeGreaterThan(TOOLS / 5);
    } finally {
      console.warn = warn;
      await client.close();
      await handler.close();
    }
  });
});
