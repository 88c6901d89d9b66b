/**
 * `TOOLGEN_TIMINGS=1` prints how long each stage of a build or a lint took, to stderr (for bench/ and
 * profiling). Off, a timer is a function that does nothing.
 */
import type { StageTimer } from "../model.js";
import { standardError } from "./std-output.js";

export type { StageTimer };

export function stageTimer(env: Readonly<Record<string, string | undefined>> = process.env): StageTimer {
  if (!env.TOOLGEN_TIMINGS) return () => undefined;
  let last = performance.now();
  // From the process's start: Node's own start-up, then loading toolgen's modules.
  standardError.write(`toolgen timing: start-up and imports ${last.toFixed(1)} ms\n`);
  return (stage) => {
    const now = performance.now();
    standardError.write(`toolgen timing: ${stage} ${(now - last).toFixed(1)} ms\n`);
    last = now;
  };
}
