/**
 * The options of each command, declared once: the yargs command modules are built from these, and so
 * is the yargs-free fast path (fast-args.ts) that plain command lines take.
 */

export interface OptionSpec {
  type: "string" | "number" | "boolean";
  describe: string;
  choices?: readonly string[];
  default?: string | number | boolean;
}

export const BUILD_OPTIONS = {
  schemas: { type: "string", describe: "folder of tool schema files [default: schemas]" },
  out: { type: "string", describe: "folder for generated files, owned by toolgen [default: generated]" },
  handlers: { type: "string", describe: "folder for handler files, owned by you [default: handlers]" },
  templates: { type: "string", describe: "folder of Handlebars templates overriding the built-in ones by file name" },
  config: { type: "string", describe: "config file [default: ./toolgen.config.json if present]" },
  // No yargs defaults for these two: unset, they come from the config file (flags win), else off / on.
  check: { type: "boolean", describe: "write nothing; exit 1 listing every stale or missing file (for CI) [default: false]" },
  lint: { type: "boolean", describe: "run the linter first and stop on errors (--no-lint skips it) [default: true]" },
  cache: {
    type: "boolean",
    default: true,
    describe: "reuse per-tool outputs from node_modules/.cache/toolgen (--no-cache neither reads nor writes it)",
  },
} as const satisfies Record<string, OptionSpec>;

export const LINT_OPTIONS = {
  format: { type: "string", choices: ["stylish", "json", "sarif", "github"], default: "stylish", describe: "report format" },
  "max-warnings": { type: "number", describe: "exit 1 when there are more warnings than this" },
  schemas: { type: "string", describe: "schemas folder (context for cross-file checks) [default: schemas]" },
  config: { type: "string", describe: "config file [default: ./toolgen.config.json if present]" },
} as const satisfies Record<string, OptionSpec>;
