/**
 * The `mastra` output: `mastra.ts`, every tool of tools.json as a Mastra `createTool()` (facts.ts),
 * keyed by tool name, for `new Agent({ ..., tools })`. `inputSchema` is the standard-schema output's
 * schema (Mastra validates with it, with toolgen's messages), `strict` and `inputExamples` come from
 * the tool file, `requireApproval` from its `needs_approval`. `execute` runs the call through the
 * ready dispatcher (runtime/framework.ts): dispatch's validation, repair, handler and messages; a
 * failed call returns Mastra's error result (`{ error: true, message }`, the form of its own
 * validation errors) with toolgen's message.
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
    `import { runFrameworkCall } from "./runtime/framework.js";`,
    `import { standardSchemas } from "./standard-schema.js";`,
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
    `/** One tool's Mastra tool over \`native\`. */`,
    `function mastraTool<N extends ToolName>(native: Dispatcher, name: N, definition: ToolDefinition) {`,
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
    `      if (!outcome.ok) return { error: true, message: outcome.message } satisfies MastraToolError;`,
    `      return outcome.content;`,
    `    },`,
    `  });`,
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
