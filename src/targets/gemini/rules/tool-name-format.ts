/** Gemini function names (targets/gemini/facts.ts `toolName`). */
import { gemini } from "../facts.js";
import { toolNameRule } from "../../profile-rules.js";

export default toolNameRule(gemini, "error");
