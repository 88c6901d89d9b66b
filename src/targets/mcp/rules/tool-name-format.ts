/** MCP tool names, a SHOULD of the spec (targets/mcp/facts.ts `toolName`). */
import { mcp } from "../facts.js";
import { toolNameRule } from "../../profile-rules.js";

export default toolNameRule(mcp, "warning");
