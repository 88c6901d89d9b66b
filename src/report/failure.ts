/**
 * The one place that maps a failure to its report and exit code: a user error prints its located
 * diagnostics (and, for --check, the stale files) and its message, and exits with its own code (1 or
 * 2); anything else is an internal error, printed with its stack, exit 70. The command line (cli/run.ts)
 * ends the process with the code; watch mode reports and keeps watching.
 */
import type { Diagnostic } from "../model.js";
import { standardError } from "./std-output.js";

export async function reportFailure(error: unknown): Promise<number> {
  const { UserError, StaleOutputError } = await import("../errors.js");
  if (error instanceof UserError) {
    if (error.diagnostics.length > 0) {
      const { formatDiagnosticsPlain } = await import("./plain.js");
      standardError.write(formatDiagnosticsPlain(error.diagnostics as Diagnostic[]));
    }
    if (error instanceof StaleOutputError) standardError.write(error.stale.map((f) => `stale: ${f}\n`).join(""));
    standardError.write(`toolgen: ${error.message}\n`);
    return error.exitCode;
  }
  standardError.write(`toolgen: internal error (please report it): ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  return 70;
}
