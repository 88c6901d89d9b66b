/**
 * Anthropic Messages API (`tools[]` of a Messages request). The checks on facts that every Claude tool
 * file must satisfy already are toolgen's base rules (tool-name-format, property-key-format,
 * input-schema-object, input-schema-no-top-level-combinator). The two name rules are the tool file
 * format's own, so they are stated in lint/name-format.ts, which the base rules read, and named here.
 */
import { toolFileNames } from "../../lint/name-format.js";
import type { Profile } from "../profile.js";

export const anthropic = {
  target: "anthropic",
  title: "Anthropic",
  // The name rule of toolgen's own input format, stated with its source in lint/name-format.ts (the
  // base rule tool-name-format checks it).
  toolName: toolFileNames.toolName,
  // Source: older API pages said {1,64}; Claude Desktop and `tool_reference` blocks (tool search) still
  // reject longer names (e.g. loopwork-ai/iMCP #71: "tool names must match '^[a-zA-Z0-9_-]{1,64}$'
  // (at least in Claude Desktop)"). Kept as a portability warning. Recorded on 2026-11-21, not re-checked.
  portableToolNameMax: 64,
  // The same, for top-level property keys (the base rule property-key-format).
  propertyKey: toolFileNames.propertyKey,
  // Top-level `anyOf`/`oneOf`/`allOf` (input-schema-no-top-level-combinator) and `type: "object"`
  // (input-schema-object; SDK type `Tool.InputSchema.type: 'object'`) are base rules.
  rejectedKeywords: [],
  // Source: @anthropic-ai/sdk 1.14, the `name` of each member of `ToolUnion` (resources/messages/messages.d.ts)
  // and `BetaToolUnion` (resources/beta/messages/messages.d.ts) that fixes one: a request that adds one of these
  // tools and also a tool of the same name is refused with `ToolNameConflictError` ("A tool made available in
  // `messages` takes a name that an available tool of another kind ... already holds", error_code
  // `tool_name_conflict`). test/lint/profiles/server-tool-name-conflict.test.ts reads the SDK's list.
  serverToolNames: [
    "advisor",
    "bash",
    "code_execution",
    "computer",
    "memory",
    "str_replace_based_edit_tool",
    "str_replace_editor",
    "tool_search_tool_bm25",
    "tool_search_tool_regex",
    "web_fetch",
    "web_search",
  ],
  strict: {
    // Source: https://platform.claude.com/docs/en/build-with-claude/structured-outputs, "JSON Schema
    // limitations" (as quoted by LangSchema's Anthropic converter docs, hex.pm lang_schema 0.7.1):
    // "Max 20 strict tools per request", "Max 24 optional parameters total across all strict schemas",
    // "Max 16 parameters using anyOf or type arrays across all strict schemas". Users hit these as
    // "Schema is too complex for compilation" / "The compiled grammar is too large"
    // (anthropic-sdk-typescript #885, eliza #16499, camel #4171, genkit #5230; FORMATS.md section 5).
    // Recorded on 2026-11-21, not re-checked. (The installed SDK states none of the three numbers.)
    tools: 20,
    optionalParameters: 24,
    unionParameters: 16,
    // Source: @anthropic-ai/sdk 1.14 lib/transform-json-schema.mjs SUPPORTED_STRING_FORMATS (the SDK's
    // own strict transform keeps `format` only for these), and the structured-outputs page above.
    formats: ["date-time", "time", "date", "duration", "email", "hostname", "uri", "ipv4", "ipv6", "uuid"],
    // Source: the structured-outputs page above, "JSON Schema limitations", lists as not supported: numerical
    // constraints (minimum, maximum, multipleOf), string constraints (minLength, maxLength), array
    // constraints beyond minItems of 0 or 1, complex types in enums, external $ref, allOf with $ref, and in
    // `pattern` backreferences, lookaround and word boundaries (\b) (as issue 37 read the page; the page itself
    // is not an installed package). The API answers such a tool with e.g. "For 'integer' type, property
    // 'minimum' is not supported" (agentjido/req_llm #302). exclusiveMinimum and exclusiveMaximum: the page
    // names no numerical keyword as supported, and the SDK's own strict transform (@anthropic-ai/sdk 1.14
    // lib/transform-json-schema.mjs) keeps nothing of a number schema but type, enum, const, description and
    // title: it moves every bound into the description. Checked on 2026-11-29.
    unsupportedKeywords: [
      { keyword: "minimum", group: "numerical constraints" },
      { keyword: "maximum", group: "numerical constraints" },
      { keyword: "exclusiveMinimum", group: "numerical constraints" },
      { keyword: "exclusiveMaximum", group: "numerical constraints" },
      { keyword: "multipleOf", group: "numerical constraints" },
      { keyword: "minLength", group: "string constraints" },
      { keyword: "maxLength", group: "string constraints" },
      { keyword: "maxItems", group: "array constraints" },
    ],
    // Source: the same page ("minItems of 0 or 1"), and @anthropic-ai/sdk 1.14's transform, which keeps
    // `minItems` only when it is 0 or 1 (transform-json-schema.mjs, `minItems === 0 || minItems === 1`).
    minItems: [0, 1],
    source: 'structured outputs, "JSON Schema limitations"',
  },
} as const satisfies Profile;
// Strict also requires `additionalProperties: false` on every object and no recursive schema (same
// structured-outputs page: "additionalProperties: false is mandatory on all objects", "Recursive
// schemas" not supported); those are checks, not numbers: see anthropic/strict-schema.
