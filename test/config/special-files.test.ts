/**
 * Issue 24 N13: a config that is not a regular file (a FIFO, a folder, a link to /dev/zero) is a
 * usage error naming it (exit 2), as docs/build.md says of a config that cannot be read, never ignored
 * and never a hang: found by the search (JSON and YAML names) or named by --config.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot, tempDir, CI_LIMIT_MS } from "../helpers.js";

const CLI = path.join(repoRoot, "dist", "bin", "toolgen.cjs");
const TOOL = JSON.stringify({ name: "a", description: "Looks a thing up. Use it to find a thing. Returns the thing.", input_schema: { type: "object", properties: {} } });

function toolgen(cwd: string, args: string[]) {
  // A hang shows as status null (killed at the timeout).
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: "utf8", timeout: CI_LIMIT_MS, env: { ...process.env, NO_COLOR: "1" } });
  return { code: r.status, stderr: r.stderr };
}

/** A repository (its own .git ends the config search) with one tool; `make` puts the odd file at `at`. */
async function project(at: string, make: (file: string) => void): Promise<string> {
  const dir = await tempDir("toolgen-config-special-");
  mkdirSync(path.join(dir, ".git"));
  mkdirSync(path.join(dir, "schemas"));
  writeFileSync(path.join(dir, "schemas", "a.json"), TOOL);
  mkdirSync(path.dirname(path.join(dir, at)), { recursive: true });
  make(path.join(dir, at));
  return dir;
}

const mkfifo = (file: string) => {
  const r = spawnSync("mkfifo", [file]);
  if (r.status !== 0) throw new Error(`mkfifo failed: ${r.stderr}`);
};
const KINDS: [string, (file: string) => void, RegExp][] = [
  ["a FIFO", mkfifo, /FIFO/],
  ["a folder", (file) => mkdirSync(file), /folder/],
  ["a link to /dev/zero", (file) => symlinkSync("/dev/zero", file), /device/],
];

describe.skipIf(process.platform === "win32")("N13: a config that is not a regular file", () => {
  for (const [kind, make, says] of KINDS) {
    it(`${kind}: found by the search (json, yaml, yml) or named by --config, a usage error naming it`, async () => {
      for (const name of ["toolgen.config.json", "toolgen.config.yaml", "toolgen.config.yml"]) {
        const dir = await project(name, make);
        for (const command of [["lint"], ["build", "--no-cache"]]) {
          const r = toolgen(dir, command);
          expect(r.code, `${name} ${command[0]}`).toBe(2);
          expect(r.stderr, `${name} ${command[0]}`).toContain(name);
          expect(r.stderr, `${name} ${command[0]}`).toMatch(says);
        }
      }
      const dir = await project("conf/tg.json", make);
      const r = toolgen(dir, ["lint", "--config", "conf/tg.json"]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(path.join("conf", "tg.json"));
      expect(r.stderr).toMatch(says);
    });
  }

  it("a config larger than the bound is a usage error, read no further", async () => {
    const dir = await project("toolgen.config.json", (file) => writeFileSync(file, `{"rules": {}, "$schema": "${"x".repeat(17 * 1024 * 1024)}"}`));
    const r = toolgen(dir, ["lint"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/toolgen\.config\.json: .*larger than/);
  });
});
