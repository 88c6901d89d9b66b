/**
 * The OpenAI Agents SDK (`@openai/agents` 0.20): what its `tool()` does with a tool, as data with
 * sources. The tools reach OpenAI's Responses API, so OpenAI's own facts (targets/openai/facts.ts)
 * and rules apply too: the output needs the `openai` output, which turns them on.
 */

/**
 * `tool()` renames a tool before sending it: every character outside a-z, A-Z and 0-9 becomes `_`
 * (@openai/agents-core 0.20 dist/utils/tools.mjs `toFunctionToolName`). The call comes back under
 * that name; the generated tool still dispatches under the tool's own name.
 */
export function agentsToolName(name: string): string {
  return name.replace(/\s/g, "_").replace(/[^a-zA-Z0-9]/g, "_");
}

/*
 * A tool that is not strict takes a plain JSON Schema only: "Strict mode is required for Standard
 * Schema parameters" (@openai/agents-core 0.20 dist/tool.mjs `tool`), and a strict Standard Schema is
 * lowered by the SDK's own code, not toolgen's. So the generated tools pass JSON Schema: toolgen's
 * strict lowering (targets/openai/strict.ts) where the tool is strict, the bundled schema otherwise.
 * With a JSON Schema, "the arguments to the tool will be parsed as JSON but not validated"
 * (dist/tool.d.ts `ToolInputParametersStrict`): the generated `execute` validates through dispatch.
 */

/**
 * An error thrown by `execute` reaches the model through `errorFunction`; the SDK's default sends
 * this text, whatever the error (dist/tool.mjs `defaultToolErrorFunction`). The generated tools pass
 * one that sends toolgen's message, and this text for anything else.
 */
export const DEFAULT_ERROR_TEXT = "An error occurred while running the tool. Please try again.";
