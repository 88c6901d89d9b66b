/**
 * Mastra (`@mastra/core` 1.x): what its tools do with a tool, as data with sources. Mastra sends the
 * tools to whatever model its agent runs (an AI SDK provider), so no provider's facts are implied.
 */

/**
 * `createTool({ id, description, inputSchema, execute, ... })` (dist/tools/tool.d.ts) takes a Standard
 * Schema with JSON Schema as `inputSchema`. Before `execute`, the tool validates the input with it
 * (dist/tool-*.js `validateToolInput`: Mastra's own null and JSON-string coercions, then `validate`)
 * and, on failure, returns to the model its own `ValidationError`: "Tool input validation failed for
 * <id>. Please fix the following errors and try again:" and one line per issue, `- <path>: <issue
 * message>`. The issue messages are toolgen's (the standard-schema output's `validate`).
 */
export const INPUT_VALIDATION = "Tool input validation failed for";

/**
 * `createTool({ ..., outputSchema })` takes a Standard Schema with JSON Schema too (dist/tools/tool.d.ts
 * `outputSchema?: StandardSchemaWithJSON`), and checks what `execute` returned with it (dist/tool-*.js
 * `validateToolOutput`): a value it rejects reaches the model as Mastra's error, "Tool output validation
 * failed for <id>. The tool returned invalid output:" and one line per issue, `- <path>: <issue message>`
 * (toolgen's, from the standard-schema output's `validate`).
 */
export const OUTPUT_VALIDATION = "Tool output validation failed for";

/*
 * The agent's `tools` is a record: its keys are the names the model calls the tools by
 * (dist/agent/types.d.ts `ToolsInput`). The generated record is keyed by tool name.
 */
