/**
 * Writes a report the user asked for by name (`toolgen lint -o FILE`): the one file outside the
 * output folders and the cache that toolgen writes. Kept apart from write.ts, which the lint path
 * does not load.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { UsageError } from "./errors.js";

export function writeReportFile(file: string, shownAs: string, text: string): void {
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  } catch (error) {
    throw new UsageError(`cannot write the report to ${shownAs}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

/**
 * Writes a report to `stream` (the process's stdout, or a test's buffer). A reader that stops early
 * (`toolgen lint | head`) closes the pipe, and the write fails with EPIPE: the rest of the report
 * has nowhere to go. The process then ends as a shell tool does, quietly and with the command's exit
 * code, instead of crashing on Node's unhandled stream error. Any other write error still surfaces.
 */
export function writeReport(stream: { write(text: string): unknown }, text: string): void {
  if (stream === process.stdout && !stdoutGuarded) {
    stdoutGuarded = true;
    process.stdout.on("error", ignoreClosedPipe);
  }
  stream.write(text);
}

let stdoutGuarded = false;

function ignoreClosedPipe(error: NodeJS.ErrnoException): void {
  if (error.code !== "EPIPE") throw error;
}
