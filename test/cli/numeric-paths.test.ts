/**
 * Paths that read as numbers are paths: yargs turned a positional `1e3` into 1000 and `1.50` into 1.5,
 * so `toolgen lint 1e3` looked for a folder named `1000`. The shipped command line (dist/bin/, built
 * by test/global-setup.ts) in a child process.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const cli = fileURLToPath(new URL("../../dist/bin/toolgen.cjs", import.meta.url));
const tool = fileURLToPath(new URL("../../schemas/get_weather.json", import.meta.url));

describe("positional paths that look like numbers", () => {
  it("lint and stats take `1e3`, `1.50` and `0x10` as the folders they name", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "toolgen-numeric-"));
    try {
      for (const name of ["1e3", "1.50", "0x10"]) {
        mkdirSync(path.join(dir, name));
        cpSync(tool, path.join(dir, name, "get_weather.json"));
        const lint = spawnSync(process.execPath, [cli, "lint", "--format", "json", name], { cwd: dir, encoding: "utf8" });
        expect(lint.stderr).toBe("");
        expect(lint.status, name).toBe(0);
        const stats = spawnSync(process.execPath, [cli, "stats", "--format", "json", name], { cwd: dir, encoding: "utf8" });
        expect(stats.status, `${name}: ${stats.stderr}`).toBe(0);
        expect(stats.stdout).toContain('"get_weather"');
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
