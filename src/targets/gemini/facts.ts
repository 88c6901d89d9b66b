/** Gemini API (`functionDeclarations[]`, @google/genai). */
import type { Profile } from "../profile.js";

export const gemini = {
  target: "gemini",
  title: "Gemini",
  // Source: @google/genai 3.3 dist/genai.d.ts `FunctionDeclaration.name`: "Must start with a letter or an
  // underscore. Must be a-z, A-Z, 0-9, or contain underscores, dots, colons and dashes, with a maximum
  // length of 128."
  toolName: {
    pattern: /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,127}$/,
    char: /^[a-zA-Z0-9_.:-]$/,
    charText: "letters, digits, _, ., : and -",
    first: { char: /^[a-zA-Z_]$/, text: "a letter or _" },
    max: 128,
  },
  // Source: @google/genai 3.3 dist/genai.d.ts `FunctionDeclaration.parameters`: "Parameter names must
  // start with a letter or an underscore and must only contain chars a-z, A-Z, 0-9, or underscores with a
  // maximum length of 64."
  propertyKey: {
    pattern: /^[a-zA-Z_][a-zA-Z0-9_]{0,63}$/,
    char: /^[a-zA-Z0-9_]$/,
    charText: "letters, digits and _",
    first: { char: /^[a-zA-Z_]$/, text: "a letter or _" },
    max: 64,
  },
  // `parametersJsonSchema` (the default rendering) takes JSON Schema ("This field is mutually exclusive
  // with `parameters`", same file). What the OpenAPI-subset `parameters` rejects (`additionalProperties`,
  // `$ref`, `$schema`, type arrays: promptfoo #6902, n8n #15553) is a property of that lowering, checked by
  // the gemini output's own rules, not of the target.
  rejectedKeywords: [],
  // Source: @google/genai 3.3 dist/genai.d.ts `Tool.functionDeclarations`: "Maximum 512 function declarations
  // can be provided"; and https://ai.google.dev/gemini-api/docs/function-calling ("the model can use up to
  // 512 function declarations"; more answer 400 INVALID_ARGUMENT).
  maxTools: { max: 512, source: "https://ai.google.dev/gemini-api/docs/function-calling (up to 512 function declarations)" },
} as const satisfies Profile;
