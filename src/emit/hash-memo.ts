/** A memo of content hashes for the life of the process (see textHash); the emit stage starts its generations. */
import { sha256 } from "./hash.js";

let hashes = new Map<string, string>();
let previousHashes = new Map<string, string>();

/**
 * sha256 of a generated file's text, memoised by the text: the manifest and the cache record hash the
 * same contents in one build, and a watch rebuild's unchanged files (often the very same strings,
 * from the cache in memory) are not hashed again. Same two-generation bound as the tool memo.
 */
export function textHash(text: string): string {
  let hash = hashes.get(text);
  if (hash === undefined) {
    hash = previousHashes.get(text) ?? sha256(text);
    hashes.set(text, hash);
  }
  return hash;
}

/** Starts a build: hashes of texts the last build did not hash are dropped. */
export function nextHashGeneration(): void {
  previousHashes = hashes;
  hashes = new Map();
}

export function hashMemoSize(): number {
  return hashes.size + previousHashes.size;
}
