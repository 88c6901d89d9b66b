/** Gemini parameter names (targets/gemini/facts.ts `propertyKey`). */
import { gemini } from "../facts.js";
import { propertyKeyRule } from "../../profile-rules.js";

export default propertyKeyRule(gemini, "error");
