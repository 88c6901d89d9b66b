import { defineOutput } from "../../outputs/output.js";

/** Opt-in (not in the default outputs): OpenAI function tools and dispatch adapters; imports no package. */
export default defineOutput({
  id: "openai",
  description: "openai.ts: the Chat Completions and Responses API tools arrays (strict mode where asked) and the OpenAI dispatch adapters (opt-in)",
  optIn: true,
  needs: ["index", "native", "types", "validators", "runtime"],
  rules: ["openai-strict-lowerable"],
  runtime: ["openai.ts"],
  emit: async (ctx) => {
    const { emitOpenAI, OPENAI_NAME } = await import("./emit.js");
    for (const tool of ctx.tools) {
      if (!OPENAI_NAME.test(tool.name)) ctx.note(`the tool name '${tool.name}' breaks OpenAI's function name rule (1-64 characters of a-z A-Z 0-9 _ -)`);
    }
    return emitOpenAI(ctx.tools, { strictAll: ctx.settings.openaiStrict, note: ctx.note });
  },
});
