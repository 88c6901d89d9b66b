/** Gemini parameter names (profiles/gemini.ts `propertyKey`). */
import { gemini } from "../../profiles/gemini.js";
import { propertyKeyRule } from "../../profiles/rules.js";

export default propertyKeyRule(gemini, "error");
