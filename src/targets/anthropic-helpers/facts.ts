/**
 * The Anthropic SDK's tool helpers (`@anthropic-ai/sdk` 1.14): what its tool runner does with a tool,
 * as data with sources. The tools are Messages API tools, so Anthropic's own facts and rules
 * (targets/anthropic/) apply; they are on by default.
 */

/**
 * The helper for a tool defined by a Standard Schema: `betaStandardSchemaTool({ name, description,
 * inputSchema, run, jsonSchema?, ...fields })` (helpers/beta/standard-schema.d.mts). It sends
 * `jsonSchema` (or the schema's `~standard.jsonSchema.input({ target: "draft-2020-12" })`) as the
 * tool's `input_schema` and the other fields (`strict`, `cache_control`, ...) "as given".
 */
export const HELPER = { module: "@anthropic-ai/sdk/helpers/beta/standard-schema", name: "betaStandardSchemaTool" } as const;

/**
 * What the runner sends back when a tool fails: a `ToolError`'s own content with `is_error: true`;
 * anything else thrown, as "Error: <message>"; and a `parse` that throws (the helper's: the Standard
 * Schema's `validate`), as "Error: Schema validation failed with N issue(s): ..." (lib/tools/
 * BetaRunnableTool.mjs `runRunnableTool`, `toolErrorContent`; lib/standard-schema.mjs
 * `parseWithStandardSchema`). The generated tools take the input as sent and validate it in `run`,
 * through dispatch, throwing a `ToolError` with toolgen's message: the model reads what native dispatch
 * would send.
 */
export const TOOL_ERROR = { module: "@anthropic-ai/sdk/lib/tools/ToolError", name: "ToolError" } as const;
