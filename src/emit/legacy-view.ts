/**
 * The view model of the legacy prompt. The legacy format has no optional marker, no enum and no
 * nested shape, so each parameter's description says what the schema says: required or optional,
 * allowed values, default, and for arrays and objects the JSON shape expected.
 */
import type { BundledTool, JsonObject } from "../model.js";
import { getByPointer, isPlainObject } from "../load/pointer.js";

export interface LegacyParameterView {
  name: string;
  type: string;
  description: string;
}

export interface LegacyToolView {
  name: string;
  description: string;
  parameters: LegacyParameterView[];
}

export interface LegacyPromptView {
  tools: LegacyToolView[];
}

type Schema = Record<string, unknown>;

export function legacyPromptView(tools: readonly BundledTool[]): LegacyPromptView {
  return { tools: tools.map(toolView) };
}

function toolView(tool: BundledTool): LegacyToolView {
  const root = tool.bundledSchema;
  const properties = isPlainObject(root.properties) ? root.properties : {};
  const required = new Set(Array.isArray(root.required) ? root.required.filter((r): r is string => typeof r === "string") : []);
  const parameters = Object.keys(properties).map((name) => {
    const schema = resolve(root, properties[name]);
    return { name, type: typeOf(root, schema), description: describeParameter(root, schema, required.has(name)) };
  });
  return { name: tool.name, description: tool.description ?? "", parameters };
}

/** Follows local `$ref`s (`#/...`) against the tool's bundled schema; gives up on cycles. */
function resolve(root: JsonObject, schema: unknown, seen: Set<string> = new Set()): Schema {
  if (!isPlainObject(schema)) return schema === false ? { not: {} } : {};
  const ref = schema.$ref;
  if (typeof ref === "string" && ref.startsWith("#") && !seen.has(ref)) {
    seen.add(ref);
    let pointer: string;
    try {
      pointer = decodeURIComponent(ref.slice(1));
    } catch {
      return schema;
    }
    const target = getByPointer(root, pointer);
    if (isPlainObject(target)) {
      const { $ref: _ignored, ...rest } = schema;
      return { ...resolve(root, target, seen), ...rest };
    }
  }
  return schema;
}

const TYPE_ORDER = ["string", "integer", "number", "boolean", "array", "object", "null"];

function typesOf(root: JsonObject, schema: Schema, depth = 0): string[] {
  const t = schema.type;
  if (typeof t === "string") return [t];
  if (Array.isArray(t)) return t.filter((x): x is string => typeof x === "string");
  if (depth < 5) {
    for (const key of ["anyOf", "oneOf"] as const) {
      const branches = schema[key];
      if (Array.isArray(branches)) {
        const all = new Set(branches.flatMap((b) => typesOf(root, resolve(root, b), depth + 1)));
        return TYPE_ORDER.filter((x) => all.has(x));
      }
    }
  }
  const values = Array.isArray(schema.enum) ? schema.enum : "const" in schema ? [schema.const] : undefined;
  if (values) {
    const all = new Set(values.map(jsonTypeOf));
    return TYPE_ORDER.filter((x) => all.has(x));
  }
  if (isPlainObject(schema.properties)) return ["object"];
  if (schema.items !== undefined) return ["array"];
  return [];
}

function jsonTypeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

/** The `<type>` element: a JSON Schema type name (the first non-null one for unions). */
function typeOf(root: JsonObject, schema: Schema): string {
  const types = typesOf(root, schema);
  return types.find((t) => t !== "null") ?? types[0] ?? "string";
}

function describeParameter(root: JsonObject, schema: Schema, required: boolean): string {
  const parts: string[] = [];
  const own = typeof schema.description === "string" ? schema.description.trim() : "";
  if (own) parts.push(/[.!?。]$/.test(own) ? own : `${own}.`);
  parts.push(required ? "Required." : "Optional.");
  const types = typesOf(root, schema);
  const nonNull = types.filter((t) => t !== "null");
  if (nonNull.length > 1) parts.push(`Type: ${nonNull.join(" or ")}.`);
  if (types.includes("null") && nonNull.length > 0) parts.push("May be null.");
  if (Array.isArray(schema.enum)) parts.push(`Allowed values: ${schema.enum.map((v) => JSON.stringify(v)).join(", ")}.`);
  if ("const" in schema) parts.push(`Must be ${JSON.stringify(schema.const)}.`);
  if ("default" in schema) parts.push(`Default: ${JSON.stringify(schema.default)}.`);
  if (nonNull.includes("array") || nonNull.includes("object")) {
    parts.push(`Write the value as JSON shaped like ${shapeOf(root, schema, 0, new Set())}.`);
  }
  return parts.join(" ");
}

/** A compact, TypeScript-like picture of the JSON expected: `{"street": string, "zip"?: string}`. */
function shapeOf(root: JsonObject, raw: unknown, depth: number, seen: Set<string>): string {
  const ref = isPlainObject(raw) && typeof raw.$ref === "string" ? raw.$ref : undefined;
  if (ref !== undefined) {
    if (seen.has(ref)) return "(recursive)";
    seen = new Set(seen).add(ref);
  }
  const schema = resolve(root, raw);
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  if ("const" in schema) return JSON.stringify(schema.const);
  for (const key of ["anyOf", "oneOf"] as const) {
    const branches = schema[key];
    if (Array.isArray(branches)) return branches.map((b) => shapeOf(root, b, depth + 1, seen)).join(" | ");
  }
  const types = typesOf(root, schema);
  if (depth > 4) return types.join(" | ") || "any";
  const shapes = types.map((t) => {
    if (t === "array") {
      const items = schema.items;
      return `[${items === undefined || items === true ? "any" : shapeOf(root, items, depth + 1, seen)}, ...]`;
    }
    if (t === "object") {
      const props = isPlainObject(schema.properties) ? schema.properties : {};
      const req = new Set(Array.isArray(schema.required) ? schema.required : []);
      const fields = Object.keys(props).map(
        (k) => `${JSON.stringify(k)}${req.has(k) ? "" : "?"}: ${shapeOf(root, props[k], depth + 1, seen)}`,
      );
      const extra = schema.additionalProperties;
      if (isPlainObject(extra)) fields.push(`[key: string]: ${shapeOf(root, extra, depth + 1, seen)}`);
      return fields.length ? `{${fields.join(", ")}}` : "{...}";
    }
    return t;
  });
  return shapes.join(" | ") || "any";
}
