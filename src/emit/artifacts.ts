/**
 * The per-tool work of a build (the input type and the validator): the expensive part, and a pure
 * function of one tool, so it can be cached by content hash and spread over worker threads.
 */
import type { BundledTool, GeneratedFile } from "../model.js";
import type { ToolNames } from "../names.js";

/** What the per-tool emitters read of a tool: plain data, so it can cross to a worker thread. */
export type ToolSource = Pick<BundledTool, "name" | "description" | "bundledSchema">;

export interface ToolJob {
  tool: ToolSource;
  names: ToolNames;
}

export interface ToolArtifacts {
  type: GeneratedFile;
  validator: GeneratedFile;
}

export async function toolArtifacts(job: ToolJob): Promise<ToolArtifacts> {
  const [{ emitToolType }, { compileValidator }] = await Promise.all([import("./types.js"), import("./validators.js")]);
  return { type: await emitToolType(job.tool, job.names), validator: compileValidator(job.tool, job.names) };
}

export function jobOf(tool: BundledTool, names: ToolNames): ToolJob {
  const source: ToolSource = { name: tool.name, bundledSchema: tool.bundledSchema };
  if (tool.description !== undefined) source.description = tool.description;
  return { tool: source, names };
}
