import * as fs from "node:fs"; globalThis.__fs = fs;
import { mkdtemp } from "node:fs/promises";
import path from "node:path";
import { prepare, ARGS, NAMES } from "./lib.mjs";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
const dir = process.argv[2] ?? (await mkdtemp("/work/wt/perf-watch-mcp/bench/.work/p-"));
const entries = process.argv[2] ? { generated: path.join(dir, "generated/mcp/stdio.js"), hand: path.join(dir, "hand.mjs") } : await prepare(dir);
console.log(dir);
const CALLS = Number(process.env.CALLS ?? 3000);
for (const k of ["generated", "hand", "generated", "hand"]) {
  const client = new Client({ name: "b", version: "1" });
  const t = new StdioClientTransport({ command: process.execPath, args: [...(process.env.PROF ? ["--cpu-prof", `--cpu-prof-dir=/tmp/pwm/mcpprof-${k}`] : []), entries[k]] });
  await client.connect(t);
  for (let i = 0; i < 200; i++) await client.callTool({ name: NAMES[i % 4], arguments: ARGS[NAMES[i % 4]] });
  const pid = t.pid;
  const cpu = () => { const f = (require_fs().readFileSync(`/proc/${pid}/stat`, "utf8")).replace(/^.*\) /, "").split(" "); return (Number(f[11]) + Number(f[12])) * 10; };
  const c0 = cpu(); const t0 = performance.now();
  for (let i = 0; i < CALLS; i++) await client.callTool({ name: NAMES[i % 4], arguments: ARGS[NAMES[i % 4]] });
  const wall = performance.now() - t0; const c = cpu() - c0;
  console.log(k, "calls/s", Math.round(CALLS / wall * 1000), "server CPU µs/call", Math.round(c * 1000 / CALLS));
  await client.close();
}
function require_fs() { return globalThis.__fs; }
