/**
 * The normalisation under which a tool's input schema and the JSON Schema Zod exports from its
 * generated shape (`z.toJSONSchema(z.object(shape), { io: "input" })`) must be equal: the round trip
 * that holds the `claude-agent-sdk` output to its tools (test/targets/claude-agent-sdk/). Each step
 * keeps what a schema accepts, and docs/claude-agent-sdk.md lists them:
 *
 * 1. Zod's `$schema` is dropped; key order is ignored (values are compared, not texts).
 * 2. Local `$ref`s to `#/$defs/<name>` are replaced by the definition, and `$defs` is dropped (Zod
 *    inlines a schema it meets twice).
 * 3. The root's annotations (`title`, `description`, ...) and its `additionalProperties: false` are
 *    dropped: a raw shape is the fields alone (the SDK builds `z.object(shape)`, which drops unknown
 *    keys instead of rejecting them; the tool's description is sent beside the shape).
 * 4. `required` is a set (sorted); empty `properties` and `required` are dropped.
 * 5. `type: [a, b]` is `anyOf: [{type: a}, {type: b}]`, and `const: v` is `enum: [v]`; a `type` beside
 *    an `enum` whose values are all of that type is dropped.
 * 6. `additionalProperties: true` is `{}`; `items: true` is `{}`.
 * 7. Zod's integers are safe integers: a `minimum` of -(2^53 - 1) or a `maximum` of 2^53 - 1 on an
 *    integer is dropped (the schema says no bound; beyond 2^53 JSON numbers lose integers anyway).
 * 8. A `pattern` is compared as `new RegExp(pattern, "u").source` (Zod exports the source, which
 *    escapes `/`).
 * 9. A record's `propertyNames` has `type: "string"` (property names are strings; Zod writes the type
 *    of its key schema), and a record without `additionalProperties` has `{}` (any value).
 * 10. Beside `prefixItems` (a 2020-12 tuple, `z.tuple`), `items: {}` (any further item, `.rest(z.unknown())`)
 *     is dropped, and so is a `maxItems` that `items: false` implies (at least the tuple's length).
 */
import type { JsonObject, JsonValue } from "../../model.js";
import { getByPointer, isPlainObject, localRefPointer } from "../../schema/pointer.js";

function matchesType(value: JsonValue, type: string): boolean {
  if (type === "null") return value === null;
  if (type === "integer") return typeof value === "number" && Number.isInteger(value);
  return typeof value === type && value !== null;
}

function node(schema: JsonValue, root: JsonObject, depth: number): JsonValue {
  if (schema === true) return {};
  if (!isPlainObject(schema)) return schema;
  if (typeof schema["$ref"] === "string" && depth < 64) {
    const pointer = localRefPointer(schema["$ref"]);
    const target = pointer === undefined ? undefined : getByPointer(root, pointer);
    if (target !== undefined) {
      const { $ref: _ref, ...siblings } = schema;
      const resolved = node(target as JsonValue, root, depth + 1);
      return isPlainObject(resolved) ? { ...resolved, ...(node(siblings, root, depth + 1) as JsonObject) } : resolved;
    }
  }
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "$schema" || key === "$defs") continue;
    if (key === "properties" && isPlainObject(value)) {
      const props: JsonObject = {};
      for (const [name, sub] of Object.entries(value)) props[name] = node(sub, root, depth);
      if (Object.keys(props).length > 0) out[key] = props;
    } else if (key === "required" && Array.isArray(value)) {
      if (value.length > 0) out[key] = [...value].map(String).sort();
    } else if ((key === "anyOf" || key === "oneOf" || key === "allOf" || key === "prefixItems") && Array.isArray(value)) {
      out[key] = value.map((v) => node(v, root, depth));
    } else if (key === "const") {
      out["enum"] = [value];
    } else if (key === "pattern" && typeof value === "string") {
      out[key] = patternSource(value);
    } else if (key === "default" || key === "examples" || key === "enum") {
      out[key] = value;
    } else if (isPlainObject(value) || typeof value === "boolean") {
      out[key] = key === "additionalProperties" || key === "items" || key === "propertyNames" ? node(value, root, depth) : value;
    } else out[key] = value;
  }
  const values = out["enum"];
  const types = typeof out["type"] === "string" ? [out["type"]] : out["type"];
  if (Array.isArray(types) && Array.isArray(values) && values.every((v) => types.some((t) => typeof t === "string" && matchesType(v, t)))) delete out["type"];
  const keys = out["propertyNames"];
  if (keys !== undefined) {
    out["propertyNames"] = keys === true ? { type: "string" } : isPlainObject(keys) && keys["type"] === undefined ? { type: "string", ...keys } : keys;
    if (out["additionalProperties"] === undefined) out["additionalProperties"] = {};
  }
  const type = out["type"];
  if (Array.isArray(type)) {
    delete out["type"];
    const members = type.map((t) => ({ type: t }));
    return members.length === 1 ? { ...out, ...members[0] } : { anyOf: members, ...out };
  }
  if (Array.isArray(out["prefixItems"])) {
    const items = out["items"];
    if (isPlainObject(items) && Object.keys(items).length === 0) delete out["items"];
    if (items === false && typeof out["maxItems"] === "number" && out["maxItems"] >= out["prefixItems"].length) delete out["maxItems"];
  }
  if (type === "integer") {
    if (out["minimum"] === -Number.MAX_SAFE_INTEGER) delete out["minimum"];
    if (out["maximum"] === Number.MAX_SAFE_INTEGER) delete out["maximum"];
  }
  return out;
}

function patternSource(pattern: string): string {
  try {
    return new RegExp(pattern, "u").source;
  } catch {
    return pattern;
  }
}

const ROOT_ANNOTATIONS = ["title", "description", "examples", "default", "deprecated", "readOnly", "writeOnly", "$comment"];

/** A tool's input schema, or Zod's export of its shape, in the normal form the round trip compares. */
export function normaliseForZod(schema: JsonObject): JsonValue {
  const out = node(schema, schema, 0) as JsonObject;
  for (const key of ROOT_ANNOTATIONS) delete out[key];
  if (out["additionalProperties"] === false) delete out["additionalProperties"];
  return out;
}
