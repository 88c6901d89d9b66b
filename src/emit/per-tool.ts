/**
 * The per-tool work of a build (the input type and the validator): the expensive part, and a pure
 * function of one tool, so it is cached by content hash. (Worker threads were tried: on two cores
 * they gained nothing, since V8's garbage collector already keeps the second core busy.)
 * Every input type is made before any validator: alternating the two libraries tool by tool is about
 * a third slower, as each evicts the other's optimised code.
 */
import type { GeneratedFile } from "../model.js";
import type { ArtifactKind, ArtifactStore, ToolJob } from "./artifacts.js";
import { sha256 } from "./hash.js";
import { memoByTool, toolKey } from "./tool-memo.js";

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
