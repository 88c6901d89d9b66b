/**
 * `npm test`'s type-check: tsc over the whole project (src/, cli/, test/, as tsconfig.json says),
 * strict, no emit. A test file, so that it runs beside the other files instead of before them all (a
 * core would sit idle for its 5-12 s); incremental, its build info in .cache/.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect, it } from "vitest";
import { CI_LIMIT_MS, repoRoot } from "./helpers.js";

it("tsc -p tsconfig.json --noEmit finds no type error", () => {
  const tsc = path.join(repoRoot, "node_modules", "typescript", "bin", "tsc");
  const args = ["-p", "tsconfig.json", "--noEmit", "--incremental", "--tsBuildInfoFile", path.join(".cache", "typecheck.tsbuildinfo"), "--pretty", "false"];
  const result = spawnSync(process.execPath, [tsc, ...args], { cwd: repoRoot, encoding: "utf8", timeout: CI_LIMIT_MS });
  expect(result.error).toBeUndefined();
  expect(`${result.stdout}${result.stderr}`).toBe("");
  expect(result.status).toBe(0);
}, CI_LIMIT_MS);
