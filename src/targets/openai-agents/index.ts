/** The openai-agents target: the OpenAI Agents SDK (`@openai/agents`), its `tool()`s over the handler files. */
import { defineTarget } from "../target.js";
import output from "./output.js";

export default defineTarget({
  id: "openai-agents",
  title: "OpenAI Agents SDK",
  rules: [],
  outputs: [output],
});
