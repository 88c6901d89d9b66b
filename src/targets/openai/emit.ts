/**
 * The `openai` output: `openai.ts`, every tool of tools.json as OpenAI function tools, for the Chat
 * Completions API (`chatCompletionTools`) and the Responses API (`responsesTools`), and the dispatch
 * adapters over the native dispatcher (`openaiDispatcher`: runtime/openai.ts). Its types are the
 * run time's own, assignable to the `openai` SDK's, so the folder still imports no package.
 * Strict tools (`"strict": true` in the file, or the `openaiStrict` config) are sent with their
 * schema lowered to strict mode (targets/openai/strict.ts) and the plan that maps a `null` back to an absent
 * property; a tool whose schema cannot be lowered faithfully is sent non-strict, with a note (the
 * lint rule `openai-strict-lowerable` says why, when it is on).
 */
import type { BundledTool, GeneratedFile } from "../../model.js";
import { tsString } from "../../emit/names.js";
import { declaredStrict, lowerStrict } from "./strict.js";
import { GENERATED_HEADER, toTsLiteral } from "../../emit/literal.js";

/** OpenAI's function-name rule (`FunctionDefinition.name` in the openai SDK: a-z, A-Z, 0-9, _ and -, at most 64). */
export const OPENAI_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

export interface OpenAIEmitOptions {
  /** Every tool strict (the `openaiStrict` config), not only those whose file says `"strict": true`. */
  strictAll: boolean;
  note(text: string): void;
}

export function emitOpenAI(tools: readonly BundledTool[], options: OpenAIEmitOptions): GeneratedFile[] {
  const strict: string[] = [];
  for (const tool of tools) {
    if (!options.strictAll && !declaredStrict(tool)) continue;
    const lowered = lowerStrict(tool.bundledSchema);
    const errors = lowered.problems.filter((p) => p.severity === "error");
    if (errors.length > 0) {
      options.note(`openai: the tool '${tool.name}' is sent non-strict: its schema cannot be lowered to strict mode (${errors[0]!.pointer || "/"}: ${errors[0]!.message}${errors.length > 1 ? `; and ${errors.length - 1} more` : ""})`);
      continue;
    }
    strict.push(`  [${tsString(tool.name)}, {\n    parameters: ${toTsLiteral(lowered.schema, "  ", 2)},\n    plan: ${toTsLiteral(lowered.plan, "  ", 2)},\n  }],`);
  }
  const lines = [
    `// ${GENERATED_HEADER}`,
    `// OpenAI function tools: Chat Completions and Responses API \`tools\`, and the dispatch adapters.`,
    `import { createOpenAIDispatcher } from "./runtime/openai.js";`,
    `import type {`,
    `  ChatCompletionFunctionTool,`,
    `  OpenAIDispatcher,`,
    `  OpenAIParameters,`,
    `  ResponsesFunctionTool,`,
    `  StrictPlan,`,
    `} from "./runtime/openai.js";`,
    `import type { Dispatcher } from "./runtime/dispatch.js";`,
    `import { dispatcher } from "./index.js";`,
    `import { tools } from "./tools.js";`,
    ``,
    `export type {`,
    `  ChatCompletionFunctionTool,`,
    `  ChatToolMessage,`,
    `  FunctionCallOutput,`,
    `  OpenAIDispatcher,`,
    `  ResponsesFunctionTool,`,
    `} from "./runtime/openai.js";`,
    ``,
    `/**`,
    ` * The strict tools: the schema sent to OpenAI (lowered: every property required, the optional ones`,
    ` * nullable, every object closed) and where a null stands for an absent property.`,
    ` */`,
    ...(strict.length === 0
      ? [`const strict = new Map<string, { parameters: OpenAIParameters; plan: StrictPlan }>();`]
      : [`const strict = new Map<string, { parameters: OpenAIParameters; plan: StrictPlan }>([`, ...strict, `]);`]),
    ``,
    `/** The strict tools' plans, by tool name (what the adapters normalise a strict call's arguments by). */`,
    `export const strictPlans: ReadonlyMap<string, StrictPlan> = new Map([...strict].map(([name, s]) => [name, s.plan]));`,
    ``,
    `/** Pass as the \`tools\` of a Chat Completions request (\`client.chat.completions.create\`). */`,
    `export const chatCompletionTools: ChatCompletionFunctionTool[] = tools.map((t) => {`,
    `  const s = strict.get(t.name);`,
    `  const fn: ChatCompletionFunctionTool["function"] = {`,
    `    name: t.name,`,
    `    parameters: s?.parameters ?? t.input_schema,`,
    `    strict: s !== undefined,`,
    `  };`,
    `  if (t.description !== undefined) fn.description = t.description;`,
    `  return { type: "function", function: fn };`,
    `});`,
    ``,
    `/** Pass as the \`tools\` of a Responses API request (\`client.responses.create\`). */`,
    `export const responsesTools: ResponsesFunctionTool[] = chatCompletionTools.map(({ function: fn }) => {`,
    `  const tool: ResponsesFunctionTool = { type: "function", name: fn.name, parameters: fn.parameters, strict: fn.strict };`,
    `  if (fn.description !== undefined) tool.description = fn.description;`,
    `  return tool;`,
    `});`,
    ``,
    `/** The OpenAI adapters over a dispatcher of yours (\`createDispatcher(handlers)\` from index.ts). */`,
    `export function createOpenAIDispatcherFor(native: Dispatcher): OpenAIDispatcher {`,
    `  return createOpenAIDispatcher(native, strictPlans);`,
    `}`,
    ``,
    `/**`,
    ` * The adapters over the ready dispatcher (the handler files): \`toolMessages(message.tool_calls)\` for`,
    ` * Chat Completions, \`functionCallOutputs(response.output)\` for the Responses API.`,
    ` */`,
    `export const openaiDispatcher: OpenAIDispatcher = createOpenAIDispatcher(dispatcher, strictPlans);`,
  ];
  return [{ root: "out", path: "openai.ts", contents: lines.join("\n") + "\n", ownership: "generated" }];
}
