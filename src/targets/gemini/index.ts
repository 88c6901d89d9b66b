/** The gemini target: Gemini's `functionDeclarations` and a `functionCall` adapter. */
import { defineTarget } from "../target.js";
import { gemini as profile } from "./facts.js";
import output, { geminiSchemaField } from "./output.js";
import parametersLossless from "./rules/parameters-lossless.js";
import propertyKeyFormat from "./rules/property-key-format.js";
import toolNameFormat from "./rules/tool-name-format.js";

export default defineTarget({
  id: "gemini",
  title: profile.title,
  profile,
  rules: [toolNameFormat, propertyKeyFormat],
  outputRules: [parametersLossless],
  outputs: [output],
  settings: [geminiSchemaField],
});
