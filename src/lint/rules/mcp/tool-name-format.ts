/** MCP tool names, a SHOULD of the spec (profiles/mcp.ts `toolName`). */
import { mcp } from "../../profiles/mcp.js";
import { toolNameRule } from "../../profiles/rules.js";

export default toolNameRule(mcp, "warning");
