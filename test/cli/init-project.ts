/** An empty project for `toolgen init` (init.test.ts, and init-compile.test.ts in test:heavy), and a command run in it. */
import { spawnSync } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { tempDir } from "../helpers.js";

/** Runs `node command ...args` in `cwd` without colour: its exit code and output. */
export function run(cwd: string, command: string, args: string[]) {
  const r = spawnSync(process.execPath, [command, ...args], { cwd, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A repository (its own .git) with only a package.json, of the given type (none: CommonJS by default). */
export async function emptyProject(type?: "module" | "commonjs"): Promise<string> {
  const dir = await tempDir("toolgen-init-");
  await mkdir(path.join(dir, ".git"));
  await writeFile(path.join(dir, "package.json"), JSON.stringify({ name: "app", version: "1.0.0", private: true, ...(type ? { type } : {}) }, null, 2));
  return dir;
}
