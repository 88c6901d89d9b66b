/**
 * `toolgen lint --server <command | url>`: the tools a running MCP server lists, linted exactly as a
 * folder is (the same rules, targets, settings and config), each finding located at `server:<name>`
 * and its JSON pointer, since there is no file. Loaded by lint.ts only when `--server` is given, so a
 * folder's lint never loads the MCP client. A server that cannot be reached or listed is exit 2, as
 * a usage error is: exit 1 stays "the tools have errors". The values of `--server-env` and `--header`
 * reach the server and nothing else: every message and finding goes through the redactor.
 */
import { UsageError, UserError } from "../errors.js";
import { importedFolder } from "../load/imported.js";
import type { LoadedFolder } from "../load/index.js";
import type { Diagnostic, StageTimer } from "../model.js";
import type { RunFacts } from "../lint/rule.js";
import type { RuleSetting } from "../lint/settings.js";
import type { OutputStream } from "../report/std-output.js";
import type { Config } from "./config.js";
import { lintLoaded } from "./lint-folder.js";
import { connectionTarget, type ConnectionFlags, listMcpTools, type ServerTarget, parseServer, serverEnvironment } from "./mcp-server.js";

/** What `--server` and the flags beside it give. */
export interface ServerFlags extends ConnectionFlags {
  server: string;
}

/** How a server is reached, checked: the target for listMcpTools and the redactor for its credentials. */
export function serverTarget(flags: ServerFlags, flag = "--server"): { target: ServerTarget; redact: (text: string) => string } {
  return connectionTarget(parseServer(flags.server, flag), flags, flag, serverEnvironment(undefined));
}

/**
 * The server's tools, listed (its stderr passed on line by line, redacted) and loaded as a folder of
 * `server:<name>` files. A failure is a UserError of exit 2, its message redacted.
 */
export async function listServerFolder(flags: ServerFlags, stderr: OutputStream, command: string, flag = "--server", defaultDialect?: Config["defaultDialect"]) {
  const { target, redact } = serverTarget(flags, flag);
  let tools;
  try {
    tools = await listMcpTools({ ...target, serverStderr: (line) => stderr.write(`${redact(line)}\n`) }, command);
  } catch (error) {
    if (error instanceof UserError) throw new UserError(`${flag}: ${redact(error.message)}`, 2);
    throw error;
  }
  const folder = await importedFolder(tools, "mcp:server", defaultDialect ? { defaultDialect } : {});
  return { folder, redact };
}

/**
 * Lints the server's tools: the findings (a server tool's with no line or column), their locations,
 * and the redactor every text printed from them goes through (lint.ts applies it to the report).
 */
export async function lintServer(
  flags: ServerFlags,
  config: Config,
  ruleRun: { rules: Record<string, RuleSetting>; run: RunFacts },
  stderr: OutputStream,
  mark: StageTimer,
): Promise<{ diagnostics: Diagnostic[]; folder: LoadedFolder; locations: ReadonlySet<string>; redact: (text: string) => string }> {
  const { folder, redact } = await listServerFolder(flags, stderr, "toolgen lint --server", "--server", config.defaultDialect);
  mark("load");
  const locations = new Set(folder.files.map((f) => f.displayPath));
  const found = await lintLoaded(folder, ruleRun.rules, undefined, mark, ruleRun.run);
  const diagnostics = found.map((d): Diagnostic => {
    if (!locations.has(d.file)) return d;
    // A line and column of the document toolgen wrote in memory would point at nothing the user has.
    const { line: _line, column: _column, ...rest } = d;
    return rest;
  });
  return { diagnostics, folder, locations, redact };
}
