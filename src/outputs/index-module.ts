/** The `index` output: index.ts, the dispatch table that binds each tool's handler and validator. */
import { defineOutput } from "./output.js";

export default defineOutput({
  id: "index",
  description: "index.ts: the module you import, with the dispatch table",
  needs: ["native", "types", "validators", "runtime"],
  emit: async (ctx) => {
    const { emitIndexModule } = await import("../emit/index-module.js");
    return [emitIndexModule(ctx.tools, ctx.names, ctx.handlersImportBase, { legacy: ctx.provided("legacy-conversions").length > 0 })];
  },
});
