/**
 * Lint rule `mcp/x-mcp-header` (docs/rules/mcp/x-mcp-header.md): an `x-mcp-header` annotation breaks
 * one of the MUSTs of MCP 2026-07-28 (Streamable HTTP, "Schema Extension", SEP-2243). A client MUST
 * reject a tool whose annotation is invalid, so one such tool disappears from every client's list.
 */
import { defineRule, type ToolDocument } from "../../../lint/rule.js";
import { forEachSubschema } from "../../../schema/keywords.js";
import { isPlainObject, joinPointer } from "../../../schema/pointer.js";

/** RFC 9110 section 5.1 `token` (`1*tchar`), as the SDK checks it (@modelcontextprotocol/server 2.4 `RFC9110_TOKEN`). */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** The property types the spec admits (`number` is explicitly not one). */
const TYPES = ["integer", "string", "boolean"];
const KEY = "x-mcp-header";
/** The keywords the SDK's scan walks as off the `properties` chain (2.4 `NON_REACHABLE_SUBSCHEMA_KEYWORDS`). */
const OFF_CHAIN = ["items", "prefixItems", "contains", "additionalProperties", "unevaluatedProperties", "unevaluatedItems", "propertyNames", "patternProperties", "dependentSchemas", "oneOf", "anyOf", "allOf", "not", "if", "then", "else", "$defs", "definitions"] as const;
/** Those of them whose value maps names to subschemas. */
const MAPS: ReadonlySet<string> = new Set(["patternProperties", "dependentSchemas", "$defs", "definitions"]);

/** The value as a message quotes it: a string as JSON (at most 40 characters), anything else by kind. */
function quoted(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value.length > 40 ? `${value.slice(0, 37)}...` : value);
  return value === null ? "null" : Array.isArray(value) ? "an array" : typeof value === "object" ? "an object" : String(value);
}

export default defineRule({
  meta: {
    id: "mcp/x-mcp-header",
    defaultSeverity: "error",
    description: "An `x-mcp-header` annotation is not a token, repeats another ignoring case, is on a property that is not integer, string or boolean, or is not reachable through `properties` (target mcp).",
    messages: {
      token: "MCP: x-mcp-header {{value}} is not an HTTP token (RFC 9110: letters, digits and !#$%&'*+-.^_`|~, no spaces or delimiters); clients must reject the tool",
      duplicate: "MCP: x-mcp-header {{value}} repeats {{first}} (at {{at}}) ignoring case; header names must be unique ignoring case, or clients reject the tool",
      type: "MCP: x-mcp-header is on a property of type {{type}}; only integer, string and boolean properties may carry it, or clients reject the tool",
      reachable: "MCP: x-mcp-header is {{where}}; it must be on a property reached from the root through `properties` alone, or clients reject the tool",
    },
  },
  check(ctx) {
    for (const tool of ctx.tools) if (tool.inputSchema !== undefined) checkTool(tool, tool.inputSchema, ctx.report.bind(ctx));
  },
});

type Report = (finding: { tool: ToolDocument; pointer: string; messageId: string; data?: Record<string, string> }) => void;

function checkTool(tool: ToolDocument, root: Record<string, unknown>, report: Report): void {
  const seen = new Map<string, { value: string; at: string }>();
  // `through`: the keyword that took the walk off the `properties` chain (undefined while on it).
  const visit = (node: Record<string, unknown>, pointer: string, through: string | undefined, depth: number): void => {
    if (depth > 64) return;
    if (Object.hasOwn(node, KEY)) {
      const at = joinPointer(pointer, KEY);
      const value = node[KEY];
      if (through !== undefined || pointer === "/input_schema") {
        report({ tool, pointer: at, messageId: "reachable", data: { where: through === undefined ? "on the input schema's root" : `under \`${through}\`` } });
      } else if (typeof value !== "string" || !TOKEN.test(value)) {
        report({ tool, pointer: at, messageId: "token", data: { value: quoted(value) } });
      } else {
        const type = node["type"];
        if (typeof type !== "string" || !TYPES.includes(type)) report({ tool, pointer: at, messageId: "type", data: { type: type === undefined ? "none (no `type`)" : quoted(type) } });
        const first = seen.get(value.toLowerCase());
        if (first !== undefined) report({ tool, pointer: at, messageId: "duplicate", data: { value: quoted(value), first: quoted(first.value), at: first.at } });
        else seen.set(value.toLowerCase(), { value, at });
      }
    }
    const properties = node["properties"];
    if (typeof properties === "object" && properties !== null) {
      for (const [key, child] of Object.entries(properties)) if (isPlainObject(child)) visit(child, joinPointer(joinPointer(pointer, "properties"), key), through, depth + 1);
    }
    // Off the chain: the SDK's keywords, each shape as the SDK walks it (a lone object where a list is
    // due included), then any other subschema keyword (the spec: "an annotation anywhere else").
    for (const keyword of OFF_CHAIN) {
      const value = node[keyword];
      if (value === undefined) continue;
      const at = joinPointer(pointer, keyword);
      if (Array.isArray(value)) value.forEach((child, i) => isPlainObject(child) && visit(child, joinPointer(at, String(i)), through ?? keyword, depth + 1));
      else if (isPlainObject(value) && MAPS.has(keyword)) for (const [key, child] of Object.entries(value)) isPlainObject(child) && visit(child, joinPointer(at, key), through ?? keyword, depth + 1);
      else if (isPlainObject(value)) visit(value, at, through ?? keyword, depth + 1);
    }
    forEachSubschema(node, true, (child, keyword, key) => {
      if (keyword === "properties" || (OFF_CHAIN as readonly string[]).includes(keyword)) return;
      const childPointer = key === undefined ? joinPointer(pointer, keyword) : joinPointer(joinPointer(pointer, keyword), String(key));
      visit(child, childPointer, through ?? keyword, depth + 1);
    });
  };
  if (isPlainObject(root)) visit(root, "/input_schema", undefined, 0);
}
