/** The legacy output's emitter: legacy-prompt.txt and legacy.ts from the Handlebars templates. */
import type { BundledTool, GeneratedFile } from "../../model.js";
import { legacyConversions, legacyPromptView } from "./legacy-view.js";
import { jsonElementLines, jsonParseArrayStatement, templateStatement } from "../../emit/code-lines.js";
import { memoByTool } from "../../emit/tool-memo.js";
import { GENERATED_HEADER } from "../../emit/literal.js";
import type { Renderer } from "./templates.js";

export const LEGACY_STOP_SEQUENCE = "</function_calls>";

/**
 * `legacy-prompt.txt` and `legacy.ts` (the same text as `legacySystemPrompt`, the stop sequence, and
 * `legacyConversions`: how parseFunctionCalls converts each parameter, decided with the prompt's
 * `<type>` by one function, so the two agree).
 */
export function emitLegacy(tools: readonly BundledTool[], render: Renderer): GeneratedFile[] {
  // Per tool, memoised (tool-memo.ts): a watch rebuild works out the changed tool's view and conversions only.
  const prompt = render("legacy-prompt", { tools: tools.map((t) => memoByTool("legacy-view", t, () => legacyPromptView([t]).tools[0]!)) });
  const conversions = tools.map((t) => memoByTool("legacy-conversions", t, () => legacyConversions([t])[0]!));
  const conversionJson = (i: number): string =>
    memoByTool("legacy-conversions-json", tools[i]!, () => JSON.stringify(conversions[i], null, 2).replace(/\n/g, "\n  "));
  const ts =
    `// ${GENERATED_HEADER}\n\n` +
    `import type { LegacyConversions } from "./runtime/legacy.js";\n\n` +
    `/** The legacy system prompt: every tool as a <tool_description>, in name order. */\n` +
    `${templateStatement("export const legacySystemPrompt: string = ", prompt, ";")}\n\n` +
    `/** Pass as a stop sequence: the model's text then ends where its <function_calls> block would close. */\n` +
    `export const LEGACY_STOP_SEQUENCE = ${JSON.stringify(LEGACY_STOP_SEQUENCE)};\n\n` +
    `/** How parseFunctionCalls converts each parameter's text: the JSON types the prompt announces for it. */\n` +
    // JSON text, not an array literal: TypeScript type-checks a literal of thousands of entries slowly.
    // (The same text as jsonParseStatement over the array, each tool's lines memoised: code-lines.ts.)
    `${jsonParseArrayStatement("export const legacyConversions: LegacyConversions = ", conversions.map((_, i) => conversionJson(i)), ";", (i, last) =>
      memoByTool(last ? "legacy-conversions-ts-last" : "legacy-conversions-ts", tools[i]!, () => jsonElementLines(conversionJson(i), last)),
    )}\n`;
  return [
    { root: "out", path: "legacy-prompt.txt", contents: prompt, ownership: "generated" },
    { root: "out", path: "legacy.ts", contents: ts, ownership: "generated" },
  ];
}
