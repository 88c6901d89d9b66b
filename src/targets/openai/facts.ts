/** OpenAI Chat Completions (`tools[].function`) and Responses (`tools[]` of type "function"). */
import type { Profile } from "../profile.js";

const STRICT = "which OpenAI strict mode (Structured Outputs) rejects";

export const openai = {
  target: "openai",
  title: "OpenAI",
  // Source: openai 7.57 resources/shared.d.ts `FunctionDefinition.name`: "Must be a-z, A-Z, 0-9, or
  // contain underscores and dashes, with a maximum length of 64."
  toolName: { pattern: /^[a-zA-Z0-9_-]{1,64}$/, char: /^[a-zA-Z0-9_-]$/, charText: "letters, digits, _ and -", max: 64 },
  // Source: https://developers.openai.com/api/docs/guides/structured-outputs#supported-schemas
  // ("Some type-specific keywords are not yet supported ... Composition: allOf, not, if/then/else,
  // dependentRequired, dependentSchemas"); FORMATS.md section 5. The root must not be `anyOf`: that is the
  // base rule input-schema-no-top-level-combinator. (openai 7.57 `FunctionDefinition.strict`: "Only a
  // subset of JSON Schema is supported when `strict` is `true`.")
  // Without `strict`, OpenAI takes these keywords and sizes (the model is only less reliable), so the
  // checks below concern tools sent strict: `"strict": true` in the file, or the `openaiStrict` config.
  schemaFactsStrictOnly: true,
  rejectedKeywords: [
    { keyword: "allOf", why: STRICT },
    { keyword: "not", why: STRICT },
    { keyword: "if", why: STRICT },
    { keyword: "then", why: STRICT },
    { keyword: "else", why: STRICT },
    { keyword: "dependentRequired", why: STRICT },
    { keyword: "dependentSchemas", why: STRICT },
  ],
  // Source: the same supported-schemas section: "up to 5000 object properties total, with up to 10
  // levels of nesting", "up to 1000 enum values across all enum properties" (the 10 levels were 5 before
  // late 2025: tidyverse/ellmer #671 quotes "6 levels of nesting exceeds limit of 5"). Recorded on 2026-11-21, not re-checked.
  limits: { properties: 5000, depth: 10, enumValues: 1000 },
  // Source: the API's 400 for a longer list: "Invalid 'tools': array too long. Expected an array with
  // maximum length 128" (openai/openai-python #1532; the function calling guide's limits section). Recorded on 2026-11-21, not re-checked.
  maxTools: { max: 128, source: "https://platform.openai.com/docs/guides/function-calling (400: \"array too long ... maximum length 128\")" },
} as const satisfies Profile;
