/**
 * Command-line tools the e2e tests run that are not the project's dependencies (tsx): installed once
 * from the npm registry into node_modules/.cache/toolgen-e2e/<name>, with npm's ordinary client, and
 * reused by later runs. A failed install fails the test that needs the tool, with npm's output.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { repoRoot } from "../helpers.js";

const CACHE = path.join(repoRoot, "node_modules", ".cache", "toolgen-e2e");

/** The path of `bin` from `spec` (`tsx@4`), installing it on first use. */
export function cachedBin(spec: string, bin: string): string {
  const prefix = path.join(CACHE, spec.replace(/[^A-Za-z0-9.@-]/g, "_"));
  const file = path.join(prefix, "node_modules", ".bin", bin);
  if (existsSync(file)) return file;
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const r = spawnSync(npm, ["install", "--prefix", prefix, "--no-audit", "--no-fund", "--no-save", "--loglevel=error", spec], { encoding: "utf8", timeout: 300_000 });
  if (r.status !== 0 || !existsSync(file)) throw new Error(`could not install ${spec} for the e2e tests (npm exited ${r.status}):\n${r.stdout}\n${r.stderr}`);
  return file;
}
