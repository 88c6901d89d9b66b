/**
 * Lint rule `dialect-ambiguous-keyword` (docs/rules/dialect-ambiguous-keyword.md): a schema without
 * `$schema` uses a keyword draft-07 and 2020-12 read differently. toolgen and the clients read such a
 * schema as 2020-12 (schema/dialect.ts); before issue 37 toolgen read it as draft-07, so this is the
 * warning that a folder's verdicts changed, and a schema that meant draft-07 should say so.
 */
import { keywordReadings, readsAs2020 } from "../../schema/dialect.js";
import { defineRule } from "../rule.js";
import { childPointer } from "../schema-walk.js";

export default defineRule({
  meta: {
    id: "dialect-ambiguous-keyword",
    defaultSeverity: "warning",
    description: "A schema without `$schema` uses a keyword that JSON Schema draft-07 and 2020-12 read differently.",
    messages: {
      ambiguous:
        "`{{keyword}}` reads differently in the drafts: draft-07, {{draft07}}; 2020-12, {{next}}. This schema has no `$schema`, so it is read as {{readAs}}; declare `$schema` (or set \"defaultDialect\"), or rewrite it: {{rewrite}}",
    },
  },
  create(ctx) {
    let readAs = "";
    return {
      document(doc) {
        // A declared dialect (or one the config's defaultDialect gave at load) is not ambiguous.
        if (doc.schema["$schema"] !== undefined) return false;
        readAs = readsAs2020(doc.schema) ? "2020-12, as the clients read it" : "draft-07 by toolgen (its array `items` is no 2020-12 schema), while a client reads 2020-12";
        return true;
      },
      schema(node, doc) {
        for (const keyword in node.node) {
          const readings = keywordReadings(keyword, node.node[keyword]);
          if (readings === undefined) continue;
          ctx.report({ file: doc.file, tool: doc.tool, pointer: childPointer(node.pointer, keyword), messageId: "ambiguous", data: { keyword, ...readings, readAs } });
        }
      },
    };
  },
});
