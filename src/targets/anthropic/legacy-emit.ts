/** The legacy output's emitter: legacy-prompt.txt and legacy.ts from the Handlebars templates. */
import type { BundledTool, GeneratedFile } from "../../model.js";
import { legacyConversions, legacyPromptView } from "./legacy-view.js";
import { templateStatement } from "../../emit/code-lines.js";
import { memoByTool } from "../../emit/tool-memo.js";
import { GENERATED_HEADER } from "../../emit/literal.js";
import { tsString } from "../../emit/names.js";
import type { Renderer } from "./templates.js";

export const LEGACY_STOP_SEQUENCE = "</function_calls>";

/**
 * legacy.ts's second line. The file is data whose declared types are what importers see: checked, an
 * array literal of thousands of entries would give every node a type of its own (about ten types a
 * tool, measured; test/emit/typecheck-cost.test.ts holds the file to at most one).
 */
const DATA_NOCHECK = "// @ts-nocheck: data only, typed by its declarations (a literal this size is slow to type-check).";

type Kinds = readonly string[];

/**
 * One tool's element of the `legacyConversions` array literal (with its comma): on one line when it
 * fits in 120 columns, else one parameter a line.
 */
function conversionElement(
  name: string,
  conversion: { parameters: readonly (readonly [string, Kinds])[]; additional?: Kinds | undefined },
): string {
  const kinds = (k: Kinds): string => `[${k.map(tsString).join(", ")}]`;
  const param = ([p, k]: readonly [string, Kinds]): string => `[${tsString(p)}, ${kinds(k)}]`;
  const { parameters, additional } = conversion;
  const extra = additional === undefined ? "" : `, additional: ${kinds(additional)}`;
  const one = `  [${tsString(name)}, { parameters: [${parameters.map(param).join(", ")}]${extra} }],`;
  if (one.length <= 120) return one;
  const paramLines = (p: readonly [string, Kinds]): string[] => {
    const line = `        ${param(p)},`;
    return line.length <= 120 ? [line] : [`        [`, `          ${tsString(p[0])},`, `          ${kinds(p[1])},`, `        ],`];
  };
  return [
    `  [`,
    `    ${tsString(name)},`,
    `    {`,
    ...(parameters.length === 0 ? [`      parameters: [],`] : [`      parameters: [`, ...parameters.flatMap(paramLines), `      ],`]),
    ...(additional === undefined ? [] : [`      additional: ${kinds(additional)},`]),
    `    },`,
    `  ],`,
  ].join("\n");
}

/**
 * `legacy-prompt.txt` and `legacy.ts` (the same text as `legacySystemPrompt`, the stop sequence, and
 * `legacyConversions`: how parseFunctionCalls converts each parameter, decided with the prompt's
 * `<type>` by one function, so the two agree).
 */
export function emitLegacy(tools: readonly BundledTool[], render: Renderer): GeneratedFile[] {
  // Per tool, memoised (tool-memo.ts): a watch rebuild works out the changed tool's view and conversions only.
  const prompt = render("legacy-prompt", { tools: tools.map((t) => memoByTool("legacy-view", t, () => legacyPromptView([t]).tools[0]!)) });
  const conversions = tools.map((t) => memoByTool("legacy-conversions", t, () => legacyConversions([t])[0]!));
  const elements = tools.map((t, i) => memoByTool("legacy-conversions-ts", t, () => conversionElement(...conversions[i]!)));
  const ts =
    `// ${GENERATED_HEADER}\n${DATA_NOCHECK}\n\n` +
    `import type { LegacyConversions } from "./runtime/legacy.js";\n\n` +
    `/** The legacy system prompt: every tool as a <tool_description>, in name order. */\n` +
    `${templateStatement("export const legacySystemPrompt: string = ", prompt, ";")}\n\n` +
    `/** Pass as a stop sequence: the model's text then ends where its <function_calls> block would close. */\n` +
    `export const LEGACY_STOP_SEQUENCE = ${JSON.stringify(LEGACY_STOP_SEQUENCE)};\n\n` +
    `/** How parseFunctionCalls converts each parameter's text: the JSON types the prompt announces for it. */\n` +
    // An array literal, each tool's element memoised; not type-checked (DATA_NOCHECK).
    (elements.length === 0
      ? `export const legacyConversions: LegacyConversions = [];\n`
      : `export const legacyConversions: LegacyConversions = [\n${elements.join("\n")}\n];\n`);
  return [
    { root: "out", path: "legacy-prompt.txt", contents: prompt, ownership: "generated" },
    { root: "out", path: "legacy.ts", contents: ts, ownership: "generated" },
  ];
}
