/** The `native` output (tools.json, tools.ts: the Messages API `tools` array) and its `cacheTools` setting. */
import { booleanSetting, defineOutput, defineSetting } from "../../outputs/output.js";

/** `cache_control: {type: "ephemeral"}` on the last tool that is not deferred, so the tool list is cached as a prompt prefix. */
export const cacheTools = defineSetting({
  key: "cacheTools",
  describe: "cache_control on the last (not deferred) tool of tools.json/tools.ts, so the tool list is cached as a prompt prefix (true/false) [default: false]",
  default: false,
  parse: (value, where) => booleanSetting(value, where, "cacheTools"),
});

export default defineOutput({
  id: "native",
  description: "tools.json and tools.ts: the Messages API `tools` array",
  needs: ["types"],
  emit: async (ctx) => (await import("./native-emit.js")).emitNative(ctx.tools, { cacheTools: ctx.setting(cacheTools) }),
});
