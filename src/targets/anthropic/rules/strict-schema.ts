/** Closed objects, supported formats, no recursion in strict tools (targets/anthropic/facts.ts `strict`). */
import { anthropic } from "../facts.js";
import { strictSchemaRule } from "../../profile-rules.js";

export default strictSchemaRule(anthropic, "error");
