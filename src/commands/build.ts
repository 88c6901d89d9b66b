/** The `toolgen build` command: config + flags -> build -> report. */
import { loadConfig } from "./config.js";
import { build } from "../pipeline.js";
import { writeReport } from "../report/file.js";
import { standardError, standardOutput } from "../report/std-output.js";

/** The flags of `toolgen build` (cli/build.ts declares them to yargs). */
export interface BuildFlags {
  schemas?: string;
  out?: string;
  handlers?: string;
  templates?: string;
  config?: string;
  /** `--targets`: wins over the config's "targets". */
  targets?: string;
  /** Unset: from the config file, else false. */
  check?: boolean;
  /** Unset: from the config file, else true. */
  lint?: boolean;
  cache: boolean;
}

/** Runs the build and prints what it did. Returns the exit code (errors are thrown: cli/run.ts maps them). */
export async function runBuild(flags: BuildFlags): Promise<number> {
  const config = await loadConfig(flags);
  const check = flags.check ?? config.check ?? false;
  const lint = flags.lint ?? config.lint ?? true;
  const result = await build({ ...config, check, lint, cache: flags.cache });
  const { formatDiagnosticsPlain } = await import("../report/plain.js");
  if (result.diagnostics.length > 0) standardError.write(formatDiagnosticsPlain(result.diagnostics));
  for (const note of result.notes) standardError.write(`note: ${note}\n`);
  const where = `${config.out}/ and ${config.handlers}/`;
  if (check) {
    writeReport(standardOutput, `toolgen: ${where} are up to date (${result.tools} tool(s))\n`);
  } else if (result.upToDate) {
    writeReport(standardOutput, `toolgen: ${result.tools} tool(s), nothing changed since the last build\n`);
  } else {
    writeReport(standardOutput, `toolgen: built ${result.tools} tool(s) into ${where}: ${result.written.length} file(s) written, ${result.removed.length} removed\n`);
  }
  return 0;
}
