/**
 * What `toolgen build --watch` and `toolgen lint --watch` watch and run (the loop is watch-loop.ts):
 * the configured schemas folder, the templates folder (build), the config file, and for lint the
 * paths named on the command line. Exit codes: 0 when stopped with Ctrl-C (or SIGTERM), 130 on a
 * second Ctrl-C while a run is still in progress.
 */
import path from "node:path";
import { CONFIG_FILE, loadConfig } from "./config.js";
import { enableDiskMemo } from "../write/disk-memo.js";
import type { BuildFlags } from "./build.js";
import type { RunLintOptions } from "./lint.js";
import { reportFailure } from "../report/failure.js";
import { watchAndRun, type WatchOptions } from "./watch-loop.js";

/** Config files a run may read from the working directory (the config loader decides which it takes). */
const CONFIG_CANDIDATES = [CONFIG_FILE, "toolgen.config.yaml", "toolgen.config.yml", "package.json"];

export interface WatchCommandOptions {
  debounceMs?: number;
  signal?: AbortSignal;
  onIdle?: () => void;
  onWarm?: () => void;
}

export async function watchBuild(flags: BuildFlags, extra: WatchCommandOptions = {}): Promise<number> {
  const cwd = process.cwd();
  // A rebuild reads again only the output and handler files whose stat changed (write/disk-memo.ts).
  enableDiskMemo();
  return watchAndRun({
    ...common(extra),
    label: "build",
    run: async () => (await import("./build.js")).runBuild(flags),
    // Once idle after the first build: load what a rebuild needs, so the first change costs no more than later ones.
    warm: async (stale) => {
      const config = await loadConfig(flags, cwd);
      const check = flags.check ?? config.check ?? false;
      if (check) return;
      await (await import("../pipeline.js")).warmUp({ ...config, check, lint: flags.lint ?? config.lint ?? true, cache: flags.cache }, stale);
    },
    targets: () => targets(flags, cwd, true, []),
    handlers: async () => {
      try {
        return path.resolve(cwd, (await loadConfig(flags, cwd)).handlers);
      } catch {
        return undefined;
      }
    },
  });
}

export async function watchLint(options: RunLintOptions, extra: WatchCommandOptions = {}): Promise<number> {
  const cwd = options.cwd ?? process.cwd();
  return watchAndRun({
    ...common(extra),
    label: "lint",
    run: async () => (await import("./lint.js")).runLint(options),
    targets: () => targets({ schemas: options.schemas, config: options.config }, cwd, false, options.paths ?? []),
  });
}

function common(extra: WatchCommandOptions): Pick<WatchOptions, "debounceMs" | "signal" | "onIdle" | "onWarm" | "reportError"> {
  return {
    ...(extra.debounceMs !== undefined ? { debounceMs: extra.debounceMs } : {}),
    ...(extra.onWarm ? { onWarm: extra.onWarm } : {}),
    ...(extra.signal ? { signal: extra.signal } : {}),
    ...(extra.onIdle ? { onIdle: extra.onIdle } : {}),
    reportError: reportFailure,
  };
}

async function targets(
  flags: { schemas?: string | undefined; templates?: string | undefined; config?: string | undefined },
  cwd: string,
  withTemplates: boolean,
  paths: readonly string[],
): Promise<string[]> {
  const out = new Set<string>();
  if (flags.config) out.add(path.resolve(cwd, flags.config));
  else for (const name of CONFIG_CANDIDATES) out.add(path.resolve(cwd, name));
  for (const given of paths) out.add(path.resolve(cwd, given));
  try {
    const config = await loadConfig({ schemas: flags.schemas, templates: flags.templates, config: flags.config }, cwd);
    if (config.configPath !== undefined) out.add(config.configPath);
    out.add(path.resolve(cwd, config.schemas));
    if (withTemplates && config.templates !== undefined) out.add(path.resolve(cwd, config.templates));
  } catch {
    // A config that does not load was reported by the run; watch the default folders until it is fixed.
    out.add(path.resolve(cwd, flags.schemas ?? "schemas"));
    if (withTemplates && flags.templates !== undefined) out.add(path.resolve(cwd, flags.templates));
  }
  return [...out];
}

