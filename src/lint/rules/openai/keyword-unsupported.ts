/** Keywords OpenAI strict mode rejects (profiles/openai.ts `rejectedKeywords`). */
import { openai } from "../../profiles/openai.js";
import { rejectedKeywordRule } from "../../profiles/rules.js";

export default rejectedKeywordRule(openai, "error");
