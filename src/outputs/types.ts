import { emitTypesIndex } from "../emit/types-index.js";
import { defineOutput } from "./output.js";

export default defineOutput({
  id: "types",
  description: "types.ts and types/<tool>.ts: each tool's input type, ToolName and ToolInputs",
  emit: async (ctx) => [...(await ctx.perTool("type")), emitTypesIndex(ctx.tools, ctx.names)],
});
