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

/**
 * The dialect MCP clients read a tool's `inputSchema` and `outputSchema` in, and why a tool should
 * declare no other. Sources: SEP-1613 (Final, in the 2025-11-25 and 2026-07-28 specifications): a schema
 * without `$schema` MUST conform to JSON Schema 2020-12, another dialect MAY be declared. The installed
 * @modelcontextprotocol/client 2.4.0 (`declaredDialect`, core-internal/src/validators/dialects.ts) reads
 * no `$schema` as 2020-12 and honours a declared 2019-09, draft-07 or draft-06 (typescript-sdk PR #2534);
 * the client SDK before it (PR #2337) and Claude Code validate `outputSchema` as 2020-12 only and refuse
 * or drop a tool that declares draft-07 ("JSON Schema declares an unsupported dialect"):
 * modelcontextprotocol/typescript-sdk #2721, #2084 and PR #2085, anthropics/claude-code #86142 and
 * #88882. Checked on 2026-11-29.
 */
export const MCP_SCHEMA_DIALECT = {
  accepted: "2020-12",
  /** The clients that refuse such a tool, as `toolgen lint --format matrix` names its columns (the sources below). */
  refusing: ["Claude Code"],
  clients: "Claude Code, and MCP TypeScript SDK clients older than typescript-sdk PR #2534, validate it as 2020-12 only and refuse the tool (modelcontextprotocol/typescript-sdk #2721, #2084, PR #2085)",
} as const;

/**
 * What Anthropic's MCP directory asks of each tool's annotations (the `directory` profile,
 * `"mcpProfile": "directory"`, turns on mcp/annotations-directory), each key with its source. Checked on
 * 2026-11-29.
 */
export const MCP_DIRECTORY_ANNOTATIONS = {
  policy:
    'Anthropic Software Directory Policy 5.E, "MCP servers must provide all applicable annotations for their tools, in particular readOnlyHint, destructiveHint, and title" (support.claude.com/en/articles/13145358, quoted in mdn/mcp PR #134, 2026-04-08)',
  keys: [
    {
      key: "title",
      // basicmachines-co/basic-memory PR #1031 (2026-07-02): "The directory validator reads
      // `ToolAnnotations.title` (inside the `annotations` object), not FastMCP's top-level `title=`".
      why: "the directory reads the title inside annotations, not the tool's top-level title (basicmachines-co/basic-memory PR #1031)",
    },
    {
      key: "readOnlyHint",
      // claude.com/docs/connectors/building/review-criteria, quoted in elgorro/aiquila #386 (2026-07-09):
      // "read-only tools can run without per-call confirmation; destructive tools always prompt".
      why: "Claude runs a read-only tool without asking each time, and asks for any other (claude.com/docs/connectors/building/review-criteria)",
    },
    {
      key: "destructiveHint",
      // MCP spec ToolAnnotations (2025-03-26 on): destructiveHint is "meaningful only when readOnlyHint ==
      // false", so a tool that says readOnlyHint: true needs no destructiveHint.
      why: "a tool that is not read-only says whether it destroys data (review criteria: destructiveHint: true for tools that modify or delete data); not needed with readOnlyHint: true (MCP spec ToolAnnotations)",
    },
  ],
} as const;

/**
 * The words that say a tool destroys something, for the mcp/destructive-hint heuristic: the verbs the
 * issue names (delete, remove, drop, overwrite) in the forms that say what a tool does ("deletes",
 * "removing"), not the participle ("returns deleted items" says nothing of what the tool does).
 */
export const DESTRUCTIVE_VERBS: readonly string[] = [
  "delete", "deletes", "deleting",
  "remove", "removes", "removing",
  "drop", "drops", "dropping",
  "overwrite", "overwrites", "overwriting",
];
