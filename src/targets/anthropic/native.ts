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
  provides: [
    {
      kind: "tool-fields",
      title: "Messages API (`tools.json`, `tools.ts`)",
      files: ["tools.json"],
      fields: {
        annotations: { use: "dropped", why: "the API's `Tool` has no annotations (an unknown field is a 400)" },
        needs_approval: { use: "dropped", why: "toolgen's own field: the API has no approval step (your loop decides)" },
        output_schema: { use: "dropped", why: "the API's `Tool` has no output schema" },
        allowed_callers: { use: "carried", as: "allowed_callers" },
        defer_loading: { use: "carried", as: "defer_loading" },
        input_examples: { use: "carried", as: "input_examples" },
        strict: { use: "carried", as: "strict" },
      },
    },
  ],
  emit: async (ctx) => (await import("./native-emit.js")).emitNative(ctx.tools, { cacheTools: ctx.setting(cacheTools) }),
});
