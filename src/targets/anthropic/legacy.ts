/** The `legacy` output (legacy-prompt.txt, legacy.ts: the legacy XML system prompt and its stop sequence). */
import { defineOutput } from "../../outputs/output.js";

export default defineOutput({
  id: "legacy",
  description: "legacy-prompt.txt and legacy.ts: the legacy XML system prompt and its stop sequence",
  rules: ["legacy-tool-count", "legacy-parameter-name"],
  provides: [{ kind: "legacy-conversions", module: "legacy", exportName: "legacyConversions" }],
  emit: async (ctx) => {
    const [{ emitLegacy }, { createRenderer }] = await Promise.all([import("./legacy-emit.js"), import("./templates.js")]);
    return emitLegacy(ctx.tools, createRenderer(ctx.templates));
  },
});
