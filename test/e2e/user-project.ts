/**
 * A user's project, made the way a user makes one: `toolgen build` (the real CLI) into a folder with
 * a package.json (ES module or CommonJS), handlers filled in, the README's `runTools` sample as
 * `quick.ts` (with a scripted client in place of `new Anthropic()`), and a tsconfig.json. Then the
 * user's literal commands: `tsc` with no file list, `node dist/quick.js`, `tsx quick.ts`, an esbuild
 * bundle. Shared by the compile matrix (test/e2e/matrix.test.ts) and the build-ways test.
 */
import { spawnSync, type SpawnSyncReturns } from "node:child_process";
import { cp, readFile, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { expect } from "vitest";
import { repoRoot } from "../helpers.js";
import { repoTempDir } from "./compile.js";

export const CLI = path.join(repoRoot, "dist", "bin", "toolgen.cjs");
export const TSC = path.join(repoRoot, "node_modules", "typescript", "bin", "tsc");
export const ESBUILD = path.join(repoRoot, "node_modules", "esbuild", "bin", "esbuild");

export type PackageType = "esm" | "cjs";

/**
 * The README's sample: `runTools` with a client whose first reply calls the tools given on standard
 * input (`[[name, input], ...]` as JSON: 1,000 tools' calls are more than one argument may hold), and
 * whose second ends the turn. Prints the tool_result blocks the loop sent back. No top-level await,
 * so CommonJS output runs it too.
 */
export const QUICK_TS = `import { runTools } from "./generated/index.js";

declare const process: {
  stdin: { setEncoding(encoding: string): void; on(event: string, listener: (chunk: string) => void): void };
  stdout: { write(text: string): void };
};

let text = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => (text += chunk));
process.stdin.on("end", () => quick(JSON.parse(text || "[]") as [string, unknown][]));

function quick(calls: [string, unknown][]): void {
let turn = 0;
const client = {
  messages: {
    async create() {
      turn++;
      const content = turn === 1
        ? calls.map(([name, input], i) => ({ type: "tool_use", id: "toolu_" + i, name, input }))
        : [{ type: "text", text: "done" }];
      return { role: "assistant" as const, content, stop_reason: turn === 1 ? "tool_use" : "end_turn" };
    },
  },
};

runTools({
  client,
  request: { model: "claude-sonnet-5-5", max_tokens: 1024, messages: [{ role: "user", content: "What's the weather in Paris?" }] },
}).then(({ messages }) => {
  process.stdout.write(JSON.stringify(messages[2]?.content));
});
}
`;

export interface Project {
  dir: string;
  /** Where generated/, handlers/ and quick.ts are: the project folder, or its src/. */
  code: string;
}

export interface ProjectOptions {
  type: PackageType;
  /** "src": generated/, handlers/ and quick.ts go under src/ (for `include: ["src"]`). */
  layout?: "root" | "src";
  /** Extra toolgen options (`--outputs`...). */
  buildArgs?: string[];
}

/** Runs a command; fails the test with its output when it exits non-zero. */
export function run(command: string, args: string[], cwd: string, timeout = 120_000, input = ""): SpawnSyncReturns<string> {
  const r = spawnSync(command, args, { cwd, encoding: "utf8", timeout, maxBuffer: 64 << 20, input });
  if (r.error) throw r.error;
  expect(r.status, `${path.basename(command)} ${args.join(" ")}\n${r.stdout}\n${r.stderr}`).toBe(0);
  return r;
}

/** `toolgen build` of `schemas` into a new project; handlers return `{ tool, input }`. */
export async function userProject(schemas: string, options: ProjectOptions): Promise<Project> {
  const dir = await repoTempDir();
  const code = options.layout === "src" ? path.join(dir, "src") : dir;
  await cp(schemas, path.join(dir, "schemas"), { recursive: true });
  await writeFile(path.join(dir, "package.json"), JSON.stringify(options.type === "esm" ? { type: "module", private: true } : { private: true }));
  const out = path.relative(dir, path.join(code, "generated"));
  const handlers = path.relative(dir, path.join(code, "handlers"));
  run(process.execPath, [CLI, "build", "--schemas", "schemas", "--out", out, "--handlers", handlers, "--no-lint", "--no-cache", ...(options.buildArgs ?? [])], dir);
  await fillHandlers(path.join(code, "handlers"));
  await writeFile(path.join(code, "quick.ts"), QUICK_TS);
  return { dir, code };
}

/** Makes every stub return `{tool, input}` instead of throwing (and so use both parameters). */
export async function fillHandlers(handlers: string): Promise<void> {
  for (const file of await readdir(handlers)) {
    const full = path.join(handlers, file);
    const text = await readFile(full, "utf8");
    await writeFile(full, text.replace(/  throw new Error\(.*\);\n/, "  return { tool: _context.toolName, input };\n"));
  }
}

/** A copy of `project` in a new folder (so each way of building starts from the same sources). */
export async function copyProject(project: Project): Promise<Project> {
  const dir = await repoTempDir();
  await cp(project.dir, dir, { recursive: true });
  return { dir, code: path.join(dir, path.relative(project.dir, project.code)) };
}

export async function writeTsconfig(dir: string, tsconfig: object): Promise<void> {
  await writeFile(path.join(dir, "tsconfig.json"), JSON.stringify(tsconfig, null, 2));
}

/** The compiler options every case shares: the project's own module settings come on top. */
export const BASE_OPTIONS = {
  target: "ES2022",
  lib: ["ES2022"],
  strict: true,
  skipLibCheck: true,
  types: [],
  outDir: "dist",
};

/** `tsc` in `dir`, as a user types it: no file list, the project's tsconfig.json. */
export function tsc(dir: string): void {
  run(process.execPath, [TSC], dir, 300_000);
}

/** Runs a compiled or bundled entry with `calls`; returns the tool_result blocks it printed. */
export function runQuick(dir: string, entry: string, calls: [string, unknown][], runner: string[] = [process.execPath]): unknown {
  const [command, ...args] = runner;
  const r = run(command!, [...args, entry], dir, 120_000, JSON.stringify(calls));
  expect(r.stderr).toBe("");
  return JSON.parse(r.stdout) as unknown;
}

/** Each tool with a valid input, then each with `42` (not an object: a validation error). */
export function callsFor(examples: Record<string, unknown>): [string, unknown][] {
  return [...Object.entries(examples), ...Object.keys(examples).map((name): [string, unknown] => [name, 42])];
}

/**
 * What the loop must have answered: a valid call reaches its handler (`{tool, input}`), an invalid
 * one gets a validation message about the input (not "could not validate", and no path).
 */
export function expectAnswered(results: unknown, calls: [string, unknown][]): void {
  expect(Array.isArray(results)).toBe(true);
  const blocks = results as { tool_use_id: string; content?: unknown; is_error?: boolean }[];
  expect(blocks).toHaveLength(calls.length);
  calls.forEach(([tool, input], i) => {
    const block = blocks[i]!;
    expect(block.tool_use_id).toBe(`toolu_${i}`);
    if (input === 42) {
      expect(block, tool).toMatchObject({ is_error: true });
      expect(String(block.content), tool).toMatch(/^Error: .*must be (an )?object/i);
    } else {
      expect(block, tool).toEqual({ type: "tool_result", tool_use_id: `toolu_${i}`, content: JSON.stringify({ tool, input }) });
    }
  });
}
