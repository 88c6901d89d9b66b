/**
 * Lint rule `mcp/annotations-directory` (docs/rules/mcp/annotations-directory.md): a tool without the
 * annotations Anthropic's MCP directory requires (`title`, `readOnlyHint`, and `destructiveHint` unless
 * the tool is read-only), each with its source (facts.ts MCP_DIRECTORY_ANNOTATIONS). Off by default;
 * the `directory` profile (`"mcpProfile": "directory"`, ../output.ts) turns it on as an error.
 */
import { defineRule } from "../../../lint/rule.js";
import { isPlainObject } from "../../../schema/pointer.js";
import { MCP_DIRECTORY_ANNOTATIONS } from "../facts.js";

export const ANNOTATIONS_DIRECTORY_RULE = "mcp/annotations-directory";

export default defineRule({
  meta: {
    id: ANNOTATIONS_DIRECTORY_RULE,
    defaultSeverity: "off",
    description: "The tool lacks an annotation Anthropic's MCP directory requires: title, readOnlyHint, destructiveHint (target mcp; on with \"mcpProfile\": \"directory\").",
    messages: {
      missing: "MCP directory: tool '{{name}}' has no annotations.{{key}} ({{type}}): {{why}}; the directory requires it (Anthropic Software Directory Policy 5.E)",
      wrongType: "MCP directory: tool '{{name}}': annotations.{{key}} must be {{type}}; the directory requires it (Anthropic Software Directory Policy 5.E)",
    },
  },
  check(ctx) {
    for (const tool of ctx.tools) {
      const name = tool.name ?? "(unnamed)";
      const given = tool.data.annotations;
      const annotations = isPlainObject(given) ? given : undefined;
      const readOnly = annotations?.readOnlyHint === true;
      for (const { key, why } of MCP_DIRECTORY_ANNOTATIONS.keys) {
        if (key === "destructiveHint" && readOnly) continue;
        const type = key === "title" ? "a string" : "true or false";
        const value = annotations?.[key];
        if (value === undefined) {
          ctx.report({ tool, pointer: annotations === undefined ? "/name" : "/annotations", messageId: "missing", data: { name, key, type, why } });
        } else if (key === "title" ? typeof value !== "string" || value === "" : typeof value !== "boolean") {
          ctx.report({ tool, pointer: `/annotations/${key}`, messageId: "wrongType", data: { name, key, type: key === "title" ? "a non-empty string" : type } });
        }
      }
    }
  },
});
