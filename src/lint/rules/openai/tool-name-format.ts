/** OpenAI function names (profiles/openai.ts `toolName`). */
import { openai } from "../../profiles/openai.js";
import { toolNameRule } from "../../profiles/rules.js";

export default toolNameRule(openai, "error");
