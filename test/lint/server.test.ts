/**
 * Issue 42 item 1: `toolgen lint --server <command | url>` lints the tools a running MCP server lists
 * (the official client over stdio or Streamable HTTP) exactly as a folder of the same tools is
 * linted, each finding located at `server:<name>` and a JSON pointer; the credentials given with
 * `--server-env` and `--header` reach the server and appear in no report, message or SARIF; a server
 * that exits at once or never answers is a clear exit 2 bounded by `--server-timeout`; and
 * `toolgen diff --base-server/--head-server` takes a server as either side.
 * The fixture (test/mcp/fixtures/lint-server.mjs) is written with the official server SDK. One HTTP
 * server serves the file's in-process runs; the command line starts one stdio server (the "done
 * when" run); the failing servers load no SDK. The rest of the command line's runs (a failure's
 * report, --help, a stdio server as diff's head) are test/lint/server-cli.test.ts's, in test:heavy.
 */
import { spawnSync, type ChildProcess } from "node:child_process";
import { writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { runDiff } from "../../src/commands/diff.js";
import { runLint, type RunLintOptions } from "../../src/commands/lint.js";
import { parseHeaders, parseServerEnv, redactor, splitWords } from "../../src/commands/mcp-server.js";
import { UserError } from "../../src/errors.js";
import { importedFolder, toolDocument, type ImportedTool } from "../../src/load/imported.js";
import { lintLoaded } from "../../src/commands/lint-folder.js";
import { CI_LIMIT_MS, repoRoot, tempDir } from "../helpers.js";
import { LINT_SERVER, startHttpLintServer } from "./helpers/lint-server.js";
import { validateSarif } from "./helpers/sarif-schema.js";

const CLI = path.join(repoRoot, "dist", "bin", "toolgen.cjs");
/** The stdio server's command, as a user writes it after --server (quoted: the repository's path may hold a space). */
const STDIO = `"${process.execPath}" "${LINT_SERVER}"`;
/** The credential the servers are given; with it, they also list a tool named after it and say it on stderr. */
const SECRET = "s3cr3t+token/42=";
const BEARER = `Authorization: Bearer ${SECRET}`;
const TARGETS = "anthropic,mcp";

let http: ChildProcess;
let url: string;
let cwd: string;

beforeAll(async () => {
  cwd = await tempDir("toolgen-lint-server-");
  ({ url, child: http } = await startHttpLintServer(SECRET));
}, CI_LIMIT_MS);

afterAll(() => {
  http?.kill();
});

async function lint(options: RunLintOptions): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const code = await runLint({ cwd, env: {}, targets: TARGETS, ...options, stdout: { write: (t: string) => (stdout += t) }, stderr: { write: (t: string) => (stderr += t) } });
  return { code, stdout, stderr };
}

function toolgen(args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: "utf8", timeout: CI_LIMIT_MS, env: { ...process.env, NO_COLOR: "1" } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

interface Finding {
  file: string;
  tool: string | null;
  rule: string;
  severity: string;
  message: string;
  pointer: string;
  line: number | null;
}

describe("toolgen lint --server", () => {
  it("a stdio server with a bad tool name and a draft-07 output schema: exit 1, each rule and tool named; its credential nowhere", () => {
    const r = toolgen(["lint", "--server", STDIO, "--server-env", `TOKEN=${SECRET}`, "--targets", TARGETS]);
    expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^server:get weather$/m);
    expect(r.stdout).toMatch(/error\s+tool name 'get weather' does not match .*tool 'get weather' #\/name\s+tool-name-format/);
    expect(r.stdout).toMatch(/^server:forecast$/m);
    expect(r.stdout).toMatch(/draft-07.*tool 'forecast' #\/output_schema\/\$schema\s+mcp\/schema-dialect/);
    // The server's own stderr is passed on, the credential in it hidden; the tool named after it too.
    expect(r.stderr).toContain("lint-server: started with token ***");
    expect(r.stdout).toContain("server:leak ***");
    expect(`${r.stdout}${r.stderr}`).not.toContain(SECRET);
  }, CI_LIMIT_MS);

  it("over Streamable HTTP: the same findings as a folder holding the same tools (rule, tool, pointer, message)", async () => {
    const server = await lint({ server: url, headers: [BEARER], format: "json" });
    expect(server.code).toBe(1);
    const found = JSON.parse(server.stdout) as Finding[];
    expect(found.every((f) => f.file === `server:${f.tool}` && f.line === null)).toBe(true);
    expect(found.map((f) => [f.rule, f.tool, f.pointer])).toEqual(
      expect.arrayContaining([
        ["tool-name-format", "get weather", "/name"],
        ["mcp/schema-dialect", "forecast", "/output_schema/$schema"],
      ]),
    );

    // The folder: the server's tools, listed with the official client, written as toolgen import writes them (names kept).
    const client = new Client({ name: "test", version: "1" });
    await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: parseHeaders([BEARER]) } }));
    const tools = (await client.listTools()).tools as ImportedTool[];
    await client.close();
    const schemas = path.join(cwd, "folder");
    mkdirSync(schemas, { recursive: true });
    tools.forEach((t, i) => writeFileSync(path.join(schemas, `${i}.json`), JSON.stringify(toolDocument(t, t.name, "mcp:server"), null, 2)));
    const folder = await lint({ schemas, format: "json" });
    expect(folder.code).toBe(1);
    const key = (f: Finding) => JSON.stringify([f.rule, f.severity, f.tool, f.pointer, f.message]);
    const fromFolder = (JSON.parse(folder.stdout) as Finding[]).map((f) => key({ ...f, tool: f.tool!.replace(SECRET, "***"), message: f.message.replace(SECRET, "***") }));
    expect(found.map(key).sort()).toEqual(fromFolder.sort());
    expect(server.stdout).not.toContain(SECRET);
  });

  it("--format matrix: the server's tools as the same tools in a folder give them (issue 42 item 2); the credential nowhere", async () => {
    const server = await lint({ server: url, headers: [BEARER], format: "matrix" });
    expect(server.code).toBe(1);
    expect(server.stdout).toContain("| tool | Claude API | Claude Code |");
    expect(server.stdout).toMatch(/^\| `get weather` \| ❌ `tool-name-format` \| ✅ ⚠️ `mcp\/tool-name-format` \|$/m);
    expect(server.stdout).toMatch(/^\| `forecast` \| ✅ \| ❌ `mcp\/schema-dialect` \|$/m);
    expect(server.stdout).not.toContain(SECRET);
    const client = new Client({ name: "test", version: "1" });
    await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: parseHeaders([BEARER]) } }));
    const tools = (await client.listTools()).tools as ImportedTool[];
    await client.close();
    const schemas = path.join(cwd, "matrix-folder");
    mkdirSync(schemas, { recursive: true });
    tools.forEach((t, i) => writeFileSync(path.join(schemas, `${i}.json`), JSON.stringify(toolDocument(t, t.name, "mcp:server"), null, 2)));
    const folder = await lint({ schemas, format: "matrix" });
    expect(folder.code).toBe(1);
    // Rows in the same order: the folder's files are named in the server's order.
    expect(server.stdout).toBe(folder.stdout.replaceAll(SECRET, "***"));
  });

  it("SARIF is valid against the official schema, each result at server:<name> with the tool as its logical location; github annotates no file; the credential nowhere", async () => {
    const sarif = await lint({ server: url, headers: [BEARER], format: "sarif" });
    expect(sarif.code).toBe(1);
    const log = JSON.parse(sarif.stdout) as { runs: { results: { locations: { physicalLocation: { artifactLocation: { uri: string } }; logicalLocations?: { name: string }[] }[] }[] }[] };
    expect(validateSarif(log), JSON.stringify(validateSarif.errors, null, 2)).toBe(true);
    const locations = log.runs[0]!.results.map((r) => r.locations[0]!);
    expect(locations.map((l) => l.physicalLocation.artifactLocation.uri)).toContain("server:get%20weather");
    expect(locations.map((l) => l.logicalLocations?.[0]?.name)).toContain("get weather");
    // The credential's URI spelling (+, /, = escaped) is hidden as well as its own.
    expect(sarif.stdout).not.toContain(SECRET);
    expect(sarif.stdout).not.toContain(encodeURIComponent(SECRET));
    const github = await lint({ server: url, headers: [BEARER], format: "github" });
    expect(github.stdout).toMatch(/^::error title=toolgen tool-name-format::.*\[server:get weather, tool 'get weather', #\/name\]$/m);
    expect(github.stdout).not.toContain("file=");
    expect(github.stdout).not.toContain(SECRET);
  });

  it("a refused credential: exit 2, and the server's echo of it hidden", async () => {
    const wrong = "wrong-credential-77";
    const error = await lint({ server: url, headers: [`Authorization: Bearer ${wrong}`] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserError);
    expect((error as UserError).exitCode).toBe(2);
    expect((error as UserError).message).toMatch(/^--server: could not connect to the MCP server: .*unauthorized: got \*\*\*/);
    expect((error as UserError).message).not.toContain(wrong);
  });

  it("a server that exits at once: exit 2, saying so", async () => {
    const error = await lint({ server: STDIO, serverEnv: ["LINT_SERVER_MODE=exit"] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserError);
    expect((error as UserError).exitCode).toBe(2);
    expect((error as UserError).message).toMatch(/^--server: could not connect to the MCP server: the server closed its output or exited before it answered/);
  });

  it("a server that never answers: exit 2 once --server-timeout has passed, saying so", async () => {
    const error = await lint({ server: STDIO, serverEnv: ["LINT_SERVER_MODE=silent"], serverTimeout: 300 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserError);
    expect((error as UserError).exitCode).toBe(2);
    expect((error as UserError).message).toBe("--server: could not connect to the MCP server: the server did not answer within 300 ms (the start-up timeout)");
  }, CI_LIMIT_MS);

  it("usage errors, before any server is started", async () => {
    const usage = async (options: RunLintOptions) => {
      const error = await lint(options).catch((e: unknown) => e);
      expect(error, JSON.stringify(options)).toBeInstanceOf(UserError);
      expect((error as UserError).exitCode, JSON.stringify(options)).toBe(2);
      return (error as UserError).message;
    };
    expect(await usage({ server: STDIO, paths: ["schemas"] })).toMatch(/name no file or folder beside it/);
    expect(await usage({ server: STDIO, headers: [BEARER] })).toMatch(/--header is sent to a server at a URL/);
    expect(await usage({ server: url, serverEnv: ["TOKEN=x"] })).toMatch(/--server-env sets variables of a server toolgen starts/);
    expect(await usage({ serverEnv: ["TOKEN=x"] })).toMatch(/needs --server/);
    expect(await usage({ server: STDIO, serverEnv: ["TOKEN"] })).toMatch(/give KEY=VALUE/);
    expect(await usage({ server: url, headers: ["no colon"] })).toMatch(/give "Name: value"/);
    expect(await usage({ server: `"${process.execPath}` })).toMatch(/unclosed "/);
    expect(await usage({ server: STDIO, serverTimeout: 0 })).toMatch(/--server-timeout must be a positive whole number/);
  });

  it("a server's tools as a folder: a name listed twice is server:<name> (2); a $ref to a file says there is none, reading nothing", async () => {
    const input = (x: unknown) => ({ type: "object", properties: { x } });
    // `0.json` is the in-memory file of the first tool: a `$ref` must not reach another tool's document.
    const folder = await importedFolder(
      [
        { name: "a", description: "First.", inputSchema: input({ $ref: "0.json#/input_schema" }) },
        { name: "b", inputSchema: input({ type: "string" }) },
        { name: "b", inputSchema: input({ type: "number" }) },
        { name: "c", description: "Third.", inputSchema: input({ $ref: "/etc/passwd" }) },
      ],
      "mcp:server",
    );
    const found = await lintLoaded(folder, {});
    const at = (rule: string) => found.filter((d) => d.rule === rule).map((d) => [d.file, d.pointer, d.message]);
    expect(at("ref-resolvable")).toEqual([
      ["server:a", "/input_schema/properties/x/$ref", "cannot resolve $ref '0.json#/input_schema': 0.json: a server's tool has no file beside it: its $ref may name only a place in its own schema (#/...)"],
      ["server:c", "/input_schema/properties/x/$ref", "cannot resolve $ref '/etc/passwd': /etc/passwd: a server's tool has no file beside it: its $ref may name only a place in its own schema (#/...)"],
    ]);
    expect(at("tool-name-unique")).toEqual([
      ["server:b", "/name", "tool name 'b' is also defined in server:b (2)"],
      ["server:b (2)", "/name", "tool name 'b' is also defined in server:b"],
    ]);
  });

  it("splits a command as a shell splits words, and hides each credential as written, in JSON and in a URI", () => {
    expect(splitWords(`node "my server.js" --name 'a b' c\\ d "q\\"x"`, "--server")).toEqual(["node", "my server.js", "--name", "a b", "c d", 'q"x']);
    expect(parseServerEnv(["A=1", "B=x=y"])).toEqual({ A: "1", B: "x=y" });
    // A header's credentials after its scheme; a value under 8 characters is a setting, kept.
    const redact = redactor(["Bearer abc\"def/gh", "silent"]);
    expect(redact(`abc"def/gh ${JSON.stringify('abc"def/gh')} ${encodeURIComponent('abc"def/gh')} silent`)).toBe(`*** "***" *** silent`);
  });
});

describe("toolgen diff --base-server/--head-server", () => {
  it("diffs a server (--base-server) against a folder, the credential nowhere", async () => {
    // The head: the server's tools as a folder, less the one named after the credential.
    const head = path.join(cwd, "head");
    mkdirSync(head, { recursive: true });
    writeFileSync(path.join(head, "forecast.json"), JSON.stringify(toolDocument({ name: "forecast", description: "Gets the forecast.", inputSchema: { type: "object", properties: {} } }, "forecast", "test")));
    let out = "";
    const stdout = { write: (t: string) => (out += t) };
    const code = await runDiff({ baseServer: url, head, headers: [BEARER], format: "json", cwd, stdout, env: {} });
    expect(code).toBe(1);
    const report = JSON.parse(out) as { findings: { rule: string; tool: string; file: string }[] };
    expect(report.findings).toEqual(expect.arrayContaining([expect.objectContaining({ rule: "diff/tool-removed", tool: "leak ***", file: "server:leak ***" })]));
    expect(out).not.toContain(SECRET);

  }, CI_LIMIT_MS);
});
