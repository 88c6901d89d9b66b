/**
 * The one asynchronous read of the loader (readSource: a `$ref` target outside the folder, a file
 * watch mode re-reads), in a module of its own that read.ts imports dynamically: node:fs/promises
 * then loads when such a read happens, not at every `toolgen lint` start-up (~2 ms), since lint reads
 * its folder with readFileSync.
 */
import { readFile } from "node:fs/promises";

export function readText(absPath: string): Promise<string> {
  return readFile(absPath, "utf8");
}
