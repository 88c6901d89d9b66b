import { emitLegacy } from "../emit/legacy.js";
import { createRenderer } from "../emit/templates.js";
import { defineOutput } from "./output.js";

export default defineOutput({
  id: "legacy",
  description: "legacy-prompt.txt and legacy.ts: the legacy XML system prompt and its stop sequence",
  rules: ["legacy-tool-count", "legacy-parameter-name"],
  emit: (ctx) => emitLegacy(ctx.tools, createRenderer(ctx.templates)),
});
