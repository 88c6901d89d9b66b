// toolgen runtime: converting legacy-format parameter text to JSON values, by the conversion the
// build decided for each parameter. Copied verbatim into generated output; imports nothing.

export type JsonSchema = boolean | { readonly [key: string]: unknown };

/** "a string", "an integer or null", "a string, a number or null". */
export function describeJsonTypes(types: readonly string[]): string {
  const words = types.map((t) =>
    t === "null" ? "null" : /^[aeiou]/.test(t) ? `an ${t}` : `a ${t}`,
  );
  if (words.length <= 1) return words[0] ?? "a value";
  return `${words.slice(0, -1).join(", ")} or ${words[words.length - 1]}`;
}

export function hasOwn(obj: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(obj, key);
}

/** Sets an own, enumerable property even for keys like "__proto__". */
export function setOwn(obj: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
}

function quoteValue(text: string): string {
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 57)}...` : text);
}

/**
 * How a parameter's text is converted: the JSON types to try (every type but `string` first,
 * `string` last), or `"any"`: the JSON value the text is, else the text itself. An empty list keeps
 * the text. The build decides it for each parameter, with the prompt's `<type>` (generated
 * `legacy.ts`, `legacyConversions`); nothing here reads a schema.
 */
export type ValueKind = "string" | "integer" | "number" | "boolean" | "array" | "object" | "null" | "any";

function valueType(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  return typeof v === "object" ? "object" : typeof v;
}

// ---------------------------------------------------------------------------------------------
// Value conversion.

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
export type Converted = { ok: true; value: unknown } | { ok: false; detail?: string };
const NO: Converted = { ok: false };

function convertAs(type: string, text: string): Converted {
  const t = text.trim();
  switch (type) {
    case "any": {
      // Any JSON value: the value the text is written as, else the text itself.
      try {
        return { ok: true, value: JSON.parse(t) };
      } catch {
        return { ok: true, value: text };
      }
    }
    case "string":
      return { ok: true, value: text };
    case "integer":
    case "number": {
      if (!NUMBER.test(t)) return NO;
      const n = Number(t);
      if (!Number.isFinite(n) || (type === "integer" && !Number.isInteger(n))) return NO;
      return { ok: true, value: n };
    }
    case "boolean": {
      const lower = t.toLowerCase();
      return lower === "true" || lower === "false" ? { ok: true, value: lower === "true" } : NO;
    }
    case "null":
      return t.toLowerCase() === "null" ? { ok: true, value: null } : NO;
    case "array":
    case "object": {
      let value: unknown;
      try {
        value = JSON.parse(t);
      } catch (e) {
        return { ok: false, detail: e instanceof Error ? e.message : String(e) };
      }
      return valueType(value) === type ? { ok: true, value } : NO;
    }
    default:
      return NO;
  }
}

/**
 * Converts a parameter's text (entities already decoded) by the candidate types, first fit wins.
 * No types (an unknown tool or parameter) keeps the text.
 */
export function convertValue(
  param: string,
  text: string,
  types: readonly ValueKind[],
): Converted & { message?: string } {
  if (types.length === 0) return { ok: true, value: text };
  let detail: string | undefined;
  // Every value arrives as text, so `string` would accept anything: try the other allowed types
  // first (`[1,2]` for a string-or-array parameter is an array), and keep the text as a string last.
  const ordered = types.includes("string") ? [...types.filter((t) => t !== "string"), "string"] : types;
  for (const type of ordered) {
    const r = convertAs(type, text);
    if (r.ok === false) detail ??= r.detail; // an equality narrows even without strictNullChecks
    else return r;
  }
  const json = types.includes("array") || types.includes("object");
  const hint = json ? ` written as JSON${detail !== undefined ? ` (${detail})` : ""}` : "";
  return {
    ok: false,
    message: `Parameter '${param}' must be ${describeJsonTypes(types)}${hint}, got ${quoteValue(text)}`,
  };
}
