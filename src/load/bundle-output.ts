/**
 * MCP output schemas (`output_schema`, or `outputSchema`, in a tool file: see targets/mcp/emit.ts) bundled
 * like input schemas (bundle.ts): external `$ref`s copied into the output schema's own `$defs`, local
 * ones (`#/...`, relative to the output schema, as an MCP client reads it) checked and kept. The `mcp`
 * output advertises, validates and types the bundled schema, so it is self-contained.
 */
import type { BundledTool, JsonObject, ToolSpec } from "../model.js";
import type { RefProblem } from "./problems.js";
import { isPlainObject } from "../schema/pointer.js";
import { bundleTool, type FileLookup } from "./bundle.js";

/** The tool with `bundledOutputSchema` when it has an output schema (unchanged otherwise), or the reasons it cannot be bundled. */
export async function withBundledOutputSchema(tool: BundledTool, lookup: FileLookup): Promise<{ tool?: BundledTool; problems: RefProblem[] }> {
  const root = outputSchemaOf(tool);
  if (root === undefined) return { tool, problems: [] };
  const result = await bundleTool(tool, lookup, root);
  if (!result.tool) return { problems: result.problems };
  return { tool: { ...tool, bundledOutputSchema: result.tool.bundledSchema }, problems: result.problems };
}

/** The output schema of a tool's file and its pointer there, or `undefined` when it has none. */
export function outputSchemaOf(tool: ToolSpec): { schema: JsonObject; pointer: string } | undefined {
  return outputSchemaIn(tool.source.data);
}

/** The output schema of a tool file's parsed document (`output_schema`, or MCP's `outputSchema`) and its pointer there. */
export function outputSchemaIn(data: unknown): { schema: JsonObject; pointer: string } | undefined {
  if (!isPlainObject(data)) return undefined;
  const key = isPlainObject(data["output_schema"]) ? "output_schema" : isPlainObject(data["outputSchema"]) ? "outputSchema" : undefined;
  return key === undefined ? undefined : { schema: data[key] as JsonObject, pointer: `/${key}` };
}
