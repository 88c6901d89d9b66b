/**
 * The process's standard output and error as toolgen's commands write to them: synchronously, to
 * file descriptors 1 and 2, as Node's own stdio streams do for a file. A report is then whole in the
 * pipe or file when the command returns, so the command line can end the process at once
 * (cli/run.ts) instead of waiting for a stream to drain. No stream is created for it either: Node
 * builds `process.stdout` for a pipe on first use (a pipe handle, the net and stream modules), and
 * makes the pipe non-blocking while it is at it.
 *
 * - A reader that has gone (`toolgen lint | head`): EPIPE; the rest has nowhere to go and is dropped,
 *   quietly, as a shell tool does. A closed descriptor (EBADF) drops it too, as Node's stdio does.
 * - A pipe that is non-blocking and full (EAGAIN: one a parent process made non-blocking and
 *   shared): the rest goes to Node's stream for that descriptor, which waits for the reader; so
 *   does everything written after it, to keep the order. outputPending() then says so until it has
 *   drained.
 * - On Windows, the streams themselves.
 */
import { writeSync } from "node:fs";
import { isatty } from "node:tty";

/** What a command writes its report to (a test passes a buffer). */
export interface OutputStream {
  write(text: string): unknown;
  isTTY?: boolean;
}

type Fd = 1 | 2;

/** The stream a descriptor's output moved to (see EAGAIN above), once it has. */
const moved: Partial<Record<Fd, NodeJS.WriteStream>> = {};

function streamOf(fd: Fd): NodeJS.WriteStream {
  let stream = moved[fd];
  if (stream === undefined) {
    stream = fd === 1 ? process.stdout : process.stderr;
    guardClosedPipe(stream);
    moved[fd] = stream;
  }
  return stream;
}

const guarded = new WeakSet<NodeJS.WritableStream>();

/**
 * A Node stream whose reader may go away (`toolgen lint | head`): its EPIPE is ignored (the rest has
 * nowhere to go) instead of crashing the process on an unhandled 'error'; any other error still throws.
 */
export function guardClosedPipe(stream: NodeJS.WritableStream): void {
  if (guarded.has(stream)) return;
  guarded.add(stream);
  stream.on("error", ignoreClosedPipe);
}

function ignoreClosedPipe(error: NodeJS.ErrnoException): void {
  if (error.code !== "EPIPE") throw error;
}

function writeTo(fd: Fd, text: string): void {
  if (moved[fd] !== undefined || process.platform === "win32") {
    streamOf(fd).write(text);
    return;
  }
  if (text === "") return;
  const bytes = Buffer.from(text, "utf8");
  let offset = 0;
  while (offset < bytes.length) {
    try {
      offset += writeSync(fd, bytes, offset);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "EPIPE" || code === "EBADF") return;
      if (code !== "EAGAIN") throw error;
      streamOf(fd).write(bytes.subarray(offset));
      return;
    }
  }
}

/** The process's standard output. */
export const standardOutput: OutputStream = {
  write: (text: string) => writeTo(1, text),
  get isTTY() {
    return isatty(1);
  },
};

/** The process's standard error. */
export const standardError: OutputStream = {
  write: (text: string) => writeTo(2, text),
  get isTTY() {
    return isatty(2);
  },
};

/** Whether output written through standardOutput or standardError is still on its way (a stream took it over). */
export function outputPending(): boolean {
  return (moved[1]?.writableLength ?? 0) > 0 || (moved[2]?.writableLength ?? 0) > 0;
}
