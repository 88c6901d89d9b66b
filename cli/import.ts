import type { ArgumentsCamelCase, Argv, CommandModule } from "yargs";
import { runAndExit } from "./run.js";

interface ImportArgs {
  source: string;
  file?: string;
  url?: string;
  schemas?: string;
  config?: string;
  force: boolean;
  "--"?: Array<string | number>;
}

export const importCommand: CommandModule<object, ImportArgs> = {
  command: "import <source> [file]",
  describe: "Write tool files from an MCP server's tools or OpenAI function definitions, then lint them",
  builder: (yargs: Argv) =>
    yargs
      .parserConfiguration({ "populate--": true })
      .positional("source", { type: "string", choices: ["mcp", "openai"], describe: "where the tools come from" })
      .positional("file", { type: "string", describe: "openai: the JSON file of function definitions" })
      .options({
        url: { type: "string", describe: "mcp: the server's Streamable HTTP endpoint (else the command after --)" },
        schemas: { type: "string", describe: "schemas folder to write into [default: schemas]" },
        config: { type: "string", describe: "config file [default: ./toolgen.config.json if present]" },
        force: { type: "boolean", default: false, describe: "overwrite existing tool files" },
      })
      .example("$0 import mcp -- npx -y @modelcontextprotocol/server-memory", "import a stdio server's tools")
      .example("$0 import mcp --url http://127.0.0.1:3000/mcp", "import over Streamable HTTP")
      .example("$0 import openai functions.json", "import OpenAI function definitions") as unknown as Argv<ImportArgs>,
  handler: (argv: ArgumentsCamelCase<ImportArgs>) =>
    runAndExit(async () => {
      const { runImport } = await import("../src/commands/import.js");
      return runImport({
        source: argv.source,
        ...(argv.file !== undefined ? { file: argv.file } : {}),
        ...(argv.url !== undefined ? { url: argv.url } : {}),
        command: (argv["--"] ?? []).map(String),
        ...(argv.schemas !== undefined ? { schemas: argv.schemas } : {}),
        ...(argv.config !== undefined ? { config: argv.config } : {}),
        force: argv.force,
      });
    }),
};
