/** Names over 64 characters: accepted by the Messages API, rejected by Claude Desktop and `tool_reference` (targets/anthropic/facts.ts). */
import { anthropic } from "../facts.js";
import { portableNameRule } from "../../profile-rules.js";

export default portableNameRule(anthropic, "warning");
