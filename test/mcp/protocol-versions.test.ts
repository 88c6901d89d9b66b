/**
 * Issue 27: the generated MCP server (its Streamable HTTP entry, over the stateless fetch handler) with
 * the official MCP client pinned to the oldest and the newest protocol revision the SDK supports: it
 * lists and calls the seed tools, the awkward-names fixture and the MCP-fields fixture. `execution` is on
 * the wire for 2025-11-25 and absent for 2026-07-28 (read from the bytes of the response, since the
 * client's parsing would drop an unknown key); `icons` and `_meta` arrive.
 */
import type { ChildProcess } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, StreamableHTTPClientTransport, SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/client";
import { fixture, repoRoot } from "../helpers.js";
import { sharedMcpCase, startHttpEntry, withoutProtoKeys } from "./harness.js";

/** The oldest revision of the SDK's `initialize` list (2024-10-07 in 2.4). */
const OLDEST = SUPPORTED_PROTOCOL_VERSIONS[SUPPORTED_PROTOCOL_VERSIONS.length - 1]!;
/** The latest 2025-era revision, the last that has `execution` on a tool. */
const LATEST_LEGACY = SUPPORTED_PROTOCOL_VERSIONS[0]!;
/**
 * The newest revision the SDK negotiates (through `server/discover`). 2.4 keeps its modern list
 * internal (SUPPORTED_MODERN_PROTOCOL_VERSIONS = ["2026-07-28"]); the test checks it was negotiated.
 */
const NEWEST = "2026-07-28";

const MCP_FIXTURE = path.join(repoRoot, "test", "mcp", "fixtures", "schemas");
const sets: Array<[string, string, () => Promise<Record<string, unknown>>]> = [
  ["the seed tools", path.join(repoRoot, "schemas"), async () => ({ get_weather: { location: "Paris" }, get_ticker_symbol: { company_name: "GM" }, get_current_stock_price: { symbol: "GM" }, get_stock_price: { ticker: "GM" } })],
  ["awkward names and shapes", fixture("awkward", "schemas"), async () => JSON.parse(await readFile(fixture("awkward", "examples.json"), "utf8")) as Record<string, unknown>],
  ["the MCP fields (icons, _meta, execution, x-mcp-header)", MCP_FIXTURE, async () => ({ search_notes: { query: "plan" }, count_words: { text: "one two  three" } })],
];

/** A client pinned to `version`, and the bodies of the responses it read (as text). */
async function pinnedClient(url: string, version: string): Promise<{ client: Client; bodies: string[] }> {
  const bodies: string[] = [];
  const recording = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const response = await fetch(input, init);
    const text = await response.clone().text();
    bodies.push(text);
    return response;
  };
  const options = version === NEWEST ? { versionNegotiation: { mode: { pin: version } } } : { supportedProtocolVersions: [version] };
  const client = new Client({ name: "toolgen-test", version: "1.0.0" }, options);
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { fetch: recording }));
  return { client, bodies };
}

/** The tools of the tools/list response among the recorded bodies (JSON or one SSE event). */
function wireTools(bodies: string[]): Array<Record<string, unknown>> {
  for (const body of bodies) {
    const json = body.startsWith("{") ? body : /^data: (.*)$/m.exec(body)?.[1];
    if (json === undefined) continue;
    const message = JSON.parse(json) as { result?: { tools?: Array<Record<string, unknown>> } };
    if (message.result?.tools !== undefined) return message.result.tools;
  }
  throw new Error("no tools/list response was recorded");
}

for (const [name, schemas, examplesOf] of sets) {
  describe(`MCP protocol revisions, ${name}`, () => {
    let child: ChildProcess | undefined;
    let url = "";
    let native: Array<{ name: string; description?: string; input_schema: unknown }> = [];
    let examples: Record<string, unknown> = {};
    beforeAll(async () => {
      const c = await sharedMcpCase(schemas);
      expect(c.diagnostics).toEqual([]);
      native = JSON.parse(await readFile(path.join(c.out, "tools.json"), "utf8")) as typeof native;
      examples = await examplesOf();
      ({ child, url } = await startHttpEntry(path.join(c.dist, "generated", "mcp", "http.js")));
    });
    afterAll(() => void child?.kill());

    for (const version of [OLDEST, LATEST_LEGACY, NEWEST]) {
      it(`${version}: lists every tool of tools.json in order and calls each`, async () => {
        const { client, bodies } = await pinnedClient(url, version);
        try {
          expect(client.getNegotiatedProtocolVersion()).toBe(version);
          const { tools } = await client.listTools();
          expect(tools.map((t) => t.name)).toEqual(native.map((t) => t.name));
          // The client's parsing drops keys named __proto__ (harness withoutProtoKeys).
          for (const tool of native) expect(withoutProtoKeys(tools.find((t) => t.name === tool.name)?.inputSchema)).toEqual(withoutProtoKeys(tool.input_schema));
          for (const [tool, input] of Object.entries(examples)) {
            const result = await client.callTool({ name: tool, arguments: input as Record<string, unknown> });
            expect(result.isError, `${tool}: ${JSON.stringify(result.content)}`).toBeFalsy();
          }
          if (schemas !== MCP_FIXTURE) return;
          const file = JSON.parse(await readFile(path.join(MCP_FIXTURE, "search_notes.json"), "utf8")) as Record<string, unknown>;
          const listed = tools.find((t) => t.name === "search_notes")!;
          expect(listed.icons).toEqual(file["icons"]);
          expect(listed._meta).toEqual(file["_meta"]);
          const wire = wireTools(bodies).find((t) => t["name"] === "search_notes")!;
          expect(wire["icons"]).toEqual(file["icons"]);
          expect(wire["_meta"]).toEqual(file["_meta"]);
          // The spec removed `execution` in 2026-07-28 (tasks became an extension); 2025-era clients get it as written.
          if (version === NEWEST) expect(Object.keys(wire)).not.toContain("execution");
          else expect(wire["execution"]).toEqual(file["execution"]);
        } finally {
          await client.close();
        }
      });
    }
  });
}
