/**
 * The `toolsets` output: toolsets/<name>.ts for each toolset the config names. Opt-in, so a folder
 * without toolsets gets no runtime/toolset.ts; a config with "toolsets" and no "outputs" builds it
 * with the default outputs (`impliedBy`).
 */
import { defineOutput } from "../../outputs/output.js";
import { toolsets } from "../../toolsets/settings.js";

export default defineOutput({
  id: "toolsets",
  description: 'toolsets/<name>.ts: each of the config\'s "toolsets" as its own tools arrays, dispatcher and types (nothing when there are none)',
  optIn: true,
  impliedBy: [toolsets],
  needs: ["index", "native", "types", "validators", "runtime"],
  runtime: ["toolset.ts"],
  provides: [{ kind: "toolset-modules", folder: "toolsets" }],
  emit: async (ctx) => {
    const specs = ctx.setting(toolsets);
    if (specs.length === 0) return [];
    const { resolveToolsets } = await import("../../toolsets/resolve.js");
    const { emitToolset } = await import("../../toolsets/emit.js");
    return resolveToolsets(specs, ctx.tools).map((set) => emitToolset(set, { arrays: ctx.provided("tool-array"), adapters: ctx.provided("dispatcher-adapter"), legacy: ctx.provided("legacy-conversions")[0] }));
  },
});
