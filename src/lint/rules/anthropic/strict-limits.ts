/** Strict tools, optional and union-typed parameters per request (profiles/anthropic.ts `strict`). */
import { anthropic } from "../../profiles/anthropic.js";
import { strictLimitsRule } from "../../profiles/rules.js";

export default strictLimitsRule(anthropic, "error");
