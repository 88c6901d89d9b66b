/** OpenAI function names (targets/openai/facts.ts `toolName`). */
import { openai } from "../facts.js";
import { toolNameRule } from "../../profile-rules.js";

export default toolNameRule(openai, "error");
