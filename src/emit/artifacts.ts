/**
 * The per-tool work of a build (the input type and the validator): the expensive part, and a pure
 * function of one tool, so it is cached by content hash. (Worker threads were tried: on two cores
 * they gained nothing, since V8's garbage collector already keeps the second core busy.)
 */
import type { BundledTool, GeneratedFile } from "../model.js";
import type { ToolNames } from "../names.js";

/** What the per-tool emitters read of a tool (plain data, so the cache key is its JSON). */
export type ToolSource = Pick<BundledTool, "name" | "description" | "bundledSchema">;

export interface ToolJob {
  tool: ToolSource;
  names: ToolNames;
}

export interface ToolArtifacts {
  type: GeneratedFile;
  validator: GeneratedFile;
}

/**
 * The artifacts of many tools: every input type first, then every validator. Alternating the two
 * libraries tool by tool is about a third slower: each evicts the other's optimised code.
 */
export async function toolArtifacts(jobs: readonly ToolJob[]): Promise<ToolArtifacts[]> {
  const [{ emitToolType }, { compileValidator }] = await Promise.all([import("./types.js"), import("./validators.js")]);
  const types: GeneratedFile[] = [];
  for (const job of jobs) types.push(await emitToolType(job.tool, job.names));
  return jobs.map((job, i) => ({ type: types[i]!, validator: compileValidator(job.tool, job.names) }));
}

export function jobOf(tool: BundledTool, names: ToolNames): ToolJob {
  const source: ToolSource = { name: tool.name, bundledSchema: tool.bundledSchema };
  if (tool.description !== undefined) source.description = tool.description;
  return { tool: source, names };
}
