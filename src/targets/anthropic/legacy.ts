/** The `legacy` output (legacy-prompt.txt, legacy.ts: the legacy XML system prompt and its stop sequence). */
import { defineOutput } from "../../outputs/output.js";

export default defineOutput({
  id: "legacy",
  description: "legacy-prompt.txt and legacy.ts: the legacy XML system prompt and its stop sequence",
  rules: ["legacy-tool-count", "legacy-parameter-name"],
  provides: [
    {
      kind: "tool-fields",
      title: "Legacy prompt (`legacy-prompt.txt`)",
      files: ["legacy-prompt.txt"],
      fields: {
        annotations: { use: "dropped", why: "the XML prompt format has no place for it" },
        needs_approval: { use: "dropped", why: "the XML prompt format has no place for it" },
        output_schema: { use: "dropped", why: "the XML prompt format has no place for it" },
        allowed_callers: { use: "dropped", why: "the XML prompt format has no place for it" },
        defer_loading: { use: "dropped", why: "no tool search: a deferred tool is in the prompt" },
        input_examples: { use: "dropped", why: "the XML prompt format has no place for it" },
        strict: { use: "dropped", why: "the XML prompt format has no place for it" },
      },
    },
    { kind: "legacy-conversions", module: "legacy", exportName: "legacyConversions" }],
  emit: async (ctx) => {
    const [{ emitLegacy }, { createRenderer }] = await Promise.all([import("./legacy-emit.js"), import("./templates.js")]);
    return emitLegacy(ctx.tools, createRenderer(ctx.templates));
  },
});
