import { emitNative } from "../emit/native.js";
import { defineOutput } from "./output.js";

export default defineOutput({
  id: "native",
  description: "tools.json and tools.ts: the Messages API `tools` array",
  needs: ["types"],
  emit: (ctx) => emitNative(ctx.tools),
});
