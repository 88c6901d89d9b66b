/** OpenAI strict-mode size limits (profiles/openai.ts `limits`). */
import { openai } from "../../profiles/openai.js";
import { schemaLimitsRule } from "../../profiles/rules.js";

export default schemaLimitsRule(openai, "error");
