/**
 * json-schema-to-typescript calls `schema.hasOwnProperty(...)` on every object of a schema, the
 * `properties` map included, so a property named `hasOwnProperty` (valid for the API and for
 * TypeScript) makes it throw (issue 10.13). Such a property key is renamed to a placeholder before
 * compiling and renamed back in the generated code. The placeholder is a plain identifier, which is
 * how json-schema-to-typescript writes it (a description holding the placeholder itself would be changed too).
 */
import type { JsonObject, JsonValue } from "../model.js";
import { setOwn } from "../schema/pointer.js";

/** The keys json-schema-to-typescript cannot have as own properties of a schema's objects. */
const SHADOWING = new Set(["hasOwnProperty"]);
const PLACEHOLDER = (key: string) => `${key}__toolgen_shadowed_key__`;
const MAP_KEYWORDS = new Set(["properties", "patternProperties"]);

/** The schema with every shadowing property key renamed (the same object when there is none), and the renames. */
export function hideShadowingKeys(schema: JsonObject): { schema: JsonObject; restore: (code: string) => string } {
  if (!mentions(schema)) return { schema, restore: (code) => code };
  const copy = (value: JsonValue, inMap: boolean): JsonValue => {
    if (Array.isArray(value)) return value.map((v) => copy(v, false));
    if (value === null || typeof value !== "object") return value;
    const out: Record<string, JsonValue> = {};
    for (const key of Object.keys(value)) {
      const child = value[key] as JsonValue;
      const name = inMap && SHADOWING.has(key) ? PLACEHOLDER(key) : key;
      // `required` names properties: the same names, renamed alike.
      const renamed =
        !inMap && key === "required" && Array.isArray(child)
          ? child.map((n) => (typeof n === "string" && SHADOWING.has(n) ? PLACEHOLDER(n) : n))
          : copy(child, !inMap && MAP_KEYWORDS.has(key));
      setOwn(out, name, renamed);
    }
    return out;
  };
  const restore = (code: string) => {
    let result = code;
    for (const key of SHADOWING) result = result.split(PLACEHOLDER(key)).join(key);
    return result;
  };
  return { schema: copy(schema, false) as JsonObject, restore };
}

function mentions(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) stack.push(...node);
    else if (node !== null && typeof node === "object") {
      for (const key of Object.keys(node)) {
        if (SHADOWING.has(key)) return true;
        stack.push((node as Record<string, unknown>)[key]);
      }
    }
  }
  return false;
}
