/**
 * The `ai-sdk` output: `ai-sdk.ts`, a `tools` record of the AI SDK's `tool()`s, one per tool, for
 * `generateText({ model, tools, prompt })`, `streamText` and `ToolLoopAgent`. Each tool's
 * `inputSchema` is its Standard Schema (standard-schema.ts: the build-time validator, dispatch's repair
 * and messages; the AI SDK reads its draft-07 JSON Schema), `outputSchema` its output schema where the
 * tool file has one, and `execute` runs the handler file through a dispatcher (runtime/framework.ts),
 * with the AI SDK's call id, abort signal and context: `createAiSdkTools(dispatcher)`, and `tools` over
 * the ready `dispatcher` of index.ts. `toModelOutput` maps a handler's blocks by the AI SDK's
 * `BlockFormat` (the runtime's one mapper). `description`,
 * `strict`, `inputExamples` and `deferLoading` come from the tool file's fields (tools.ts). A failed
 * call throws toolgen's message, which the AI SDK sends back to the model as the call's error.
 * `toolApproval` is AI SDK 7's approval option for the tools whose file says `needs_approval`.
 * With the `search` output built too, the file also wires the AI SDK's `toolSearch()` to search.ts
 * (search.ts in this folder). Only this file imports `ai`.
 */
import type { BundledTool, GeneratedFile } from "../../model.js";
import { tsString } from "../../emit/names.js";
import { GENERATED_HEADER } from "../../emit/literal.js";
import { MAX_LINE } from "../../emit/code-lines.js";
import { layoutExpression } from "../../emit/expression-layout.js";
import { outputSchemaOf } from "../../outputs/standard-schema-emit.js";
import { aiSdkSearchLines, SEARCH_IMPORTS } from "./search.js";

/** An object literal's key for a tool name: `"__proto__"` written plainly would set the prototype. */
function propKey(name: string): string {
  return name === "__proto__" ? `["__proto__"]` : tsString(name);
}

/** `search`: the search output is built too, so ai-sdk.ts also wires the AI SDK's tool search to it (search.ts here). */
export function emitAiSdk(tools: readonly BundledTool[], options: { search: boolean } = { search: false }): GeneratedFile {
  const withOutput = tools.filter((t) => outputSchemaOf(t) !== undefined);
  const approval = tools.filter((t) => t.fields?.needs_approval === true);
  const entry = (t: BundledTool): string[] => {
    const name = tsString(t.name);
    // `execute: (input, options) => call,`, the call on a line of its own when a long name takes it past 120.
    const execute = (call: string): string =>
      `      execute: (input, options) => ${call},`.length <= MAX_LINE
        ? `      execute: (input, options) => ${call},`
        : `      execute: (input, options) =>\n        ${layoutExpression(call, 8, "        ", ",")}`;
    const hasOutput = withOutput.includes(t);
    return [
      `    ${propKey(t.name)}: tool({`,
      `      ...fieldsOf(${name}),`,
      `      inputSchema: standardSchemas[${name}],`,
      ...(hasOutput
        ? [`      outputSchema: standardOutputSchemas[${name}],`, execute(`runValue<ToolOutputs[${name}]>(native, ${name}, input, options)`)]
        : [execute(`run(native, ${name}, input, options)`)]),
      `      toModelOutput,`,
      `    }),`,
    ];
  };
  const lines = [
    `// ${GENERATED_HEADER}`,
    `// The tools for the AI SDK (\`ai\` 7): \`generateText({ model, tools, prompt })\`. Each tool's input schema is its`,
    `// Standard Schema (standard-schema.ts), and \`execute\` runs its handler file through the dispatcher.`,
    ...(options.search ? [
          `// toolsWithSearch: the AI SDK's toolSearch() ranked by the generated search (search.ts), the tools`,
          `// deferred until found.`,
        ] : []),
    options.search ? SEARCH_IMPORTS.ai : `import { tool, type Tool, type ToolApprovalStatus } from "ai";`,
    `import { dispatcher } from "./index.js";`,
    `import type { AbortSignalLike, Dispatcher, ToolResultContent } from "./runtime/dispatch.js";`,
    `import { frameworkBlocks, isContentBlocks, runFrameworkCall, ToolCallFailed } from "./runtime/framework.js";`,
    withOutput.length > 0
      ? `import { frameworkValue, type BlockFormat } from "./runtime/framework.js";`
      : `import type { BlockFormat } from "./runtime/framework.js";`,
    ...(options.search ? [SEARCH_IMPORTS.search] : []),
    `import { ${withOutput.length > 0 ? "standardOutputSchemas, standardSchemas, type ToolOutputs" : "standardSchemas"} } from "./standard-schema.js";`,
    `import { tools as definitions } from "./tools.js";`,
    `import type { ToolInputs, ToolName } from "./types.js";`,
    ``,
    `/** What the model reads of a tool's result (the AI SDK's \`ToolResultOutput\`). */`,
    `type ModelOutput = Awaited<ReturnType<NonNullable<Tool["toModelOutput"]>>>;`,
    ``,
    `/** A handler's text and image blocks as the AI SDK's content parts (an image as a file). */`,
    `const blocks: BlockFormat<Extract<ModelOutput, { type: "content" }>["value"][number]> = {`,
    `  text: (text) => ({ type: "text", text }),`,
    `  image: ({ data, mediaType }) => ({ type: "file", mediaType, data: { type: "data", data } }),`,
    `};`,
    ``,
    `/** What the AI SDK hands \`execute\` besides the input (its \`ToolExecutionOptions\`), as far as a handler sees it. */`,
    `export interface AiSdkCallOptions {`,
    `  /** The handler's \`context.toolUseId\`. */`,
    `  toolCallId: string;`,
    `  /** Aborts the handler's \`context.signal\`; the call is answered "aborted". */`,
    `  abortSignal?: AbortSignalLike | undefined;`,
    `  /** The handler's \`context.context\`: the AI SDK's tool context. */`,
    `  context?: unknown;`,
    `}`,
    ``,
    `/**`,
    ` * The fields of a tool file the AI SDK's \`tool()\` takes: the description, \`strict\`, the input examples,`,
    ` * \`deferLoading\`.`,
    ` */`,
    `interface ToolFields<N extends ToolName> {`,
    `  description?: string;`,
    `  strict?: boolean;`,
    `  inputExamples?: Array<{ input: ToolInputs[N] }>;`,
    `  deferLoading?: boolean;`,
    `}`,
    ``,
    `const byName = new Map(definitions.map((d) => [d.name, d]));`,
    ``,
    `/** A tool's fields as tools.ts has them (its examples were checked against its schema by toolgen's lint). */`,
    `function fieldsOf<N extends ToolName>(name: N): ToolFields<N> {`,
    `  const d = byName.get(name);`,
    `  const fields: ToolFields<N> = {};`,
    `  if (d === undefined) return fields;`,
    `  if (d.description !== undefined) fields.description = d.description;`,
    `  if (d.strict !== undefined) fields.strict = d.strict;`,
    `  if (d.input_examples !== undefined) {`,
    `    fields.inputExamples = d.input_examples.map((input: unknown) => ({ input: input as ToolInputs[N] }));`,
    `  }`,
    `  if (d.defer_loading !== undefined) fields.deferLoading = d.defer_loading;`,
    `  return fields;`,
    `}`,
    ``,
    `/**`,
    ` * Runs one call through \`native\`: the handler's content, or toolgen's message thrown for the AI SDK to`,
    ` * send back.`,
    ` */`,
    `async function run(`,
    `  native: Dispatcher,`,
    `  name: ToolName,`,
    `  input: unknown,`,
    `  options: AiSdkCallOptions,`,
    `): Promise<ToolResultContent> {`,
    `  const call = {`,
    `    toolName: name,`,
    `    input,`,
    `    callId: options.toolCallId,`,
    `    signal: options.abortSignal,`,
    `    context: options.context,`,
    `  };`,
    `  const outcome = await runFrameworkCall(native, call);`,
    `  if (!outcome.ok) throw new ToolCallFailed(outcome.message);`,
    `  return outcome.content ?? "";`,
    `}`,
    ``,
    // Only with a tool that has an output schema: a user's tsconfig with noUnusedLocals checks the generated files too.
    ...(withOutput.length > 0
      ? [
          `/** A tool with an output schema: its handler's value (dispatch's JSON text of it, read back), typed by the schema. */`,
          `async function runValue<O>(native: Dispatcher, name: ToolName, input: unknown, options: AiSdkCallOptions): Promise<O> {`,
          `  return frameworkValue(await run(native, name, input, options)) as O;`,
          `}`,
          ``,
        ]
      : []),
    `/** What the model reads of a result: text as text, a handler's text and image blocks as content, a value as JSON. */`,
    `function toModelOutput({ output }: { output: unknown }): ModelOutput {`,
    `  if (typeof output === "string") return { type: "text", value: output };`,
    `  if (isContentBlocks(output)) return { type: "content", value: frameworkBlocks(output, blocks) };`,
    `  return { type: "json", value: JSON.parse(JSON.stringify(output ?? null)) };`,
    `}`,
    ``,
    `/**`,
    ` * The tools over a dispatcher of yours (\`createDispatcher(handlers)\` from index.ts). A handler's`,
    ` * \`context.toolUseId\` is the AI SDK's call id, its \`context.signal\` the call's abort signal, its`,
    ` * \`context.context\` the AI SDK's tool context.`,
    ` */`,
    `export function createAiSdkTools(native: Dispatcher) {`,
    `  return {`,
    ...tools.flatMap(entry),
    `  };`,
    `}`,
    ``,
    `/** One AI SDK tool per tool, by tool name. */`,
    `export type AiSdkTools = ReturnType<typeof createAiSdkTools>;`,
    ``,
    `/**`,
    ` * The tools over the ready dispatcher (the handler files): pass as \`tools\` to \`generateText\`,`,
    ` * \`streamText\` or \`new ToolLoopAgent\`, with \`toolApproval\` below.`,
    ` */`,
    `export const tools: AiSdkTools = createAiSdkTools(dispatcher);`,
    ``,
    `/**`,
    ` * The tools whose file says \`"needs_approval": true\`: pass as \`toolApproval\` beside \`tools\`, the AI SDK 7 option`,
    ` * (tool()'s own \`needsApproval\` is deprecated). The run then stops at such a call with a \`tool-approval-request\``,
    ` * and runs it only once the next call's messages approve it.`,
    ` */`,
    ...(approval.length === 0
      ? [`export const toolApproval: { readonly [N in keyof typeof tools]?: ToolApprovalStatus } = {};`]
      : [
          `export const toolApproval: { readonly [N in keyof typeof tools]?: ToolApprovalStatus } = {`,
          ...approval.map((t) => `  ${propKey(t.name)}: "user-approval",`),
          `};`,
        ]),
    ...(options.search ? aiSdkSearchLines() : []),
  ];
  return { root: "out", path: "ai-sdk.ts", contents: lines.join("\n") + "\n", ownership: "generated" };
}
