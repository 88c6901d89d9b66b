/** OpenAI strict-mode size limits (targets/openai/facts.ts `limits`). */
import { openai } from "../facts.js";
import { schemaLimitsRule } from "../../profile-rules.js";

export default schemaLimitsRule(openai, "error");
