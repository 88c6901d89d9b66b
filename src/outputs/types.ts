/** The `types` output: each tool's input type (json-schema-to-typescript) and the ToolInputs map. */
import { defineOutput } from "./output.js";

export default defineOutput({
  id: "types",
  description: "types.ts and types/<tool>.ts: each tool's input type, ToolName and ToolInputs",
  emit: async (ctx) => {
    const { emitTypesIndex, removedToolUses } = await import("../emit/types-index.js");
    // Tools that handler files still name but no schema defines keep a deprecated entry, so the project compiles.
    return [...(await ctx.perTool("type")), emitTypesIndex(ctx.tools, ctx.names, removedToolUses(ctx.tools, ctx.handlers))];
  },
});
