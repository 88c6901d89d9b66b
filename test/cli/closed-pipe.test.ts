/**
 * A reader that stops early (`toolgen lint | head`) closes the pipe while the report is still being
 * written: the command ends quietly, with the exit code it would have had, instead of crashing on
 * Node's unhandled EPIPE ("Unhandled 'error' event", exit 1). The shipped command line (dist/bin/,
 * built by test/global-setup.ts) in a child process.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const cli = fileURLToPath(new URL("../../dist/bin/toolgen.cjs", import.meta.url));
const corpus = fileURLToPath(new URL("../../bench/corpus.mjs", import.meta.url));

let dir = "";

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "toolgen-pipe-"));
  const { writeCorpus } = (await import(pathToFileURL(corpus).href)) as { writeCorpus(dir: string, n: number): Promise<void> };
  // Enough tools for a report several times the size of a pipe's buffer (64 KiB on Linux).
  await writeCorpus(path.join(dir, "schemas"), 1000);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `toolgen ...args`, reads the first chunk of its stdout, then closes the pipe; its exit code and stderr. */
function readThenClose(args: string[]): Promise<{ code: number | null; stderr: string; read: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    let read = 0;
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.stdout.once("data", (chunk: Buffer) => {
      read = chunk.length;
      child.stdout.destroy();
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stderr, read }));
  });
}

describe("a reader that closes the pipe early", () => {
  it("lint ends quietly with the exit code of the whole run (stylish and json)", async () => {
    for (const format of ["stylish", "json"]) {
      const whole = spawnSync(process.execPath, [cli, "lint", "--format", format, "schemas"], { cwd: dir, encoding: "utf8", maxBuffer: 1 << 28 });
      expect(whole.stdout.length, "a report larger than a pipe's buffer").toBeGreaterThan(2 * 65536);
      const cut = await readThenClose(["lint", "--format", format, "schemas"]);
      expect(cut.read).toBeLessThan(whole.stdout.length);
      expect(cut.stderr).toBe("");
      expect(cut.code, format).toBe(whole.status);
    }
  });
});
