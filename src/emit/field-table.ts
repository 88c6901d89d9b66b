/**
 * The field-by-output table of docs/providers.md, written from the outputs' `tool-fields` declarations
 * (capabilities.ts): one row per output that sends tools, one column per tool-file field, each cell what
 * the output does with the field. test/outputs/field-table.test.ts checks the page holds it as written here.
 */
import { TOOL_FILE_FIELDS, type FieldUse, type ToolFieldsCapability } from "./capabilities.js";

function cell(use: FieldUse): string {
  if (use.use !== "dropped") return use.use === "carried" ? `carried: ${use.as}` : `mapped to ${use.as}`;
  return `dropped: ${use.why}${use.gap === undefined ? "" : ` (the SDK has a place: ${use.gap})`}`;
}

/** The table as Markdown, rows in the order given (the catalogue's build order). */
export function fieldTable(rows: readonly ToolFieldsCapability[]): string {
  const head = `| output | ${TOOL_FILE_FIELDS.map((f) => `\`${f}\``).join(" | ")} |`;
  const rule = `| --- |${TOOL_FILE_FIELDS.map(() => " --- |").join("")}`;
  const body = rows.map((r) => `| ${r.title} | ${TOOL_FILE_FIELDS.map((f) => cell(r.fields[f])).join(" | ")} |`);
  return [head, rule, ...body].join("\n");
}
