/**
 * What the per-tool work of a build (the input type and the validator, run by per-tool.ts) is given,
 * and where its files are kept between builds: the types the emitters, the emit stage and the cache share.
 */
import type { BundledTool, GeneratedFile } from "../model.js";
import type { ToolNames } from "./names.js";

/** What the per-tool emitters read of a tool (plain data, so the cache key is its JSON). */
export type ToolSource = Pick<BundledTool, "name" | "description" | "bundledSchema">;

export interface ToolJob {
  tool: ToolSource;
  names: ToolNames;
}

export type ArtifactKind = "type" | "validator";

/** Where per-tool files are kept between builds (build/cache.ts); `get` returns only entries it verified. */
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
