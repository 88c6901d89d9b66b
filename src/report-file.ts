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
