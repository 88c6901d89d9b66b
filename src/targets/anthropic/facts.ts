/**
 * Anthropic Messages API (`tools[]` of a Messages request). The checks on facts that every Claude tool
 * file must satisfy already are toolgen's base rules (tool-name-format, property-key-format,
 * input-schema-object, input-schema-no-top-level-combinator); they read their facts from here.
 */
import type { Profile } from "../profile.js";

export const anthropic = {
  target: "anthropic",
  title: "Anthropic",
  // Source: https://platform.claude.com/docs/en/agents-and-tools/tool-use/implement-tool-use ("name ...
  // must match the regex ^[a-zA-Z0-9_-]{1,128}$"), and /work/shared/spec/FORMATS.md section 5. The SDK
  // type (@anthropic-ai/sdk 1.12, resources/messages/messages.d.mts `Tool.name`) only says `string`.
  toolName: { pattern: /^[a-zA-Z0-9_-]{1,128}$/, char: /^[a-zA-Z0-9_-]$/, charText: "letters, digits, _ and -", max: 128 },
  // Source: older API pages said {1,64}; Claude Desktop and `tool_reference` blocks (tool search) still
  // reject longer names (e.g. loopwork-ai/iMCP #71: "tool names must match '^[a-zA-Z0-9_-]{1,64}$'
  // (at least in Claude Desktop)"). Kept as a portability warning.
  portableToolNameMax: 64,
  // Source: API error "tools.N.custom.input_schema.properties: Property keys should match pattern
  // '^[a-zA-Z0-9_.-]{1,64}$'" (FORMATS.md section 2, claude-code #5973, appstore-connect-mcp #2).
  propertyKey: { pattern: /^[a-zA-Z0-9_.-]{1,64}$/, char: /^[a-zA-Z0-9_.-]$/, charText: "letters, digits, _, . and -", max: 64 },
  // Top-level `anyOf`/`oneOf`/`allOf` (input-schema-no-top-level-combinator) and `type: "object"`
  // (input-schema-object; SDK type `Tool.InputSchema.type: 'object'`) are base rules.
  rejectedKeywords: [],
  strict: {
    // Source: https://platform.claude.com/docs/en/build-with-claude/structured-outputs, "JSON Schema
    // limitations" (as quoted by LangSchema's Anthropic converter docs, hex.pm lang_schema 0.7.1):
    // "Max 20 strict tools per request", "Max 24 optional parameters total across all strict schemas",
    // "Max 16 parameters using anyOf or type arrays across all strict schemas". Users hit these as
    // "Schema is too complex for compilation" / "The compiled grammar is too large"
    // (anthropic-sdk-typescript #885, eliza #16499, camel #4171, genkit #5230; FORMATS.md section 5).
    tools: 20,
    optionalParameters: 24,
    unionParameters: 16,
    // Source: @anthropic-ai/sdk 1.12 lib/transform-json-schema.mjs SUPPORTED_STRING_FORMATS (the SDK's
    // own strict transform keeps `format` only for these), and the structured-outputs page above.
    formats: ["date-time", "time", "date", "duration", "email", "hostname", "uri", "ipv4", "ipv6", "uuid"],
  },
} as const satisfies Profile;
// Strict also requires `additionalProperties: false` on every object and no recursive schema (same
// structured-outputs page: "additionalProperties: false is mandatory on all objects", "Recursive
// schemas" not supported); those are checks, not numbers: see anthropic/strict-schema.
