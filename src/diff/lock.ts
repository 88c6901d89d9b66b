/**
 * `toolgen.lock.json` (opt-in with `"lock": true` in the config): a fingerprint of each tool as sent
 * (name, description, bundled input schema and the tool's other fields), written by `toolgen build`
 * beside the config and checked by `build --check`, so a change to a tool that nobody accepted with
 * a build (after reading `toolgen diff`) fails CI.
 */
import path from "node:path";
import { UserError } from "../errors.js";
import { readGuarded } from "../load/guarded-read.js";
import { bundleTools, loadFolder } from "../load/index.js";
import type { BundledTool } from "../model.js";
import { sha256 } from "../emit/hash.js";
import { writeUserFiles } from "../write.js";
import type { DialectName } from "../schema/dialect.js";

export const LOCK_FILE = "toolgen.lock.json";

/** The version of the lock this toolgen writes and reads. */
const LOCK_VERSION = 1;
/** The most bytes a lock is read to: a sha256 per tool, so far above any real one (a link to /dev/zero stops here). */
const MAX_LOCK_BYTES = 16 * 1024 * 1024;

interface LockData {
  version: 1;
  tools: Record<string, string>;
}

/** The lock for these tools: one sha256 per tool name, in name order. */
export function lockFor(tools: readonly BundledTool[]): LockData {
  const entries = tools.map((t): [string, string] => [t.name, sha256(JSON.stringify({ name: t.name, description: t.description ?? null, input_schema: t.bundledSchema, ...t.fields }))]);
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return { version: 1, tools: Object.fromEntries(entries) };
}

/** Tools whose fingerprint differs from the lock's (changed, added or removed), worded; empty: the lock holds. */
export function lockDifferences(lock: LockData, current: LockData): string[] {
  const out: string[] = [];
  for (const [name, hash] of Object.entries(current.tools)) {
    if (!Object.hasOwn(lock.tools, name)) out.push(`'${name}' added`);
    else if (lock.tools[name] !== hash) out.push(`'${name}' changed`);
  }
  for (const name of Object.keys(lock.tools)) if (!Object.hasOwn(current.tools, name)) out.push(`'${name}' removed`);
  return out;
}

/**
 * After a build with `"lock": true`: writes the lock into `dir`, or with `check` compares it and
 * throws (exit 1) naming every tool that changed since it was written.
 */
export async function updateLock(dir: string, schemas: string, refRoots: readonly string[], defaultDialect: DialectName | undefined, check: boolean): Promise<void> {
  const { tools } = await bundleTools(await loadFolder(schemas, { refRoots, ...(defaultDialect ? { defaultDialect } : {}) }));
  const current = lockFor(tools);
  const file = path.join(dir, LOCK_FILE);
  const shown = path.relative(process.cwd(), file) || LOCK_FILE;
  if (!check) {
    writeUserFiles(dir, [{ path: LOCK_FILE, contents: JSON.stringify(current, null, 2) + "\n" }]);
    return;
  }
  let lock: LockData;
  const text = readLockText(file, shown);
  try {
    lock = JSON.parse(text) as LockData;
  } catch (error) {
    throw new UserError(`${shown}: cannot be read (${(error as Error).message}); run \`toolgen build\` to write it`, 1);
  }
  if (lock === null || typeof lock !== "object" || typeof lock.tools !== "object" || lock.tools === null) throw new UserError(`${shown}: not a toolgen lock file; run \`toolgen build\` to write it`, 1);
  if (lock.version !== LOCK_VERSION) {
    const found: unknown = lock.version;
    const version = typeof found === "number" ? String(found) : found === undefined ? "(none)" : JSON.stringify(found);
    throw new UserError(`${shown}: lock file version ${version}, which this toolgen cannot read (it reads version ${LOCK_VERSION}); run \`toolgen build\` to write it anew, or use the toolgen that wrote it`, 1);
  }
  const differences = lockDifferences(lock, current);
  if (differences.length > 0) {
    throw new UserError(`${shown}: ${differences.length} tool(s) differ from the lock: ${differences.join(", ")}; review them with \`toolgen diff\`, then run \`toolgen build\` to accept`, 1);
  }
}

/**
 * The lock's text, read as the config is (load/guarded-read.ts): opened non-blocking (a FIFO in its
 * place is never waited on), refused unless it is a regular file (a link to /dev/zero is a device),
 * and read to at most MAX_LOCK_BYTES. Every failure is a UserError naming the file.
 */
function readLockText(file: string, shown: string): string {
  const read = readGuarded(file, MAX_LOCK_BYTES);
  if (read.ok) return read.text;
  if (read.why === "not-a-file") throw new UserError(`${shown}: is ${read.kind}, not a regular file; remove it and run \`toolgen build\` to write the lock`, 1);
  const why = read.why === "too-large" ? `larger than ${read.maxBytes / 1024 / 1024} MiB, which no lock is` : `cannot be read (${read.why === "missing" ? "ENOENT" : read.code})`;
  throw new UserError(`${shown}: ${why}; run \`toolgen build\` to write it`, 1);
}
