/**
 * The lifecycle fixture (test/mcp/fixtures/lifecycle): `wait_forever` never answers on its own and
 * counts, in a process-wide tally, the calls running and the calls whose `context.signal` aborted;
 * `pending_calls` reads the tally; `measure_text` answers a text's length after a short pause. Built
 * and compiled with the MCP output, once per run, for the cancellation, timeout and size-limit tests.
 */
import { readFile, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Client } from "@modelcontextprotocol/client";
import { repoRoot } from "../helpers.js";
import { sharedFixture } from "../shared-fixture.js";
import { buildMcpCaseIn, type McpCase } from "./harness.js";

export const LIFECYCLE = path.join(repoRoot, "test", "mcp", "fixtures", "lifecycle");

const TALLY = `  const tally = globalThis as { running?: number; aborted?: number };\n`;
const BODIES: Record<string, string> = {
  wait_forever:
    TALLY +
    `  tally.running = (tally.running ?? 0) + 1;\n` +
    `  return new Promise((_resolve, reject) => {\n` +
    `    _context.signal.addEventListener("abort", () => {\n` +
    `      tally.running = (tally.running ?? 0) - 1;\n` +
    `      tally.aborted = (tally.aborted ?? 0) + 1;\n` +
    `      reject(new Error("aborted"));\n` +
    `    }, { once: true });\n` +
    `  });\n`,
  pending_calls: TALLY + `  return { running: tally.running ?? 0, aborted: tally.aborted ?? 0 };\n`,
  measure_text: `  await new Promise((resolve) => setTimeout(resolve, 200));\n  return { length: input.text.length };\n`,
};

async function fillLifecycle(handlers: string): Promise<void> {
  for (const file of await readdir(handlers)) {
    const full = path.join(handlers, file);
    const body = BODIES[path.basename(file, ".ts")]!;
    await writeFile(full, (await readFile(full, "utf8")).replace(/  throw new Error\(.*\);\n/, body));
  }
}

/**
 * The lifecycle case, built and compiled once per `vitest run` and shared by the files that serve it
 * (test/shared-fixture.ts): they only start its servers, each in its own process, so no tally is shared.
 */
export async function buildLifecycleCase(): Promise<McpCase & { diagnostics: string[] }> {
  const { made } = await sharedFixture("mcp-lifecycle", (dir) => buildMcpCaseIn(dir, LIFECYCLE, {}, fillLifecycle, true));
  return made;
}

export function textOf(result: { content?: unknown }): string {
  return (result.content as Array<{ text?: string }>).map((c) => c.text ?? "").join("");
}

/** The tally as pending_calls reports it. */
export async function tally(client: Client): Promise<{ running: number; aborted: number }> {
  return JSON.parse(textOf(await client.callTool({ name: "pending_calls", arguments: {} }))) as { running: number; aborted: number };
}

/** Polls the tally until `done` holds (every 50 ms, at most `ms`); returns the last tally. */
export async function tallyUntil(client: Client, done: (t: { running: number; aborted: number }) => boolean, ms = 120_000): Promise<{ running: number; aborted: number }> {
  const end = Date.now() + ms;
  for (;;) {
    const t = await tally(client);
    if (done(t) || Date.now() > end) return t;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
