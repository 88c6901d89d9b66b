/** The `runtime` output: toolgen's run-time sources (src/runtime/) copied into the generated folder. */
import { defineOutput } from "./output.js";

export default defineOutput({
  id: "runtime",
  description: "runtime/*.ts: the dispatcher and the legacy XML parser, copied so the folder needs no package",
  emit: async (ctx) => (await import("../emit/runtime.js")).emitRuntime(ctx.runtime),
});
