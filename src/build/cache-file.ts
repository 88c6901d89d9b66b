/**
 * The build cache's files on disk (cache.ts decides what goes in them). A cache folder can be restored
 * from somewhere else (CI restores one from other branches' runs), so nothing in it is taken on trust:
 * - each file is sealed: its first line is an HMAC-SHA256 of its name and its JSON text, under a key
 *   that does not travel with the cache (`TOOLGEN_CACHE_KEY`, else a random key kept in the user's
 *   state folder, else one made for this process). A file whose seal does not match (edited, forged,
 *   half written, made under another key) is ignored, as if there were no cache.
 * - only regular files are read, opened without blocking and checked with fstat before any read: a
 *   FIFO, a device or a folder where a cache file should be is ignored, never waited on.
 * - a file is written to a temporary name created afresh (`wx`, so never through something already
 *   there), then renamed over the old one.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { closeSync, constants, fstatSync, linkSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { open, rename, rm, mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

const SEAL = "toolgen-cache 1 ";
/** Non-blocking, so that opening a FIFO returns at once (fstat then refuses it). */
const READ_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/** This process's key when no other can be had (read-only home): the cache then serves this process only. */
let processKey: string | undefined;
/** The key file's key; null when there is none to be had (asked once per process). */
let userKey: string | null | undefined;

/** Where the user's cache key is kept: never under node_modules, which CI caches carry between runs. */
export function userKeyFile(): string {
  const base = process.env.XDG_STATE_HOME || (process.platform === "win32" ? process.env.LOCALAPPDATA : undefined) || path.join(os.homedir(), ".local", "state");
  return path.join(base, "toolgen", "cache-key");
}

/**
 * The user's cache folder for toolgen, for a project with no node_modules folder (a Python project
 * that runs toolgen with npx, say): `$XDG_CACHE_HOME/toolgen`, `~/Library/Caches/toolgen` on macOS,
 * `%LOCALAPPDATA%\toolgen\cache` on Windows, else `~/.cache/toolgen`. Where other command-line tools keep
 * caches, so nothing appears in the user's repository to ignore; the cache already keeps each project
 * apart (by its output folders), and drops its oldest entries past its size bound.
 */
export function userCacheDir(): string {
  if (process.env.XDG_CACHE_HOME) return path.join(process.env.XDG_CACHE_HOME, "toolgen");
  if (process.platform === "darwin") return path.join(os.homedir(), "Library", "Caches", "toolgen");
  if (process.platform === "win32" && process.env.LOCALAPPDATA) return path.join(process.env.LOCALAPPDATA, "toolgen", "cache");
  return path.join(os.homedir(), ".cache", "toolgen");
}

/** The key that seals cache files: `TOOLGEN_CACHE_KEY`, else the user's key file (made on first use), else this process's. */
export function cacheKey(): string {
  const fromEnv = process.env.TOOLGEN_CACHE_KEY;
  if (fromEnv) return fromEnv;
  if (userKey === undefined) userKey = readUserKey() ?? makeUserKey() ?? null;
  return userKey ?? (processKey ??= randomBytes(32).toString("hex"));
}

function readUserKey(): string | undefined {
  const text = readRegularFileSync(userKeyFile())?.toString("utf8").trim();
  return text !== undefined && /^[0-9a-f]{64}$/.test(text) ? text : undefined;
}

/** Makes the key file, readable by its owner only; when another process made it first, takes that one. */
function makeUserKey(): string | undefined {
  const file = userKeyFile();
  const temp = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    rmSync(temp, { force: true });
    writeFileSync(temp, `${randomBytes(32).toString("hex")}\n`, { flag: "wx", mode: 0o600 });
    try {
      linkSync(temp, file); // never replaces a key another process made meanwhile
    } catch {
      // EEXIST: read theirs below.
    }
    rmSync(temp, { force: true });
  } catch {
    return undefined;
  }
  return readUserKey();
}

function mac(name: string, body: string, key: string): string {
  return createHmac("sha256", key).update(`${name}\0${body}`).digest("hex");
}

/** A cache file's text: the seal line, then `body` (exported for tests that play an attacker holding the key). */
export function sealCacheText(name: string, body: string, key: string = cacheKey()): string {
  return `${SEAL}${mac(name, body, key)}\n${body}`;
}

/** The bytes of `file` when it is a regular file (links followed), else undefined; never blocks on a FIFO. */
export function readRegularFileSync(file: string): Buffer | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(file, READ_FLAGS);
    return fstatSync(fd).isFile() ? readFileSync(fd) : undefined;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** The parsed JSON of a sealed cache file, or undefined when it is missing, not a regular file, or its seal does not match. */
export async function readSealed(file: string): Promise<unknown> {
  let text: string;
  try {
    const handle = await open(file, READ_FLAGS | (constants.O_NOFOLLOW ?? 0));
    try {
      if (!(await handle.stat()).isFile()) return undefined;
      text = await handle.readFile("utf8");
    } finally {
      await handle.close();
    }
  } catch {
    return undefined;
  }
  const nl = text.indexOf("\n");
  if (!text.startsWith(SEAL) || nl < 0) return undefined;
  const body = text.slice(nl + 1);
  const seal = Buffer.from(text.slice(SEAL.length, nl));
  const expected = Buffer.from(mac(path.basename(file), body, cacheKey()));
  if (seal.length !== expected.length || !timingSafeEqual(seal, expected)) return undefined;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

/** Writes `body` (JSON text), sealed; a failure (read-only or full disk) is ignored: the next build is slower, never wrong. */
export async function writeSealed(file: string, body: string): Promise<void> {
  const temp = `${file}.${process.pid}.tmp`;
  try {
    await mkdir(path.dirname(file), { recursive: true });
    await rm(temp, { force: true });
    await writeFile(temp, sealCacheText(path.basename(file), body), { flag: "wx" });
    await rename(temp, file);
  } catch {
    await rm(temp, { force: true }).catch(() => undefined);
  }
}

/**
 * As `writeSealed` with `parts.join("")` as the body, without ever holding that body whole (at 10,000
 * tools the artifact cache is over a hundred MB of text, and the joined body, the sealed text and its
 * bytes were three more copies of it at the build's peak): the parts are written, a MB or so at a time,
 * after room left for the seal line while the HMAC runs over them; then the seal line goes at the start.
 */
export async function writeSealedParts(file: string, parts: Iterable<string>): Promise<void> {
  const temp = `${file}.${process.pid}.tmp`;
  try {
    await mkdir(path.dirname(file), { recursive: true });
    await rm(temp, { force: true });
    const handle = await open(temp, "wx");
    try {
      const hmac = createHmac("sha256", cacheKey()).update(`${path.basename(file)}\0`);
      let position = Buffer.byteLength(`${SEAL}${"0".repeat(64)}\n`);
      let batch: string[] = [];
      let size = 0;
      const flush = async (): Promise<void> => {
        const bytes = Buffer.from(batch.join(""));
        hmac.update(bytes);
        await handle.write(bytes, 0, bytes.length, position);
        position += bytes.length;
        batch = [];
        size = 0;
      };
      for (const part of parts) {
        batch.push(part);
        size += part.length;
        if (size >= 1 << 20) await flush();
      }
      await flush();
      await handle.write(`${SEAL}${hmac.digest("hex")}\n`, 0);
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch {
    await rm(temp, { force: true }).catch(() => undefined);
  }
}
