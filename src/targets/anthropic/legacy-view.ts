/**
 * The view model of the legacy prompt, and the conversion table of the legacy parser: both from the
 * schema module's one description of each parameter (src/schema/parameter.ts), so the `<type>` the
 * prompt announces is the conversion the parser applies. The legacy format has no optional marker,
 * no enum, no bounds and no nested shape, so each parameter's description says what the schema
 * says: required or optional, allowed values, default, bounds, pattern and format, and for arrays
 * and objects the JSON shape expected with the descriptions of its fields.
 */
import type { BundledTool } from "../../model.js";
import { conversionOf, effectiveKinds, typeNameOf, SchemaModel, type Bounds, type Conversion, type Flat } from "../../schema/parameter.js";

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

/** One tool's conversions: each announced parameter's, and the one for other names (additionalProperties). */
export interface ToolConversion {
  parameters: [string, Conversion][];
  additional: Conversion | undefined;
}

export interface LegacyParameter {
  name: string;
  required: boolean;
  /** For a root union of parameter sets: "Required in shape 1." or "Optional, in shape 2." (else undefined). */
  inShapes?: string;
  flat: Flat;
  conversion: Conversion;
}

/** The one decision per parameter that both the prompt and the conversion table are made from. */
export function legacyParameters(tool: { bundledSchema: unknown }): {
  model: SchemaModel;
  parameters: LegacyParameter[];
  additional: Conversion | undefined;
  shapes: LegacyShape[] | undefined;
} {
  const model = new SchemaModel(tool.bundledSchema);
  const root = model.flat(tool.bundledSchema);
  // A root `anyOf`/`oneOf` of parameter sets (by id, or by name and country): every set's
  // parameters are listed, required when every set requires them, and the sets are the shapes.
  const branches = root.alternatives?.map((b) => model.flat(b));
  const schemas = new Map(root.properties);
  for (const branch of branches ?? []) for (const [name, schema] of branch.properties) if (!schemas.has(name)) schemas.set(name, schema);
  const requiredByAll = (name: string) => branches !== undefined && branches.every((b) => b.required.has(name));
  const shapes = branches?.map((b) => {
    const names = [...new Set([...b.properties.keys(), ...b.required])];
    return names.map((name) => ({ name, required: b.required.has(name) || root.required.has(name) }));
  });
  const parameters = [...schemas].map(([name, schema]): LegacyParameter => {
    const flat = model.flat(schema);
    const required = root.required.has(name) || requiredByAll(name);
    const parameter: LegacyParameter = { name, required, flat, conversion: conversionOf(flat) };
    const inShapes = required || shapes === undefined ? undefined : shapeNote(shapes, name);
    if (inShapes !== undefined) parameter.inShapes = inShapes;
    return parameter;
  });
  const extra = root.additionalProperties;
  const additional = extra !== undefined && extra !== true ? conversionOf(model.flat(extra)) : undefined;
  return { model, parameters, additional, shapes };
}

/** One parameter set of a root `anyOf`/`oneOf`: its parameters, in order. */
export type LegacyShape = { name: string; required: boolean }[];

/** Which shapes require or take `name`: "Required in shape 1.", "Optional, in shapes 2 and 3."; undefined when in none. */
function shapeNote(shapes: readonly LegacyShape[], name: string): string | undefined {
  const list = (indices: number[]) => `shape${indices.length > 1 ? "s" : ""} ${indices.length > 1 ? `${indices.slice(0, -1).join(", ")} and ${indices.at(-1)}` : indices[0]}`;
  const requiredIn: number[] = [];
  const optionalIn: number[] = [];
  shapes.forEach((shape, i) => {
    const p = shape.find((q) => q.name === name);
    if (p !== undefined) (p.required ? requiredIn : optionalIn).push(i + 1);
  });
  if (requiredIn.length > 0) return `Required in ${list(requiredIn)}${optionalIn.length > 0 ? `, optional in ${list(optionalIn)}` : ""}.`;
  return optionalIn.length > 0 ? `Optional, in ${list(optionalIn)}.` : undefined;
}

/** The sentence that follows the tool's description when its root is a union of parameter sets. */
function shapesSentence(shapes: readonly LegacyShape[]): string {
  const each = shapes.map((shape, i) => {
    const names = shape.map((p) => `${p.name}${p.required ? " (required)" : ""}`).join(", ");
    return `shape ${i + 1}: ${names === "" ? "no parameters" : names}`;
  });
  return `Give the parameters of one of these ${shapes.length} shapes (${each.join("; ")}).`;
}

export function legacyPromptView(tools: readonly BundledTool[]): LegacyPromptView {
  return { tools: tools.map(toolView) };
}

export function legacyConversions(tools: readonly { name: string; bundledSchema: unknown }[]): [string, ToolConversion][] {
  return tools.map((tool) => {
    const { parameters, additional } = legacyParameters(tool);
    return [tool.name, { parameters: parameters.map((p) => [p.name, p.conversion]), additional }];
  });
}

function toolView(tool: BundledTool): LegacyToolView {
  const { model, parameters, shapes } = legacyParameters(tool);
  const description = tool.description ?? "";
  return {
    name: tool.name,
    description: shapes === undefined ? description : `${description}${description === "" ? "" : "\n\n"}${shapesSentence(shapes)}`,
    parameters: parameters.map((p) => ({ name: p.name, type: typeNameOf(p.conversion), description: describeParameter(model, p) })),
  };
}

const json = (value: unknown): string => JSON.stringify(value) ?? String(value);

function sentence(text: string): string {
  return /[.!?。！？]$/.test(text) ? text : `${text}.`;
}

function describeParameter(model: SchemaModel, p: LegacyParameter): string {
  const { flat, conversion } = p;
  const parts: string[] = [];
  if (flat.description !== undefined) parts.push(sentence(flat.description));
  parts.push(p.required ? "Required." : (p.inShapes ?? "Optional."));
  if (conversion.includes("any")) {
    parts.push("Any JSON value: write numbers, true, false, null, arrays and objects as JSON; other text is read as a string.");
  }
  const nonNull = conversion.filter((t) => t !== "null" && t !== "any");
  if (nonNull.length > 1) parts.push(`Type: ${nonNull.join(" or ")}.`);
  const values = flat.values;
  if (values !== undefined) {
    parts.push(values.length === 1 ? `Must be ${json(values[0])}.` : `Allowed values: ${values.map(json).join(", ")}.`);
  } else if (conversion.includes("null") && nonNull.length > 0) {
    parts.push("May be null.");
  }
  if (flat.default !== undefined) parts.push(`Default: ${json(flat.default.value)}.`);
  parts.push(...describeBounds(flat.bounds));
  if (values === undefined && (nonNull.includes("array") || nonNull.includes("object"))) {
    const fields: Field[] = [];
    parts.push(`Write the value as JSON shaped like ${shapeOf(model, flat, 0, "", fields)}.`);
    return withFields(parts.join(" "), fields);
  }
  return parts.join(" ");
}

/**
 * The most characters a parameter's description gets from what nested fields must satisfy: the
 * lint rule description-max-length's default. A description longer without them is left as it was.
 */
export const LEGACY_DESCRIPTION_BUDGET = 2048;

/** A nested field or item the prompt says something about: its description, and what validation enforces. */
interface Field {
  at: string;
  description: string | undefined;
  constraints: string[];
}

/**
 * `text` and its `Fields:` sentence. Each field's constraints are stated while the description stays
 * within LEGACY_DESCRIPTION_BUDGET; when some do not fit, the last fields' constraints are left out
 * (and said to be), so the descriptions are kept whole.
 */
function withFields(text: string, fields: Field[]): string {
  const entry = (f: Field, constrained: boolean): string | undefined => {
    const limits = constrained ? f.constraints.join("; ") : "";
    if (f.description === undefined) return limits === "" ? undefined : `${json(f.at)}: ${limits}`;
    return `${json(f.at)}: ${f.description.replace(/[.。]$/, "")}${limits === "" ? "" : ` (${limits})`}`;
  };
  const compose = (kept: number): string => {
    const entries = fields.flatMap((f, i) => entry(f, i < kept) ?? []);
    const left = fields.slice(kept).some((f) => f.constraints.length > 0);
    const said = entries.length > 0 ? `${text} Fields: ${entries.join("; ")}.` : text;
    return left ? `${said} Some fields have limits not listed here; the tool checks them.` : said;
  };
  let kept = fields.length;
  let out = compose(kept);
  while (out.length > LEGACY_DESCRIPTION_BUDGET && kept > 0) out = compose(--kept);
  return out;
}

/** Bounds, pattern and format, as phrases for a field's parentheses (`at most 40`, `matches /^[A-Z]{2}$/`). */
function constraintsOf(b: Bounds): string[] {
  return describeBounds(b).map((sentence) =>
    sentence
      .replace(/\.$/, "")
      .replace(/^Must be /, "")
      .replace(/^Must match the regular expression /, "matches ")
      .replace(/^Items must be unique$/, "items unique")
      .replace(/^(Length in characters|Number of items|Number of properties|Format)/, (m) => m.toLowerCase()),
  );
}

/** Bounds, pattern and format, as sentences. */
function describeBounds(b: Bounds): string[] {
  const out: string[] = [];
  const range: string[] = [];
  if (b.minimum !== undefined) range.push(`at least ${b.minimum}`);
  if (b.exclusiveMinimum !== undefined) range.push(`greater than ${b.exclusiveMinimum}`);
  if (b.maximum !== undefined) range.push(`at most ${b.maximum}`);
  if (b.exclusiveMaximum !== undefined) range.push(`less than ${b.exclusiveMaximum}`);
  if (b.multipleOf !== undefined) range.push(`a multiple of ${b.multipleOf}`);
  if (range.length > 0) out.push(`Must be ${range.join(", ")}.`);
  const count = (min: number | undefined, max: number | undefined, what: string): void => {
    const said: string[] = [];
    if (min !== undefined) said.push(`at least ${min}`);
    if (max !== undefined) said.push(`at most ${max}`);
    if (said.length > 0) out.push(`${what}: ${said.join(", ")}.`);
  };
  count(b.minLength, b.maxLength, "Length in characters");
  count(b.minItems, b.maxItems, "Number of items");
  if (b.uniqueItems === true) out.push("Items must be unique.");
  count(b.minProperties, b.maxProperties, "Number of properties");
  if (b.pattern !== undefined) out.push(`Must match the regular expression /${b.pattern}/.`);
  if (b.format !== undefined) out.push(`Format: ${b.format}.`);
  return out;
}

const MAX_SHAPE_DEPTH = 4;

/**
 * A compact, TypeScript-like picture of the JSON expected: `{"street": string, "zip"?: string}`;
 * descriptions of the fields met are added to `fields` (`"address.street": The street`). A schema
 * met again inside itself (a recursive `$ref`) is shown as `(recursive)`.
 */
function shapeOf(model: SchemaModel, flat: Flat, depth: number, path: string, fields: Field[], open: Set<Flat> = new Set()): string {
  if (open.has(flat)) return "(recursive)";
  open.add(flat);
  try {
    return shapeWithin(model, flat, depth, path, fields, open);
  } finally {
    open.delete(flat);
  }
}

function shapeWithin(model: SchemaModel, flat: Flat, depth: number, path: string, fields: Field[], open: Set<Flat>): string {
  if (flat.values !== undefined) return flat.values.map(json).join(" | ") || "never";
  const kinds = effectiveKinds(flat);
  if (depth > MAX_SHAPE_DEPTH) return kinds === undefined ? "any" : [...kinds].join(" | ") || "never";
  if (flat.alternatives !== undefined) {
    // Nested alternatives are listed flat, each shape once. A union is no level of the JSON: its
    // branches are shown at the depth of the union itself (issue 37: counted as levels, they cut the
    // shape, and the limits of the fields in it, two unions down an array), and `nest` bounds the
    // unions within unions.
    const shapes: string[] = [];
    const add = (f: Flat, nest: number): void => {
      if (f.alternatives !== undefined && nest <= MAX_SHAPE_DEPTH) {
        for (const a of f.alternatives) add(model.flat(a), nest + 1);
        if (effectiveKinds(f)?.has("null")) shapes.push("null");
      } else {
        // Past the limit of unions within unions, a union is named by its kinds (as past the depth limit).
        const shape = f.alternatives !== undefined ? [...(effectiveKinds(f) ?? ["any"])].join(" | ") || "never" : shapeOf(model, f, depth, path, fields, open);
        // A plain union of type names (past the depth limit) is listed name by name.
        shapes.push(...(/[[{"(]/.test(shape) ? [shape] : shape.split(" | ")));
      }
    };
    add(flat, 0);
    return [...new Set(shapes)].join(" | ");
  }
  if (kinds === undefined) return "any";
  const shapes = [...kinds].map((kind) => {
    if (kind === "array") {
      if (flat.prefixItems !== undefined) {
        const each = flat.prefixItems.map((item, i) => {
          const child = model.flat(item);
          noteItem(fields, `${path}[${i}]`, child, open);
          return shapeOf(model, child, depth + 1, `${path}[${i}]`, fields, open);
        });
        const rest = flat.items === false ? "" : ", ...";
        return `[${each.join(", ")}${rest}]`;
      }
      const items = flat.items;
      if (items === undefined || items === true) return "[any, ...]";
      const child = model.flat(items);
      noteItem(fields, `${path}[]`, child, open);
      return `[${shapeOf(model, child, depth + 1, `${path}[]`, fields, open)}, ...]`;
    }
    if (kind === "object") {
      const props = [...flat.properties].map(([name, schema]) => {
        const child = model.flat(schema);
        const at = path === "" ? name : `${path}.${name}`;
        if (!open.has(child)) {
          const constraints = constraintsOf(child.bounds);
          if (child.description !== undefined || constraints.length > 0) fields.push({ at, description: child.description, constraints });
        }
        return `${json(name)}${flat.required.has(name) ? "" : "?"}: ${shapeOf(model, child, depth + 1, at, fields, open)}`;
      });
      const extra = flat.additionalProperties;
      if (extra !== undefined && extra !== true && extra !== false) {
        const child = model.flat(extra);
        noteItem(fields, `${path}.*`, child, open);
        props.push(`[key: string]: ${shapeOf(model, child, depth + 1, `${path}.*`, fields, open)}`);
      }
      return props.length > 0 ? `{${props.join(", ")}}` : "{...}";
    }
    return kind;
  });
  return shapes.join(" | ") || "never";
}

/** An array item or a map value (`tags[]`, `labels.*`) is listed among the fields when validation bounds it. */
function noteItem(fields: Field[], at: string, item: Flat, open: Set<Flat>): void {
  if (open.has(item)) return;
  const constraints = constraintsOf(item.bounds);
  if (constraints.length > 0) fields.push({ at, description: item.description, constraints });
}
