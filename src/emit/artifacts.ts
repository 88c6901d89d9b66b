/**
 * The per-tool work of a build (the input type and the validator): the expensive part, and a pure
 * function of one tool, so it is cached by content hash. (Worker threads were tried: on two cores
 * they gained nothing, since V8's garbage collector already keeps the second core busy.)
 * Every input type is made before any validator: alternating the two libraries tool by tool is about
 * a third slower, as each evicts the other's optimised code.
 */
import { sha256 } from "../hash.js";
import type { BundledTool, GeneratedFile } from "../model.js";
import type { ToolNames } from "../names.js";
import { memoByTool, toolKey } from "./tool-memo.js";

/** What the per-tool emitters read of a tool (plain data, so the cache key is its JSON). */
export type ToolSource = Pick<BundledTool, "name" | "description" | "bundledSchema">;

export interface ToolJob {
  tool: ToolSource;
  names: ToolNames;
}

export type ArtifactKind = "type" | "validator";

/** Where per-tool files are kept between builds (cache.ts); `get` returns only entries it verified. */
export interface ArtifactStore {
  /** What the keys depend on besides the tool: toolgen's version and run-time sources. */
  readonly salt: string;
  get(key: string): GeneratedFile | undefined;
  put(key: string, file: GeneratedFile): void;
}

export function jobOf(tool: BundledTool, names: ToolNames): ToolJob {
  const source: ToolSource = { name: tool.name, bundledSchema: tool.bundledSchema };
  if (tool.description !== undefined) source.description = tool.description;
  return { tool: source, names };
}

/** One file of `kind` per job, in order: from the store when it holds it, else made (and stored). */
export async function perToolFiles(kind: ArtifactKind, jobs: readonly ToolJob[], store?: ArtifactStore): Promise<GeneratedFile[]> {
  const make = kind === "type" ? (await import("./types.js")).emitToolType : (await import("./validators.js")).compileValidator;
  const files: GeneratedFile[] = [];
  for (const job of jobs) {
    // The key hashes everything the file depends on: the tool's content, its names, toolgen's salt (memoised per tool: tool-memo.ts).
    const key = store ? memoByTool(`key\0${kind}\0${store.salt}\0${JSON.stringify(job.names)}`, job.tool, () => sha256(`${store.salt}\0${kind}\0${toolKey(job.tool)}\0${JSON.stringify(job.names)}`)) : "";
    let file = store?.get(key);
    if (!file) {
      file = await make(job.tool, job.names);
      store?.put(key, file);
    }
    files.push(file);
  }
  return files;
}
