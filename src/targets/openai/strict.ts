/**
 * OpenAI strict mode (issue 14): lowering a tool's input schema to the subset OpenAI's strict function
 * calling accepts, and the plan the generated adapter uses to turn the lowered form back into the
 * original one (runtime/openai.ts, `normaliseStrictInput`).
 *
 * The lowering (OpenAI, "Structured Outputs", Supported schemas: https://platform.openai.com/docs/guides/structured-outputs#supported-schemas):
 * - every property is listed in `required`; a property the original leaves optional becomes nullable
 *   (`type: [T, "null"]`, `null` added to an `enum`, or `anyOf: [T, {type: "null"}]`), and the plan
 *   records it, so that the adapter can map a `null` back to an absent property BEFORE validating
 *   against the original schema (handlers never see a `null` their types do not allow: the bug of
 *   openai-agents-js #1914);
 * - `additionalProperties: false` on every object.
 * What cannot be lowered faithfully is a problem (the lint rule `openai-strict-lowerable` reports it,
 * and the output sends that tool non-strict): `allOf`, `not`, `if`/`then`/`else`, `dependent*`,
 * `oneOf`, `patternProperties` and the other keywords strict mode rejects; open objects; a property
 * that is optional AND already accepts `null` (a `null` would be ambiguous); optional properties
 * inside an `anyOf` branch; and schemas over OpenAI's limits (5,000 properties, 10 levels of
 * nesting, 1,000 enum values, 120,000 characters of names and enum values, 15,000 characters for
 * one string enum of more than 250 values).
 * Constraint keywords strict mode does not support but that only narrow values (`minLength`,
 * `uniqueItems`, an unsupported `format`, ...) are dropped from the lowered schema and reported as
 * warnings: the adapter still validates every call against the original schema.
 */
import type { JsonObject, JsonValue } from "../../model.js";
import type { NullPlan, StrictPlan } from "../../runtime/openai.js";
import { isPlainObject as isObject, joinPointer } from "../../schema/pointer.js";
import { resolveRef, SchemaValues } from "../../schema/refs.js";

/** The plan's shape is the run time's (runtime/openai.ts reads it in the generated folder). */
export type { NullPlan, StrictPlan } from "../../runtime/openai.js";

export interface StrictProblem {
  /** JSON pointer into the schema that was lowered. */
  pointer: string;
  message: string;
  /** `error`: cannot be lowered faithfully; `warning`: a constraint dropped, still validated at run time. */
  severity: "error" | "warning";
  /** For a problem the OpenAI target rules also check: `keyword:<keyword>` or `limit:<depth|properties|enumValues>`. */
  topic?: string;
}

export interface Lowered {
  schema: JsonObject;
  plan: StrictPlan;
  problems: StrictProblem[];
}

/** OpenAI's limits on a strict schema (same docs page, "Objects have limitations on nesting depth and size"). */
export const STRICT_LIMITS = {
  properties: 5000,
  depth: 10,
  enumValues: 1000,
  stringLength: 120_000,
  largeEnum: 250,
  largeEnumLength: 15_000,
} as const;

/** `format` values strict mode supports (same docs page, "Supported properties"). */
const FORMATS = new Set(["date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"]);

/** Keywords strict mode rejects and that cannot be dropped without changing what the schema means. */
const UNLOWERABLE: ReadonlyMap<string, string> = new Map([
  ["allOf", "'allOf' is not supported in strict mode"],
  ["oneOf", "'oneOf' is not supported in strict mode (and 'anyOf' would accept more)"],
  ["not", "'not' is not supported in strict mode"],
  ["if", "'if'/'then'/'else' are not supported in strict mode"],
  ["then", "'if'/'then'/'else' are not supported in strict mode"],
  ["else", "'if'/'then'/'else' are not supported in strict mode"],
  ["dependentRequired", "'dependentRequired' is not supported in strict mode"],
  ["dependentSchemas", "'dependentSchemas' is not supported in strict mode"],
  ["dependencies", "'dependencies' is not supported in strict mode"],
  ["patternProperties", "'patternProperties' is not supported in strict mode (every object is closed)"],
  ["propertyNames", "'propertyNames' is not supported in strict mode"],
  ["unevaluatedProperties", "'unevaluatedProperties' is not supported in strict mode"],
  ["unevaluatedItems", "'unevaluatedItems' is not supported in strict mode"],
  ["prefixItems", "'prefixItems' (tuples) is not supported in strict mode"],
  ["contains", "'contains' is not supported in strict mode"],
  ["$dynamicRef", "'$dynamicRef' is not supported in strict mode"],
]);

/** Constraints strict mode does not support that only narrow values: dropped, still validated at run time. */
const DROPPED_CONSTRAINTS = new Set(["minLength", "maxLength", "minProperties", "maxProperties", "uniqueItems", "minContains", "maxContains", "contentEncoding", "contentMediaType", "contentSchema"]);

/** Keywords kept as they are. */
const KEPT = new Set(["type", "enum", "const", "description", "pattern", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minItems", "maxItems"]);

/**
 * Whether a tool asks for strict mode: `"strict": true` in its file (sent to Anthropic as the tool's
 * `strict`; lowered for OpenAI). A loaded tool carries it in its fields (load/tool-fields.ts); a lint
 * rule sees the file's data as written. The one reader of that field.
 */
export function declaredStrict(tool: { fields?: { strict?: boolean } } | { data: Record<string, unknown> }): boolean {
  return "data" in tool ? tool.data["strict"] === true : tool.fields?.strict === true;
}

/** The rule of the lint rule that reports what the lowering cannot do. */
export const STRICT_RULE = "openai-strict-lowerable";

/**
 * The openai target's rules that check what strict mode takes (targets/openai/facts.ts): like
 * STRICT_RULE they check only the tools sent strict, all of them with the `all` option.
 */
const TARGET_STRICT_RULES = ["openai/keyword-unsupported", "openai/schema-limits"];

/**
 * The rule settings with the `all` option set on the rules that check tools sent strict (the
 * `openaiStrict` config: every tool is sent strict, so every tool must lower). The severity the user
 * gave is kept; a target rule nobody turned on stays off.
 */
export function withStrictAll<S>(rules: Record<string, S | unknown>, openaiStrict: boolean | undefined): Record<string, S | unknown> {
  if (openaiStrict !== true) return rules;
  const out = { ...rules };
  for (const id of [STRICT_RULE, ...TARGET_STRICT_RULES]) {
    const given = out[id];
    if (given === "off" || (given === undefined && id !== STRICT_RULE)) continue;
    if (Array.isArray(given)) {
      const options: unknown = given[1];
      out[id] = [given[0], { ...(isObject(options) ? options : {}), all: 1 }];
    } else out[id] = [typeof given === "string" ? given : "error", { all: 1 }];
  }
  return out;
}

function isEmptyPlan(plan: NullPlan): boolean {
  return plan.o === undefined && plan.p === undefined && plan.i === undefined && plan.r === undefined;
}

interface Walk {
  root: JsonObject;
  problems: StrictProblem[];
  properties: number;
  enumValues: number;
  stringLength: number;
  /** Plans of the definitions that were lowered, by ref; `undefined` while one is being lowered. */
  defPlans: Map<string, NullPlan | undefined>;
  /** Plans of anyOf branches (checked once every definition's plan is known). */
  branches: Array<{ pointer: string; plan: NullPlan }>;
}

/**
 * The definition a local `$ref` names, as strict mode takes one: `#`, or one definition written
 * `#/$defs/<name>` or `#/definitions/<name>` (read with the one resolver: `%2F` in a name is a
 * separator, as the bundler and the lint rules read it, so it names no definition); else undefined.
 */
function resolveDefinition(root: JsonObject, ref: string): { schema: JsonValue; keyword: string; name: string; pointer: string } | undefined {
  if (ref === "#") return { schema: root, keyword: "", name: "", pointer: "" };
  if (!/^#\/(\$defs|definitions)\//.test(ref)) return undefined;
  const target = resolveRef(root, ref);
  if (target === undefined || target.tokens.length !== 2) return undefined;
  const [keyword, name] = target.tokens as [string, string];
  if (name === "" || !isObject(root[keyword])) return undefined;
  return { schema: target.schema as JsonValue, keyword, name, pointer: target.pointer };
}

/**
 * Whether `schema` accepts `null` (conservative: true when unsure). The one cycle rule (schema/refs.ts
 * SchemaValues): a reference back to a schema still being asked about adds nothing (a loop accepts nothing).
 */
export function acceptsNull(schema: JsonValue, root: JsonObject): boolean {
  const values = new SchemaValues<boolean>(root, (node, values) => {
    const accepts = (s: JsonValue | undefined): boolean => s === true || (isObject(s) && values.of(s));
    const type = node["type"];
    if (typeof type === "string" && type !== "null") return false;
    if (Array.isArray(type) && !type.includes("null")) return false;
    if (Array.isArray(node["enum"]) && !node["enum"].includes(null)) return false;
    if ("const" in node && node["const"] !== null) return false;
    const ref = node["$ref"];
    if (typeof ref === "string") {
      const target = resolveDefinition(root, ref);
      return target === undefined || accepts(target.schema);
    }
    const anyOf = node["anyOf"] ?? node["oneOf"];
    if (Array.isArray(anyOf)) return anyOf.some((b) => accepts(b as JsonValue));
    return true;
  }, false);
  return schema === true || (isObject(schema) && values.of(schema));
}

/** `schema` (lowered) made to accept `null` too. */
function nullable(schema: JsonObject): JsonObject {
  const type = schema["type"];
  if (Array.isArray(schema["anyOf"]) && type === undefined && !("const" in schema) && !("enum" in schema)) {
    return { ...schema, anyOf: [...schema["anyOf"], { type: "null" }] };
  }
  if ("const" in schema || "anyOf" in schema || (Array.isArray(schema["enum"]) && type === undefined)) return wrapNullable(schema);
  if (typeof type === "string" || Array.isArray(type)) {
    const out: JsonObject = { ...schema, type: typeof type === "string" ? [type, "null"] : [...type, "null"] };
    if (Array.isArray(schema["enum"])) out["enum"] = [...schema["enum"], null];
    return out;
  }
  return wrapNullable(schema);
}

/** `anyOf: [schema, {type: "null"}]`, the description kept outside (beside a `$ref`, strict mode may not read it). */
function wrapNullable(schema: JsonObject): JsonObject {
  const { description, ...rest } = schema;
  const out: JsonObject = { anyOf: [rest, { type: "null" }] };
  if (description !== undefined) out["description"] = description;
  return out;
}

function problem(w: Walk, pointer: string, message: string, severity: "error" | "warning" = "error", topic?: string): void {
  w.problems.push(topic === undefined ? { pointer, message, severity } : { pointer, message, severity, topic });
}

function countString(w: Walk, s: string): void {
  w.stringLength += s.length;
}

/** Lowers one subschema; returns it and its plan. `depth` counts nested objects (the root object is 1). */
function lowerNode(w: Walk, schema: JsonValue, pointer: string, depth: number): { schema: JsonObject; plan: NullPlan } {
  const plan: NullPlan = {};
  if (!isObject(schema)) {
    problem(w, pointer, schema === false ? "a 'false' schema (nothing is valid) cannot be sent in strict mode" : "a 'true' schema (any value) cannot be sent in strict mode: give it a type");
    return { schema: {}, plan };
  }
  const out: JsonObject = {};
  let rejected = false;
  for (const [key, value] of Object.entries(schema)) {
    const unlowerable = UNLOWERABLE.get(key);
    if (unlowerable !== undefined) {
      problem(w, joinPointer(pointer, key), unlowerable, "error", `keyword:${key}`);
      rejected = true;
    }
    else if (DROPPED_CONSTRAINTS.has(key)) problem(w, joinPointer(pointer, key), `'${key}' is not supported in strict mode: left out of the schema sent to OpenAI (the call is still validated against it)`, "warning");
    else if (key === "format") {
      if (typeof value === "string" && FORMATS.has(value)) out[key] = value;
      else problem(w, joinPointer(pointer, key), `format '${String(value)}' is not supported in strict mode: left out of the schema sent to OpenAI (the call is still validated against it)`, "warning");
    } else if (KEPT.has(key)) out[key] = value;
  }
  const type = schema["type"];
  const types = typeof type === "string" ? [type] : Array.isArray(type) ? type : [];
  if (Array.isArray(schema["enum"])) {
    const values = schema["enum"];
    w.enumValues += values.length;
    let length = 0;
    for (const v of values) if (typeof v === "string") length += v.length;
    w.stringLength += length;
    if (values.length > STRICT_LIMITS.largeEnum && values.every((v) => typeof v === "string") && length > STRICT_LIMITS.largeEnumLength) {
      problem(w, joinPointer(pointer, "enum"), `an enum of more than ${STRICT_LIMITS.largeEnum} strings may total at most ${STRICT_LIMITS.largeEnumLength} characters in strict mode (this one: ${length})`);
    }
  }
  if (typeof schema["const"] === "string") countString(w, schema["const"]);

  const ref = schema["$ref"];
  if (typeof ref === "string") {
    const target = resolveDefinition(w.root, ref);
    if (target === undefined) problem(w, joinPointer(pointer, "$ref"), `the $ref '${ref}' is not '#' or '#/$defs/<name>': strict mode cannot follow it`);
    else {
      out["$ref"] = ref;
      if (!w.defPlans.has(ref)) w.defPlans.set(ref, undefined);
      plan.r = ref;
    }
    return { schema: out, plan };
  }

  const isObjectSchema = types.includes("object") || (types.length === 0 && ("properties" in schema || "additionalProperties" in schema));
  if (!rejected && types.length === 0 && !("enum" in schema) && !("const" in schema) && !Array.isArray(schema["anyOf"])) {
    problem(w, pointer, isObjectSchema ? "an object schema without 'type': \"object\" also accepts non-objects; strict mode needs a type" : "a schema without a type (any value) cannot be sent in strict mode: give it a type, an enum or an anyOf");
  }
  if (isObjectSchema) {
    if (depth > STRICT_LIMITS.depth) problem(w, pointer, `objects nest ${depth} levels deep here; strict mode allows ${STRICT_LIMITS.depth}`, "error", "limit:depth");
    const additional = schema["additionalProperties"];
    const props = schema["properties"];
    if (additional !== undefined && additional !== false) {
      problem(w, joinPointer(pointer, "additionalProperties"), "an object that allows additional properties cannot be sent in strict mode (every object is closed there)");
    } else if (!isObject(props) && additional !== false && pointer !== "") {
      problem(w, pointer, "an object without 'properties' accepts any keys; strict mode would close it to the empty object: list its properties or set additionalProperties: false");
    }
    const required = Array.isArray(schema["required"]) ? schema["required"].filter((k): k is string => typeof k === "string") : [];
    const lowered: JsonObject = {};
    const optional: string[] = [];
    const childPlans: { [key: string]: NullPlan } = {};
    if (isObject(props)) {
      for (const [key, sub] of Object.entries(props)) {
        w.properties++;
        countString(w, key);
        const childPointer = joinPointer(pointer, "properties", key);
        const child = lowerNode(w, sub, childPointer, depth + 1);
        let childSchema = child.schema;
        if (!required.includes(key)) {
          if (acceptsNull(sub, w.root)) {
            problem(w, childPointer, `'${key}' is optional and already accepts null: in strict mode it must be sent, and a null could not say whether it was left out; make it required or stop accepting null`);
          } else {
            childSchema = nullable(childSchema);
            optional.push(key);
          }
        }
        Object.defineProperty(lowered, key, { value: childSchema, enumerable: true, writable: true, configurable: true });
        if (!isEmptyPlan(child.plan)) Object.defineProperty(childPlans, key, { value: child.plan, enumerable: true, writable: true, configurable: true });
      }
    }
    for (const key of required) {
      if (!isObject(props) || !Object.hasOwn(props, key)) problem(w, joinPointer(pointer, "required"), `'${key}' is required but not among the properties: a closed object in strict mode cannot have it`);
    }
    out["type"] = types.length === 0 ? "object" : (out["type"] ?? "object");
    out["properties"] = lowered;
    out["required"] = Object.keys(lowered);
    out["additionalProperties"] = false;
    if (optional.length > 0) plan.o = optional;
    if (Object.keys(childPlans).length > 0) plan.p = childPlans;
  }
  if (types.includes("array") || "items" in schema) {
    const items = schema["items"];
    if (Array.isArray(items)) problem(w, joinPointer(pointer, "items"), "'items' as an array (a tuple) is not supported in strict mode");
    else if (items !== undefined) {
      const child = lowerNode(w, items, joinPointer(pointer, "items"), depth);
      out["items"] = child.schema;
      if (!isEmptyPlan(child.plan)) plan.i = child.plan;
    } else problem(w, pointer, "an array without 'items' accepts any items; strict mode needs an items schema");
  }
  const anyOf = schema["anyOf"];
  if (Array.isArray(anyOf)) {
    if (pointer === "") problem(w, "/anyOf", "strict mode needs an object at the top, not an anyOf");
    out["anyOf"] = anyOf.map((branch, i) => {
      const child = lowerNode(w, branch, joinPointer(pointer, "anyOf", i), depth);
      w.branches.push({ pointer: joinPointer(pointer, "anyOf", i), plan: child.plan });
      return child.schema;
    });
  }
  return { schema: out, plan };
}

/**
 * Lowers a (bundled, self-contained) tool input schema to OpenAI strict mode. The schema is not
 * changed. `problems` with severity `error` mean the lowered schema is not faithful: do not send it strict.
 */
export function lowerStrict(schema: JsonObject): Lowered {
  const w: Walk = { root: schema, problems: [], properties: 0, enumValues: 0, stringLength: 0, defPlans: new Map(), branches: [] };
  if (schema["type"] !== "object") problem(w, "", "strict mode needs an object schema at the top ('type': \"object\")");
  const top = lowerNode(w, schema, "", 1);
  const out = top.schema;
  const defs: { [ref: string]: NullPlan } = {};
  // Every definition a $ref reaches is lowered once (recursive schemas included: the plan names it).
  const loweredDefs = new Map<string, Map<string, JsonObject>>();
  for (let pending = [...w.defPlans].filter(([, p]) => p === undefined); pending.length > 0; pending = [...w.defPlans].filter(([, p]) => p === undefined)) {
    for (const [ref] of pending) {
      w.defPlans.set(ref, {});
      if (ref === "#") {
        w.defPlans.set(ref, top.plan);
        continue;
      }
      const target = resolveDefinition(w.root, ref)!;
      const child = lowerNode(w, target.schema, target.pointer, 1);
      const bucket = loweredDefs.get(target.keyword) ?? new Map<string, JsonObject>();
      bucket.set(target.name, child.schema);
      loweredDefs.set(target.keyword, bucket);
      w.defPlans.set(ref, child.plan);
    }
  }
  for (const [keyword, bucket] of loweredDefs) {
    const obj: JsonObject = {};
    for (const [name, s] of bucket) Object.defineProperty(obj, name, { value: s, enumerable: true, writable: true, configurable: true });
    out[keyword] = obj;
  }
  for (const [ref, plan] of w.defPlans) if (plan !== undefined && !isEmptyPlan(plan) && ref !== "#") defs[ref] = plan;
  if (w.defPlans.has("#") && !isEmptyPlan(top.plan)) defs["#"] = top.plan;
  // A $ref to a definition whose plan turned out empty needs no entry: drop those refs (until nothing changes).
  for (let changed = true; changed; ) {
    changed = false;
    pruneRefs(top.plan, defs);
    for (const [ref, plan] of Object.entries(defs)) {
      pruneRefs(plan, defs);
      if (isEmptyPlan(plan)) {
        delete defs[ref];
        changed = true;
      }
    }
  }
  for (const branch of w.branches) {
    pruneRefs(branch.plan, defs);
    if (!isEmptyPlan(branch.plan)) {
      problem(w, branch.pointer, "an anyOf branch with optional properties cannot be normalised back from strict mode (which branch a null belongs to is unknown); make its properties required");
    }
  }
  if (w.properties > STRICT_LIMITS.properties) problem(w, "", `${w.properties} properties in all; strict mode allows ${STRICT_LIMITS.properties}`, "error", "limit:properties");
  if (w.enumValues > STRICT_LIMITS.enumValues) problem(w, "", `${w.enumValues} enum values in all; strict mode allows ${STRICT_LIMITS.enumValues}`, "error", "limit:enumValues");
  if (w.stringLength > STRICT_LIMITS.stringLength) problem(w, "", `property names and enum values total ${w.stringLength} characters; strict mode allows ${STRICT_LIMITS.stringLength}`);
  const plan: StrictPlan = { root: top.plan };
  if (Object.keys(defs).length > 0) plan.defs = defs;
  return { schema: out, plan, problems: w.problems };
}

/** Removes `r` entries whose definition needs no plan, and the nodes left empty. */
function pruneRefs(plan: NullPlan, defs: { [ref: string]: NullPlan }): void {
  if (plan.r !== undefined && !Object.hasOwn(defs, plan.r)) delete plan.r;
  if (plan.i !== undefined) {
    pruneRefs(plan.i, defs);
    if (isEmptyPlan(plan.i)) delete plan.i;
  }
  if (plan.p !== undefined) {
    for (const key of Object.keys(plan.p)) {
      pruneRefs(plan.p[key]!, defs);
      if (isEmptyPlan(plan.p[key]!)) delete plan.p[key];
    }
    if (Object.keys(plan.p).length === 0) delete plan.p;
  }
}
