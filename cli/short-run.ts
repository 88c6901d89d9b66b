/**
 * `toolgen lint` is a short run (a pre-commit hook lints a thousand tools in a few hundred
 * milliseconds), and most of its code runs once per file: V8's optimizing compiler, started by
 * its default budget, spends more time compiling the hot functions (on a second thread that
 * competes with the main one on small machines) than the compiled code then saves. A larger
 * budget lets only the really hot functions be optimized. Measured on Node 20, 2 cores, 1,000
 * tools: CPU time about a third lower, and far less spread between runs (bench/RESULTS.md).
 *
 * Set through Node's documented `v8.setFlagsFromString` before the linter runs. Only on V8 11 (Node
 * 20), where it was measured: `--interrupt-budget` is an internal V8 flag, later V8s reworked
 * tiering (and an unknown flag would print an error on every run). Not when the user chose a budget
 * with `node --interrupt-budget=...`.
 */
import { setFlagsFromString } from "node:v8";

export const SHORT_RUN_FLAG = "--interrupt-budget=1000000";

export function tuneForShortRun(execArgv: readonly string[] = process.execArgv, v8Version: string = process.versions.v8): void {
  if (!v8Version.startsWith("11.")) return;
  if (execArgv.some((arg) => arg.startsWith("--interrupt-budget") || arg.startsWith("--interrupt_budget"))) return;
  setFlagsFromString(SHORT_RUN_FLAG);
}
