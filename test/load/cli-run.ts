/** Runs the command line as shipped (dist/bin/, built by test/global-setup.ts) in a temporary project. */
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { tempDir, CI_LIMIT_MS } from "../helpers.js";

const cli = fileURLToPath(new URL("../../dist/bin/toolgen.cjs", import.meta.url));

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function toolgen(cwd: string, ...args: string[]): Run {
  const result = spawnSync(process.execPath, [cli, ...args], {
    cwd,
    encoding: "utf8",
    timeout: CI_LIMIT_MS,
    env: { ...process.env, NO_COLOR: "1" },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A project folder whose `schemas/` holds `files` (path -> text). */
export async function projectWith(files: Record<string, string>): Promise<string> {
  const dir = await tempDir("toolgen-hostile-");
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dir, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  return dir;
}

/** A tool file's text (JSON) with the given input schema; the description passes the lint. */
export function toolJson(name: string, inputSchema: unknown, description = "Does a thing. Use it for things. Returns a result."): string {
  return JSON.stringify({ name, description, input_schema: inputSchema }, null, 2);
}
