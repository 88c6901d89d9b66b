/**
 * Claude Managed Agents (`@anthropic-ai/sdk` 1.14, `client.beta.agents`, beta `managed-agents-2026-04-01`):
 * what an agent takes of a custom tool, as data with sources. test/targets/managed-agents.test.ts reads
 * each fact back from the installed SDK and fails when one changes.
 */
import type { Profile } from "../profile.js";

/**
 * The agent's cap on tools. Source: node_modules/@anthropic-ai/sdk/CHANGELOG.md (SDK 1.14.0), the 0.132.0
 * entry (2026-10-07): "api: state the agent tools limit as 256"; resources/beta/agents/agents.d.ts,
 * `AgentCreateParams.tools`: "Maximum of 256 tools across all toolsets allowed."
 */
export const AGENT_TOOL_CAP = 256;

export const managedAgents = {
  target: "managed-agents",
  title: "Claude Managed Agent",
  // Source: @anthropic-ai/sdk 1.14.0 resources/beta/agents/agents.d.ts, `BetaManagedAgentsCustomToolParams.name`:
  // "Unique name for the tool. 1-128 characters; letters, digits, underscores, and hyphens."
  toolName: { pattern: /^[a-zA-Z0-9_-]{1,128}$/, char: /^[a-zA-Z0-9_-]$/, charText: "letters, digits, _ and -", max: 128 },
  rejectedKeywords: [],
  maxTools: { max: AGENT_TOOL_CAP, source: "@anthropic-ai/sdk 1.14 CHANGELOG.md (0.132.0: \"state the agent tools limit as 256\"), AgentCreateParams.tools" },
} as const satisfies Profile;

/**
 * A custom tool as an agent takes it: `BetaManagedAgentsCustomToolParams` of resources/beta/agents/agents.d.ts
 * (SDK 1.14.0), `{ type: "custom", name, description, input_schema }`, every field required and no other
 * (Claude's `strict`, `input_examples`, `defer_loading`, `allowed_callers`, `cache_control` and
 * `eager_input_streaming` have no place in it). A call arrives as an `agent.custom_tool_use` session event
 * and is answered with a `user.custom_tool_result` event.
 */
export const CUSTOM_TOOL = { type: "BetaManagedAgentsCustomToolParams", fields: ["description", "input_schema", "name", "type"] } as const;

/**
 * The SDK's runner for a session's tool calls: `client.beta.sessions.events.toolRunner(sessionId, { tools })`
 * (lib/tools/SessionToolRunner.d.ts), which takes `BetaRunnableTool`s (lib/tools/BetaRunnableTool.d.ts), runs
 * each `agent.custom_tool_use` event's call and posts the `user.custom_tool_result`; a thrown `ToolError`'s
 * content goes back as it is, with `is_error: true`.
 */
export const SESSION_RUNNER = {
  runnable: { module: "@anthropic-ai/sdk/lib/tools/BetaRunnableTool", name: "BetaRunnableTool" },
  toolError: { module: "@anthropic-ai/sdk/lib/tools/ToolError", name: "ToolError" },
} as const;
