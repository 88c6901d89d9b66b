/**
 * The `anthropic-helpers` output: `anthropic-helpers.ts`, every tool of tools.json as a tool of the
 * Anthropic SDK's tool runner, made by its Standard Schema helper (`betaStandardSchemaTool`, facts.ts)
 * from the standard-schema output's schema, for `client.beta.messages.toolRunner({ ..., tools })`.
 * The tool sends tools.json's definition as it is (`input_schema` and Claude's fields: `strict`,
 * `cache_control`, ...). `run` runs the call through the ready dispatcher (runtime/framework.ts):
 * dispatch's validation, repair, handler and messages; a failed call throws the SDK's `ToolError`
 * with toolgen's message, which the runner sends back with `is_error: true`. The helper's `parse`
 * (the schema's `validate`, whose failure the runner words its own way) is replaced by the input as
 * sent: the dispatcher validates it, so the model reads the message native dispatch sends. The runner
 * takes dispatch's content (Anthropic's blocks) as it is. `createAnthropicHelpersTools(dispatcher)` makes
 * the tools over a dispatcher, `tools` over the ready one of index.ts.
 */
import type { GeneratedFile } from "../../model.js";
import { GENERATED_HEADER } from "../../emit/literal.js";
import { HELPER, TOOL_ERROR } from "./facts.js";

export function emitAnthropicHelpers(): GeneratedFile[] {
  const lines = [
    `// ${GENERATED_HEADER}`,
    `// The Anthropic SDK's tool-runner tools (${HELPER.name}):`,
    `// \`client.beta.messages.toolRunner({ model, max_tokens, messages, tools })\`.`,
    `import { ${HELPER.name} } from "${HELPER.module}";`,
    `import type { BetaRunnableTool } from "@anthropic-ai/sdk/lib/tools/BetaRunnableTool";`,
    `import { ${TOOL_ERROR.name} } from "${TOOL_ERROR.module}";`,
    `import { dispatcher } from "./index.js";`,
    `import type { Dispatcher } from "./runtime/dispatch.js";`,
    `import { runFrameworkCall } from "./runtime/framework.js";`,
    `import { standardSchemas } from "./standard-schema.js";`,
    `import { tools as definitions } from "./tools.js";`,
    ``,
    `/**`,
    ` * The tools over a dispatcher of yours (\`createDispatcher(handlers)\` from index.ts); \`context\` is each`,
    ` * handler's \`context.context\`. A handler's \`context.signal\` is the runner's abort signal, its`,
    ` * \`context.toolUseId\` the tool_use id.`,
    ` */`,
    `export function createAnthropicHelpersTools(native: Dispatcher, context?: unknown): BetaRunnableTool[] {`,
    `  return definitions.map((definition): BetaRunnableTool => {`,
    `    const { name, description, input_schema, ...fields } = definition;`,
    `    const helper = ${HELPER.name}({`,
    `      ...fields,`,
    `      name,`,
    `      description: description ?? "",`,
    `      inputSchema: standardSchemas[name],`,
    `      jsonSchema: input_schema,`,
    `      run: async (input, run) => {`,
    `        const outcome = await runFrameworkCall(native, {`,
    `          toolName: name,`,
    `          input,`,
    `          callId: run?.toolUse.id,`,
    `          signal: run?.signal ?? undefined,`,
    `          context,`,
    `        });`,
    `        if (!outcome.ok) throw new ${TOOL_ERROR.name}(outcome.message);`,
    `        return outcome.content ?? "";`,
    `      },`,
    `    });`,
    `    // The input as the model sent it: \`run\` validates it through dispatch (with repair), so an invalid`,
    `    // call is answered with toolgen's message, as native dispatch answers it.`,
    `    const runnable: BetaRunnableTool = { ...helper, parse: (input: unknown) => input };`,
    `    if (description === undefined) Reflect.deleteProperty(runnable, "description");`,
    `    return runnable;`,
    `  });`,
    `}`,
    ``,
    `/** The tools over the ready dispatcher (the handler files): \`client.beta.messages.toolRunner({ ..., tools })\`. */`,
    `export const tools: BetaRunnableTool[] = createAnthropicHelpersTools(dispatcher);`,
    ``,
    `/** \`createAnthropicHelpersTools\` again, by the name earlier versions exported. */`,
    `export const createRunnableTools: typeof createAnthropicHelpersTools = createAnthropicHelpersTools;`,
  ];
  return [{ root: "out", path: "anthropic-helpers.ts", contents: lines.join("\n") + "\n", ownership: "generated" }];
}
