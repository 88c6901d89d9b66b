/**
 * Issue 42 item 1, the command line's further runs of `toolgen lint --server` and `toolgen diff
 * --head-server` (test:heavy: each starts toolgen or an SDK server once more; test/lint/server.test.ts
 * holds the rest in the quick suite): a server that exits at once is reported as exit 2 with what it
 * said and no stack; `--help` explains the server flags; a stdio server is diff's head as well as an
 * HTTP one its base, with the credential in neither report.
 */
import { spawnSync, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runDiff } from "../../src/commands/diff.js";
import { CI_LIMIT_MS, repoRoot, tempDir } from "../helpers.js";
import { LINT_SERVER, startHttpLintServer } from "./helpers/lint-server.js";

const CLI = path.join(repoRoot, "dist", "bin", "toolgen.cjs");
const STDIO = `"${process.execPath}" "${LINT_SERVER}"`;
const SECRET = "s3cr3t+token/42=";

const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill();
});

function toolgen(cwd: string, args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: "utf8", timeout: CI_LIMIT_MS, env: { ...process.env, NO_COLOR: "1" } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe("toolgen lint --server from the command line", () => {
  it("a server that exits at once: exit 2, what it said passed on, no stack", async () => {
    const r = toolgen(await tempDir(), ["lint", "--server", STDIO, "--server-env", "LINT_SERVER_MODE=exit"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("lint-server: cannot start (LINT_SERVER_MODE=exit)");
    expect(r.stderr).toMatch(/^toolgen: --server: could not connect to the MCP server: the server closed its output or exited before it answered/m);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  }, CI_LIMIT_MS);

  it("--help explains the server flags", async () => {
    const help = toolgen(await tempDir(), ["lint", "--help"]);
    for (const flag of ["--server ", "--server-env", "--header", "--server-timeout", "--max-message-bytes", "server:<tool name>"]) expect(help.stdout).toContain(flag);
    const diffHelp = toolgen(await tempDir(), ["diff", "--help"]);
    for (const flag of ["--base-server", "--head-server", "--server-env", "--header"]) expect(diffHelp.stdout).toContain(flag);
  }, CI_LIMIT_MS);
});

describe("toolgen diff with a server on each side", () => {
  it("an HTTP server as the base, a stdio one as the head: the same tools, no change; the credential in neither", async () => {
    const { url, child } = await startHttpLintServer(SECRET);
    children.push(child);
    let out = "";
    const code = await runDiff({
      baseServer: url,
      headServer: STDIO,
      headers: [`Authorization: Bearer ${SECRET}`],
      serverEnv: [`TOKEN=${SECRET}`],
      format: "markdown",
      cwd: await tempDir(),
      stdout: { write: (t: string) => (out += t) },
      env: {},
    });
    expect(out).toContain("No changes to the tools (3 tool(s))");
    expect(code).toBe(0);
    expect(out).not.toContain(SECRET);
  }, CI_LIMIT_MS);
});
