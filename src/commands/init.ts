/**
 * `toolgen init`: starts a project. Writes a config (toolgen.config.json), one example tool
 * (schemas/get_weather.json) and, when the project has no tsconfig.json, one that type-checks the
 * generated code and the handlers. Never overwrites a file: what exists is skipped, and said so.
 */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { CONFIG_FILE, DEFAULTS, findConfig, loadConfig } from "./config.js";
import { standardOutput, type OutputStream } from "../report/std-output.js";
import { writeUserFiles } from "../write.js";

export interface InitOptions {
  /** The project's folder (default: the working directory). */
  cwd?: string;
  stdout?: OutputStream;
}

/** The example tool: the Messages API documentation's get_weather, written as the linter wants it. */
const EXAMPLE_TOOL = {
  name: "get_weather",
  description:
    "Gets the current weather for a given location. It returns the temperature, a short description of the conditions (such as sunny or light rain), and the wind speed at the time of the call. Use it when the user asks about the weather now or today in a specific place. It does not give forecasts for later days or historical weather, and it fails when the location cannot be found.",
  input_schema: {
    type: "object",
    properties: {
      location: { type: "string", description: "The city and state or country, e.g. San Francisco, CA or Paris, France." },
      unit: { type: "string", enum: ["celsius", "fahrenheit"], description: "The temperature unit of the answer, either 'celsius' or 'fahrenheit'." },
    },
    required: ["location"],
  },
};

/**
 * A tsconfig for the generated code: Node's own module resolution (the generated imports end in
 * `.js`, validators included), strict, compiled to dist/. It works in an ES-module
 * package and in a CommonJS one. Written only when the project has none.
 */
const TSCONFIG = {
  compilerOptions: {
    target: "es2022",
    module: "nodenext",
    moduleResolution: "nodenext",
    strict: true,
    skipLibCheck: true,
    outDir: "dist",
  },
  exclude: ["node_modules", "dist"],
};

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** Writes what is missing; returns the exit code (0). Throws UsageError for a config that does not load. */
export async function runInit(options: InitOptions = {}): Promise<number> {
  const cwd = options.cwd ?? process.cwd();
  const out = options.stdout ?? standardOutput;
  const show = (abs: string) => path.relative(cwd, abs).split(path.sep).join("/") || ".";
  const written: string[] = [];
  const skipped: string[] = [];

  const found = findConfig(cwd);
  let schemas: string = DEFAULTS.schemas;
  if (found) {
    skipped.push(`${show(found.file)}${found.packageKey ? ` ("toolgen" key)` : ""} (a config exists; its folders are used)`);
    schemas = (await loadConfig({}, cwd)).schemas;
  } else {
    writeUserFiles(cwd, [{ path: CONFIG_FILE, contents: json({ schemas: DEFAULTS.schemas, out: DEFAULTS.out, handlers: DEFAULTS.handlers }) }]);
    written.push(CONFIG_FILE);
  }

  const schemasDir = path.resolve(cwd, schemas);
  const example = path.join(schemasDir, `${EXAMPLE_TOOL.name}.json`);
  const tools = existsSync(schemasDir) ? readdirSync(schemasDir).filter((f) => /\.(json|ya?ml)$/i.test(f)) : [];
  if (existsSync(example)) {
    skipped.push(`${show(example)} (exists)`);
  } else if (tools.length > 0) {
    skipped.push(`${show(example)} (${show(schemasDir)}/ already holds tools)`);
  } else {
    writeUserFiles(schemasDir, [{ path: path.basename(example), contents: json(EXAMPLE_TOOL) }]);
    written.push(show(example));
  }

  const tsconfig = path.join(cwd, "tsconfig.json");
  if (existsSync(tsconfig)) {
    skipped.push("tsconfig.json (exists; the generated code needs \"module\": \"nodenext\" or \"node16\", or a bundler's resolution)");
  } else {
    writeUserFiles(cwd, [{ path: "tsconfig.json", contents: json(TSCONFIG) }]);
    written.push("tsconfig.json");
  }

  let report = "";
  for (const file of written) report += `toolgen init: wrote ${file}\n`;
  for (const file of skipped) report += `toolgen init: skipped ${file}\n`;
  report += "Next: npx toolgen build, then fill in handlers/get_weather.ts; npx tsc --noEmit type-checks it all.\n";
  out.write(report);
  return 0;
}
