/**
 * The one guarded read of a small file the user names or keeps beside the config (the config, an eval
 * cases file, `toolgen.lock.json`): opened read-only and non-blocking, so a FIFO in its place is never
 * waited on; refused unless it is a regular file (a link to /dev/zero is a device); read to at most
 * `maxBytes`. It throws nothing: the caller words each outcome as its command does.
 */
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from "node:fs";

export type GuardedRead =
  | { ok: true; text: string }
  | { ok: false; why: "missing" }
  /** A folder, a FIFO, a device or a socket: `kind` says which, for messages ("a FIFO (named pipe)"). */
  | { ok: false; why: "not-a-file"; kind: string }
  | { ok: false; why: "too-large"; maxBytes: number }
  /** Any other failure: `code` is the system's error code, or its message. */
  | { ok: false; why: "unreadable"; code: string };

/** What a path that is not a regular file is, for messages. */
export function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return "a folder";
  if (stats.isFIFO()) return "a FIFO (named pipe)";
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return "a device";
  if (stats.isSocket()) return "a socket";
  return "not a regular file";
}

const codeOf = (error: unknown): string => (error as NodeJS.ErrnoException).code ?? (error as Error).message;

/** The text of `file` (UTF-8), or why it could not be had. */
export function readGuarded(file: string, maxBytes: number): GuardedRead {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    const code = codeOf(error);
    if (code === "ENOENT" || code === "ENOTDIR") return { ok: false, why: "missing" };
    if (code === "EISDIR") return { ok: false, why: "not-a-file", kind: "a folder" };
    return { ok: false, why: "unreadable", code };
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return { ok: false, why: "not-a-file", kind: kindOf(stats) };
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(1024 * 1024, maxBytes + 1 - total));
      const read = readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      chunks.push(chunk.subarray(0, read));
      total += read;
      if (total > maxBytes) return { ok: false, why: "too-large", maxBytes };
    }
    return { ok: true, text: Buffer.concat(chunks, total).toString("utf8") };
  } catch (error) {
    return { ok: false, why: "unreadable", code: codeOf(error) };
  } finally {
    closeSync(fd);
  }
}
