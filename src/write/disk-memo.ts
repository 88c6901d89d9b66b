/**
 * What a long-lived process (a `toolgen build --watch` session) last read from each output and handler
 * file, so a rebuild does not read thousands of unchanged files again. Off unless enabled (one-shot
 * builds read every file, as before); write.ts consults it for regular files only (never a link).
 *
 * Trust is verified, never assumed from a modification time alone: an entry is used only when the
 * file's `lstat` is identical to the one taken just before it was read (device, inode, size, mode,
 * mtime and ctime in nanoseconds). The ctime is set by the kernel on every change to the file and
 * cannot be set back by a user (`touch -d`, `utimes` move it forward), and a file replaced by rename
 * has a new inode. Like git's "racily clean" index entries, a stat taken less than RACY_MS after the
 * file's last change is not trusted: a second write within the same timestamp tick could leave every
 * field equal, so such a file is read again next time.
 */
import { lstatSync, type BigIntStats } from "node:fs";

/** A file changed less than this long before it was read is read again next time. */
export const RACY_MS = 2_000;

interface Entry {
  signature: string;
  text: string;
  mode: number;
}

let enabled = false;
let entries = new Map<string, Entry>();
let used = new Map<string, Entry>();
let hits = 0;

/** Turns the memo on for the life of the process (watch mode). */
export function enableDiskMemo(): void {
  enabled = true;
}

export function diskMemoEnabled(): boolean {
  return enabled;
}

function signature(stat: BigIntStats): string {
  return `${stat.dev}:${stat.ino}:${stat.size}:${stat.mode}:${stat.mtimeNs}:${stat.ctimeNs}`;
}

/** The stat to record a read under, taken before the read; undefined when not a regular file or the memo is off. */
export function statBeforeRead(abs: string): { signature: string; trusted: boolean; mode: number } | undefined {
  if (!enabled) return undefined;
  const now = Date.now();
  let stat: BigIntStats | undefined;
  try {
    stat = lstatSync(abs, { bigint: true, throwIfNoEntry: false });
  } catch {
    return undefined;
  }
  if (stat === undefined || !stat.isFile()) return undefined;
  const changed = Number(stat.ctimeNs > stat.mtimeNs ? stat.ctimeNs : stat.mtimeNs) / 1e6;
  return { signature: signature(stat), trusted: changed < now - RACY_MS, mode: Number(stat.mode & 0o7777n) };
}

/** The text read last time, when the file's stat is what it was then (see the module comment). */
export function recalled(abs: string, stat: { signature: string } | undefined): { text: string; mode: number } | undefined {
  if (stat === undefined) return undefined;
  const entry = entries.get(abs) ?? used.get(abs);
  if (entry === undefined || entry.signature !== stat.signature) return undefined;
  entries.set(abs, entry);
  hits++;
  return entry;
}

/** Records what was read from `abs` under the stat taken before the read (only when that stat was old enough to trust). */
export function remember(abs: string, stat: { signature: string; trusted: boolean; mode: number } | undefined, text: string): void {
  if (stat === undefined || !stat.trusted) {
    entries.delete(abs);
    return;
  }
  entries.set(abs, { signature: stat.signature, text, mode: stat.mode });
}

/** Starts a build: entries the last build did not touch are dropped (memory stays bounded). */
export function nextDiskGeneration(): void {
  used = entries;
  entries = new Map();
}

export function diskMemoSize(): number {
  return new Set([...entries.keys(), ...used.keys()]).size;
}

/** Reads saved so far (tests). */
export function diskMemoHits(): number {
  return hits;
}
