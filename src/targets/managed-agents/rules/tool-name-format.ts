/** Managed Agents custom tool names (targets/managed-agents/facts.ts `toolName`). */
import { toolNameRule } from "../../profile-rules.js";
import { managedAgents } from "../facts.js";

export default toolNameRule(managedAgents, "error");
