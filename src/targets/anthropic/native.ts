import { defineOutput } from "../../outputs/output.js";

export default defineOutput({
  id: "native",
  description: "tools.json and tools.ts: the Messages API `tools` array",
  needs: ["types"],
  emit: async (ctx) => (await import("./native-emit.js")).emitNative(ctx.tools, { cacheTools: ctx.settings.cacheTools }),
});
