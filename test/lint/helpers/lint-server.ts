/** test/mcp/fixtures/lint-server.mjs (an official-SDK MCP server) started over Streamable HTTP, for the `lint --server` tests. */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { repoRoot } from "../../helpers.js";

export const LINT_SERVER = path.join(repoRoot, "test", "mcp", "fixtures", "lint-server.mjs");

/** Starts the fixture in HTTP mode with `token` (it asks for it as a bearer token); resolves with its URL and the process, once it listens. */
export async function startHttpLintServer(token: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [LINT_SERVER], { env: { ...process.env, LINT_SERVER_MODE: "http", TOKEN: token }, stdio: ["ignore", "pipe", "inherit"] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString("utf8");
      const line = /^(http:\S+)\n/m.exec(out);
      if (line) resolve(line[1]!);
    });
    child.once("exit", (code) => reject(new Error(`the HTTP fixture exited (${code})`)));
  });
  return { url, child };
}
