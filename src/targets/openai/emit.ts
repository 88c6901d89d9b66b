/**
 * The `openai` output: `openai.ts`, every tool of tools.json as OpenAI function tools, for the Chat
 * Completions API (`chatCompletionTools`) and the Responses API (`responsesTools`), and the dispatch
 * adapters over the native dispatcher (`openaiDispatcher`: runtime/openai.ts). Its types are the
 * run time's own, assignable to the `openai` SDK's, so the folder still imports no package.
 * Strict tools (`"strict": true` in the file, or the `openaiStrict` config) are sent with their
 * schema lowered to strict mode (targets/openai/strict.ts) and the plan that maps a `null` back to an absent
 * property; a tool whose schema cannot be lowered faithfully is sent non-strict, with a note (the
 * lint rule `openai-strict-lowerable` says why, when it is on). A strict tool's output schema is lowered
 * the same way (a tool whose output schema cannot be is sent non-strict too).
 * The Responses tools carry what the installed `openai` (7.57, resources/responses/responses.d.ts
 * `FunctionTool`) takes beyond the Chat Completions ones: `output_schema` (the tool file's),
 * `allowed_callers` (Claude's callers mapped: `direct`, and `programmatic` for code execution) and
 * `defer_loading`. With the `openaiNamespaces` config, the config's toolsets are also written as
 * `namespace` tools (`NamespaceTool`), `responsesNamespaces`.
 */
import type { BundledTool, GeneratedFile } from "../../model.js";
import { tsString } from "../../emit/names.js";
import type { ResolvedToolset } from "../../toolsets/resolve.js";
import { declaredStrict, lowerStrict, type StrictProblem } from "./strict.js";
import { GENERATED_HEADER, toTsLiteral } from "../../emit/literal.js";

/** OpenAI's function-name rule (`FunctionDefinition.name` in the openai SDK: a-z, A-Z, 0-9, _ and -, at most 64). */
export const OPENAI_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

export interface OpenAIEmitOptions {
  /** Every tool strict (the `openaiStrict` config), not only those whose file says `"strict": true`. */
  strictAll: boolean;
  /** The config's toolsets, written as Responses `namespace` tools (the `openaiNamespaces` config); none: not written. */
  namespaces: readonly ResolvedToolset[];
  note(text: string): void;
}

/** The first errors of a lowering, as a note words them. */
function loweringErrors(problems: readonly StrictProblem[]): string | undefined {
  const errors = problems.filter((p) => p.severity === "error");
  if (errors.length === 0) return undefined;
  return `${errors[0]!.pointer || "/"}: ${errors[0]!.message}${errors.length > 1 ? `; and ${errors.length - 1} more` : ""}`;
}

export function emitOpenAI(tools: readonly BundledTool[], options: OpenAIEmitOptions): GeneratedFile[] {
  const strict: string[] = [];
  const outputs: string[] = [];
  for (const tool of tools) {
    const output = tool.bundledOutputSchema;
    if (options.strictAll || declaredStrict(tool)) {
      const lowered = lowerStrict(tool.bundledSchema);
      const loweredOutput = output === undefined ? undefined : lowerStrict(output);
      const inputErrors = loweringErrors(lowered.problems);
      const outputErrors = loweredOutput === undefined ? undefined : loweringErrors(loweredOutput.problems);
      if (inputErrors === undefined && outputErrors === undefined) {
        strict.push(`  [${tsString(tool.name)}, {\n    parameters: ${toTsLiteral(lowered.schema, "  ", 2)},\n    plan: ${toTsLiteral(lowered.plan, "  ", 2)},\n  }],`);
        if (loweredOutput !== undefined) outputs.push(`  [${tsString(tool.name)}, ${toTsLiteral(loweredOutput.schema, "  ", 1)}],`);
        continue;
      }
      const which = inputErrors !== undefined ? `its schema cannot be lowered to strict mode (${inputErrors})` : `its output schema cannot be lowered to strict mode (${outputErrors})`;
      options.note(`openai: the tool '${tool.name}' is sent non-strict: ${which}`);
    }
    if (output !== undefined) outputs.push(`  [${tsString(tool.name)}, ${toTsLiteral(output, "  ", 1)}],`);
  }
  const lines = [
    `// ${GENERATED_HEADER}`,
    `// OpenAI function tools: Chat Completions and Responses API \`tools\`, and the dispatch adapters.`,
    `import { createOpenAIDispatcher, responsesCallers } from "./runtime/openai.js";`,
    `import type {`,
    `  ChatCompletionFunctionTool,`,
    `  OpenAIDispatcher,`,
    `  OpenAIParameters,`,
    `  ResponsesFunctionTool,`,
    ...(options.namespaces.length > 0 ? [`  ResponsesNamespaceTool,`] : []),
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
    `  ResponsesCaller,`,
    `  ResponsesFunctionTool,`,
    ...(options.namespaces.length > 0 ? [`  ResponsesNamespaceTool,`] : []),
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
    `/**`,
    ` * The output schemas (the tool files' \`output_schema\`): the JSON value each tool's text output encodes,`,
    ` * lowered as its parameters are when the tool is strict.`,
    ` */`,
    ...(outputs.length === 0
      ? [`const outputSchemas = new Map<string, OpenAIParameters>();`]
      : [`const outputSchemas = new Map<string, OpenAIParameters>([`, ...outputs, `]);`]),
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
    `/**`,
    ` * Pass as the \`tools\` of a Responses API request (\`client.responses.create\`). Each tool also carries its`,
    ` * output schema, who may call it (\`allowed_callers\`: \`programmatic\` for Claude's code execution callers)`,
    ` * and \`defer_loading\`, where its file (or the deferLoading config) gives them.`,
    ` */`,
    `export const responsesTools: ResponsesFunctionTool[] = tools.map((t) => {`,
    `  const s = strict.get(t.name);`,
    `  const tool: ResponsesFunctionTool = {`,
    `    type: "function",`,
    `    name: t.name,`,
    `    parameters: s?.parameters ?? t.input_schema,`,
    `    strict: s !== undefined,`,
    `  };`,
    `  if (t.description !== undefined) tool.description = t.description;`,
    `  const output = outputSchemas.get(t.name);`,
    `  if (output !== undefined) tool.output_schema = output;`,
    `  if (t.allowed_callers !== undefined) tool.allowed_callers = responsesCallers(t.allowed_callers);`,
    `  if (t.defer_loading !== undefined) tool.defer_loading = t.defer_loading;`,
    `  return tool;`,
    `});`,
    ``,
    ...(options.namespaces.length === 0 ? [] : namespaceLines(options.namespaces)),
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

/** openai.ts's `responsesNamespaces`: each toolset as a namespace tool, then the tools in no toolset. */
function namespaceLines(sets: readonly ResolvedToolset[]): string[] {
  const grouped = [...new Set(sets.flatMap((set) => set.tools))].sort();
  return [
    `/** One toolset as a Responses \`namespace\` tool: its entries of responsesTools, under its name. */`,
    `function namespace(name: string, members: readonly string[]): ResponsesNamespaceTool {`,
    `  const tools = responsesTools.filter((t) => members.includes(t.name));`,
    `  return { type: "namespace", name, description: \`The tools of the '\${name}' toolset.\`, tools };`,
    `}`,
    ``,
    `/** The tools of some toolset: the others are sent outside any namespace. */`,
    `const grouped: ReadonlySet<string> = new Set([`,
    ...grouped.map((t) => `  ${tsString(t)},`),
    `]);`,
    ``,
    `/**`,
    ` * Pass as the \`tools\` of a Responses API request instead of responsesTools: the config's toolsets as`,
    ` * \`namespace\` tools (openaiNamespaces), each with its tools, then the tools in no toolset. A call arrives`,
    ` * as a \`function_call\` with the tool's name and the namespace's; the adapters dispatch it by the name.`,
    ` */`,
    `export const responsesNamespaces: Array<ResponsesNamespaceTool | ResponsesFunctionTool> = [`,
    ...sets.flatMap((set) => [`  namespace(${tsString(set.name)}, [`, ...set.tools.map((t) => `    ${tsString(t)},`), `  ]),`]),
    `  ...responsesTools.filter((t) => !grouped.has(t.name)),`,
    `];`,
    ``,
  ];
}
