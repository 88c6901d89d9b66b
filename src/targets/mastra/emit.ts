/**
 * The `mastra` output: `mastra.ts`, every tool of tools.json as a Mastra `createTool()` (facts.ts),
 * keyed by tool name, for `new Agent({ ..., tools })`. `inputSchema` is the standard-schema output's
 * schema (Mastra validates with it, with toolgen's messages), `strict` and `inputExamples` come from
 * the tool file, `requireApproval` from its `needs_approval`, `outputSchema` the standard-schema output's
 * schema of its output schema (Mastra checks the handler's value with it). `execute` runs the call through
 * a dispatcher (runtime/framework.ts): dispatch's validation, repair, handler and messages; a failed call
 * returns Mastra's error result (`{ error: true, message }`, the form of its own validation errors) with
 * toolgen's message, or, for a tool with an output schema (which Mastra would check that result against),
 * throws it: Mastra sends a thrown error's message to the model. `createMastraTools(dispatcher)` makes the tools over a dispatcher, `tools` over the
 * ready one of index.ts.
 */
import type { BundledTool, GeneratedFile } from "../../model.js";
import { tsString } from "../../emit/names.js";
import { GENERATED_HEADER } from "../../emit/literal.js";

export function emitMastra(tools: readonly BundledTool[]): GeneratedFile[] {
  const approval = tools.filter((t) => t.fields?.needs_approval === true).map((t) => `  ${tsString(t.name)},`);
  const lines = [
    `// ${GENERATED_HEADER}`,
    `// Mastra's tools (@mastra/core createTool()), keyed by tool name:`,
    `// \`new Agent({ id, name, instructions, model, tools })\`.`,
    `import { createTool } from "@mastra/core/tools";`,
    `import { dispatcher } from "./index.js";`,
    `import type { Dispatcher } from "./runtime/dispatch.js";`,
    `import { frameworkValue, runFrameworkCall, ToolCallFailed } from "./runtime/framework.js";`,
    `import { standardOutputSchemas, standardSchemas, type ToolStandardSchema } from "./standard-schema.js";`,
    `import { tools as definitions, type ToolDefinition } from "./tools.js";`,
    `import type { ToolName } from "./types.js";`,
    ``,
    `/** A tool's failure as Mastra returns its own validation errors to the model, with toolgen's message. */`,
    `export interface MastraToolError {`,
    `  error: true;`,
    `  message: string;`,
    `}`,
    ``,
    `/** The tools whose file says \`"needs_approval": true\`: Mastra asks for approval before each of their calls. */`,
    ...(approval.length === 0 ? [`const needsApproval: ReadonlySet<string> = new Set();`] : [`const needsApproval: ReadonlySet<string> = new Set([`, ...approval, `]);`]),
    ``,
    `/** The output schemas, by tool name (the tools whose file has one). */`,
    `const outputSchemas: Partial<Record<string, ToolStandardSchema<unknown>>> = standardOutputSchemas;`,
    ``,
    `/** One tool's Mastra tool over \`native\`. */`,
    `function mastraTool<N extends ToolName>(native: Dispatcher, name: N, definition: ToolDefinition) {`,
    `  const outputSchema = outputSchemas[name];`,
    `  const tool = createTool({`,
    `    id: name,`,
    `    description: definition.description ?? "",`,
    `    inputSchema: standardSchemas[name],`,
    `    requireApproval: needsApproval.has(name),`,
    `    execute: async (input, context): Promise<unknown> => {`,
    `      const outcome = await runFrameworkCall(native, {`,
    `        toolName: name,`,
    `        input,`,
    `        callId: context.agent?.toolCallId,`,
    `        signal: context.abortSignal,`,
    `        context: context.requestContext,`,
    `      });`,
    `      if (!outcome.ok && outputSchema !== undefined) throw new ToolCallFailed(outcome.message);`,
    `      if (!outcome.ok) return { error: true, message: outcome.message } satisfies MastraToolError;`,
    `      // A tool with an output schema gives its value, which Mastra checks against the schema.`,
    `      return outputSchema === undefined ? outcome.content : frameworkValue(outcome.content);`,
    `    },`,
    `  });`,
    `  if (outputSchema !== undefined) tool.outputSchema = outputSchema;`,
    `  if (definition.strict !== undefined) tool.strict = definition.strict;`,
    `  const examples = definition.input_examples;`,
    `  if (examples !== undefined) tool.inputExamples = examples.map((input) => ({ input }));`,
    `  return tool;`,
    `}`,
    ``,
    `/** One Mastra tool per tool, by tool name. */`,
    `export type MastraTools = { readonly [N in ToolName]: ReturnType<typeof mastraTool<N>> };`,
    ``,
    `/**`,
    ` * The tools over a dispatcher of yours (\`createDispatcher(handlers)\` from index.ts). A handler's`,
    ` * \`context.context\` is Mastra's request context (\`requestContext\`), its \`context.signal\` the agent's`,
    ` * abort signal, its \`context.toolUseId\` the tool call id.`,
    ` */`,
    `export function createMastraTools(native: Dispatcher): MastraTools {`,
    `  return Object.fromEntries(definitions.map((d) => [d.name, mastraTool(native, d.name, d)])) as MastraTools;`,
    `}`,
    ``,
    `/** The tools over the ready dispatcher (the handler files): \`new Agent({ ..., tools })\`. */`,
    `export const tools: MastraTools = createMastraTools(dispatcher);`,
  ];
  return [{ root: "out", path: "mastra.ts", contents: lines.join("\n") + "\n", ownership: "generated" }];
}
