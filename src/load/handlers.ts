/** The handlers folder, read by the load stage: the handlers output decides what to do with each file. */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * Every handler file's text (`*.ts`, not `*.d.ts`), by file stem; empty when the folder does not
 * exist. Synchronous: for a thousand small files the thread pool's round trips cost more than the reads.
 */
export function readHandlers(dir: string): Map<string, string> {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith(".ts") && !n.endsWith(".d.ts")).sort();
  } catch {
    return new Map();
  }
  return new Map(names.map((name) => [name.slice(0, -3), readFileSync(path.join(dir, name), "utf8")] as const));
}
