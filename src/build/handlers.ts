/** The handlers folder, read by the load stage: the handlers output decides what to do with each file. */
import { readdirSync } from "node:fs";
import { readHandlerTexts } from "../write/read.js";

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
  // Through the writer's reader (write/read.ts): a dangling link or an unreadable file is a located WriteError, not a crash.
  const texts = new Map<string, string>();
  for (const [stem, text] of readHandlerTexts(dir, names)) if (text !== undefined) texts.set(stem, text);
  return texts;
}
