/**
 * The `openai-agents` output: `openai-agents.ts`, every tool as a `tool()` of the OpenAI Agents SDK
 * (`@openai/agents`), for `new Agent({ name, instructions, tools })`. The parameters and `strict` are
 * the openai output's (openai.ts `responsesTools`: toolgen's strict lowering, where a tool's file says
 * `"strict": true` or the config says `openaiStrict`), and so are `outputSchema`, `allowedCallers` and
 * `deferLoading` (its `output_schema`, `allowed_callers` and `defer_loading`, which the SDK's Responses
 * model sends as they are: @openai/agents-openai 0.20 openaiResponsesModel.js `convertTool`);
 * `needsApproval` is the tool file's `needs_approval`. `execute` runs the call through a dispatcher (runtime/framework.ts): a
 * strict call's `null`s mapped back to absent properties by the strict plan, then dispatch's
 * validation, repair, handler and messages; a failed call reaches the model with toolgen's message
 * (through `errorFunction`); a handler's blocks reach it as the SDK's text and image outputs (the
 * runtime's `frameworkContent` with the SDK's `BlockFormat`). `createOpenAIAgentsTools(dispatcher)` makes
 * the tools over a dispatcher, `tools` over the ready one of index.ts.
 */
import type { BundledTool, GeneratedFile } from "../../model.js";
import { tsString } from "../../emit/names.js";
import { GENERATED_HEADER } from "../../emit/literal.js";
import { agentsToolName, DEFAULT_ERROR_TEXT } from "./facts.js";

/** The notes of a build: each name the SDK renames, and names it would make the same. */
export function agentsNameNotes(tools: readonly BundledTool[]): string[] {
  const notes: string[] = [];
  const byName = new Map<string, string[]>();
  for (const tool of tools) {
    const sent = agentsToolName(tool.name);
    if (sent !== tool.name) notes.push(`openai-agents: the tool '${tool.name}' reaches the model as '${sent}' (the OpenAI Agents SDK's tool() turns every character but a-z A-Z 0-9 into _)`);
    byName.set(sent, [...(byName.get(sent) ?? []), tool.name]);
  }
  for (const [sent, names] of byName) {
    if (names.length > 1) notes.push(`openai-agents: the tools ${names.map((n) => `'${n}'`).join(" and ")} all reach the model as '${sent}': the OpenAI Agents SDK cannot tell their calls apart`);
  }
  return notes;
}

export function emitOpenAIAgents(tools: readonly BundledTool[]): GeneratedFile[] {
  const approval = tools.filter((t) => t.fields?.needs_approval === true).map((t) => `  ${tsString(t.name)},`);
  const lines = [
    `// ${GENERATED_HEADER}`,
    `// The OpenAI Agents SDK's tools (@openai/agents tool()): \`new Agent({ name, instructions, tools })\`.`,
    `import { tool } from "@openai/agents";`,
    `import type { JsonSchemaDefinition, RunContext, Tool, ToolAllowedCallers } from "@openai/agents";`,
    `import type { ToolOutputImage, ToolOutputText } from "@openai/agents";`,
    `import { dispatcher } from "./index.js";`,
    `import { responsesTools, strictPlans } from "./openai.js";`,
    `import type { AbortSignalLike, Dispatcher } from "./runtime/dispatch.js";`,
    `import { frameworkContent, frameworkValue, runFrameworkCall, ToolCallFailed } from "./runtime/framework.js";`,
    `import type { BlockFormat } from "./runtime/framework.js";`,
    `import { normaliseStrictInput } from "./runtime/openai.js";`,
    ``,
    `/** What \`execute\` reads of the SDK's details of a call. */`,
    `type CallDetails = { toolCall?: { callId: string }; signal?: AbortSignalLike };`,
    ``,
    `/** The SDK's JSON Schema parameters: strict (every object closed) or not. */`,
    `type StrictParameters = Extract<JsonSchemaDefinition["schema"], { additionalProperties: false }>;`,
    `type LooseParameters = Extract<JsonSchemaDefinition["schema"], { additionalProperties: true }>;`,
    ``,
    `/** What the SDK sends as the tool's Responses \`output_schema\`: a JSON Schema object. */`,
    `type OutputSchema = JsonSchemaDefinition["schema"];`,
    ``,
    `/** The tools whose file says \`"needs_approval": true\`: the run stops for a person's approval before each call. */`,
    ...(approval.length === 0 ? [`const needsApproval: ReadonlySet<string> = new Set();`] : [`const needsApproval: ReadonlySet<string> = new Set([`, ...approval, `]);`]),
    ``,
    `/** A handler's text and image blocks as the SDK's text and image outputs. */`,
    `const blocks: BlockFormat<ToolOutputText | ToolOutputImage> = {`,
    `  text: (text) => ({ type: "text", text }),`,
    `  image: ({ data, mediaType }) => ({ type: "image", image: { data, mediaType } }),`,
    `};`,
    ``,
    `/** What the SDK's default errorFunction sends, whatever the error. */`,
    `const SDK_ERROR_TEXT = ${tsString(DEFAULT_ERROR_TEXT)};`,
    ``,
    `/** toolgen's message for a failed call (invalid input, a handler that threw, a timeout); else the SDK's own text. */`,
    `function errorFunction(_context: RunContext<unknown>, error: unknown): string {`,
    `  return error instanceof ToolCallFailed ? error.message : SDK_ERROR_TEXT;`,
    `}`,
    ``,
    `/**`,
    ` * The tools over a dispatcher of yours (\`createDispatcher(handlers)\` from index.ts). A handler's`,
    ` * \`context.context\` is the run's context (\`run(agent, input, { context })\`), its \`context.signal\` the`,
    ` * run's abort signal, its \`context.toolUseId\` the call id.`,
    ` */`,
    `export function createOpenAIAgentsTools(native: Dispatcher): Tool[] {`,
    `  return responsesTools.map((t): Tool => {`,
    `    const plan = strictPlans.get(t.name);`,
    `    const execute = async (input: unknown, runContext?: RunContext<unknown>, details?: CallDetails) => {`,
    `      const outcome = await runFrameworkCall(native, {`,
    `        toolName: t.name,`,
    `        input: plan === undefined ? input : normaliseStrictInput(input, plan),`,
    `        callId: details?.toolCall?.callId,`,
    `        signal: details?.signal,`,
    `        context: runContext?.context,`,
    `      });`,
    `      if (!outcome.ok) throw new ToolCallFailed(outcome.message);`,
    `      // A tool with an output schema gives its value: the SDK sends it as the JSON text the schema describes.`,
    `      return t.output_schema === undefined`,
    `        ? frameworkContent(outcome.content, blocks)`,
    `        : frameworkValue(outcome.content);`,
    `    };`,
    `    const approval = needsApproval.has(t.name);`,
    `    const common = { name: t.name, description: t.description ?? "", needsApproval: approval, execute, errorFunction };`,
    `    // The Responses fields openai.ts gives the tool: its output schema, who may call it, whether it is deferred.`,
    `    const [caller, ...callers] = t.allowed_callers ?? [];`,
    `    const responses = {`,
    `      ...(t.output_schema === undefined ? {} : { outputSchema: t.output_schema as OutputSchema }),`,
    `      ...(caller === undefined ? {} : { allowedCallers: [caller, ...callers] satisfies ToolAllowedCallers }),`,
    `      ...(t.defer_loading === undefined ? {} : { deferLoading: t.defer_loading }),`,
    `    };`,
    `    return t.strict`,
    `      ? tool({ ...common, ...responses, parameters: t.parameters as StrictParameters, strict: true })`,
    `      : tool({ ...common, ...responses, parameters: t.parameters as LooseParameters, strict: false });`,
    `  });`,
    `}`,
    ``,
    `/** The tools over the ready dispatcher (the handler files): \`new Agent({ name, instructions, tools })\`. */`,
    `export const tools: Tool[] = createOpenAIAgentsTools(dispatcher);`,
  ];
  return [{ root: "out", path: "openai-agents.ts", contents: lines.join("\n") + "\n", ownership: "generated" }];
}
