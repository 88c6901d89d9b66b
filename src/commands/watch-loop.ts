/**
 * `toolgen build --watch` and `toolgen lint --watch`: run once, then again on every change to the
 * schemas folder, the templates folder or the config file, until Ctrl-C.
 *
 * - Changes are debounced: a run starts once no watched file has changed for `debounceMs` (a save
 *   that writes several files, or an editor's write-then-rename, is one run). A change during a run
 *   queues one more run after it.
 * - A failing run (lint errors, a file that does not parse, a bad config) is reported and watching
 *   goes on; so does an internal error, which is reported as such.
 * - Handlers are yours: `build` never starts while a handler file was modified within the debounce
 *   window (someone is typing in it); it waits until the handlers have been quiet that long. The
 *   build itself re-reads a handler before replacing it.
 * - Ctrl-C (SIGINT) or SIGTERM stops watching, lets a run in progress finish (its writes are atomic
 *   anyway), and exits 0: stopping a watcher is how it is meant to end. A second Ctrl-C exits 130 at once.
 * - The config is re-read on every run, so a change to `schemas`, `templates` or the config's own
 *   location takes effect: the set of watched paths is recomputed after each run.
 * - Every folder of the tree is watched on its own (see folderTree); a new folder is picked up
 *   by the run its creation starts.
 * - Not watched: files outside the schemas folder that `$ref`s point at (edit one, then save any
 *   schema, or restart), and the handlers folder (a handler's change does not change the output).
 */
import { watch, type FSWatcher } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { standardError, type OutputStream } from "../report/std-output.js";

export interface WatchOptions {
  /** One run: returns its exit code (0: success). Thrown errors are reported and watching goes on. */
  run: () => Promise<number | void>;
  /** The paths to watch, recomputed after every run (the config may have changed). */
  targets: () => Promise<string[]>;
  /** `build` only: the handlers folder, whose recently modified files hold a run back. */
  handlers?: () => Promise<string | undefined>;
  /** Quiet period before a run, in milliseconds (default 100). */
  debounceMs?: number;
  /** What a run is called in messages: "build" or "lint". */
  label: string;
  stderr?: OutputStream;
  /** Reports an error thrown by a run; returns the exit code it stands for. Default: its message. */
  reportError?: (error: unknown) => Promise<number>;
  /** Stops watching when aborted (tests); the process's SIGINT and SIGTERM do the same. */
  signal?: AbortSignal;
  /** Called once the watchers are in place after each run (tests wait for it). */
  onIdle?: () => void;
  /**
   * Readies the process for a fast next run; started once, when idle after the first run. It must
   * ask `stale()` often and stop once it says true (a change is waiting); a run waits for it to stop.
   */
  warm?: (stale: () => boolean) => Promise<void>;
  /** Called when the warm-up has ended (tests). */
  onWarm?: () => void;
}

export const DEFAULT_DEBOUNCE_MS = 100;

/** Watches until stopped, then resolves with 0; a second Ctrl-C during a run ends the process with 130. */
export async function watchAndRun(options: WatchOptions): Promise<number> {
  const debounceMs = options.debounceMs ?? DEFAULT_DEBOUNCE_MS;
  const stderr = options.stderr ?? standardError;
  let watchers: { key: string; watcher: FSWatcher }[] = [];
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let pending = false;
  let stopped = false;
  /** The warm-up, while it runs (a run waits for it: it stops at its next check once a change is waiting). */
  let warming: Promise<void> | undefined;
  let warmed = false;
  let finish: (code: number) => void = () => undefined;
  const done = new Promise<number>((resolve) => (finish = resolve));

  const closeAll = () => {
    for (const { watcher } of watchers) watcher.close();
    watchers = [];
  };
  const stop = (code: number) => {
    if (stopped) return;
    stopped = true;
    if (timer) clearTimeout(timer);
    closeAll();
    // A warm-up stops at its next check; the process exits once it has.
    if (!running) void (warming ?? Promise.resolve()).then(() => finish(code));
  };

  const schedule = (delay = debounceMs) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      void runOnce();
    }, delay);
  };

  const runOnce = async (): Promise<void> => {
    if (stopped) return;
    if (running) {
      pending = true;
      return;
    }
    const hold = await handlersBusyFor(await options.handlers?.(), debounceMs);
    if (stopped) return;
    if (hold > 0) {
      schedule(hold);
      return;
    }
    running = true;
    pending = false;
    if (warming) await warming;
    let code: number;
    try {
      code = (await options.run()) ?? 0;
    } catch (error) {
      code = options.reportError ? await options.reportError(error) : (stderr.write(`toolgen: ${String(error)}\n`), 1);
    }
    running = false;
    if (stopped) {
      finish(0);
      return;
    }
    // The watchers are in place before "watching" is printed: a change made on seeing it is seen.
    await rewatch();
    if (stopped) return;
    stderr.write(
      code === 0
        ? `toolgen: ${options.label} done; watching for changes (Ctrl-C to stop)\n`
        : `toolgen: ${options.label} failed (exit ${code}); watching for changes (Ctrl-C to stop)\n`,
    );
    if (pending) schedule();
    options.onIdle?.();
    if (!warmed && options.warm && !pending) {
      warmed = true;
      const stale = () => stopped || pending || timer !== undefined;
      warming = options
        .warm(stale)
        .catch(() => undefined)
        .finally(() => {
          warming = undefined;
          options.onWarm?.();
        });
    }
  };

  /** Puts watchers on the current targets, keeping those already there. */
  const rewatch = async (): Promise<void> => {
    let targets: string[];
    try {
      targets = await options.targets();
    } catch {
      targets = [];
    }
    const wanted = new Map<string, { dir: string; recursive: boolean; only?: string }>();
    for (const target of targets) {
      const info = await stat(target).catch(() => undefined);
      if (info?.isDirectory()) {
        for (const dir of await folderTree(target)) wanted.set(`d:${dir}`, { dir, recursive: false });
      } else {
        // A file (or something not there yet): watch its folder for that name; if the folder is
        // missing too, the nearest folder that exists, for anything.
        const dir = path.dirname(target);
        const dirInfo = await stat(dir).catch(() => undefined);
        if (dirInfo?.isDirectory()) wanted.set(`f:${target}`, { dir, recursive: false, only: path.basename(target) });
        else {
          const existing = await nearestFolder(dir);
          if (existing) wanted.set(`d:${existing}`, { dir: existing, recursive: false });
        }
      }
    }
    if (stopped) return; // stopped while this looked: put no watcher back
    for (const entry of watchers.filter((w) => !wanted.has(w.key))) entry.watcher.close();
    watchers = watchers.filter((w) => wanted.has(w.key));
    for (const [key, spec] of wanted) {
      if (watchers.some((w) => w.key === key)) continue;
      try {
        const watcher = watch(spec.dir, { recursive: spec.recursive }, (_event, filename) => {
          const name = filename === null ? undefined : String(filename);
          if (spec.only !== undefined && name !== undefined && path.basename(name) !== spec.only) return;
          if (name !== undefined && name.includes(".toolgen-tmp-")) return;
          schedule();
        });
        watcher.on("error", () => {
          // The folder went away (deleted or renamed): watch again after the next run.
          watcher.close();
          watchers = watchers.filter((w) => w.watcher !== watcher);
          schedule();
        });
        watchers.push({ key, watcher });
      } catch {
        // Vanished between stat and watch: the next run tries again.
      }
    }
  };

  let interrupts = 0;
  const onSignal = () => {
    interrupts++;
    // A second Ctrl-C while a run is still going: the user does not want to wait for it.
    if (interrupts > 1) process.exit(130);
    stderr.write("toolgen: stopping the watch\n");
    stop(0);
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  options.signal?.addEventListener("abort", () => stop(0), { once: true });
  if (options.signal?.aborted) stop(0);

  // Watch first, so that a change made during the first run queues another.
  void rewatch().then(runOnce);
  try {
    return await done;
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    if (timer) clearTimeout(timer);
    closeAll();
  }
}

/** How long to wait until no handler has been modified for `windowMs` (0: go now). */
async function handlersBusyFor(dir: string | undefined, windowMs: number): Promise<number> {
  if (dir === undefined) return 0;
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  const now = Date.now();
  let newest = 0;
  await Promise.all(
    names
      .filter((n) => n.endsWith(".ts"))
      .map(async (n) => {
        const info = await stat(path.join(dir, n)).catch(() => undefined);
        if (info && info.mtimeMs > newest) newest = info.mtimeMs;
      }),
  );
  const age = now - newest;
  return age < windowMs ? Math.max(1, Math.ceil(windowMs - age)) : 0;
}

/**
 * A folder and every folder under it (but dot-folders and node_modules, which the schema loader
 * skips too), each to be watched on its own: Node 20's `recursive` watch on Linux misses a file
 * replaced by rename (as `sed -i` and many editors save) once it has seen that file.
 */
async function folderTree(root: string): Promise<string[]> {
  const out = [root];
  for (let i = 0; i < out.length; i++) {
    const entries = await readdir(out[i]!, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (entry.isDirectory() && !entry.name.startsWith(".") && entry.name !== "node_modules") out.push(path.join(out[i]!, entry.name));
    }
  }
  return out;
}

async function nearestFolder(dir: string): Promise<string | undefined> {
  for (let current = dir; ; ) {
    const info = await stat(current).catch(() => undefined);
    if (info?.isDirectory()) return current;
    const parent = path.dirname(current);
    if (parent === current) return undefined;
    current = parent;
  }
}
