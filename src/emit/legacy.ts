import type { BundledTool, GeneratedFile } from "../model.js";
import { legacyPromptView } from "./legacy-view.js";
import { GENERATED_HEADER } from "./literal.js";
import { tsString } from "../names.js";
import type { Renderer } from "./templates.js";

export const LEGACY_STOP_SEQUENCE = "</function_calls>";

/** `legacy-prompt.txt` and `legacy.ts` (the same text as `legacySystemPrompt`, and the stop sequence). */
export function emitLegacy(tools: readonly BundledTool[], render: Renderer): GeneratedFile[] {
  const prompt = render("legacy-prompt", legacyPromptView(tools));
  const ts =
    `// ${GENERATED_HEADER}\n\n` +
    `/** The legacy system prompt: every tool as a <tool_description>, in name order. */\n` +
    `export const legacySystemPrompt: string = ${tsString(prompt)};\n\n` +
    `/** Pass as a stop sequence: the model's text then ends where its <function_calls> block would close. */\n` +
    `export const LEGACY_STOP_SEQUENCE = ${JSON.stringify(LEGACY_STOP_SEQUENCE)};\n`;
  return [
    { root: "out", path: "legacy-prompt.txt", contents: prompt, ownership: "generated" },
    { root: "out", path: "legacy.ts", contents: ts, ownership: "generated" },
  ];
}
