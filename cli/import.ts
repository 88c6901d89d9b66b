/** `toolgen import mcp|openai`: its flags and help for yargs; the import itself is src/commands/import.ts. */
import { UsageError } from "../src/errors.js";
import type { Command } from "./command.js";

/** The flags of `toolgen import` (main.ts also reads their names for "did you mean"). */
export const IMPORT_OPTIONS = {
  url: { type: "string", describe: "mcp: the server's Streamable HTTP endpoint (else the command after --)" },
  env: { type: "string", describe: "mcp over stdio: pass only this variable (repeatable) beside HOME, PATH and the like [default: the whole environment]" },
  "max-message-bytes": { type: "number", describe: "mcp over stdio: the largest message read from the server [default: 10485760, the SDK's 10 MiB]" },
  header: { type: "string", describe: "mcp over --url: \"Name: value\", a header sent with every request (repeatable); the value never appears in the output" },
  "server-timeout": { type: "number", describe: "mcp: milliseconds the server may take to start, and to answer each tools/list page [default: 60000]" },
  lock: { type: "string", describe: "mcp: also write the tools lock, the server's tools as listed, to this file [default: toolgen.mcp-lock.json]" },
  check: { type: "string", describe: "mcp: write nothing; exit 1, with toolgen diff's classes and witnesses, when the server's tools changed since the tools lock in a way that breaks a client built from it [default file: toolgen.mcp-lock.json]" },
  schemas: { type: "string", describe: "schemas folder to write into [default: schemas]" },
  config: { type: "string", alias: "c", describe: "config file [default: the nearest toolgen config]" },
  force: { type: "boolean", default: false, describe: "overwrite existing tool files" },
} as const;

export const importCommand: Command = {
  name: "import",
  usage: "import <source> [file]",
  describe: "Write tool files from an MCP server's tools or OpenAI function definitions, then lint them",
  options: (yargs) => yargs.parserConfiguration({ "populate--": true }).options(IMPORT_OPTIONS),
  help: (yargs) =>
    yargs
      .usage(
        "$0 import mcp -- <command> [args...]\n$0 import mcp --url <endpoint>\n$0 import openai <file.json>\n\n" +
          "Writes one tool file per tool into the schemas folder (names sanitised to the API's pattern, the original\n" +
          "kept in original_name), never over an existing file without --force, then lints what it wrote.\n" +
          "With --lock it also writes the tools lock (the server's tools as listed); --check writes nothing and diffs the\n" +
          "server's tools against that lock, failing (exit 1) on a change that breaks a client generated from it.",
      )
      .example("$0 import mcp -- npx -y @modelcontextprotocol/server-memory", "import a stdio server's tools")
      .example("$0 import mcp --env GITHUB_TOKEN -- npx -y my-server", "pass the server only GITHUB_TOKEN of your environment")
      .example("$0 import mcp --url http://127.0.0.1:3000/mcp", "import over Streamable HTTP")
      .example("$0 import mcp --url https://mcp.example.com/mcp --header \"Authorization: Bearer $TOKEN\"", "send a credential (never printed)")
      .example("$0 import mcp --lock -- npx -y my-server", "import, and write toolgen.mcp-lock.json (then build the mcp-client output)")
      .example("$0 import mcp --check -- npx -y my-server", "in CI: fail when the server changed in a way that breaks the generated client")
      .example("$0 import openai functions.json", "import OpenAI function definitions"),
  run: async (argv) => {
    const [source, file, ...extra] = argv._.map(String);
    if (source !== "mcp" && source !== "openai") {
      throw new UsageError(`toolgen import: name a source, mcp or openai${source === undefined ? "" : ` (not '${source}')`} (see toolgen import --help)`);
    }
    if (extra.length > 0) throw new UsageError(`toolgen import: unexpected argument '${extra[0]}' (a server's command goes after --)`);
    const str = (key: string) => argv[key] as string | undefined;
    // A repeated --env is an array; once, a string.
    const env = argv["env"] === undefined ? undefined : ([] as unknown[]).concat(argv["env"]).map(String);
    const headers = argv["header"] === undefined ? undefined : ([] as unknown[]).concat(argv["header"]).map(String);
    const { runImport } = await import("../src/commands/import.js");
    return runImport({
      source,
      ...(file !== undefined ? { file } : {}),
      ...(str("url") !== undefined ? { url: str("url")! } : {}),
      command: ((argv["--"] as (string | number)[] | undefined) ?? []).map(String),
      ...(env !== undefined ? { env } : {}),
      ...(argv["max-message-bytes"] !== undefined ? { maxMessageBytes: Number(argv["max-message-bytes"]) } : {}),
      ...(headers !== undefined ? { headers } : {}),
      ...(argv["server-timeout"] !== undefined ? { serverTimeout: Number(argv["server-timeout"]) } : {}),
      ...(str("lock") !== undefined ? { lock: str("lock")! } : {}),
      ...(str("check") !== undefined ? { check: str("check")! } : {}),
      ...(str("schemas") !== undefined ? { schemas: str("schemas")! } : {}),
      ...(str("config") !== undefined ? { config: str("config")! } : {}),
      force: argv.force === true,
    });
  },
};
