/** The `validators` output: each tool's validator, compiled at build time, and the RE2 engine they need. */
import { defineOutput } from "./output.js";

export default defineOutput({
  id: "validators",
  description: "validators/<tool>.ts: each tool's validator, compiled at build time",
  needs: ["runtime"],
  runtime: ["validate.ts"],
  provides: [{ kind: "input-validators", folder: "validators" }],
  emit: async (ctx) => {
    const validators = await ctx.perTool("validator");
    const { validatorCompanions } = await import("../emit/validator-files.js");
    return [...validators, ...validatorCompanions(validators, ctx.vendored)];
  },
});
