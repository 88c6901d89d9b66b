/**
 * The `index` output: index.ts, the dispatch table that binds each tool's handler and validator, over
 * registry.ts (the registry and the handler table, which the MCP server's dispatcher is made from too).
 */
import { defineOutput } from "./output.js";

export default defineOutput({
  id: "index",
  description: "index.ts: the module you import, with the dispatch table",
  needs: ["native", "types", "validators", "runtime"],
  emit: async (ctx) => {
    const { emitIndexModule, emitRegistryModule } = await import("../emit/index-module.js");
    return [
      emitIndexModule(ctx.tools, ctx.names, { legacy: ctx.provided("legacy-conversions").length > 0 }),
      emitRegistryModule(ctx.tools, ctx.names, ctx.handlersImportBase),
    ];
  },
});
