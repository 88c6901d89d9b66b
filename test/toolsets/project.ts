/** A scratch project of N synthetic tools (bench/tool-catalog.mjs) with a config, built by the shipped bin. */
import { spawn, spawnSync } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { tools } from "../../bench/tool-catalog.mjs";
import { repoRoot } from "../helpers.js";

export const cli = path.join(repoRoot, "dist", "bin", "toolgen.cjs");

export function toolgen(cwd: string, args: string[], env: Record<string, string> = {}) {
  const base: Record<string, string | undefined> = { ...process.env, NO_COLOR: "1", ...env };
  delete base.FORCE_COLOR;
  const r = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: "utf8", env: base, maxBuffer: 64 * 1024 * 1024 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Writes `n` catalog tools into `dir`/schemas and `config` as toolgen.config.json. */
export async function catalogProject(dir: string, n: number, config: Record<string, unknown>): Promise<void> {
  await mkdir(path.join(dir, ".git"), { recursive: true });
  await mkdir(path.join(dir, "schemas"), { recursive: true });
  await Promise.all(tools(n).map((t) => writeFile(path.join(dir, "schemas", `${t.name}.json`), JSON.stringify(t, null, 2))));
  await writeFile(path.join(dir, "toolgen.config.json"), JSON.stringify(config, null, 2));
  await writeFile(path.join(dir, "package.json"), JSON.stringify({ type: "module" }));
}

/** `toolgen` without blocking this process (a test that serves HTTP to the bin must keep its event loop running). */
export function toolgenAsync(cwd: string, args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const base: Record<string, string | undefined> = { ...process.env, NO_COLOR: "1", ...env };
  delete base.FORCE_COLOR;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd, env: base });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}
