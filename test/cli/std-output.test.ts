/**
 * How the command line writes its reports (src/report/std-output.ts): synchronously to descriptor 1, so the
 * report is whole when the command returns and lint can end the process at once (cli/run.ts), even
 * for a reader slower than the writer; and through Node's stream for the rest when a parent shared a
 * pipe it had made non-blocking and the pipe fills (EAGAIN). Neither `process.stdout` nor
 * `process.stderr` is built by a lint run (yargs' shim no longer reads the terminal's width at load:
 * cli/bundle.mjs). The shipped command line (dist/bin/, built by test/global-setup.ts) in a child
 * process. The reader closing the pipe early is closed-pipe.test.ts's.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const cli = fileURLToPath(new URL("../../dist/bin/toolgen.cjs", import.meta.url));
const corpus = fileURLToPath(new URL("../../bench/corpus.mjs", import.meta.url));

let dir = "";
/** The whole JSON report, as a reader that keeps up gets it. */
let whole = "";

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "toolgen-stdout-"));
  const { writeCorpus } = (await import(pathToFileURL(corpus).href)) as { writeCorpus(dir: string, n: number): Promise<void> };
  // A report several times the size of a pipe's buffer (64 KiB on Linux).
  await writeCorpus(path.join(dir, "schemas"), 1000);
  // Preloaded into the child: notes which of process.stdout and process.stderr get built (by anyone).
  writeFileSync(
    path.join(dir, "streams.cjs"),
    `const built = [];
for (const name of ["stdout", "stderr"]) {
  const own = Object.getOwnPropertyDescriptor(process, name);
  Object.defineProperty(process, name, { configurable: true, enumerable: true, get() { if (!built.includes(name)) built.push(name); return own.get.call(process); } });
}
process.on("exit", () => require("node:fs").writeSync(2, "streams built: " + (built.join(",") || "none") + "\\n"));
`,
  );
  const r = spawnSync(process.execPath, [cli, "lint", "--format", "json", "schemas"], { cwd: dir, encoding: "utf8", maxBuffer: 1 << 28 });
  whole = r.stdout;
  expect(whole.length, "a report larger than a pipe's buffer").toBeGreaterThan(4 * 65536);
  expect(JSON.parse(whole)).toBeTruthy();
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `command` with stdout to a pipe the test starts reading only after `delayMs`; what it read, stderr and the exit code. */
function readLate(command: string[], delayMs: number): Promise<{ stdout: string; stderr: string; code: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, command, { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
    const chunks: Buffer[] = [];
    let stderr = "";
    child.stdout.pause();
    setTimeout(() => {
      child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
      child.stdout.resume();
    }, delayMs);
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ stdout: Buffer.concat(chunks).toString("utf8"), stderr, code }));
  });
}

describe("the command line's output", () => {
  it("lint writes a report larger than the pipe to a slow reader whole, and builds no stdio stream", async () => {
    const r = await readLate(["-r", path.join(dir, "streams.cjs"), cli, "lint", "--format", "json", "schemas"], 300);
    expect(r.stdout).toBe(whole);
    expect(r.stderr).toBe("streams built: none\n");
    expect(r.code).toBe(0);
  });

  it("lint's messages to stderr (too many warnings) build no stream either, and the exit code is lint's", async () => {
    const r = await readLate(["-r", path.join(dir, "streams.cjs"), cli, "lint", "--format", "json", "--max-warnings", "0", "schemas"], 0);
    expect(r.stdout).toBe(whole);
    expect(r.stderr).toMatch(/^toolgen: too many warnings \(\d+, --max-warnings 0\)\nstreams built: none\n$/);
    expect(r.code).toBe(1);
  });

  it.runIf(process.platform === "linux")(
    "a non-blocking pipe that fills: what does not fit goes through Node's stream, and the report is still whole",
    async () => {
      // A child Node spawns gets its pipes blocking; one that something in the process made
      // non-blocking (here a preload that builds process.stdout, as Node does for a pipe) fills, and
      // a write to it fails with EAGAIN while the reader waits.
      writeFileSync(
        path.join(dir, "nonblocking.cjs"),
        `process.stdout;
const flags = parseInt(/flags:\\s*(\\d+)/.exec(require("node:fs").readFileSync("/proc/self/fdinfo/1", "utf8"))[1], 8);
if ((flags & 0o4000) === 0) { require("node:fs").writeSync(2, "stdout is blocking\\n"); process.exit(9); }
`,
      );
      const r = await readLate(["-r", path.join(dir, "nonblocking.cjs"), cli, "lint", "--format", "json", "schemas"], 300);
      expect(r.stderr).toBe("");
      expect(r.stdout).toBe(whole);
      expect(r.code).toBe(0);
    },
  );

  it("a usage error is written whole before the process exits (exit 2)", () => {
    const r = spawnSync(process.execPath, [cli, "lint", "--bogus"], { cwd: dir, encoding: "utf8" });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^toolgen: .*bogus.*\nRun 'toolgen --help' for usage\.\n$/s);
  });
});
