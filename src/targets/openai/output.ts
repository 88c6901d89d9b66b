/** The `openai` output (openai.ts: function tools arrays and dispatch adapters) and its `openaiStrict` setting. */
import { booleanSetting, defineOutput, defineSetting } from "../../outputs/output.js";
import type { ResolvedToolset } from "../../toolsets/resolve.js";
import { toolsets } from "../../toolsets/settings.js";
import { withStrictAll } from "./strict.js";

/** Every tool sent to OpenAI in strict mode, not only those whose file says `"strict": true`; the strict rules then check every tool. */
export const openaiStrict = defineSetting({
  key: "openaiStrict",
  describe: "send every tool to OpenAI in strict mode (the openai output), not only those whose file says \"strict\": true (true/false) [default: false]",
  default: false,
  parse: (value, where) => booleanSetting(value, where, "openaiStrict"),
  rules: (value, rules) => withStrictAll(rules, value),
});

/** The config's toolsets also written as Responses API `namespace` tools (openai.ts's `responsesNamespaces`). */
export const openaiNamespaces = defineSetting({
  key: "openaiNamespaces",
  describe: "also write the config's toolsets as OpenAI Responses namespace tools, openai.ts's responsesNamespaces (true/false) [default: false]",
  default: false,
  parse: (value, where) => booleanSetting(value, where, "openaiNamespaces"),
});

/** Opt-in (not in the default outputs): OpenAI function tools and dispatch adapters; imports no package. */
export default defineOutput({
  id: "openai",
  description: "openai.ts: the Chat Completions and Responses API tools arrays (strict mode where asked) and the OpenAI dispatch adapters (opt-in)",
  optIn: true,
  needs: ["index", "native", "types", "validators", "runtime"],
  rules: ["openai-strict-lowerable"],
  runtime: ["openai.ts"],
  provides: [
    { kind: "tool-array", module: "openai", format: "openai-chat", exportName: "chatCompletionTools", local: "folderChatTools", type: "typeof folderChatTools", element: "t", nameOf: "t.function.name", doc: "Chat Completions tools" },
    { kind: "tool-array", module: "openai", format: "openai-responses", exportName: "responsesTools", local: "folderResponsesTools", type: "typeof folderResponsesTools", element: "t", nameOf: "t.name", doc: "Responses API tools" },
    { kind: "dispatcher-adapter", module: "openai", factory: "createOpenAIDispatcherFor", type: "OpenAIDispatcher", typeModule: "openai", exportName: "openaiDispatcher", doc: "OpenAI adapters" },
  ],
  emit: async (ctx) => {
    const { emitOpenAI, OPENAI_NAME } = await import("./emit.js");
    for (const tool of ctx.tools) {
      if (!OPENAI_NAME.test(tool.name)) ctx.note(`the tool name '${tool.name}' breaks OpenAI's function name rule (1-64 characters of a-z A-Z 0-9 _ -)`);
    }
    const specs = ctx.setting(toolsets);
    let namespaces: ResolvedToolset[] = [];
    if (ctx.setting(openaiNamespaces)) {
      if (specs.length === 0) ctx.note(`openai: "openaiNamespaces" is on but the config names no "toolsets": no namespace tools are written`);
      else namespaces = (await import("../../toolsets/resolve.js")).resolveToolsets(specs, ctx.tools);
    }
    return emitOpenAI(ctx.tools, { strictAll: ctx.setting(openaiStrict), namespaces, note: ctx.note });
  },
});
