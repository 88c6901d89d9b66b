/**
 * Builds a schemas folder with the `mcp` output, fills the handler stubs, compiles the generated
 * TypeScript with tsc (strict, NodeNext) to JavaScript, and starts the server with the official
 * MCP client over stdio or Streamable HTTP.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { cp, readFile, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import ts from "typescript";
import { expect } from "vitest";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { CI_LIMIT_MS, readTree, repoRoot } from "../helpers.js";
import { catalogProject, toolgen } from "../toolsets/project.js";
import { sharedFixture } from "../shared-fixture.js";
import { compileAndEmit, repoTempDir } from "../e2e/compile.js";

export const ALL_OUTPUTS = ["native", "legacy", "types", "validators", "handlers", "runtime", "index", "mcp"];

export interface McpCase {
  dir: string;
  schemas: string;
  out: string;
  handlers: string;
  /** Compiled JavaScript: `<dist>/generated/mcp/stdio.js` etc. */
  dist: string;
}

/**
 * A project of the catalogue's first `n` tools in `dir` with `config`, built by the bin, its handlers filled,
 * `extra` files written beside them, and compiled by the user's `tsc -p` (strict, no unused locals or parameters)
 * into dist/: tsc's exit status and output.
 */
export async function compiledCatalogProject(dir: string, n: number, config: Record<string, unknown>, extra: Record<string, string> = {}): Promise<{ status: number | null; output: string }> {
  await catalogProject(dir, n, config);
  const built = toolgen(dir, ["build"]);
  expect(built.code, built.stderr).toBe(0);
  await fillHandlers(path.join(dir, "handlers"));
  for (const [name, text] of Object.entries(extra)) await writeFile(path.join(dir, name), text);
  const tsconfig = { compilerOptions: { target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", skipLibCheck: true, outDir: "dist", types: ["node"], strict: true, noUnusedLocals: true, noUnusedParameters: true } };
  await writeFile(path.join(dir, "tsconfig.json"), JSON.stringify(tsconfig));
  const tsc = path.join(repoRoot, "node_modules", "typescript", "bin", "tsc");
  const r = spawnSync(process.execPath, [tsc, "-p", dir], { cwd: dir, encoding: "utf8", timeout: CI_LIMIT_MS });
  return { status: r.status, output: r.stdout + r.stderr };
}

/** Makes every stub return `{tool, input}` (or `{count}` for count_words) instead of throwing. */
export async function fillHandlers(handlers: string): Promise<void> {
  for (const file of await readdir(handlers)) {
    const full = path.join(handlers, file);
    const text = await readFile(full, "utf8");
    const body = file.startsWith("count_words")
      ? "  return { count: input.text.split(/\\s+/).filter((w) => w !== \"\").length };\n"
      : "  if (JSON.stringify(input).includes(\"boom\")) throw new Error(\"boom: the handler failed\");\n  return { tool: _context.toolName, input };\n";
    await writeFile(full, text.replace(/  throw new Error\(.*\);\n/, body));
  }
}

/**
 * Strict tsc over the generated folder and the handlers, emitted to `dir`/dist; returns diagnostics as
 * lines (empty: it compiled). `types`: the @types packages in scope (Node's by default).
 */
export function compile(dir: string, files: string[], types: string[] = ["node"]): string[] {
  const options: ts.CompilerOptions = {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    skipLibCheck: true,
    types,
    rootDir: dir,
    outDir: path.join(dir, "dist"),
  };
  return compileAndEmit(files, options, dir);
}

/** `extra`: more TypeScript files (path relative to the case folder -> text) compiled with the generated code. */
/** `fill`: writes the handlers' bodies (default: fillHandlers). `lint`: false builds as `--no-lint` does. */
export async function buildMcpCase(
  schemasDir: string,
  extra: Record<string, string> = {},
  fill: (handlers: string) => Promise<void> = fillHandlers,
  lint = true,
): Promise<McpCase & { diagnostics: string[]; notes: string[] }> {
  return buildMcpCaseIn(await repoTempDir(), schemasDir, extra, fill, lint);
}

/** buildMcpCase in a folder the caller made (a shared fixture's). */
export async function buildMcpCaseIn(
  dir: string,
  schemasDir: string,
  extra: Record<string, string>,
  fill: (handlers: string) => Promise<void>,
  lint: boolean,
  /** More outputs than ALL_OUTPUTS, their entry files (`<out>/<file>`) compiled too. */
  more: { outputs: string[]; entries: string[] } = { outputs: [], entries: [] },
): Promise<McpCase & { diagnostics: string[]; notes: string[] }> {
  await cp(schemasDir, path.join(dir, "schemas"), { recursive: true });
  const p = { dir, schemas: path.join(dir, "schemas"), out: path.join(dir, "generated"), handlers: path.join(dir, "handlers"), dist: path.join(dir, "dist") };
  // Imported here, not at the top: the files that use only the clients or compile() skip loading the pipeline.
  const { build } = await import("../../src/pipeline.js");
  const { notes } = await build({ schemas: p.schemas, out: p.out, handlers: p.handlers, lint, outputs: [...ALL_OUTPUTS, ...more.outputs] });
  await fill(p.handlers);
  await writeFile(path.join(dir, "package.json"), JSON.stringify({ type: "module" }));
  // The entry modules only, as a project's own code names them: tsc reaches the validators, the
  // output validators and the runtime through their imports, and must emit them into dist/.
  const files = [...(await readTree(p.out)).keys()].filter((f) => /^(index|mcp\/[a-z]+)\.ts$/.test(f)).map((f) => path.join(p.out, f));
  files.push(...[...(await readTree(p.handlers)).keys()].map((f) => path.join(p.handlers, f)));
  files.push(...more.entries.map((f) => path.join(p.out, f)));
  for (const [file, text] of Object.entries(extra)) {
    await writeFile(path.join(dir, file), text);
    files.push(path.join(dir, file));
  }
  const diagnostics = compile(dir, files);
  await writeFile(path.join(p.dist, "package.json"), JSON.stringify({ type: "module" }));
  return { ...p, diagnostics, notes };
}

/**
 * buildMcpCase(schemasDir, extra) with the default handlers and lint, made once per `vitest run` and
 * shared by every test file that asks for the same one (test/shared-fixture.ts), for tests that only
 * read the case and run its compiled servers: they must write nothing into it.
 */
export async function sharedMcpCase(schemasDir: string, extra: Record<string, string> = {}): Promise<McpCase & { diagnostics: string[]; notes: string[] }> {
  const key = createHash("sha256").update(JSON.stringify([path.relative(repoRoot, schemasDir), extra])).digest("hex").slice(0, 16);
  const { made } = await sharedFixture(`mcp-${key}`, async (dir) => buildMcpCaseIn(dir, schemasDir, extra, fillHandlers, true));
  return made;
}

/** The any-output fixture: tools whose output schema is an array, an integer and an object, and one whose input schema is an array. */
const ANY_OUTPUT = path.join(repoRoot, "test", "mcp", "fixtures", "any-output");
/** Its handlers' bodies, typed with the tool's output type: a return value of the wrong shape fails tsc. */
const ANY_OUTPUT_BODIES: Record<string, string> = {
  list_words: `  return input.text.split(/\\s+/).filter((w) => w !== "");\n`,
  count_letters: `  return [...input.text].filter((c) => /\\p{L}/u.test(c)).length;\n`,
  say_hello: `  return { greeting: \`Hello, \${input.name}!\` };\n`,
  word_list: `  return { count: input.length };\n`,
};
/** ToolOutputs follows each output schema's root: an array type, a number, an object. */
const ANY_OUTPUT_TYPES_CHECK = `
import type { ToolOutputs } from "./generated/mcp/outputs.js";
export const words: ToolOutputs["list_words"] = ["a", "b"];
// @ts-expect-error -- list_words returns an array of strings, not an object
export const notWords: ToolOutputs["list_words"] = { result: ["a"] };
export const letters: ToolOutputs["count_letters"] = 3;
// @ts-expect-error -- count_letters returns a number
export const notLetters: ToolOutputs["count_letters"] = "3";
export const hello: ToolOutputs["say_hello"] = { greeting: "Hi" };
// The frameworks that take an output schema (standard-schema, and the AI SDK's tool() over it) get the same types.
import type { ToolOutputs as StandardOutputs } from "./generated/standard-schema.js";
import { tools as aiSdkTools } from "./generated/ai-sdk.js";
export const standardWords: StandardOutputs["list_words"] = ["a"];
// @ts-expect-error -- the standard-schema output type follows the array root too
export const standardNotWords: StandardOutputs["list_words"] = { result: ["a"] };
export const listWords = aiSdkTools.list_words;
`;

/**
 * The any-output fixture built as `--no-lint` does (its word_list has an array input schema, which lint
 * refuses), with the standard-schema and ai-sdk outputs (which take output schemas) too, handlers
 * filled, compiled; shared by test/mcp/any-output.test.ts and unlistable.test.ts.
 */
export async function anyOutputCase(): Promise<McpCase & { diagnostics: string[]; notes: string[] }> {
  const fill = async (handlers: string): Promise<void> => {
    for (const file of await readdir(handlers)) {
      const text = await readFile(path.join(handlers, file), "utf8");
      await writeFile(path.join(handlers, file), text.replace(/  throw new Error\(.*\);\n/, ANY_OUTPUT_BODIES[file.replace(/\.ts$/, "")]!));
    }
  };
  const more = { outputs: ["standard-schema", "ai-sdk"], entries: ["standard-schema.ts", "ai-sdk.ts"] };
  const { made } = await sharedFixture("mcp-any-output", async (dir) => buildMcpCaseIn(dir, ANY_OUTPUT, { "output-types-check.ts": ANY_OUTPUT_TYPES_CHECK }, fill, false, more));
  return made;
}

/** `env`: more environment variables for the server; `args`: its command-line arguments. */
export async function stdioClient(entry: string, env: Record<string, string> = {}, args: readonly string[] = []): Promise<Client> {
  const client = new Client({ name: "toolgen-test", version: "1.0.0" });
  const transport = new StdioClientTransport({ command: process.execPath, args: [entry, ...args], stderr: "pipe", env: { ...(process.env as Record<string, string>), ...env } });
  await client.connect(transport);
  return client;
}

/** Starts `http.js` on a free loopback port (PORT=0) and connects a client to it. */
/** `modern`: the client negotiates the 2026 protocol revision (`versionNegotiation: auto`) instead of the 2025 one. */
export async function httpClient(entry: string, env: Record<string, string> = {}, modern = false): Promise<{ client: Client; child: ChildProcess; url: string }> {
  const { child, url } = await startHttpEntry(entry, env);
  const client = new Client({ name: "toolgen-test", version: "1.0.0" }, modern ? { versionNegotiation: { mode: "auto" } } : {});
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return { client, child, url };
}

/** Starts `http.js` on a free loopback port (PORT=0); resolves with the URL it prints. `args`: its command-line arguments. */
export async function startHttpEntry(entry: string, env: Record<string, string> = {}, args: readonly string[] = []): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [entry, ...args], { env: { ...process.env, PORT: "0", HOST: "127.0.0.1", ...env }, stdio: ["ignore", "ignore", "pipe"] });
  const url = await new Promise<string>((resolve, reject) => {
    let err = "";
    child.stderr!.setEncoding("utf8");
    child.stderr!.on("data", (chunk: string) => {
      err += chunk;
      const m = /(http:\/\/\S+\/mcp)/.exec(err);
      if (m) resolve(m[1]!);
    });
    child.once("exit", (code) => reject(new Error(`the HTTP server exited (${code}): ${err}`)));
  });
  return { child, url };
}

/**
 * `tools/list` as the server writes it on stdio, read with JSON.parse (which keeps a key named
 * `__proto__`; the client SDK's result parsing drops such keys, so the exact bytes are checked here).
 */
export async function rawToolsList(entry: string): Promise<unknown[]> {
  const child = spawn(process.execPath, [entry], { stdio: ["pipe", "pipe", "ignore"] });
  const send = (message: object) => child.stdin!.write(JSON.stringify({ jsonrpc: "2.0", ...message }) + "\n");
  try {
    return await new Promise<unknown[]>((resolve, reject) => {
      let buffer = "";
      child.stdout!.setEncoding("utf8");
      child.stdout!.on("data", (chunk: string) => {
        buffer += chunk;
        for (let nl = buffer.indexOf("\n"); nl >= 0; nl = buffer.indexOf("\n")) {
          const line = buffer.slice(0, nl);
          buffer = buffer.slice(nl + 1);
          const message = JSON.parse(line) as { id?: number; result?: { tools?: unknown[] } };
          if (message.id === 1) {
            send({ method: "notifications/initialized" });
            send({ id: 2, method: "tools/list" });
          } else if (message.id === 2) resolve(message.result?.tools ?? []);
        }
      });
      child.once("exit", (code) => reject(new Error(`the server exited (${code})`)));
      send({ id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } } });
    });
  } finally {
    child.kill();
  }
}

/** A copy without keys named `__proto__` (what the client SDK's parsing of a result keeps). */
export function withoutProtoKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutProtoKeys);
  if (typeof value !== "object" || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (k !== "__proto__") out[k] = withoutProtoKeys(v);
  return out;
}
