/** Timing whole processes, toolgen and its comparisons alternating run by run. */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";

export const log = (message) => process.stderr.write(`bench: ${message}\n`);

/** A process that exited badly: the message is what the table shows. */
export class CommandFailed extends Error {}

/**
 * The CPU time (user + system, in seconds) of this process's children that have ended, from
 * /proc/self/stat (`cutime` + `cstime`, in clock ticks of 10 ms); `undefined` where there is no /proc.
 * The difference around a `spawnSync` is the child's CPU time, all its threads included (V8's
 * compiler and GC threads): what a loaded machine pays, where wall time shows what a user waits.
 */
function childrenCpu() {
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}

/** CPU ms (user + sys) a running process has used so far, from /proc/<pid>/stat (Linux; NaN elsewhere). Clock ticks are 10 ms. */
export function processCpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").replace(/^.*\) /, "").split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/** CPU seconds of the last process timeNode ran (see childrenCpu), or `undefined`. */
export let lastCpu;

/** Runs `node ...args`; returns its wall time in seconds (its CPU time in `lastCpu`), or throws CommandFailed on a bad exit. */
export function timeNode(args, { cwd, okCodes = [0], timeoutMs }) {
  const cpu0 = childrenCpu();
  const t0 = performance.now();
  const result = spawnSync(process.execPath, args, {
    cwd,
    encoding: "utf8",
    maxBuffer: 1 << 30,
    timeout: timeoutMs,
    env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" },
  });
  const seconds = (performance.now() - t0) / 1000;
  const cpu1 = childrenCpu();
  lastCpu = cpu0 === undefined || cpu1 === undefined ? undefined : cpu1 - cpu0;
  if (result.error) throw new CommandFailed(result.error.message);
  if (!okCodes.includes(result.status ?? -1)) throw new CommandFailed(`exit ${result.status ?? result.signal}: ${gist(result)}`);
  return seconds;
}

/** What a failed process said: its first error line on stderr, else its last lines. */
function gist({ stderr = "", stdout = "" }) {
  const errorLine = stderr.split("\n").find((line) => /\berror\b/i.test(line));
  const text = errorLine ?? `${stderr}\n${stdout}`.trim().split("\n").filter(Boolean).slice(-3).join(" | ");
  return text.trim().slice(0, 300);
}

export function median(xs) {
  const s = xs.filter((x) => x !== undefined).sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length === 0 ? NaN : s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** `a[r] / b[r]` for every run r where both were measured. */
export function perRunRatios(a, b) {
  const out = [];
  for (let r = 0; r < Math.max(a.length, b.length); r++) if (a[r] !== undefined && b[r] !== undefined) out.push(a[r] / b[r]);
  return out;
}

/**
 * A command of a group: `{ id, label, args, cwd, okCodes?, skip?, setup?, prepare? }`. `skip` is
 * the reason it is not run; `setup` runs once per size before any run, `prepare` before each run
 * (both untimed).
 *
 * Times every command of `commandsAt(size)` at every size: `opts.warmup` untimed runs at the
 * smallest size, then the timed runs (opts.runs, or opts.runsLarge at N >= opts.large). Within a
 * run the commands' order rotates run by run, and every size is visited, so a ratio between two
 * commands, or between two sizes, is measured within one run. A command that fails is not run
 * again and its error is kept. Returns, per size, `{ times: Map<id, seconds[] by run>, cpu: Map<id, CPU
 * seconds[] by run (undefined without /proc)>, errors: Map<id, reason> }`.
 */
export function timeGroup(title, sizes, commandsAt, opts) {
  const runsAt = (size) => (size >= opts.large ? opts.runsLarge : opts.runs);
  const bySize = new Map();
  for (const size of sizes) {
    const entry = { commands: commandsAt(size), times: new Map(), cpu: new Map(), errors: new Map() };
    for (const cmd of entry.commands) {
      entry.times.set(cmd.id, []);
      entry.cpu.set(cmd.id, []);
      if (cmd.skip) entry.errors.set(cmd.id, cmd.skip);
      else if (cmd.setup) {
        try {
          cmd.setup();
        } catch (error) {
          entry.errors.set(cmd.id, `setup: ${error.message}`);
        }
      }
    }
    bySize.set(size, entry);
  }
  const lastRun = Math.max(...sizes.map(runsAt));
  for (let run = -opts.warmup; run < lastRun; run++) {
    for (const size of sizes) {
      if (run < 0 ? size !== sizes[0] : run >= runsAt(size)) continue;
      const entry = bySize.get(size);
      const live = entry.commands.filter((c) => !entry.errors.has(c.id));
      const order = live.map((_, k) => live[(k + run + opts.warmup) % live.length]);
      for (const cmd of order) {
        log(`${title}, N=${size}, ${run < 0 ? `warm-up ${run + opts.warmup + 1}/${opts.warmup}` : `run ${run + 1}/${runsAt(size)}`}: ${cmd.label}`);
        try {
          cmd.prepare?.();
          const seconds = timeNode(cmd.args, { cwd: cmd.cwd, okCodes: cmd.okCodes, timeoutMs: opts.timeoutMs });
          if (run >= 0) {
            entry.times.get(cmd.id)[run] = seconds;
            entry.cpu.get(cmd.id)[run] = lastCpu;
          }
        } catch (error) {
          entry.errors.set(cmd.id, error instanceof CommandFailed ? error.message : String(error));
        }
      }
    }
  }
  return bySize;
}
