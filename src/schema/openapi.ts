/**
 * Lowering a tool's (bundled) JSON Schema to Gemini's OpenAPI-3.0 subset: the `Schema` object that
 * `FunctionDeclaration.parameters` takes. The default `gemini` output sends `parametersJsonSchema`
 * (JSON Schema, unchanged) and needs none of this; the config's `geminiSchemaField: "parameters"`
 * asks for it.
 *
 * The fields `Schema` has, from @google/genai 2.32.0 (dist/genai.d.ts, `export declare interface
 * Schema`): anyOf, default, description, enum (string[]), example, format, items, maxItems (string),
 * maxLength (string), maxProperties (string), maximum, minItems (string), minLength (string),
 * minProperties (string), minimum, nullable, pattern, properties, propertyOrdering, required,
 * title, type (the `Type` enum: STRING NUMBER INTEGER BOOLEAN ARRAY OBJECT NULL). The integer
 * limits are strings there (int64 in the API's JSON). Nothing else is sent: `$schema`, `$id`,
 * `$defs`, `additionalProperties`, `$ref` and type arrays are what the API rejects (issue 14:
 * promptfoo #6902, n8n #15553).
 *
 * What the lowering does: inlines every `$ref` (a recursive schema cannot be inlined: `lowerToOpenApi`
 * returns a failure), turns a type array holding `"null"` into `nullable: true` (other type arrays
 * into `anyOf`), `const` into a one-value `enum`, `examples` into `example`, and drops annotations
 * Gemini has no field for. Whatever changes what the schema accepts is listed in `losses` (the lint
 * rule `gemini-parameters-lossless` reports each); the lowered schema then accepts at least what the
 * original accepts (it only ever drops or loosens a constraint), so a valid input stays valid.
 */
import { isPlainObject, joinPointer } from "./pointer.js";
import { RefPath } from "./refs.js";

/** Gemini's `Type` enum values (@google/genai's `Type`; TYPE_UNSPECIFIED is never sent). */
export type OpenApiType = "STRING" | "NUMBER" | "INTEGER" | "BOOLEAN" | "ARRAY" | "OBJECT" | "NULL";

/** Gemini's `Schema`, with the field types of @google/genai 2.32.0 (`type` as its enum's values). */
export interface OpenApiSchema {
  anyOf?: OpenApiSchema[];
  default?: unknown;
  description?: string;
  enum?: string[];
  example?: unknown;
  format?: string;
  items?: OpenApiSchema;
  maxItems?: string;
  maxLength?: string;
  maxProperties?: string;
  maximum?: number;
  minItems?: string;
  minLength?: string;
  minProperties?: string;
  minimum?: number;
  nullable?: boolean;
  pattern?: string;
  properties?: Record<string, OpenApiSchema>;
  propertyOrdering?: string[];
  required?: string[];
  title?: string;
  type?: OpenApiType;
}

/** The fields of @google/genai's `Schema` (see the header). */
export const OPENAPI_SCHEMA_FIELDS: readonly string[] = [
  "anyOf", "default", "description", "enum", "example", "format", "items", "maxItems", "maxLength", "maxProperties",
  "maximum", "minItems", "minLength", "minProperties", "minimum", "nullable", "pattern", "properties",
  "propertyOrdering", "required", "title", "type",
];

/** One way the lowered schema accepts more than the original: where (a pointer into the bundled schema), and what. */
export interface Loss {
  pointer: string;
  keyword: string;
  /** A clause: "`oneOf` is sent as `anyOf` (the model may match more than one branch)". */
  what: string;
}

export type Lowering =
  | { ok: true; schema: OpenApiSchema; losses: Loss[] }
  /** A recursive `$ref` (inlining it never ends; `pointer` is where it closes), or an inlined schema past the bounds. */
  | { ok: false; reason: string; pointer: string; losses: Loss[] };

const TYPES: Readonly<Record<string, OpenApiType>> = {
  string: "STRING", number: "NUMBER", integer: "INTEGER", boolean: "BOOLEAN", array: "ARRAY", object: "OBJECT", null: "NULL",
};

/** Keywords that mean nothing to validation: dropped without a loss. */
const ANNOTATIONS: ReadonlySet<string> = new Set([
  "$schema", "$id", "$anchor", "$dynamicAnchor", "$comment", "$vocabulary", "$defs", "definitions",
  "readOnly", "writeOnly", "deprecated", "contentEncoding", "contentMediaType", "contentSchema",
  // `then`/`else` mean nothing without `if`; with it, the one loss is reported at `if`.
  "then", "else",
]);

/** Keywords the lowering maps (everything else that validates is a loss). */
const HANDLED: ReadonlySet<string> = new Set([
  "$ref", "type", "enum", "const", "description", "title", "default", "examples", "example", "format", "pattern",
  "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minLength", "maxLength", "minItems", "maxItems",
  "minProperties", "maxProperties", "properties", "required", "items", "additionalProperties", "anyOf", "oneOf",
  "nullable", "propertyOrdering",
]);

/** JSON Schema keywords (draft-07 to 2020-12) that constrain a value and that `Schema` cannot say. */
const UNSAYABLE: Readonly<Record<string, string>> = {
  allOf: "`allOf` is dropped (Gemini's Schema has no `allOf`)",
  not: "`not` is dropped",
  if: "`if`/`then`/`else` are dropped",
  multipleOf: "`multipleOf` is dropped",
  uniqueItems: "`uniqueItems` is dropped",
  contains: "`contains` is dropped",
  minContains: "`minContains` is dropped",
  maxContains: "`maxContains` is dropped",
  prefixItems: "`prefixItems` (a tuple) is dropped",
  additionalItems: "`additionalItems` is dropped",
  unevaluatedItems: "`unevaluatedItems` is dropped",
  unevaluatedProperties: "`unevaluatedProperties` is dropped",
  patternProperties: "`patternProperties` is dropped",
  propertyNames: "`propertyNames` is dropped",
  dependentRequired: "`dependentRequired` is dropped",
  dependentSchemas: "`dependentSchemas` is dropped",
  dependencies: "`dependencies` is dropped",
  $dynamicRef: "`$dynamicRef` is dropped",
  $recursiveRef: "`$recursiveRef` is dropped",
};

/** Why a schema cannot be lowered, and where. */
class CannotLower extends Error {
  constructor(readonly pointer: string, reason: string) {
    super(reason);
  }
}

/**
 * Bounds on the inlined schema. `$ref`s to `$ref`s can double its size at each step (a hostile
 * schema of 40 definitions would inline to 2^40 nodes), and each level is a stack frame here.
 */
export const MAX_LOWERED_NODES = 10_000;
export const MAX_LOWERED_DEPTH = 256;

/** An integer limit as `Schema` holds it (a string), or undefined when the value is not a non-negative integer. */
function limit(value: unknown): string | undefined {
  return typeof value === "number" && Number.isInteger(value) && value >= 0 ? String(value) : undefined;
}

/**
 * Lowers `schema` (a tool's bundled input schema: every `$ref` local) to Gemini's `Schema`.
 * Never throws: a recursive schema is `{ok: false}`.
 */
export function lowerToOpenApi(schema: unknown): Lowering {
  const losses: Loss[] = [];
  const seen = new Set<string>();
  const lose = (pointer: string, keyword: string, what: string): void => {
    const key = `${pointer}\0${what}`;
    if (seen.has(key)) return;
    seen.add(key);
    losses.push({ pointer, keyword, what });
  };

  let nodes = 0;
  /** The references being inlined on the current path. */
  const refs = new RefPath(schema);
  function lower(node: unknown, pointer: string, depth: number): OpenApiSchema {
    if (++nodes > MAX_LOWERED_NODES) {
      throw new CannotLower(pointer, `inlining every $ref makes the schema larger than ${MAX_LOWERED_NODES} schema nodes, too large to send as Gemini's parameters`);
    }
    if (depth > MAX_LOWERED_DEPTH) {
      throw new CannotLower(pointer, `inlining every $ref nests the schema deeper than ${MAX_LOWERED_DEPTH} levels, too deep to send as Gemini's parameters`);
    }
    if (node === true) return {};
    if (node === false) {
      lose(pointer, "false", "the schema `false` (no value is valid) is sent as a schema that accepts anything");
      return {};
    }
    if (!isPlainObject(node)) return {};
    let base: OpenApiSchema = {};
    const ref = node["$ref"];
    if (typeof ref === "string") {
      // The one cycle rule (schema/refs.ts): a reference back to a schema being inlined closes a cycle.
      const target = refs.step(ref);
      if (target === "cycle") {
        const chain = [...refs.refs, ref].map((r) => `'${r}'`).join(" -> ");
        throw new CannotLower(pointer, `the schema is recursive ($ref ${chain}), and Gemini's parameters cannot refer to a schema: inlining it never ends`);
      }
      if (target === undefined) {
        lose(joinPointer(pointer, "$ref"), "$ref", `the reference '${ref}' does not resolve and is sent as a schema that accepts anything`);
      } else {
        refs.enter(ref, target);
        base = lower(target.schema, target.pointer, depth + 1);
        refs.leave();
      }
    }
    const own = lowerOwn(node, pointer, depth);
    // `$ref` with siblings: both apply (2020-12). A keyword both say cannot be merged in `Schema`.
    for (const [key, value] of Object.entries(own) as Array<[keyof OpenApiSchema, unknown]>) {
      if (Object.hasOwn(base, key) && key !== "description" && key !== "title" && key !== "default" && key !== "example") {
        if (JSON.stringify(base[key]) !== JSON.stringify(value)) {
          lose(joinPointer(pointer, key), key, `\`${key}\` beside a \`$ref\` that says it too: the referenced schema's is sent`);
        }
        continue;
      }
      (base as Record<string, unknown>)[key] = value;
    }
    return base;
  }

  function lowerOwn(node: Record<string, unknown>, pointer: string, depth: number): OpenApiSchema {
    const out: OpenApiSchema = {};
    const at = (key: string) => joinPointer(pointer, key);
    for (const key of Object.keys(node)) {
      if (HANDLED.has(key) || ANNOTATIONS.has(key)) continue;
      const message = UNSAYABLE[key];
      if (message !== undefined) lose(at(key), key, message);
      // Any other keyword is an annotation to JSON Schema (it validates nothing): dropped.
    }
    if (typeof node["description"] === "string") out.description = node["description"];
    if (typeof node["title"] === "string") out.title = node["title"];
    if (Object.hasOwn(node, "default")) out.default = node["default"];
    if (Object.hasOwn(node, "example")) out.example = node["example"];
    else if (Array.isArray(node["examples"]) && node["examples"].length > 0) out.example = node["examples"][0];
    if (typeof node["format"] === "string") out.format = node["format"];
    if (typeof node["pattern"] === "string") out.pattern = node["pattern"];

    // type: a string, or an array (null -> nullable; two or more others -> anyOf).
    let types: string[] | undefined;
    const type = node["type"];
    if (typeof type === "string") types = [type];
    else if (Array.isArray(type)) types = type.filter((t): t is string => typeof t === "string");
    let nullable = node["nullable"] === true;
    if (types !== undefined) {
      const known = types.filter((t) => Object.hasOwn(TYPES, t));
      if (known.length !== types.length) lose(at("type"), "type", `the unknown type(s) ${types.filter((t) => !Object.hasOwn(TYPES, t)).map((t) => `'${t}'`).join(", ")} are dropped`);
      const nonNull = known.filter((t) => t !== "null");
      if (nonNull.length < known.length && nonNull.length > 0) nullable = true;
      if (nonNull.length === 0 && known.length > 0) out.type = "NULL";
      else if (nonNull.length === 1) out.type = TYPES[nonNull[0]!];
      else if (nonNull.length > 1) out.anyOf = nonNull.map((t) => ({ type: TYPES[t]! }));
    }

    // enum / const: Schema's enum holds strings only.
    let values: unknown[] | undefined;
    if (Array.isArray(node["enum"])) values = node["enum"];
    if (Object.hasOwn(node, "const")) {
      if (values !== undefined && !values.some((v) => JSON.stringify(v) === JSON.stringify(node["const"]))) {
        lose(at("const"), "const", "`const` is not among the `enum` values (no value is valid); the `enum` is sent");
      } else values = [node["const"]];
    }
    if (values !== undefined) {
      const where = Object.hasOwn(node, "const") && !Array.isArray(node["enum"]) ? "const" : "enum";
      if (values.includes(null) && (types === undefined || types.includes("null"))) nullable = true;
      const rest = values.filter((v) => v !== null);
      if (rest.every((v): v is string => typeof v === "string")) {
        if (rest.length > 0) out.enum = rest;
      } else {
        lose(at(where), where, `\`${where}\` has values that are not strings; Gemini's \`enum\` holds strings only, so it is dropped`);
      }
    }
    if (nullable) out.nullable = true;

    // Numbers: exclusive bounds become inclusive ones (looser).
    if (typeof node["minimum"] === "number") out.minimum = node["minimum"];
    if (typeof node["maximum"] === "number") out.maximum = node["maximum"];
    for (const [key, bound] of [["exclusiveMinimum", "minimum"], ["exclusiveMaximum", "maximum"]] as const) {
      const v = node[key];
      if (typeof v === "number") {
        lose(at(key), key, `\`${key}\` is sent as the inclusive \`${bound}\``);
        const current = out[bound];
        if (current === undefined || (bound === "minimum" ? v > current : v < current)) out[bound] = v;
      } else if (v === true) {
        lose(at(key), key, `\`${key}: true\` (draft-04) is dropped: \`${bound}\` is sent inclusive`);
      }
    }
    for (const key of ["minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties"] as const) {
      const v = limit(node[key]);
      if (v !== undefined) out[key] = v;
    }

    // Objects.
    const properties = node["properties"];
    if (isPlainObject(properties)) {
      out.properties = {};
      for (const [name, sub] of Object.entries(properties)) {
        Object.defineProperty(out.properties, name, { value: lower(sub, joinPointer(pointer, "properties", name), depth + 1), enumerable: true, writable: true, configurable: true });
      }
    }
    if (Array.isArray(node["required"])) {
      const required = node["required"].filter((r): r is string => typeof r === "string");
      if (required.length > 0) out.required = required;
    }
    if (Array.isArray(node["propertyOrdering"])) out.propertyOrdering = node["propertyOrdering"].filter((r): r is string => typeof r === "string");
    const additional = node["additionalProperties"];
    if (additional === false) {
      lose(at("additionalProperties"), "additionalProperties", "`additionalProperties: false` is dropped (the model may send other properties; validation still rejects them)");
    } else if (additional !== undefined && additional !== true && !(isPlainObject(additional) && Object.keys(additional).length === 0)) {
      lose(at("additionalProperties"), "additionalProperties", "the `additionalProperties` schema is dropped");
    }

    // Arrays.
    const items = node["items"];
    if (Array.isArray(items)) {
      lose(at("items"), "items", "`items` as an array (a draft-07 tuple) is dropped");
    } else if (items !== undefined) {
      out.items = lower(items, at("items"), depth + 1);
    }

    // anyOf / oneOf.
    for (const key of ["anyOf", "oneOf"] as const) {
      const branches = node[key];
      if (!Array.isArray(branches)) continue;
      if (key === "oneOf") lose(at(key), key, "`oneOf` is sent as `anyOf` (the model may send a value more than one branch matches)");
      const lowered = branches.map((b, i) => lower(b, joinPointer(pointer, key, i), depth + 1));
      if (out.anyOf === undefined) out.anyOf = lowered;
      else {
        // A type array's anyOf and the schema's own: both must hold, and Schema holds one anyOf.
        lose(at(key), key, `\`${key}\` beside a type array is dropped (\`Schema\` holds one \`anyOf\`)`);
      }
    }
    return out;
  }

  try {
    return { ok: true, schema: lower(schema, "", 0), losses };
  } catch (error) {
    if (error instanceof CannotLower) return { ok: false, reason: error.message, pointer: error.pointer, losses };
    throw error;
  }
}

const BACK: Readonly<Record<OpenApiType, string>> = {
  STRING: "string", NUMBER: "number", INTEGER: "integer", BOOLEAN: "boolean", ARRAY: "array", OBJECT: "object", NULL: "null",
};

/**
 * A Gemini `Schema` read back as JSON Schema (2020-12), as the API reads it: what the round-trip
 * property test validates inputs against.
 */
export function openApiToJsonSchema(schema: OpenApiSchema): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const nullable = schema.nullable === true;
  if (schema.type !== undefined) out["type"] = nullable && schema.type !== "NULL" ? [BACK[schema.type], "null"] : BACK[schema.type];
  if (schema.enum !== undefined) out["enum"] = nullable ? [...schema.enum, null] : schema.enum;
  if (schema.format !== undefined) out["format"] = schema.format;
  if (schema.pattern !== undefined) out["pattern"] = schema.pattern;
  if (schema.minimum !== undefined) out["minimum"] = schema.minimum;
  if (schema.maximum !== undefined) out["maximum"] = schema.maximum;
  for (const key of ["minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties"] as const) {
    const v = schema[key];
    if (v !== undefined) out[key] = Number(v);
  }
  if (schema.properties !== undefined) {
    const properties: Record<string, unknown> = {};
    for (const [name, sub] of Object.entries(schema.properties)) {
      Object.defineProperty(properties, name, { value: openApiToJsonSchema(sub), enumerable: true, writable: true, configurable: true });
    }
    out["properties"] = properties;
  }
  if (schema.required !== undefined) out["required"] = schema.required;
  if (schema.items !== undefined) out["items"] = openApiToJsonSchema(schema.items);
  if (schema.anyOf !== undefined) {
    const branches = schema.anyOf.map(openApiToJsonSchema);
    out["anyOf"] = nullable && schema.type === undefined ? [...branches, { type: "null" }] : branches;
  }
  return out;
}
