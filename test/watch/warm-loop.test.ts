/** watch.ts: the warm-up starts once idle after the first run, stops when a change arrives, and the run waits for it. */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { watchAndRun } from "../../src/commands/watch-loop.js";
import { tempDir } from "../helpers.js";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("watch warm-up", () => {
  it("runs once after the first run, sees a change as stale, and the next run starts only after it stopped", async () => {
    const dir = await tempDir("toolgen-warm-loop-");
    const events: string[] = [];
    let warmStarted!: () => void;
    const started = new Promise<void>((r) => (warmStarted = r));
    let secondRun!: () => void;
    const ran = new Promise<void>((r) => (secondRun = r));
    const controller = new AbortController();
    let runs = 0;
    const done = watchAndRun({
      label: "build",
      debounceMs: 20,
      signal: controller.signal,
      stderr: { write: () => true },
      targets: async () => [dir],
      run: async () => {
        runs++;
        events.push(`run ${runs}`);
        if (runs === 2) secondRun();
        return 0;
      },
      warm: async (stale) => {
        events.push("warm start");
        warmStarted();
        while (!stale()) await sleep(5);
        await sleep(30); // a stage still finishing: the run must wait for it
        events.push("warm stop");
      },
    });
    await started;
    await writeFile(path.join(dir, "a.json"), "{}");
    await ran;
    controller.abort();
    expect(await done).toBe(0);
    expect(events).toEqual(["run 1", "warm start", "warm stop", "run 2"]);
  });
});
