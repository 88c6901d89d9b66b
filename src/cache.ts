/**
 * The build cache, in `node_modules/.cache/toolgen` where users expect caches to live:
 * - per-tool artifacts (input type, validator) keyed by a hash of everything they depend on, so
 *   unchanged tools cost nothing when others change;
 * - a record of the last build per output folder (inputs hash, and size + mtime of every file it
 *   wrote), so a build with nothing changed stops after reading the schemas.
 * A cache that cannot be read is ignored; one that cannot be written is skipped. It never changes
 * what a build produces.
 */
import { existsSync, statSync } from "node:fs";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { ToolArtifacts } from "./emit/artifacts.js";
import type { Diagnostic } from "./model.js";
import { sha256 } from "./write.js";

export interface BuildRecord {
  inputs: string;
  /** Absolute path -> [size, mtimeMs] of every file the build owns or created. */
  files: Record<string, [number, number]>;
  /** `*.ts` names in the handlers folder after the build. */
  handlers: string[];
  diagnostics: Diagnostic[];
  notes: string[];
  tools: number;
}

/** The nearest `node_modules/.cache/toolgen` at or above `from`, or undefined (no node_modules). */
export function defaultCacheDir(from: string = process.cwd()): string | undefined {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "node_modules"))) return path.join(dir, "node_modules", ".cache", "toolgen");
    if (path.dirname(dir) === dir) return undefined;
  }
}

async function readJson<T>(file: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(file, "utf8")) as T;
  } catch {
    return undefined;
  }
}

async function writeJson(file: string, data: unknown): Promise<void> {
  try {
    await mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    await writeFile(temp, JSON.stringify(data));
    await rename(temp, file);
  } catch {
    // A read-only or full disk makes the next build slower, never wrong.
  }
}

export class BuildCache {
  /** The artifacts of the last build, read on first use (a build with nothing changed never needs them). */
  private tools: Record<string, ToolArtifacts> | undefined;
  private used: Record<string, ToolArtifacts> = {};

  private constructor(
    readonly dir: string,
    private readonly scope: string,
  ) {}

  /** `scope` names the output folders, so two builds into different folders keep separate records. */
  static open(dir: string, scope: string): BuildCache {
    return new BuildCache(dir, sha256(scope).slice(0, 16));
  }

  private toolsFile(): string {
    return path.join(this.dir, `tools-${this.scope}.json`);
  }

  private recordFile(): string {
    return path.join(this.dir, `build-${this.scope}.json`);
  }

  /** Loads the last build's artifacts; call before getTool. */
  async loadTools(): Promise<void> {
    this.tools ??= (await readJson<Record<string, ToolArtifacts>>(this.toolsFile())) ?? {};
  }

  getTool(key: string): ToolArtifacts | undefined {
    const hit = this.tools && Object.hasOwn(this.tools, key) ? this.tools[key] : undefined;
    if (hit) this.used[key] = hit;
    return hit;
  }

  putTool(key: string, artifacts: ToolArtifacts): void {
    this.used[key] = artifacts;
  }

  /** Keeps the artifacts of this build's tools only, so the cache does not grow without bound. */
  async saveTools(): Promise<void> {
    await writeJson(this.toolsFile(), this.used);
  }

  /** The last build's record, if its inputs match and every file it wrote is still as it left it. */
  async upToDate(inputs: string, handlersDir: string, listHandlers: (dir: string) => Promise<string[]>): Promise<BuildRecord | undefined> {
    const record = await readJson<BuildRecord>(this.recordFile());
    if (!record || record.inputs !== inputs) return undefined;
    for (const [file, [size, mtime]] of Object.entries(record.files)) {
      const info = statSync(file, { throwIfNoEntry: false });
      if (info?.size !== size || info.mtimeMs !== mtime) return undefined;
    }
    const handlers = await listHandlers(handlersDir);
    if (handlers.join("\n") !== record.handlers.join("\n")) return undefined;
    return record;
  }

  async saveRecord(record: Omit<BuildRecord, "files">, files: readonly string[]): Promise<void> {
    const entries: Record<string, [number, number]> = {};
    for (const file of files) {
      const info = statSync(file, { throwIfNoEntry: false });
      if (!info) return; // something moved under us: keep no record
      entries[file] = [info.size, info.mtimeMs];
    }
    await writeJson(this.recordFile(), { ...record, files: entries });
  }
}

let version: Promise<string> | undefined;

/**
 * What every output depends on besides the schemas: toolgen's version, its built-in templates and
 * the runtime it copies (so a changed toolgen never reuses stale artifacts).
 */
export function toolgenKey(): Promise<string> {
  version ??= (async () => {
    const { packageRoot } = await import("./paths.js");
    const { readdir } = await import("node:fs/promises");
    const root = packageRoot();
    const parts: string[] = [await readFile(path.join(root, "package.json"), "utf8")];
    for (const dir of ["templates", "templates/partials", "src/runtime"]) {
      const names = (await readdir(path.join(root, dir)).catch(() => [] as string[])).sort();
      for (const name of names) {
        if (name.endsWith(".hbs") || name.endsWith(".ts")) parts.push(name, await readFile(path.join(root, dir, name), "utf8"));
      }
    }
    return sha256(parts.join("\0"));
  })();
  return version;
}
