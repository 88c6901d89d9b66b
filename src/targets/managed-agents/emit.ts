/**
 * The `managed-agents` output: `managed-agents.ts`, every tool of tools.json as a Claude Managed Agent's
 * custom tool (`managedAgentTools`, facts.ts `CUSTOM_TOOL`: `{ type: "custom", name, description,
 * input_schema }`, for `client.beta.agents.create({ ..., tools })`), and the same tools as the SDK's session
 * tool runner takes them (`sessionTools`, for `client.beta.sessions.events.toolRunner(sessionId, { tools })`).
 * Each runnable tool's `run` goes through the ready dispatcher (runtime/framework.ts), as `runTools` and
 * native dispatch do: the same validation, repair, handler and messages; a failed call throws the SDK's
 * `ToolError` with toolgen's message, which the runner posts back as `user.custom_tool_result` with
 * `is_error: true`. Its `parse` passes the input on as sent: the dispatcher validates it. The runner takes
 * dispatch's content (Anthropic's blocks) as it is. `createManagedAgentsTools(dispatcher)` makes the runnable
 * tools over a dispatcher, `tools` (also `sessionTools`) over the ready one of index.ts.
 */
import type { GeneratedFile } from "../../model.js";
import { GENERATED_HEADER } from "../../emit/literal.js";
import { AGENT_TOOL_CAP, SESSION_RUNNER } from "./facts.js";

export function emitManagedAgents(): GeneratedFile[] {
  const { runnable, toolError } = SESSION_RUNNER;
  const lines = [
    `// ${GENERATED_HEADER}`,
    `// Claude Managed Agents: the tools as an agent's custom tools, and as the session tool runner's tools.`,
    `import type { ${runnable.name} } from "${runnable.module}";`,
    `import { ${toolError.name} } from "${toolError.module}";`,
    `import { dispatcher } from "./index.js";`,
    `import type { Dispatcher } from "./runtime/dispatch.js";`,
    `import { runFrameworkCall } from "./runtime/framework.js";`,
    `import { tools as definitions, type ToolDefinition } from "./tools.js";`,
    ``,
    `/** One custom tool of an agent; assignable to the SDK's \`BetaManagedAgentsCustomToolParams\`. */`,
    `export interface ManagedAgentCustomTool {`,
    `  type: "custom";`,
    `  name: ToolDefinition["name"];`,
    `  /** Required by the API: a tool file without a description is sent with an empty one (the build says so). */`,
    `  description: string;`,
    `  input_schema: ToolDefinition["input_schema"];`,
    `}`,
    ``,
    `/**`,
    ` * Pass as the \`tools\` of \`client.beta.agents.create({ name, model, tools })\`, with the agent's other tools:`,
    ` * ${AGENT_TOOL_CAP} at most in all. A custom tool has no place for Claude's other tool fields (\`strict\`,`,
    ` * \`input_examples\`, \`defer_loading\`, ...): they are not sent.`,
    ` */`,
    `export const managedAgentTools: ManagedAgentCustomTool[] = definitions.map((t) => ({`,
    `  type: "custom",`,
    `  name: t.name,`,
    `  description: t.description ?? "",`,
    `  input_schema: t.input_schema,`,
    `}));`,
    ``,
    `/**`,
    ` * The tools for a session's tool runner over a dispatcher of yours (\`createDispatcher(handlers)\` from`,
    ` * index.ts); \`context\` is each handler's \`context.context\`. A handler's \`context.toolUseId\` is the`,
    ` * \`agent.custom_tool_use\` event's id, its \`context.signal\` the runner's.`,
    ` */`,
    `export function createManagedAgentsTools(native: Dispatcher, context?: unknown): ${runnable.name}[] {`,
    `  return managedAgentTools.map((tool): ${runnable.name} => ({`,
    `    ...tool,`,
    `    // The input as the agent sent it: \`run\` validates it through dispatch (with repair).`,
    `    parse: (input: unknown) => input,`,
    `    run: async (input, run) => {`,
    `      const outcome = await runFrameworkCall(native, {`,
    `        toolName: tool.name,`,
    `        input,`,
    `        callId: run?.toolUse.id,`,
    `        signal: run?.signal ?? undefined,`,
    `        context,`,
    `      });`,
    `      if (!outcome.ok) throw new ${toolError.name}(outcome.message);`,
    `      return outcome.content ?? "";`,
    `    },`,
    `  }));`,
    `}`,
    ``,
    `/**`,
    ` * The tools over the ready dispatcher (the handler files):`,
    ` * \`for await (const call of client.beta.sessions.events.toolRunner(session.id, { tools })) { ... }\`.`,
    ` */`,
    `export const tools: ${runnable.name}[] = createManagedAgentsTools(dispatcher);`,
    ``,
    `/** \`tools\` and \`createManagedAgentsTools\` again, by the names earlier versions exported. */`,
    `export const sessionTools: ${runnable.name}[] = tools;`,
    `export const createSessionTools: typeof createManagedAgentsTools = createManagedAgentsTools;`,
  ];
  return [{ root: "out", path: "managed-agents.ts", contents: lines.join("\n") + "\n", ownership: "generated" }];
}
