/**
 * Writes a report the user asked for by name (`toolgen lint -o FILE`): the one file outside the
 * output folders and the cache that toolgen writes. Kept apart from write.ts, which the lint path
 * does not load.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { UsageError } from "../errors.js";
import { guardClosedPipe, type OutputStream } from "./std-output.js";

export function writeReportFile(file: string, shownAs: string, text: string): void {
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  } catch (error) {
    throw new UsageError(`cannot write the report to ${shownAs}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

/**
 * Writes a report to `stream`: standardOutput (std-output.ts, the command line's), a test's buffer,
 * or a library caller's stream. A reader that stops early (`toolgen lint | head`) closes the pipe,
 * and the write fails with EPIPE: the rest of the report has nowhere to go. The process then ends as
 * a shell tool does, quietly and with the command's exit code, instead of crashing on Node's
 * unhandled stream error. standardOutput sees to that itself; a Node stream on descriptor 1 (a
 * caller's `process.stdout`) gets the same guard here. Any other write error still surfaces.
 */
export function writeReport(stream: OutputStream, text: string): void {
  if (isStdoutStream(stream)) guardClosedPipe(stream);
  stream.write(text);
}

/** Whether `stream` is a Node stream on descriptor 1 (told without reading `process.stdout`, which would build it). */
function isStdoutStream(stream: OutputStream): stream is OutputStream & NodeJS.WritableStream {
  return (stream as { fd?: unknown }).fd === 1 && typeof (stream as { on?: unknown }).on === "function";
}
