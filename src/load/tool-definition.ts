/**
 * One tool as the Messages API `tools` array holds it: `name`, `description`, `input_schema`, then
 * Claude's newer fields (src/load/tool-fields.ts) in a fixed order. tools.json/tools.ts write it
 * (targets/anthropic/native-emit.ts); `toolgen stats` and the lint rule `tool-size-budget` measure its compact JSON
 * (src/lint/stats.ts definitionBytes).
 */
import { PASS_THROUGH_FIELDS } from "./tool-fields.js";
import type { JsonObject, JsonValue, ToolFields } from "../model.js";

export interface DefinitionSource {
  name: string;
  description?: string;
  bundledSchema: JsonObject;
  fields?: ToolFields;
}

export function toolDefinition(tool: DefinitionSource): JsonObject {
  const entry: JsonObject = { name: tool.name };
  if (tool.description !== undefined) entry.description = tool.description;
  entry.input_schema = tool.bundledSchema;
  const fields = tool.fields;
  if (fields !== undefined) {
    for (const key of PASS_THROUGH_FIELDS) {
      const value = fields[key];
      if (value !== undefined) entry[key] = value as JsonValue;
    }
  }
  return entry;
}
