/**
 * Issue 42.3, as a user runs it (heavy: servers started, two tsc projects): `toolgen import mcp --lock` from a
 * server written with the official SDK (test/mcp/fixtures/client/server.mjs, over stdio), `toolgen build` with
 * the mcp-client output, the user's program compiled by tsc (tsconfig.json, strict, NodeNext) as an ES module
 * and as CommonJS, then run: it calls three tools through the official client over stdio, and a bad argument
 * is refused without reaching the server (the server logs every call it receives). Then the server's next
 * version changes its tools, and `toolgen import mcp --check` fails with diff's classes and witnesses;
 * `toolgen diff` takes the lock as a side.
 */
import { spawnSync } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { repoRoot, toolgen } from "../helpers.js";
import { startHttpLintServer } from "../lint/helpers/lint-server.js";
import { compileProject } from "../e2e/compile.js";
import { clientProjects } from "./client-projects.js";

const SERVER = path.join(repoRoot, "test", "mcp", "fixtures", "client", "server.mjs");
const SERVE = ["--", process.execPath, SERVER];
/** test/lint/server.test.ts's server: silent (never answers) or over HTTP asking for a bearer token. */
const LINT_SERVER = path.join(repoRoot, "test", "mcp", "fixtures", "lint-server.mjs");

/** The user's program: three calls, a bad one, and what the server received, as one JSON line. */
const PROGRAM = `import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { createToolClient, ToolInputError } from "./generated/mcp-client/client.js";
import type { AddOutput, CallToolResult } from "./generated/mcp-client/client.js";

async function main(): Promise<void> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [${JSON.stringify(SERVER)}], stderr: "pipe" });
  const received: string[] = [];
  transport.stderr?.on("data", (chunk: Buffer) => received.push(...chunk.toString("utf8").split("\\n").filter((l) => l.startsWith("received "))));
  const client = new Client({ name: "app", version: "1.0.0" });
  await client.connect(transport);
  const tools = createToolClient(client);
  const echoed: CallToolResult = await tools.echo({ text: "hi", times: 2 });
  const sum: AddOutput = await tools.add({ a: 2, b: 3 });
  const image = await tools["get_tiny-image"]({});
  let refused = "";
  try {
    // @ts-expect-error -- times is an integer: the types refuse it, and so does the validator at run time.
    await tools.echo({ text: "hi", times: "twice" });
  } catch (error) {
    refused = error instanceof ToolInputError ? error.message : "not a ToolInputError";
  }
  await client.close();
  console.log(JSON.stringify({ echoed, sum: sum.sum, image: image.content[0]?.type, refused, received }));
}
void main();
`;

/**
 * The SDK's 1.x client (@modelcontextprotocol/sdk, which server-memory and the Claude Agent SDK depend on) fits
 * createToolClient too: type-checked only, its `callTool` as the generated client calls it.
 */
const SDK_V1 = `import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { createToolClient } from "./generated/mcp-client/client.js";
import type { AddOutput } from "./generated/mcp-client/client.js";

export async function sumWithSdkV1(client: Client): Promise<number> {
  const sum: AddOutput = await createToolClient(client).add({ a: 1, b: 2 });
  return sum.sum;
}
`;

let esm: string;
let cjs: string;

beforeAll(async () => {
  ({ esm, cjs } = await clientProjects(SERVE, { "main.ts": PROGRAM, "sdk-v1.ts": SDK_V1 }));
});

describe("the mcp-client output against a server over stdio", () => {
  it("import --lock writes the tool files and the lock of the tools as listed", async () => {
    const lock = JSON.parse(await readFile(path.join(esm, "toolgen.mcp-lock.json"), "utf8")) as { lock: string; tools: { name: string }[] };
    expect(lock.lock).toBe("toolgen mcp tools");
    expect(lock.tools.map((t) => t.name)).toEqual(["echo", "add", "get.tiny-image", "bad_output"]);
    const file = JSON.parse(await readFile(path.join(esm, "schemas", "get_tiny-image.json"), "utf8")) as Record<string, unknown>;
    expect(file["original_name"]).toBe("get.tiny-image");
  });

  for (const kind of ["ES module", "CommonJS"] as const) {
    it(`compiles with the user's tsc as ${kind}, calls three tools, and refuses a bad argument without sending it (the SDK's 1.x Client fits too)`, () => {
      const dir = kind === "ES module" ? esm : cjs;
      expect(compileProject(dir)).toEqual([]);
      const run = spawnSync(process.execPath, [path.join(dir, "dist", "main.js")], { cwd: dir, encoding: "utf8" });
      expect(run.status, run.stderr).toBe(0);
      const out = JSON.parse(run.stdout) as { echoed: unknown; sum: number; image: string; refused: string; received: string[] };
      expect(out.echoed).toEqual({ content: [{ type: "text", text: "hi hi" }] });
      expect(out.sum).toBe(5);
      expect(out.image).toBe("image");
      expect(out.refused).toMatch(/times/);
      // The server received the three good calls, by the names it lists, and never the bad one.
      expect(out.received.map((l) => (JSON.parse(l.slice("received ".length)) as { name: string }).name)).toEqual(["echo", "add", "get.tiny-image"]);
    });
  }

  it("import --check passes while the server keeps its tools, and fails with diff's classes and witnesses when it breaks the client", async () => {
    const lockBefore = await readFile(path.join(esm, "toolgen.mcp-lock.json"), "utf8");
    const same = toolgen(esm, ["import", "mcp", "--check", ...SERVE]);
    expect(same.code, same.stderr).toBe(0);
    expect(same.stdout).toContain("no changes");
    const changed = toolgen(esm, ["import", "mcp", "--check", ...SERVE], { CLIENT_SERVER_VERSION: "2" });
    expect(changed.code, changed.stderr).toBe(1);
    expect(changed.stdout).toMatch(/breaking {2}property 'times' is now required .*diff\/param-required-added/);
    expect(changed.stdout).toContain(`witness: {"text":"a"} (base accepts, head rejects)`);
    expect(changed.stdout).toMatch(/breaking {2}tool 'add' was removed .*diff\/tool-removed/);
    expect(changed.stdout).toContain("break a client generated from it (diff/tool-removed, diff/param-required-added)");
    // --check writes nothing: the lock is as import wrote it.
    expect(await readFile(path.join(esm, "toolgen.mcp-lock.json"), "utf8")).toBe(lockBefore);
  });

  it("toolgen diff takes the lock as a side", () => {
    const server = `${JSON.stringify(process.execPath)} ${JSON.stringify(SERVER)}`;
    const diff = toolgen(esm, ["diff", "toolgen.mcp-lock.json", "--head-server", server], { CLIENT_SERVER_VERSION: "2" });
    expect(diff.code, diff.stderr).toBe(1);
    expect(diff.stdout).toContain("diff/param-required-added");
    expect(toolgen(esm, ["diff", "toolgen.mcp-lock.json", "toolgen.mcp-lock.json"]).code).toBe(0);
    const notLock = toolgen(esm, ["diff", "toolgen.config.json"]);
    expect(notLock.code).toBe(2);
    expect(notLock.stderr).toContain("toolgen.config.json: not a tools lock of toolgen import mcp");
  });

  it("import mcp takes --server-timeout and --header as lint --server does; the credential never appears in its output", async () => {
    const silent = toolgen(esm, ["import", "mcp", "--schemas", "slow", "--server-timeout", "300", "--", process.execPath, LINT_SERVER], { LINT_SERVER_MODE: "silent" });
    expect(silent.code).toBe(1);
    expect(silent.stderr).toContain("could not connect to the MCP server: the server did not answer within 300 ms (the start-up timeout)");
    const secret = "s3cret-token-for-import";
    const { url, child } = await startHttpLintServer(secret);
    try {
      const without = toolgen(esm, ["import", "mcp", "--schemas", "remote", "--url", url]);
      expect(without.code).toBe(1);
      const given = toolgen(esm, ["import", "mcp", "--schemas", "remote", "--url", url, "--header", `Authorization: Bearer ${secret}`]);
      expect(given.code, given.stderr).toBe(0);
      expect(given.stdout).toContain("imported 3 tool(s)");
      // The server names a tool after the token: the note and the lint report say *** instead.
      expect(given.stdout + given.stderr).not.toContain(secret);
      expect(given.stderr).toContain("'leak ***' is imported as");
    } finally {
      child.kill();
    }
  });
});
