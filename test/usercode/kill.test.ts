/**
 * 10.11, property: a build killed at a random file operation leaves the old or the new output once
 * the next build (or `recover`) has run, and no temporary files. Fixed seed, bounded budget;
 * TOOLGEN_HEAVY=1 runs more cases. Two ways to kill: a crash injected at the k-th file operation
 * in process (every later operation fails too, so the disk is frozen as a kill would leave it), and
 * the real CLI in a child process killed with SIGKILL after a random delay.
 */
import { spawn } from "node:child_process";
import { cp, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { build } from "../../src/pipeline.js";
import { recover, writeHooks } from "../../src/write.js";
import { mulberry32, readTree, repoRoot, tempDir } from "../helpers.js";

const HEAVY = process.env.TOOLGEN_HEAVY === "1";
const TEMP = /\.toolgen-(tmp-\d+|journal\.json|lock)$/;

afterEach(() => {
  delete writeHooks.beforeOp;
});

/** A project built from two tools, whose schemas then change: one edited, one removed, one added; a handler's signature is stale. */
async function changedProject() {
  const dir = await tempDir("toolgen-kill-");
  const schemas = path.join(dir, "schemas");
  await mkdir(schemas);
  for (const t of ["get_weather", "get_ticker_symbol"]) await cp(path.join(repoRoot, "schemas", `${t}.json`), path.join(schemas, `${t}.json`));
  const p = { dir, schemas, out: path.join(dir, "generated"), handlers: path.join(dir, "handlers"), cache: false };
  await build(p);
  const handler = path.join(p.handlers, "get_weather.ts");
  await writeFile(handler, (await readFile(handler, "utf8")).replace('input: ToolInputs["get_weather"]', "input: { location: string }"));
  const old = await outputs(p);
  const weather = path.join(schemas, "get_weather.json");
  await writeFile(weather, (await readFile(weather, "utf8")).replaceAll("city", "town"));
  await rm(path.join(schemas, "get_ticker_symbol.json"));
  await cp(path.join(repoRoot, "schemas", "get_stock_price.json"), path.join(schemas, "get_stock_price.json"));
  return { p, old };
}

/** The output and handlers folders, as relative path -> contents. */
async function outputs(p: { dir: string }): Promise<Map<string, string>> {
  const all = await readTree(p.dir);
  return new Map([...all].filter(([k]) => !k.startsWith("schemas/")));
}

const same = (a: Map<string, string>, b: Map<string, string>) => a.size === b.size && [...a].every(([k, v]) => b.get(k) === v);

class Killed extends Error {}

describe("a build killed at a random file operation", () => {
  it("leaves the old or the new output, and no temp files after the next build (in process, fixed seed)", async () => {
    const reference = await changedProject();
    let ops = 0;
    writeHooks.beforeOp = () => void ops++;
    await build(reference.p);
    delete writeHooks.beforeOp;
    const fresh = await outputs(reference.p);
    expect(ops).toBeGreaterThan(10);

    const rand = mulberry32(1011);
    const trials = HEAVY ? 3 * ops : 8;
    const outcomes = { old: 0, new: 0 };
    for (let trial = 0; trial < trials; trial++) {
      const { p, old } = await changedProject();
      const k = HEAVY ? (trial % ops) + 1 : 1 + Math.floor(rand() * ops);
      let n = 0;
      writeHooks.beforeOp = (op, file) => {
        if (++n >= k) throw new Killed(`killed at operation ${k} (${op} ${file})`);
      };
      // (Killed at the last operation, releasing the lock, the build itself has finished.)
      const error = await build(p).then(() => undefined, (e: unknown) => e);
      if (error !== undefined) expect(String(error)).toMatch(/killed at operation|nothing was changed|put back|next build/);
      delete writeHooks.beforeOp;

      recover(p);
      const after = await outputs(p);
      const which = same(after, old) ? "old" : same(after, fresh) ? "new" : "mixed";
      expect(which, `killed at operation ${k} of ${ops}`).not.toBe("mixed");
      if (which !== "mixed") outcomes[which]++;

      await build(p);
      const next = await outputs(p);
      expect([...next.keys()].filter((f) => TEMP.test(f)), `killed at operation ${k}`).toEqual([]);
      expect(same(next, fresh), `killed at operation ${k}`).toBe(true);
    }
    expect(outcomes.old + outcomes.new).toBe(trials);
  });

  it("the real CLI killed with SIGKILL after a random delay (fixed seed)", async () => {
    const cli = path.join(repoRoot, "dist", "bin", "toolgen.cjs");
    const reference = await changedProject();
    const started = Date.now();
    await runCli(cli, reference.p);
    const duration = Date.now() - started;
    const fresh = await outputs(reference.p);

    const rand = mulberry32(2611);
    const trials = HEAVY ? 40 : 2;
    for (let trial = 0; trial < trials; trial++) {
      const { p, old } = await changedProject();
      const delay = Math.floor(rand() * duration);
      await runCli(cli, p, delay);
      const left = await outputs(p);
      recover(p);
      const after = await outputs(p);
      const ok = same(after, old) || same(after, fresh);
      expect(ok, `killed after ${delay} ms; ${[...left.keys()].filter((f) => TEMP.test(f)).length} temp file(s) were left`).toBe(true);
      await runCli(cli, p);
      const next = await outputs(p);
      expect([...next.keys()].filter((f) => TEMP.test(f))).toEqual([]);
      expect(same(next, fresh)).toBe(true);
    }
  });
});

function runCli(cli: string, p: { dir: string; schemas: string; out: string; handlers: string }, killAfter?: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, "build", "--schemas", p.schemas, "--out", p.out, "--handlers", p.handlers, "--no-cache"], {
      cwd: p.dir,
      stdio: "ignore",
    });
    const timer = killAfter === undefined ? undefined : setTimeout(() => child.kill("SIGKILL"), killAfter);
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      if (killAfter === undefined && code !== 0) reject(new Error(`toolgen build exited with ${code ?? signal}`));
      else resolve();
    });
  });
}
