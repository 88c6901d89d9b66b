/** The openai target: Chat Completions and Responses function tools, strict mode, dispatch adapters. */
import { defineTarget } from "../target.js";
import { openai as profile } from "./facts.js";
import output, { openaiNamespaces, openaiStrict } from "./output.js";
import keywordUnsupported from "./rules/keyword-unsupported.js";
import schemaLimits from "./rules/schema-limits.js";
import strictLowerable from "./rules/strict-lowerable.js";
import toolNameFormat from "./rules/tool-name-format.js";

export default defineTarget({
  id: "openai",
  title: profile.title,
  profile,
  rules: [toolNameFormat, keywordUnsupported, schemaLimits],
  outputRules: [strictLowerable],
  outputs: [output],
  settings: [openaiStrict, openaiNamespaces],
});
