/**
 * A build's progress on a terminal: one line on stderr, rewritten in place, naming the stage and a
 * count (`toolgen: emit 4/9 validators`, after `toolgen: lint 1000 tools`), and erased when the build ends, so a long
 * first build is not silent. Nothing at all when stderr is not a terminal (a pipe, a file, an
 * editor's task runner) or under CI, where a rewritten line only adds noise to a log.
 */
import type { OutputStream } from "./std-output.js";

/** What a build reports as it goes (pipeline.ts): the stage, and for emit which output of how many. */
export interface ProgressEvent {
  stage: "load" | "lint" | "emit" | "write";
  /** What the stage works on: `the schemas folder`, `1000 tools`, `validators`, `2011 files`. */
  detail: string;
  /** emit: this output's place among the outputs built (1-based), and their number. */
  step?: { done: number; total: number };
}

export type ProgressSink = (event: ProgressEvent) => void;

/** Whether to show progress: stderr is a terminal, and `CI` is unset, empty, `0` or `false`. */
export function progressWanted(stderr: Pick<OutputStream, "isTTY">, env: Readonly<Record<string, string | undefined>> = process.env): boolean {
  const ci = env.CI;
  if (ci !== undefined && ci !== "" && ci !== "0" && ci.toLowerCase() !== "false") return false;
  return stderr.isTTY === true;
}

/** The line for an event: `toolgen: lint 1000 tools`, `toolgen: emit 4/9 validators`. */
export function progressLine(event: ProgressEvent): string {
  const step = event.step ? ` ${event.step.done}/${event.step.total}` : "";
  return `toolgen: ${event.stage}${step} ${event.detail}`;
}

/**
 * A sink that draws each event over the last (`\r`, then erase to the end of the line), and
 * `end()`, which erases the line (call it before anything else is written to stderr).
 */
export function terminalProgress(stderr: OutputStream): { sink: ProgressSink; end(): void } {
  let shown = false;
  return {
    sink: (event) => {
      stderr.write(`\r\u001b[K${progressLine(event)}`);
      shown = true;
    },
    end: () => {
      if (shown) stderr.write("\r\u001b[K");
      shown = false;
    },
  };
}
