/** Keywords OpenAI strict mode rejects (targets/openai/facts.ts `rejectedKeywords`). */
import { openai } from "../facts.js";
import { rejectedKeywordRule } from "../../profile-rules.js";

export default rejectedKeywordRule(openai, "error");
