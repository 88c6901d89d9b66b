/**
 * Issue 12.8: `toolgen build --watch` and `toolgen lint --watch` (src/commands/watch-loop.ts). The real bin is
 * spawned in a scratch project, files are written, and the test waits (bounded) for the output.
 * The loop's timing rules (debounce, handlers being typed in) are checked in-process.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdir, readFile, rename, stat, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { watchAndRun } from "../../src/commands/watch-loop.js";
import { tempDir } from "../helpers.js";
import { BIN, TOOL } from "./scratch.js";

const CLEAN = {
  name: "get_time",
  description: "Returns the current time in one time zone. Use it when the user asks what time it is somewhere. It does not convert between zones.",
  input_schema: { type: "object", properties: { zone: { type: "string", description: "An IANA time zone, such as 'Europe/Paris'." } }, required: ["zone"] },
};

interface Watcher {
  child: ChildProcess;
  out: () => string;
  err: () => string;
  exited: Promise<number | null>;
}

function start(cwd: string, args: string[]): Watcher {
  const child = spawn(process.execPath, [BIN, ...args], { cwd, env: { ...process.env, NO_COLOR: "1" }, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, out: () => out, err: () => err, exited };
}

async function until(what: string, check: () => boolean | Promise<boolean>, w?: Watcher, timeoutMs = 300_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}${w ? `\nstdout: ${w.out()}\nstderr: ${w.err()}` : ""}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const count = (text: string, needle: string) => text.split(needle).length - 1;

async function project(): Promise<string> {
  const dir = await tempDir("toolgen-watch-");
  await mkdir(path.join(dir, "schemas"));
  await writeFile(path.join(dir, "schemas", "get_time.json"), JSON.stringify(CLEAN, null, 2));
  return dir;
}

describe("toolgen build --watch (the real bin)", () => {
  it("rebuilds on a schema change, reports a failing state and keeps watching, and exits 0 on Ctrl-C", async () => {
    const dir = await project();
    const w = start(dir, ["build", "--watch"]);
    try {
      const tools = path.join(dir, "generated", "tools.json");
      await until("the first build", () => count(w.err(), "build done; watching") === 1, w);
      expect(await readFile(tools, "utf8")).toContain("get_time");

      await writeFile(path.join(dir, "schemas", "get_weather.json"), JSON.stringify({ ...TOOL, input_schema: { type: "object", properties: { place: { type: "string", description: "A city." } } } }));
      await until("get_weather in tools.json", async () => (await readFile(tools, "utf8").catch(() => "")).includes("get_weather"), w);
      await until("the second build to be reported", () => count(w.err(), "build done; watching") === 2, w);

      await writeFile(path.join(dir, "schemas", "broken.json"), "{ not json");
      await until("the failure to be reported", () => w.err().includes("build failed (exit 1); watching"), w);
      expect(w.err()).toContain("broken.json");
      expect(await readFile(tools, "utf8")).toContain("get_weather");

      await writeFile(path.join(dir, "schemas", "broken.json"), JSON.stringify({ ...CLEAN, name: "get_date" }));
      await until("get_date after the fix", async () => (await readFile(tools, "utf8").catch(() => "")).includes("get_date"), w);
      await until("the build after the fix to be reported", () => count(w.err(), "build done; watching") === 3, w);
    } finally {
      w.child.kill("SIGINT");
    }
    expect(await w.exited).toBe(0);
    expect(w.err()).toContain("stopping the watch");
    expect(w.err()).not.toContain("internal error");
  });

  it("rebuilds on a template change and on a config change", async () => {
    const dir = await project();
    await mkdir(path.join(dir, "tpl"));
    await writeFile(path.join(dir, "toolgen.config.json"), JSON.stringify({ templates: "tpl" }));
    const w = start(dir, ["build", "--watch"]);
    try {
      const prompt = path.join(dir, "generated", "legacy-prompt.txt");
      await until("the first build", () => count(w.err(), "build done; watching") === 1, w);
      await writeFile(path.join(dir, "tpl", "legacy-prompt.hbs"), "CUSTOM TEMPLATE {{#each tools}}{{name}} {{/each}}\n");
      await until("the custom template's output", async () => (await readFile(prompt, "utf8").catch(() => "")).startsWith("CUSTOM TEMPLATE"), w);

      await writeFile(path.join(dir, "toolgen.config.json"), JSON.stringify({ templates: "tpl", out: "gen2" }));
      await until("output in the configured folder", async () => (await stat(path.join(dir, "gen2", "tools.json")).catch(() => undefined)) !== undefined, w);
    } finally {
      w.child.kill("SIGINT");
    }
    expect(await w.exited).toBe(0);
  });
});

describe("toolgen lint --watch (the real bin)", () => {
  it("re-lints on a schema change and on a config change, and exits 0 on Ctrl-C", async () => {
    const dir = await project();
    const w = start(dir, ["lint", "--watch"]);
    try {
      await until("the first lint", () => count(w.err(), "lint done; watching") === 1, w);
      expect(w.out()).toBe("");
      await writeFile(path.join(dir, "schemas", "terse.json"), JSON.stringify({ ...CLEAN, name: "terse", description: "Too short." }));
      await until("the warning", () => w.out().includes("description-min-sentences"), w);
      await until("the second lint", () => count(w.err(), "lint done; watching") === 2, w);

      await writeFile(path.join(dir, "toolgen.config.json"), JSON.stringify({ rules: { "description-min-sentences": "error" } }));
      await until("the rule as an error", () => w.err().includes("lint failed (exit 1); watching"), w);

      await writeFile(path.join(dir, "toolgen.config.json"), "{ oops");
      await until("the bad config reported", () => w.err().includes("toolgen.config.json: not valid JSON"), w);
      await writeFile(path.join(dir, "toolgen.config.json"), "{}");
      await until("the lint after the config fix", () => count(w.err(), "lint done; watching") === 3, w);
    } finally {
      w.child.kill("SIGINT");
    }
    expect(await w.exited).toBe(0);
  });
});

describe("watchAndRun (the loop)", () => {
  it("debounces a burst of changes into one run", async () => {
    const dir = await project();
    const controller = new AbortController();
    let runs = 0;
    let idle = 0;
    const done = watchAndRun({
      label: "test",
      debounceMs: 150,
      run: async () => void runs++,
      targets: async () => [path.join(dir, "schemas")],
      signal: controller.signal,
      stderr: { write: () => undefined },
      onIdle: () => void idle++,
    });
    await until("the first run", () => idle === 1);
    for (let i = 0; i < 5; i++) {
      await writeFile(path.join(dir, "schemas", `t${i}.json`), "{}");
      await new Promise((r) => setTimeout(r, 20));
    }
    await until("the second run", () => idle === 2);
    await new Promise((r) => setTimeout(r, 400));
    expect(runs).toBe(2);
    controller.abort();
    expect(await done).toBe(0);
  });

  it("sees every save by rename (as sed -i and many editors save), and files in new subfolders", async () => {
    const dir = await project();
    const controller = new AbortController();
    let idle = 0;
    const done = watchAndRun({
      label: "test",
      debounceMs: 50,
      run: async () => undefined,
      targets: async () => [path.join(dir, "schemas")],
      signal: controller.signal,
      stderr: { write: () => undefined },
      onIdle: () => void idle++,
    });
    await until("the first run", () => idle === 1);
    const target = path.join(dir, "schemas", "get_time.json");
    for (let i = 0; i < 3; i++) {
      await writeFile(`${target}.tmp`, JSON.stringify({ ...CLEAN, description: `${CLEAN.description} ${i}` }));
      await rename(`${target}.tmp`, target);
      await until(`the run after save ${i + 1}`, () => idle === i + 2);
    }
    await mkdir(path.join(dir, "schemas", "common"));
    await until("the run for the new folder", () => idle === 5);
    await writeFile(path.join(dir, "schemas", "common", "defs.json"), "{}");
    await until("the run for a file in the new folder", () => idle === 6);
    controller.abort();
    expect(await done).toBe(0);
  });

  it("reports a run that throws and keeps watching", async () => {
    const dir = await project();
    const controller = new AbortController();
    let runs = 0;
    let messages = "";
    let idle = 0;
    const done = watchAndRun({
      label: "test",
      debounceMs: 50,
      run: async () => {
        runs++;
        if (runs === 1) throw new Error("boom");
        return 0;
      },
      reportError: async (e) => ((messages += `reported ${(e as Error).message}\n`), 1),
      targets: async () => [path.join(dir, "schemas")],
      signal: controller.signal,
      stderr: { write: (t: string) => (messages += t) },
      onIdle: () => void idle++,
    });
    await until("the failing run", () => idle === 1);
    expect(messages).toContain("reported boom");
    expect(messages).toContain("test failed (exit 1); watching");
    await writeFile(path.join(dir, "schemas", "x.json"), "{}");
    await until("the next run", () => idle === 2);
    expect(messages).toContain("test done; watching");
    controller.abort();
    expect(await done).toBe(0);
  });

  it("never starts a build while a handler was modified within the debounce window", async () => {
    const dir = await project();
    const handlers = path.join(dir, "handlers");
    await mkdir(handlers);
    const handler = path.join(handlers, "get_time.ts");
    await writeFile(handler, "export default 1;\n");
    const old = new Date(Date.now() - 60_000);
    await utimes(handler, old, old);
    const controller = new AbortController();
    const starts: number[] = [];
    let idle = 0;
    const debounceMs = 400;
    const done = watchAndRun({
      label: "build",
      debounceMs,
      run: async () => void starts.push(Date.now()),
      targets: async () => [path.join(dir, "schemas")],
      handlers: async () => handlers,
      signal: controller.signal,
      stderr: { write: () => undefined },
      onIdle: () => void idle++,
    });
    await until("the first run", () => idle === 1);
    // The user types in the handler while a schema changes; keeps typing for a while.
    await writeFile(path.join(dir, "schemas", "get_time.json"), JSON.stringify({ ...CLEAN, description: `${CLEAN.description} Updated.` }));
    let lastKeystroke = 0;
    for (let i = 0; i < 6; i++) {
      await writeFile(handler, `export default ${i};\n`);
      lastKeystroke = (await stat(handler)).mtimeMs;
      await new Promise((r) => setTimeout(r, 150));
    }
    await until("the build after the typing stopped", () => idle === 2);
    expect(starts).toHaveLength(2);
    expect(starts[1]! - lastKeystroke).toBeGreaterThanOrEqual(debounceMs - 5);
    controller.abort();
    expect(await done).toBe(0);
  });
});
