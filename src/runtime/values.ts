// toolgen runtime: converting legacy-format parameter text to JSON values by the tool's input
// schema. Copied verbatim into generated output; imports nothing.

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

function isObject(v: unknown): v is { readonly [key: string]: unknown } {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function quoteValue(text: string): string {
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 57)}...` : text);
}

// Schema lookup: property schema, local $ref, candidate JSON types in declaration order.

function resolveRef(schema: unknown, root: JsonSchema): unknown {
  for (let depth = 0; depth < 32 && isObject(schema); depth++) {
    const ref = schema["$ref"];
    if (typeof ref !== "string" || typeof schema["type"] === "string" || !ref.startsWith("#")) {
      return schema;
    }
    let target: unknown = root;
    const pointer = decodeURIComponentSafe(ref.slice(1));
    if (pointer !== "") {
      for (const raw of pointer.split("/").slice(1)) {
        const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
        if (Array.isArray(target)) target = target[Number(key)];
        else if (isObject(target) && hasOwn(target, key)) target = target[key];
        else return undefined;
      }
    }
    schema = target;
  }
  return schema;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function valueType(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  return typeof v === "object" ? "object" : typeof v;
}

function typesOf(schema: unknown, root: JsonSchema, depth: number, out: string[]): void {
  const s = resolveRef(schema, root);
  if (!isObject(s) || depth > 16) return;
  const push = (t: unknown): void => {
    if (typeof t === "string" && !out.includes(t)) out.push(t);
  };
  const type = s["type"];
  if (typeof type === "string") return push(type);
  if (Array.isArray(type)) return type.forEach(push);
  for (const key of ["anyOf", "oneOf"]) {
    const list = s[key];
    if (Array.isArray(list) && list.length > 0) {
      for (const member of list) typesOf(member, root, depth + 1, out);
      return;
    }
  }
  const all = s["allOf"];
  if (Array.isArray(all)) {
    for (const member of all) {
      const before = out.length;
      typesOf(member, root, depth + 1, out);
      if (out.length > before) return;
    }
  }
  if (hasOwn(s, "const")) return push(valueType(s["const"]));
  const values = s["enum"];
  if (Array.isArray(values)) return values.forEach((v) => push(valueType(v)));
  if (isObject(s["properties"]) || Array.isArray(s["required"])) return push("object");
  if (s["items"] !== undefined || Array.isArray(s["prefixItems"])) return push("array");
}

export function parameterTypes(toolSchema: JsonSchema, param: string): string[] {
  const root = resolveRef(toolSchema, toolSchema);
  if (!isObject(root)) return [];
  const props = root["properties"];
  let prop: unknown;
  if (isObject(props) && hasOwn(props, param)) prop = props[param];
  else if (isObject(root["additionalProperties"])) prop = root["additionalProperties"];
  else return [];
  const out: string[] = [];
  typesOf(prop, toolSchema, 0, out);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Value conversion.

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
export type Converted = { ok: true; value: unknown } | { ok: false; detail?: string };
const NO: Converted = { ok: false };

function convertAs(type: string, text: string): Converted {
  const t = text.trim();
  switch (type) {
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
 * No types (no schema, unknown parameter, untyped schema) keeps the text.
 */
export function convertValue(param: string, text: string, types: readonly string[]): Converted & { message?: string } {
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
