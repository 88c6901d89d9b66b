/** The claude-agent-sdk target: the Claude Agent SDK's in-process MCP tools, whose schemas are Zod raw shapes. */
import { defineTarget } from "../target.js";
import output from "./output.js";
import zodExact from "./rules/zod-exact.js";

export default defineTarget({
  id: "claude-agent-sdk",
  title: "Claude Agent SDK",
  rules: [zodExact],
  outputs: [output],
});
