/** Strict tools, optional and union-typed parameters per request (targets/anthropic/facts.ts `strict`). */
import { anthropic } from "../facts.js";
import { strictLimitsRule } from "../../profile-rules.js";

export default strictLimitsRule(anthropic, "error");
