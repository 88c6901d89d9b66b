/**
 * Runs a command and sets the exit code: 0 success; a failure is reported by src/report/failure.ts
 * (1 invalid input or stale output, 2 usage error, 70 internal error).
 */
import { outputPending, standardError } from "../src/report/std-output.js";

/**
 * `endWhenDone`: the command leaves nothing running once its promise settles (no child process, no
 * watcher, no write in flight), so the process ends right there, once its output is written (see
 * src/report/std-output.ts), rather than after Node's own teardown: a last garbage collection of the
 * loaded folder and the release of its heap, a few milliseconds that change nothing.
 */
export async function runAndExit(task: () => Promise<number | void>, endWhenDone = false): Promise<void> {
  let code: number;
  try {
    code = (await task()) ?? 0;
  } catch (error) {
    code = await (await import("../src/report/failure.js")).reportFailure(error);
  }
  process.exitCode = code;
  if (endWhenDone && !outputPending()) process.exit(code);
}

export function exitWithUsageError(message: string | undefined, error: Error | undefined): never {
  if (error && !message) {
    standardError.write(`toolgen: ${error.message}\n`);
  } else {
    standardError.write(`toolgen: ${message ?? "usage error"}\nRun 'toolgen --help' for usage.\n`);
  }
  process.exit(2);
}
