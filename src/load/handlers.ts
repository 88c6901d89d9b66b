/** The handlers folder, read by the load stage: the handlers output decides what to do with each file. */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

/** Every handler file's text (`*.ts`, not `*.d.ts`), by file stem; empty when the folder does not exist. */
export async function readHandlers(dir: string): Promise<Map<string, string>> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith(".ts") && !n.endsWith(".d.ts")).sort();
  } catch {
    return new Map();
  }
  return new Map(await Promise.all(names.map(async (name) => [name.slice(0, -3), await readFile(path.join(dir, name), "utf8")] as const)));
}
