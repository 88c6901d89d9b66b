/**
 * The checks json-schema-to-typescript runs on a schema before it generates a type (its
 * src/validator.ts, version 16): a schema that breaks one makes it print the problem with
 * console.error (raw, even under --quiet) and throw an Error with an empty message. toolgen runs the
 * same checks first, on every subschema, so the finding says what is wrong and where (issue 38 item 15).
 */
import type { JsonObject } from "../model.js";
import { joinPointer } from "../schema/pointer.js";

export interface TypeRuleProblem {
  /** What is wrong, in a sentence. */
  reason: string;
  /** The JSON pointer of the subschema, relative to the input schema ("" for the root). */
  pointer: string;
}

const isObject = (value: unknown): value is JsonObject => typeof value === "object" && value !== null && !Array.isArray(value);

/** Keywords whose value is one subschema, a list of them, or a map of names to them. */
const ONE = ["additionalProperties", "additionalItems", "not", "if", "then", "else", "contains", "propertyNames", "unevaluatedItems", "unevaluatedProperties"];
const LIST = ["anyOf", "allOf", "oneOf", "prefixItems"];
const MAP = ["properties", "patternProperties", "definitions", "$defs", "dependentSchemas", "dependencies"];

/** The first subschema (in document order) that json-schema-to-typescript's checks refuse, or undefined. */
export function typeRuleProblem(root: JsonObject): TypeRuleProblem | undefined {
  const seen = new Set<object>();
  const visit = (schema: unknown, pointer: string): TypeRuleProblem | undefined => {
    if (!isObject(schema) || seen.has(schema)) return undefined;
    seen.add(schema);
    const reason = problemOf(schema);
    if (reason !== undefined) return { reason, pointer };
    for (const key of ONE) {
      const found = visit(schema[key], joinPointer(pointer, key));
      if (found) return found;
    }
    const items = schema["items"];
    const lists: Array<[string, unknown]> = LIST.map((key) => [key, schema[key]]);
    if (Array.isArray(items)) lists.push(["items", items]);
    else {
      const found = visit(items, joinPointer(pointer, "items"));
      if (found) return found;
    }
    for (const [key, list] of lists) {
      if (!Array.isArray(list)) continue;
      for (let i = 0; i < list.length; i++) {
        const found = visit(list[i], joinPointer(pointer, key, i));
        if (found) return found;
      }
    }
    for (const key of MAP) {
      const map = schema[key];
      if (!isObject(map)) continue;
      for (const [name, child] of Object.entries(map)) {
        const found = visit(child, joinPointer(pointer, key, name));
        if (found) return found;
      }
    }
    return undefined;
  };
  return visit(root, "");
}

/** The rule this one schema breaks (json-schema-to-typescript's wording, made a sentence), or undefined. */
function problemOf(schema: JsonObject): string | undefined {
  const { maxItems, minItems, deprecated, tsEnumNames } = schema;
  const enumList = schema["enum"];
  if (Array.isArray(enumList) && Array.isArray(tsEnumNames) && enumList.length !== tsEnumNames.length) {
    return `enum has ${enumList.length} member(s) and tsEnumNames ${tsEnumNames.length}; they must be as many`;
  }
  if (Array.isArray(tsEnumNames) && tsEnumNames.some((n) => typeof n !== "string")) return "tsEnumNames must be an array of strings";
  if (typeof maxItems === "number" && typeof minItems === "number" && maxItems < minItems) {
    return `maxItems (${maxItems}) is less than minItems (${minItems}), so no array is valid`;
  }
  if (typeof maxItems === "number" && maxItems < 0) return `maxItems (${maxItems}) is negative`;
  if (typeof minItems === "number" && minItems < 0) return `minItems (${minItems}) is negative`;
  if (deprecated !== undefined && typeof deprecated !== "boolean") return "deprecated must be true or false";
  return undefined;
}
