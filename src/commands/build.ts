/** The `toolgen build` command: config + flags -> build -> report. */
import path from "node:path";
import { loadConfig } from "./config.js";
import { build } from "../pipeline.js";
import { progressWanted, terminalProgress } from "../report/progress.js";
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
  /** `--quiet`: no warnings printed (they still count for maxWarnings). */
  quiet?: boolean | undefined;
  /** `--max-warnings`: exit 1 above this many lint warnings; -1 or unset: no limit. */
  maxWarnings?: number | undefined;
}

/** Runs the build and prints what it did. Returns the exit code (errors are thrown: cli/run.ts maps them). */
export async function runBuild(flags: BuildFlags): Promise<number> {
  const { overWarningLimit, warningLimit } = await import("./lint.js");
  const maxWarnings = warningLimit(flags.maxWarnings);
  const config = await loadConfig(flags);
  const check = flags.check ?? config.check ?? false;
  const lint = flags.lint ?? config.lint ?? true;
  // The lock is checked first: its message names the tools that changed without review.
  const lock = config.lock === true ? await import("../diff/lock.js") : undefined;
  const lockArgs = [config.configPath ? path.dirname(config.configPath) : process.cwd(), path.resolve(config.schemas), config.refRoots ?? [process.cwd()], config.defaultDialect] as const;
  if (lock && check) await lock.updateLock(...lockArgs, true);
  const progress = progressWanted(standardError) ? terminalProgress(standardError) : undefined;
  let result: Awaited<ReturnType<typeof build>>;
  try {
    result = await build({ ...config, check, lint, cache: flags.cache, ...(progress ? { onProgress: progress.sink } : {}) });
  } finally {
    progress?.end();
  }
  if (lock && !check) await lock.updateLock(...lockArgs, false);
  const { formatDiagnosticsPlain } = await import("../report/plain.js");
  const warnings = result.diagnostics.length;
  if (warnings > 0 && flags.quiet !== true) {
    const { problemSummary } = await import("../lint/formatters/stylish.js");
    standardError.write(`${formatDiagnosticsPlain(result.diagnostics)}\n${problemSummary(0, warnings)}\n`);
  }
  // A note that is a warning (build/framework-majors.ts) says so itself.
  for (const note of result.notes) standardError.write(note.startsWith("warning: ") ? `${note}\n` : `note: ${note}\n`);
  const where = `${config.out}/ and ${config.handlers}/`;
  if (check) {
    writeReport(standardOutput, `toolgen: ${where} are up to date (${result.tools} tool(s))\n`);
  } else if (result.upToDate) {
    writeReport(standardOutput, `toolgen: ${result.tools} tool(s), nothing changed since the last build\n`);
  } else {
    writeReport(standardOutput, `toolgen: built ${result.tools} tool(s) into ${where}: ${result.written.length} file(s) written, ${result.removed.length} removed\n`);
  }
  return overWarningLimit(warnings, maxWarnings, standardError) ? 1 : 0;
}
