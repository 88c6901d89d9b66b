import { defineOutput } from "./output.js";

export default defineOutput({
  id: "validators",
  description: "validators/<tool>.ts: each tool's validator, compiled at build time",
  needs: ["runtime"],
  emit: (ctx) => ctx.perTool("validator"),
});
