/**
 * Issue 42.3 against a real server from npm (heavy: npm, servers started, two tsc projects):
 * @modelcontextprotocol/server-everything, the devDependency (2026.8.31), over stdio (`dist/index.js stdio`).
 * `toolgen import mcp --lock` from it, `toolgen build` with the mcp-client output, the user's program compiled
 * by tsc as an ES module and as CommonJS, then run: three tools called through the official client, typed
 * results, and a bad argument refused without being sent (the program records every tools/call the transport
 * sends). Then "the server's version changes": 2026.1.14 of the same package, installed from the npm registry
 * into a cached prefix (test/e2e/tool-cache.ts). Its tools, against 2026.8.31's (checked 2026-11-29): it lacks
 * simulate-research-query (diff/tool-removed), its input schemas with properties say additionalProperties: false
 * where 2026.8.31's say nothing (diff/additional-properties-closed, 8 tools), its tools carry no annotations,
 * and get-structured-content's output schema lists its keys in another order. So `import mcp --check` against
 * it exits 1 with those classes and their witnesses. test/mcp/client-server.test.ts keeps the fixture server for
 * what this server does not show: sanitised names, a required parameter added, diff taking the lock as a side,
 * --server-timeout and --header.
 */
import { spawnSync } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { repoRoot, toolgen } from "../helpers.js";
import { compileProject } from "../e2e/compile.js";
import { clientProjects } from "./client-projects.js";
import { cachedBin } from "../e2e/tool-cache.js";

const PACKAGE = "@modelcontextprotocol/server-everything";
const SERVER = path.join(repoRoot, "node_modules", PACKAGE, "dist", "index.js");
const SERVE = ["--", process.execPath, SERVER, "stdio"];
/** The older version whose tools break a client built from 2026.8.31's. */
const OLDER = "2026.1.14";

const PROGRAM = `import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { createToolClient, ToolInputError } from "./generated/mcp-client/client.js";
import type { CallToolResult, GetStructuredContentOutput } from "./generated/mcp-client/client.js";

async function main(): Promise<void> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [${JSON.stringify(SERVER)}, "stdio"], stderr: "ignore" });
  const sent: string[] = [];
  const send = transport.send.bind(transport);
  transport.send = (message: Parameters<StdioClientTransport["send"]>[0]) => {
    const request = message as { method?: string; params?: { name?: string } };
    if (request.method === "tools/call") sent.push(String(request.params?.name));
    return send(message);
  };
  const client = new Client({ name: "app", version: "1.0.0" });
  await client.connect(transport);
  const tools = createToolClient(client);
  const echoed: CallToolResult = await tools.echo({ message: "hi" });
  const sum: CallToolResult = await tools["get-sum"]({ a: 2, b: 3 });
  const weather: GetStructuredContentOutput = await tools["get-structured-content"]({ location: "Chicago" });
  let refused = "";
  try {
    // @ts-expect-error -- b is a number: the types refuse it, and so does the validator at run time.
    await tools["get-sum"]({ a: 2, b: "three" });
  } catch (error) {
    refused = error instanceof ToolInputError ? error.message : "not a ToolInputError";
  }
  await client.close();
  const conditions: string = weather.conditions;
  console.log(JSON.stringify({ echoed, sum, temperature: typeof weather.temperature, conditions: typeof conditions, refused, sent }));
}
void main();
`;

let esm: string;
let cjs: string;

beforeAll(async () => {
  ({ esm, cjs } = await clientProjects(SERVE, { "main.ts": PROGRAM }));
});

describe(`the mcp-client output against ${PACKAGE} over stdio`, () => {
  it("import --lock writes a tool file per tool and the lock of the tools as listed", async () => {
    const version = (JSON.parse(await readFile(path.join(repoRoot, "node_modules", PACKAGE, "package.json"), "utf8")) as { version: string }).version;
    expect(version).toBe("2026.8.31");
    const lock = JSON.parse(await readFile(path.join(esm, "toolgen.mcp-lock.json"), "utf8")) as { tools: { name: string }[] };
    const names = lock.tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(["echo", "get-sum", "get-structured-content", "simulate-research-query"]));
    const sum = JSON.parse(await readFile(path.join(esm, "schemas", "get-sum.json"), "utf8")) as { input_schema: { required: string[] } };
    expect(sum.input_schema.required).toEqual(["a", "b"]);
  });

  for (const kind of ["ES module", "CommonJS"] as const) {
    it(`compiles with the user's tsc as ${kind}, calls three tools with typed results, and refuses a bad argument without sending it`, () => {
      const dir = kind === "ES module" ? esm : cjs;
      expect(compileProject(dir)).toEqual([]);
      const run = spawnSync(process.execPath, [path.join(dir, "dist", "main.js")], { cwd: dir, encoding: "utf8" });
      expect(run.status, run.stderr).toBe(0);
      const out = JSON.parse(run.stdout) as { echoed: { content: unknown[] }; sum: { content: unknown[] }; temperature: string; conditions: string; refused: string; sent: string[] };
      expect(out.echoed.content).toEqual([{ type: "text", text: "Echo: hi" }]);
      expect(out.sum.content).toEqual([{ type: "text", text: "The sum of 2 and 3 is 5." }]);
      expect([out.temperature, out.conditions]).toEqual(["number", "string"]);
      expect(out.refused).toMatch(/\bb\b/);
      expect(out.sent).toEqual(["echo", "get-sum", "get-structured-content"]);
    });
  }

  it(`import --check passes against the same version, and fails with diff/tool-removed against ${OLDER}`, async () => {
    const lockBefore = await readFile(path.join(esm, "toolgen.mcp-lock.json"), "utf8");
    const same = toolgen(esm, ["import", "mcp", "--check", ...SERVE]);
    expect(same.code, same.stderr).toBe(0);
    expect(same.stdout).toContain("no changes");
    const older = cachedBin(`${PACKAGE}@${OLDER}`, "mcp-server-everything");
    const changed = toolgen(esm, ["import", "mcp", "--check", "--", process.execPath, older, "stdio"]);
    expect(changed.code, changed.stderr).toBe(1);
    // simulate-research-query is new in 2026.8.31: a client generated from its tools calls a tool 2026.1.14 lacks.
    expect(changed.stdout).toMatch(/breaking {2}tool 'simulate-research-query' was removed .*diff\/tool-removed\n +witness: \{"topic":"a"\}/);
    // 2026.1.14 closes every input schema that has properties (additionalProperties: false); 2026.8.31 leaves them open.
    expect(changed.stdout).toMatch(/breaking {2}additionalProperties: true -> false {2}server:get-sum .*diff\/additional-properties-closed\n +witness: \{"a":0,"b":0,"x_extra":"x"\}/);
    expect(changed.stdout.match(/^ {2}breaking /gm)).toHaveLength(9);
    expect(changed.stdout).toContain("break a client generated from it (diff/tool-removed, diff/additional-properties-closed");
    expect(await readFile(path.join(esm, "toolgen.mcp-lock.json"), "utf8")).toBe(lockBefore);
  });
});
