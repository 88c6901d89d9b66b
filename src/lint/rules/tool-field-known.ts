/** Lint rule `tool-field-known` (docs/rules/tool-field-known.md): a tool file has a top-level field that is neither an API tool field nor one of toolgen's (`x-` fields are allowed). */
import { closestToolField, isKnownToolField, KNOWN_TOOL_FIELDS } from "../../load/tool-fields.js";
import { escapeToken } from "../../schema/pointer.js";
import { defineRule } from "../rule.js";

/** Farther than this (after case, `_` and `-` are ignored) and the closest field is named, not offered as the fix. */
const NEAR = 3;

/**
 * A top-level field of a tool file that neither the API nor toolgen knows (src/load/tool-fields.ts
 * lists them): a misspelt `input_examples` or `defer_loading` is otherwise dropped without a word.
 */
export default defineRule({
  meta: {
    id: "tool-field-known",
    defaultSeverity: "error",
    description: "A tool file has a top-level field that is neither an API tool field nor one of toolgen's (`x-` fields are allowed).",
    messages: {
      near: "unknown tool field `{{field}}`: did you mean `{{closest}}`?",
      far: "unknown tool field `{{field}}` (the closest known field is `{{closest}}`; known: {{known}}; prefix your own fields with `x-`)",
    },
  },
  check(ctx) {
    const known = KNOWN_TOOL_FIELDS.filter((f) => !f.startsWith("$")).join(", ");
    for (const tool of ctx.tools) {
      for (const key of Object.keys(tool.data)) {
        if (isKnownToolField(key)) continue;
        const { field: closest, distance } = closestToolField(key);
        const shown = key.length > 64 ? `${key.slice(0, 61)}...` : key;
        ctx.report({ tool, pointer: `/${escapeToken(key)}`, messageId: distance <= NEAR ? "near" : "far", data: { field: shown, closest, known } });
      }
    }
  },
});
