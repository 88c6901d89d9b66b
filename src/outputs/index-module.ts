import { emitIndexModule } from "../emit/index-module.js";
import { defineOutput } from "./output.js";

export default defineOutput({
  id: "index",
  description: "index.ts: the module you import, with the dispatch table",
  needs: ["native", "types", "validators", "runtime"],
  emit: (ctx) => [emitIndexModule(ctx.tools, ctx.names, ctx.handlersImportBase, { legacy: ctx.built.has("legacy") })],
});
