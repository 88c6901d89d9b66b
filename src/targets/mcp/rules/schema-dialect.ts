/**
 * Lint rule `mcp/schema-dialect` (docs/rules/mcp/schema-dialect.md): a tool's input or output schema
 * declares a `$schema` other than 2020-12, which some MCP clients refuse (targets/mcp/facts.ts
 * `MCP_SCHEMA_DIALECT`, with its sources). A schema the config's `defaultDialect` gave a `$schema`
 * declares it too: what is sent is what counts.
 */
import { defineRule } from "../../../lint/rule.js";
import { dialectNamed } from "../../../schema/dialect.js";
import { isPlainObject } from "../../../schema/pointer.js";
import { MCP_SCHEMA_DIALECT } from "../facts.js";

export default defineRule({
  meta: {
    id: "mcp/schema-dialect",
    defaultSeverity: "warning",
    description: "A tool's input or output schema declares a JSON Schema dialect other than 2020-12, which some MCP clients refuse (target mcp).",
    messages: {
      declared:
        "MCP: the {{which}} declares {{found}}, not 2020-12. {{clients}}. Declare 2020-12 (\"https://json-schema.org/draft/2020-12/schema\") or leave `$schema` out, once no keyword reads differently (see dialect-ambiguous-keyword)",
    },
  },
  check(ctx) {
    for (const tool of ctx.tools) {
      for (const key of ["input_schema", "output_schema", "outputSchema"]) {
        const schema = tool.data[key];
        if (!isPlainObject(schema) || !Object.hasOwn(schema, "$schema")) continue;
        if (dialectNamed(schema["$schema"]) === MCP_SCHEMA_DIALECT.accepted) continue;
        const which = key === "input_schema" ? "input schema" : "output schema";
        const found = typeof schema["$schema"] === "string" ? `"$schema": ${JSON.stringify(schema["$schema"].slice(0, 200))}` : "a `$schema` that is not a string";
        ctx.report({ tool, pointer: `/${key}/$schema`, messageId: "declared", data: { which, found, clients: MCP_SCHEMA_DIALECT.clients } });
      }
    }
  },
});
