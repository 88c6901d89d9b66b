/**
 * Issue 27: the generated stateless fetch handler on a real edge runtime. `generated/mcp/fetch.ts`
 * (compiled; a one-line entry re-exports its default) is bundled with esbuild into a Workers module (`export default { fetch }`, the SDK's
 * `workerd` export condition), served by `workerd` (Cloudflare's open runtime, from npm) on a loopback
 * port with a capnp config, and driven by the official MCP client at a 2025 revision and at 2026-07-28.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import path from "node:path";
import { createRequire } from "node:module";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { repoRoot } from "../helpers.js";
import { repoTempDir } from "../e2e/compile.js";
import { sharedMcpCase } from "./harness.js";

/** The workerd binary the npm package installs (its bin script resolves the platform package). */
const WORKERD = createRequire(import.meta.url).resolve("workerd/bin/workerd");

/** A port free on 127.0.0.1 a moment ago. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address !== null ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** The capnp config: one worker (the bundle as an ES module) behind one HTTP socket. */
function workerdConfig(bundle: string, address: string): string {
  return `using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [ (name = "mcp", worker = .mcpWorker) ],
  sockets = [ (name = "http", address = ${JSON.stringify(address)}, http = (), service = "mcp") ],
);

const mcpWorker :Workerd.Worker = (
  modules = [ (name = "worker.js", esModule = embed ${JSON.stringify(bundle)}) ],
  compatibilityDate = "2026-11-01",
);
`;
}

/** Bundles the compiled fetch.js for Workers: ES module, the `workerd` export condition, no Node built-ins. */
async function bundleForWorkers(entry: string, outfile: string): Promise<void> {
  await build({ entryPoints: [entry], outfile, bundle: true, format: "esm", platform: "neutral", target: "es2022", conditions: ["workerd", "worker", "browser"], mainFields: ["module", "main"], logLevel: "silent" });
}

/** Starts workerd on the config; resolves once its port answers. */
async function startWorkerd(config: string, port: number): Promise<ChildProcess> {
  const child = spawn(WORKERD, ["serve", config], { stdio: ["ignore", "ignore", "pipe"] });
  let err = "";
  child.stderr!.on("data", (chunk: Buffer) => (err += chunk.toString()));
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`workerd exited (${child.exitCode}): ${err}`);
    try {
      await fetch(`http://127.0.0.1:${port}/`, { method: "GET" });
      return child;
    } catch {
      if (Date.now() > deadline) throw new Error(`workerd did not listen within 300 s: ${err}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

describe("the generated fetch handler in workerd", () => {
  let child: ChildProcess | undefined;
  let url = "";
  beforeAll(async () => {
    const c = await sharedMcpCase(path.join(repoRoot, "schemas"));
    expect(c.diagnostics).toEqual([]);
    // The worker's own files go beside the shared case, which is only read.
    const dir = await repoTempDir();
    const fetchModule = path.relative(dir, path.join(c.dist, "generated", "mcp", "fetch.js")).split(path.sep).join("/");
    // workerd takes every named export of the main module for an entry point: the worker re-exports the default only.
    const entry = path.join(dir, "worker-entry.mjs");
    await writeFile(entry, `export { default } from "${fetchModule.startsWith(".") ? fetchModule : `./${fetchModule}`}";\n`);
    const bundle = path.join(dir, "worker.js");
    await bundleForWorkers(entry, bundle);
    const port = await freePort();
    const config = path.join(dir, "config.capnp");
    await writeFile(config, workerdConfig("worker.js", `127.0.0.1:${port}`));
    child = await startWorkerd(config, port);
    url = `http://127.0.0.1:${port}/mcp`;
  });
  afterAll(() => void child?.kill());

  for (const [era, options] of [
    ["2025-11-25", {}],
    ["2026-07-28", { versionNegotiation: { mode: { pin: "2026-07-28" } } }],
  ] as const) {
    it(`${era}: the official client lists the seed tools and calls each`, async () => {
      const client = new Client({ name: "toolgen-test", version: "1.0.0" }, options);
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      try {
        expect(client.getNegotiatedProtocolVersion()).toBe(era);
        const { tools } = await client.listTools();
        expect(tools.map((t) => t.name).sort()).toEqual(["get_current_stock_price", "get_stock_price", "get_ticker_symbol", "get_weather"]);
        for (const [name, input] of [["get_weather", { location: "Paris" }], ["get_stock_price", { ticker: "GM" }]] as const) {
          const result = await client.callTool({ name, arguments: input });
          const content = result.content as Array<{ type: string; text: string }>;
          expect(result.isError, content[0]?.text).toBeFalsy();
          expect(JSON.parse(content[0]!.text)).toEqual({ tool: name, input });
        }
        // Input validation runs in the isolate too (the build-time validators, no eval).
        const bad = await client.callTool({ name: "get_weather", arguments: {} });
        expect(bad.isError).toBe(true);
        expect((bad.content as Array<{ text: string }>)[0]!.text).toContain("location");
      } finally {
        await client.close();
      }
    });
  }
});
