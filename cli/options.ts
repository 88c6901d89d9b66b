/** The options of each command, declared once; the yargs command modules are built from these. */
import { TARGET_IDS } from "../src/catalog.js";
import { UsageError } from "../src/errors.js";

/** `--targets`, for build and lint alike: the catalogue's targets. */
const TARGETS_DESCRIBE = `providers the tools go to, comma-separated: ${TARGET_IDS.join(", ")}; each adds its lint rules [default: the config's "targets", else anthropic]`;

export interface OptionSpec {
  type: "string" | "number" | "boolean";
  describe: string;
  alias?: string;
  choices?: readonly string[];
  default?: string | number | boolean;
}

/** The warning options lint and build share (one declaration: build reports its lint stage as lint does). */
const WARNING_OPTIONS = {
  "max-warnings": { type: "number", describe: "exit 1 when there are more warnings than this (-1: no limit)" },
  quiet: { type: "boolean", describe: "report errors only (warnings still count for --max-warnings)" },
} as const satisfies Record<string, OptionSpec>;

export const BUILD_OPTIONS = {
  schemas: { type: "string", describe: "folder of tool schema files [default: schemas]" },
  out: { type: "string", describe: "folder for generated files, owned by toolgen [default: generated]" },
  handlers: { type: "string", describe: "folder for handler files, owned by you [default: handlers]" },
  templates: { type: "string", describe: "folder of Handlebars templates overriding the built-in ones by file name" },
  config: { type: "string", alias: "c", describe: "config file [default: the nearest toolgen.config.json/.yaml/.yml or package.json \"toolgen\" key]" },
  // No yargs defaults for these two: unset, they come from the config file (flags win), else off / on.
  check: { type: "boolean", describe: "write nothing; exit 1 listing every stale or missing file (for CI) [default: false]" },
  lint: { type: "boolean", describe: "run the linter first and stop on errors (--no-lint skips it) [default: true]" },
  targets: { type: "string", describe: TARGETS_DESCRIBE },
  cache: {
    type: "boolean",
    default: true,
    describe: "reuse per-tool outputs from node_modules/.cache/toolgen (--no-cache neither reads nor writes it)",
  },
  ...WARNING_OPTIONS,
} as const satisfies Record<string, OptionSpec>;

/** How lint reaches an MCP server (diff's --base-server and --head-server take the same flags beside them). */
export const SERVER_CONNECTION_OPTIONS = {
  "server-env": { type: "string", describe: "KEY=VAL: a variable for a server toolgen starts (repeatable); the value never appears in the output" },
  header: { type: "string", describe: "\"Name: value\": a header sent to a server at a URL (repeatable); the value never appears in the output" },
  "server-timeout": { type: "number", describe: "milliseconds the server may take to start, and to answer each tools/list page [default: 60000]" },
  "max-message-bytes": { type: "number", describe: "the largest message read from a server toolgen starts [default: 10485760, the SDK's 10 MiB]" },
} as const satisfies Record<string, OptionSpec>;

const SERVER_OPTIONS = {
  server: { type: "string", describe: "lint the tools an MCP server lists instead of files: a command (\"node server.js\", started over stdio) or a URL (Streamable HTTP)" },
  ...SERVER_CONNECTION_OPTIONS,
} as const satisfies Record<string, OptionSpec>;

export const LINT_OPTIONS = {
  format: { type: "string", alias: "f", choices: ["stylish", "json", "sarif", "github", "matrix"], default: "stylish", describe: "report format (matrix: a Markdown table of which clients take each tool)" },
  ...WARNING_OPTIONS,
  "output-file": { type: "string", alias: "o", describe: "write the report to this file instead of stdout" },
  color: { type: "boolean", describe: "colors in the stylish report (--no-color: none) [default: FORCE_COLOR, NO_COLOR, else on for a terminal]" },
  schemas: { type: "string", describe: "schemas folder (context for cross-file checks) [default: schemas]" },
  config: { type: "string", alias: "c", describe: "config file [default: the nearest toolgen.config.json/.yaml/.yml or package.json \"toolgen\" key]" },
  targets: { type: "string", describe: TARGETS_DESCRIBE },
  ...SERVER_OPTIONS,
} as const satisfies Record<string, OptionSpec>;

/** Every flag a command accepts (long names and aliases, without dashes), for "did you mean". */
export function flagNames(table: Readonly<Record<string, OptionSpec>>): string[] {
  const names = ["help", "version"];
  for (const [name, spec] of Object.entries(table)) {
    names.push(name);
    if (spec.type === "boolean") names.push(`no-${name}`);
    if (spec.alias) names.push(spec.alias);
  }
  return names;
}

/** A flag given once (a string) or more (an array), as a list; unset: undefined. */
export function repeated(value: unknown): string[] | undefined {
  return value === undefined ? undefined : ([] as unknown[]).concat(value).map(String);
}

/** The server flags of a parsed command line (`key`: the flag naming the server), for the server's ServerFlags. */
export function serverFlags(argv: Record<string, unknown>, key: string): { server?: string; serverEnv?: string[]; headers?: string[]; serverTimeout?: number; maxMessageBytes?: number } {
  const server = argv[key] === undefined ? undefined : repeated(argv[key])!;
  if (server !== undefined && server.length > 1) throw new UsageError(`--${key} names one server (given ${server.length} times)`);
  const serverEnv = repeated(argv["server-env"]);
  const headers = repeated(argv["header"]);
  return {
    ...(server !== undefined ? { server: server[0]! } : {}),
    ...(serverEnv !== undefined ? { serverEnv } : {}),
    ...(headers !== undefined ? { headers } : {}),
    ...(argv["server-timeout"] !== undefined ? { serverTimeout: Number(argv["server-timeout"]) } : {}),
    ...(argv["max-message-bytes"] !== undefined ? { maxMessageBytes: Number(argv["max-message-bytes"]) } : {}),
  };
}
