/**
 * The one place that maps failures to exit codes: 0 success, 1 invalid input or stale output,
 * 2 usage error. User errors print without a stack; anything else is an internal error.
 */
import type { Diagnostic } from "../src/model.js";

export async function runAndExit(task: () => Promise<number | void>): Promise<void> {
  try {
    const code = await task();
    process.exitCode = code ?? 0;
  } catch (error) {
    process.exitCode = await report(error);
  }
}

async function report(error: unknown): Promise<number> {
  const { UserError, StaleOutputError } = await import("../src/errors.js");
  if (error instanceof UserError) {
    if (error.diagnostics.length > 0) {
      const { formatDiagnosticsPlain } = await import("../src/report.js");
      process.stderr.write(formatDiagnosticsPlain(error.diagnostics as Diagnostic[]));
    }
    if (error instanceof StaleOutputError) process.stderr.write(error.stale.map((f) => `stale: ${f}\n`).join(""));
    process.stderr.write(`toolgen: ${error.message}\n`);
    return error.exitCode;
  }
  process.stderr.write(`toolgen: internal error (please report it): ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  return 70;
}

export function exitWithUsageError(message: string | undefined, error: Error | undefined): never {
  if (error && !message) {
    process.stderr.write(`toolgen: ${error.message}\n`);
  } else {
    process.stderr.write(`toolgen: ${message ?? "usage error"}\nRun 'toolgen --help' for usage.\n`);
  }
  process.exit(2);
}
