/**
 * toolgen.lock.json (issue 26), through the command line: with `"lock": true`, `toolgen build` writes a
 * fingerprint per tool beside the config, `build --check` passes while the tools are as locked and
 * fails naming the tool once one changes (before the generated files are compared), and a build accepts it.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "../helpers.js";

const cli = fileURLToPath(new URL("../../dist/bin/toolgen.cjs", import.meta.url));
/** A run that hangs is killed after 20 s (status null) rather than holding the test. */
const run = (cwd: string, ...args: string[]) =>
  spawnSync(process.execPath, [cli, ...args], { cwd, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" }, timeout: 300_000 });

const tool = (description: string) => ({
  name: "get_weather",
  description,
  input_schema: { type: "object", properties: { city: { type: "string", description: "The city." } }, required: ["city"] },
});

describe("toolgen.lock.json", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await tempDir("toolgen-lock-");
    mkdirSync(path.join(dir, "schemas"));
    writeFileSync(path.join(dir, "schemas", "get_weather.json"), JSON.stringify(tool("Get the weather for a city. Use it when asked about the weather. It returns JSON.")));
  });

  it("is not written without the config key", () => {
    writeFileSync(path.join(dir, "toolgen.config.json"), JSON.stringify({ schemas: "schemas" }));
    expect(run(dir, "build").status).toBe(0);
    expect(existsSync(path.join(dir, "toolgen.lock.json"))).toBe(false);
  });

  it("is written by build, holds under --check, and fails --check naming a changed tool until a build accepts it", () => {
    writeFileSync(path.join(dir, "toolgen.config.json"), JSON.stringify({ schemas: "schemas", lock: true }));
    expect(run(dir, "build").status).toBe(0);
    const lock = JSON.parse(readFileSync(path.join(dir, "toolgen.lock.json"), "utf8")) as { version: number; tools: Record<string, string> };
    expect(Object.keys(lock.tools)).toEqual(["get_weather"]);
    expect(lock.tools.get_weather).toMatch(/^[0-9a-f]{64}$/);
    expect(run(dir, "build", "--check").status).toBe(0);

    writeFileSync(path.join(dir, "schemas", "get_weather.json"), JSON.stringify(tool("Get the current weather for a city. Use it when asked about the weather. It returns JSON.")));
    const failed = run(dir, "build", "--check");
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain("toolgen.lock.json: 1 tool(s) differ from the lock: 'get_weather' changed");

    expect(run(dir, "build").status).toBe(0);
    expect(run(dir, "build", "--check").status).toBe(0);
    expect(JSON.parse(readFileSync(path.join(dir, "toolgen.lock.json"), "utf8")).tools.get_weather).not.toBe(lock.tools.get_weather);
  });

  it("a lock key that is not a boolean is a usage error", () => {
    writeFileSync(path.join(dir, "toolgen.config.json"), JSON.stringify({ schemas: "schemas", lock: "yes" }));
    const r = run(dir, "build");
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("'lock' must be true or false");
  });

  // Issue 38 item 10: the lock is read as the cache and the config are, never blocking or growing without bound.
  describe.skipIf(process.platform === "win32")("build --check reads the lock guarded", () => {
    const lockFile = () => path.join(dir, "toolgen.lock.json");
    const fresh = () => {
      writeFileSync(path.join(dir, "toolgen.config.json"), JSON.stringify({ schemas: "schemas", lock: true }));
      expect(run(dir, "build").status).toBe(0);
      rmSync(lockFile());
    };

    it("a FIFO in its place is an error naming it, at once (no hang)", () => {
      fresh();
      execFileSync("mkfifo", [lockFile()]);
      const r = run(dir, "build", "--check");
      // A build that waited on the FIFO would be killed by run's timeout (a signal, no status).
      expect(r.signal).toBeNull();
      expect(r.status).toBe(1);
      expect(r.stderr).toContain("toolgen.lock.json: is a FIFO (named pipe), not a regular file");
      rmSync(lockFile());
    });

    it("a link to /dev/zero is an error naming it, at once (no endless read)", () => {
      fresh();
      symlinkSync("/dev/zero", lockFile());
      const r = run(dir, "build", "--check");
      expect(r.status).toBe(1);
      expect(r.stderr).toContain("toolgen.lock.json: is a device, not a regular file");
      rmSync(lockFile());
    });

    it("a lock of another version is a clear error, not read as version 1", () => {
      fresh();
      expect(run(dir, "build").status).toBe(0);
      const lock = JSON.parse(readFileSync(lockFile(), "utf8")) as { version: number };
      writeFileSync(lockFile(), JSON.stringify({ ...lock, version: 2 }));
      const r = run(dir, "build", "--check");
      expect(r.status).toBe(1);
      expect(r.stderr).toContain("toolgen.lock.json: lock file version 2, which this toolgen cannot read (it reads version 1)");
      writeFileSync(lockFile(), JSON.stringify({ ...lock, version: undefined }));
      expect(run(dir, "build", "--check").stderr).toContain("toolgen.lock.json: lock file version (none), which this toolgen cannot read (it reads version 1)");
    });
  });
});
