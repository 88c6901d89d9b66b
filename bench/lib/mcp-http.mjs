/**
 * bench/mcp.mjs's HTTP part (issue 27): the generated stateless handler (`generated/mcp/http.js`, which
 * wraps `mcp/fetch.ts`'s handleMcpRequest: a fresh server instance per request, no session) against
 * the stateful shape a Streamable HTTP server had before it (the SDK's documented sessionful wiring: one
 * `WebStandardStreamableHTTPServerTransport` with `sessionIdGenerator` and one connected
 * `createMcpServer()` per session, kept in a map by `Mcp-Session-Id`), same tools, same handlers, both
 * over node:http on loopback, both driven by the official client (2025-11-25, the revision both serve).
 *
 * Beside them (issue 39), the hand-written counterpart of the stateless handler: the SDK's McpServer with
 * zod schemas (bench/mcp.mjs's makeHand) behind the same SDK `createMcpHandler`, with the Host/Origin
 * checks its documentation puts in front, over a plain node:http glue.
 *
 *   cold start   spawn, connect, first tools/list reply (wall; median of `starts` runs, alternating)
 *   calls/s      sequential tools/call on one client, and with `concurrency` clients at once (median of `rounds`)
 *   server CPU   the server process's user + sys time per call over those rounds (/proc, Linux)
 */
import { spawn } from "node:child_process";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { processCpuMs as cpuMs } from "./measure.mjs";

/** The node:http glue of both servers below: the request read into a web Request, and the Response written back. */
const READ_REQUEST = `
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
  const body = chunks.length > 0 ? Buffer.concat(chunks).toString("utf8") : undefined;
  const request = new Request("http://127.0.0.1" + req.url, { method: req.method, headers, body });
`;
const WRITE_RESPONSE = `  res.writeHead(response.status, Object.fromEntries(response.headers));
  if (response.body) for await (const chunk of response.body) res.write(chunk);
  res.end();
});
server.listen(0, "127.0.0.1", () => process.stderr.write("MCP server on http://127.0.0.1:" + server.address().port + "/mcp\\n"));
`;

/** The stateful baseline: sessions held in this process's memory (a client must come back to it). */
const STATEFUL = `import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/server";
import { createMcpServer } from "./generated/mcp/server.js";

const sessions = new Map();
const server = createServer(async (req, res) => {${READ_REQUEST}  let transport = sessions.get(req.headers["mcp-session-id"]);
  if (transport === undefined) {
    transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID(), onsessioninitialized: (id) => void sessions.set(id, transport) });
    transport.onclose = () => transport.sessionId && sessions.delete(transport.sessionId);
    await createMcpServer().connect(transport);
  }
  const response = await transport.handleRequest(request);
${WRITE_RESPONSE}`;

/** The hand-written stateless server: McpServer + zod per request, through the SDK's createMcpHandler. */
const HAND_HTTP = `import { createServer } from "node:http";
import { createMcpHandler, hostHeaderValidationResponse, localhostAllowedHostnames, localhostAllowedOrigins, originValidationResponse } from "@modelcontextprotocol/server";
import { makeHand } from "./hand-server.mjs";

const handler = createMcpHandler(() => makeHand());
const server = createServer(async (req, res) => {${READ_REQUEST}  const response =
    hostHeaderValidationResponse(request, localhostAllowedHostnames()) ??
    originValidationResponse(request, localhostAllowedOrigins()) ??
    (await handler.fetch(request));
${WRITE_RESPONSE}`;

const ARGS = { get_weather: { location: "Paris", unit: "celsius" }, get_ticker_symbol: { company_name: "GM" }, get_current_stock_price: { symbol: "GM" }, get_stock_price: { ticker: "GM" } };
const NAMES = Object.keys(ARGS);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function start(entry) {
  const child = spawn(process.execPath, [entry], { env: { ...process.env, PORT: "0" }, stdio: ["ignore", "ignore", "pipe"] });
  return new Promise((resolve, reject) => {
    let err = "";
    child.stderr.on("data", (chunk) => {
      err += chunk;
      const m = /(http:\/\/\S+\/mcp)/.exec(err);
      if (m) resolve({ child, url: m[1] });
    });
    child.once("exit", (code) => reject(new Error(`${entry} exited (${code}): ${err}`)));
  });
}

async function connect(url) {
  const client = new Client({ name: "bench", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

async function coldStart(entry) {
  const t0 = performance.now();
  const { child, url } = await start(entry);
  const client = await connect(url);
  const { tools } = await client.listTools();
  const ms = performance.now() - t0;
  await client.close();
  child.kill();
  if (tools.length !== 4) throw new Error(`${entry}: ${tools.length} tools`);
  return ms;
}

/** Calls per second and server CPU µs per call: `clients` clients, each making calls/clients sequential calls, at once. */
async function rate({ url, child }, calls, clients) {
  const all = await Promise.all(Array.from({ length: clients }, () => connect(url)));
  for (const client of all) for (let i = 0; i < 20; i++) await client.callTool({ name: NAMES[i % 4], arguments: ARGS[NAMES[i % 4]] });
  const c0 = cpuMs(child.pid);
  const t0 = performance.now();
  await Promise.all(
    all.map(async (client) => {
      for (let i = 0; i < calls / clients; i++) {
        const r = await client.callTool({ name: NAMES[i % 4], arguments: ARGS[NAMES[i % 4]] });
        if (r.isError) throw new Error(JSON.stringify(r));
      }
    }),
  );
  const perSecond = calls / ((performance.now() - t0) / 1000);
  const cpuPerCall = ((cpuMs(child.pid) - c0) * 1000) / calls;
  await Promise.all(all.map((c) => c.close()));
  return { perSecond, cpuPerCall };
}

/** Runs the comparison in `dir` (prepared by bench/mcp.mjs: generated/ transpiled to .js, hand-server.mjs); returns the report's lines. */
export async function httpComparison(dir, { starts, calls, rounds, concurrency }) {
  await writeFile(path.join(dir, "stateful.mjs"), STATEFUL);
  await writeFile(path.join(dir, "hand-http.mjs"), HAND_HTTP);
  const entries = { stateless: path.join(dir, "generated", "mcp", "http.js"), hand: path.join(dir, "hand-http.mjs"), stateful: path.join(dir, "stateful.mjs") };
  const kinds = Object.keys(entries);
  // Alternating: each round rotates which server goes first.
  const order = (i) => [...kinds.slice(i % kinds.length), ...kinds.slice(0, i % kinds.length)];
  const fresh = () => Object.fromEntries(kinds.map((k) => [k, []]));
  const cold = fresh();
  for (const k of order(0)) await coldStart(entries[k]);
  for (let i = 0; i < starts; i++) for (const k of order(i)) cold[k].push(await coldStart(entries[k]));
  const seq = fresh();
  const par = fresh();
  const seqCpu = fresh();
  const parCpu = fresh();
  const servers = {};
  for (const k of kinds) servers[k] = await start(entries[k]);
  try {
    for (let i = 0; i < rounds; i++) {
      for (const k of order(i)) {
        const one = await rate(servers[k], calls, 1);
        seq[k].push(one.perSecond);
        seqCpu[k].push(one.cpuPerCall);
        const many = await rate(servers[k], calls, concurrency);
        par[k].push(many.perSecond);
        parCpu[k].push(many.cpuPerCall);
      }
    }
  } finally {
    for (const s of Object.values(servers)) s.child.kill();
  }
  const range = (xs, digits) => `${median(xs).toFixed(digits)} (${Math.min(...xs).toFixed(digits)}-${Math.max(...xs).toFixed(digits)})`;
  const ratio = (a, b) => (median(a) / median(b)).toFixed(2);
  const row = (k, label) =>
    `| ${label} | ${range(cold[k], 1)} ms | ${range(seq[k], 0)} /s, ${range(seqCpu[k], 0)} µs | ${range(par[k], 0)} /s, ${range(parCpu[k], 0)} µs |`;
  const ratios = (a, b) =>
    `cold start ${ratio(cold[a], cold[b])}x; 1 client: calls per s ${ratio(seq[a], seq[b])}x, server CPU per call ${ratio(seqCpu[a], seqCpu[b])}x; ` +
    `${concurrency} clients: calls per s ${ratio(par[a], par[b])}x, server CPU per call ${ratio(parCpu[a], parCpu[b])}x`;
  return [
    "",
    `MCP over Streamable HTTP on loopback, 4 seed tools, the official client at 2025-11-25 (${starts} cold starts, ${rounds} rounds of ${calls} calls; medians, min-max):`,
    "",
    `| server | cold start to first tools/list (wall) | tools/call, 1 client: calls, server CPU per call | tools/call, ${concurrency} clients: calls, server CPU per call |`,
    "|---|---|---|---|",
    row("stateless", "stateless: generated mcp/http.js over handleMcpRequest"),
    row("hand", "stateless: hand-written McpServer + zod over createMcpHandler"),
    row("stateful", "stateful: one session transport + server per client"),
    "",
    `ratio (generated stateless / hand-written stateless): ${ratios("stateless", "hand")}`,
    `ratio (generated stateless / stateful): ${ratios("stateless", "stateful")}`,
  ];
}
