/**
 * Runs a command and sets the exit code: 0 success; a failure is reported by src/report-failure.ts
 * (1 invalid input or stale output, 2 usage error, 70 internal error).
 */

export async function runAndExit(task: () => Promise<number | void>): Promise<void> {
  try {
    const code = await task();
    process.exitCode = code ?? 0;
  } catch (error) {
    process.exitCode = await (await import("../src/report-failure.js")).reportFailure(error);
  }
}

export function exitWithUsageError(message: string | undefined, error: Error | undefined): never {
  if (error && !message) {
    process.stderr.write(`toolgen: ${error.message}\n`);
  } else {
    process.stderr.write(`toolgen: ${message ?? "usage error"}\nRun 'toolgen --help' for usage.\n`);
  }
  process.exit(2);
}
