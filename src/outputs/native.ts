import { defineOutput } from "./output.js";

export default defineOutput({
  id: "native",
  description: "tools.json and tools.ts: the Messages API `tools` array",
  needs: ["types"],
  emit: async (ctx) => (await import("../emit/native.js")).emitNative(ctx.tools, { cacheTools: ctx.settings.cacheTools }),
});
