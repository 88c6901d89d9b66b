import { defineOutput } from "./output.js";

export default defineOutput({
  id: "types",
  description: "types.ts and types/<tool>.ts: each tool's input type, ToolName and ToolInputs",
  emit: async (ctx) => [...(await ctx.perTool("type")), (await import("../emit/types-index.js")).emitTypesIndex(ctx.tools, ctx.names)],
});
