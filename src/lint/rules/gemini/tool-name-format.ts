/** Gemini function names (profiles/gemini.ts `toolName`). */
import { gemini } from "../../profiles/gemini.js";
import { toolNameRule } from "../../profiles/rules.js";

export default toolNameRule(gemini, "error");
