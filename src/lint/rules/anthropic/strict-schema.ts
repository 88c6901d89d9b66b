/** Closed objects, supported formats, no recursion in strict tools (profiles/anthropic.ts `strict`). */
import { anthropic } from "../../profiles/anthropic.js";
import { strictSchemaRule } from "../../profiles/rules.js";

export default strictSchemaRule(anthropic, "error");
