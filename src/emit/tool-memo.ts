/**
 * Per-tool results of the emitters, kept for the life of the process: a `toolgen build --watch`
 * rebuild after a one-file change renders only the changed tool again (its tools.ts literal, its
 * legacy prompt view, its conversions), and reuses the rest.
 *
 * - The key is the tool's whole content as the emitters read it (name, description, bundled schema),
 *   as JSON text: a memoised value is a pure function of that text, so a hit is exact, never a guess.
 *   (Emitters must treat what they get back as read-only.)
 * - The JSON is made once per tool object (a WeakMap), so a single build pays one `JSON.stringify`
 *   per tool, and a new build's tool objects (new after every load) are keyed afresh.
 * - Memory stays bounded: `nextGeneration()` (called by emit() at the start of every build) keeps only
 *   the entries the previous build used, so a watch session holds at most two builds' worth.
 */
import { hashMemoSize, nextHashGeneration } from "./hash-memo.js";
import type { BundledTool } from "../model.js";

type MemoTool = Pick<BundledTool, "name" | "description" | "bundledSchema">;

const keys = new WeakMap<object, string>();
/** Tool content -> kind of result -> value (two levels: the long key's hash is computed once per string). */
let current = new Map<string, Map<string, unknown>>();
let previous = new Map<string, Map<string, unknown>>();

/** The tool's content as the emitters read it. */
export function toolKey(tool: MemoTool): string {
  let key = keys.get(tool);
  if (key === undefined) {
    key = JSON.stringify([tool.name, tool.description ?? null, tool.bundledSchema]);
    keys.set(tool, key);
  }
  return key;
}

/** `compute()` for this tool and kind of result, or the value it gave for a tool with the same content. */
export function memoByTool<T>(kind: string, tool: MemoTool, compute: () => T): T {
  const key = toolKey(tool);
  let mine = current.get(key);
  if (mine === undefined) {
    mine = new Map();
    current.set(key, mine);
  }
  if (mine.has(kind)) return mine.get(kind) as T;
  const before = previous.get(key);
  const value = before !== undefined && before.has(kind) ? (before.get(kind) as T) : compute();
  mine.set(kind, value);
  return value;
}

/** Starts a build: entries the last build did not use are dropped. */
export function nextGeneration(): void {
  previous = current;
  current = new Map();
  nextHashGeneration();
}

/** Entries held now (tests). */
export function memoSize(): number {
  let n = 0;
  for (const generation of [current, previous]) for (const kinds of generation.values()) n += kinds.size;
  return n + hashMemoSize();
}
