import type { ToolContext, ToolInputs } from "../generated/index.js";

/**
 * Handler for the tool "get_weather".
 *
 * Gets the current weather for a given location. It returns the temperature, a short description of the conditions (such as sunny or light rain), and the wind speed at the time of the call. Use it when the user asks about the weather now or today in a specific place. It does not give forecasts for later days or historical weather, and it fails when the location cannot be found.
 *
 * Return a string, an array of text/image blocks, or any JSON value (sent as JSON text);
 * throw to send the model an error it can act on. Your code here is never overwritten by `toolgen build`.
 * `_context` (the tool_use id, tool name and protocol) keeps its underscore while unused: rename it to use it.
 */
export default async function handleGetWeather(input: ToolInputs["get_weather"], _context: ToolContext): Promise<unknown> {
  void input; // delete this line once your code reads `input` (it keeps `noUnusedParameters` quiet meanwhile)
  return { tool: _context.toolName, input };
}
