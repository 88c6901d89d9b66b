/** Names over 64 characters: accepted by the Messages API, rejected by Claude Desktop and `tool_reference` (profiles/anthropic.ts). */
import { anthropic } from "../../profiles/anthropic.js";
import { portableNameRule } from "../../profiles/rules.js";

export default portableNameRule(anthropic, "warning");
