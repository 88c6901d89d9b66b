/** The ai-sdk target: the Vercel AI SDK 7 (`ai`): a `tools` record of `tool()`s over the Standard Schemas and the handler files. */
import { defineTarget } from "../target.js";
import output from "./output.js";

export default defineTarget({
  id: "ai-sdk",
  title: "AI SDK",
  // The AI SDK adds no rule of its own to a tool definition: the provider it sends to does (name the provider's target too).
  rules: [],
  outputs: [output],
});
