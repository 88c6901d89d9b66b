/** Model Context Protocol servers (`tools/list`). */
import type { Profile } from "../profile.js";

export const mcp = {
  target: "mcp",
  title: "MCP",
  // Source: MCP spec 2025-11-25, "Tool names" (SEP-986): "Tool names SHOULD be between 1 and 128
  // characters in length (inclusive)", "Allowed characters: uppercase and lowercase ASCII letters (A-Z,
  // a-z), digits (0-9), underscore (_), dash (-), and dot (.)"; @modelcontextprotocol/sdk 1.32
  // dist/esm/shared/toolNameValidation.js `TOOL_NAME_REGEX = /^[A-Za-z0-9._-]{1,128}$/`. A SHOULD: the
  // rule is a warning.
  toolName: { pattern: /^[a-zA-Z0-9_.-]{1,128}$/, char: /^[a-zA-Z0-9_.-]$/, charText: "letters, digits, _, . and -", max: 128 },
  // `inputSchema` is any JSON Schema 2020-12 object schema (spec "Tool" definition): nothing rejected
  // beyond the base rule input-schema-object.
  rejectedKeywords: [],
} as const satisfies Profile;
