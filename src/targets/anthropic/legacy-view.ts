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
  flat: Flat;
  conversion: Conversion;
}

/** The one decision per parameter that both the prompt and the conversion table are made from. */
export function legacyParameters(tool: { bundledSchema: unknown }): { model: SchemaModel; parameters: LegacyParameter[]; additional: Conversion | undefined } {
  const model = new SchemaModel(tool.bundledSchema);
  const root = model.flat(tool.bundledSchema);
  const parameters = [...root.properties].map(([name, schema]) => {
    const flat = model.flat(schema);
    return { name, required: root.required.has(name), flat, conversion: conversionOf(flat) };
  });
  const extra = root.additionalProperties;
  const additional = extra !== undefined && extra !== true ? conversionOf(model.flat(extra)) : undefined;
  return { model, parameters, additional };
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
  const { model, parameters } = legacyParameters(tool);
  return {
    name: tool.name,
    description: tool.description ?? "",
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
  parts.push(p.required ? "Required." : "Optional.");
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
    const fields: string[] = [];
    parts.push(`Write the value as JSON shaped like ${shapeOf(model, flat, 0, "", fields)}.`);
    if (fields.length > 0) parts.push(`Fields: ${fields.join("; ")}.`);
  }
  return parts.join(" ");
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
function shapeOf(model: SchemaModel, flat: Flat, depth: number, path: string, fields: string[], open: Set<Flat> = new Set()): string {
  if (open.has(flat)) return "(recursive)";
  open.add(flat);
  try {
    return shapeWithin(model, flat, depth, path, fields, open);
  } finally {
    open.delete(flat);
  }
}

function shapeWithin(model: SchemaModel, flat: Flat, depth: number, path: string, fields: string[], open: Set<Flat>): string {
  if (flat.values !== undefined) return flat.values.map(json).join(" | ") || "never";
  const kinds = effectiveKinds(flat);
  if (depth > MAX_SHAPE_DEPTH) return kinds === undefined ? "any" : [...kinds].join(" | ") || "never";
  if (flat.alternatives !== undefined) {
    // Nested alternatives are listed flat, each shape once.
    const shapes: string[] = [];
    const add = (f: Flat, d: number): void => {
      if (f.alternatives !== undefined && d <= MAX_SHAPE_DEPTH) {
        for (const a of f.alternatives) add(model.flat(a), d + 1);
        if (effectiveKinds(f)?.has("null")) shapes.push("null");
      } else {
        const shape = shapeOf(model, f, d, path, fields, open);
        // A plain union of type names (past the depth limit) is listed name by name.
        shapes.push(...(/[[{"(]/.test(shape) ? [shape] : shape.split(" | ")));
      }
    };
    add(flat, depth);
    return [...new Set(shapes)].join(" | ");
  }
  if (kinds === undefined) return "any";
  const shapes = [...kinds].map((kind) => {
    if (kind === "array") {
      if (flat.prefixItems !== undefined) {
        const each = flat.prefixItems.map((item, i) => shapeOf(model, model.flat(item), depth + 1, `${path}[${i}]`, fields, open));
        const rest = flat.items === false ? "" : ", ...";
        return `[${each.join(", ")}${rest}]`;
      }
      const items = flat.items;
      return `[${items === undefined || items === true ? "any" : shapeOf(model, model.flat(items), depth + 1, `${path}[]`, fields, open)}, ...]`;
    }
    if (kind === "object") {
      const props = [...flat.properties].map(([name, schema]) => {
        const child = model.flat(schema);
        const at = path === "" ? name : `${path}.${name}`;
        if (child.description !== undefined && !open.has(child)) fields.push(`${json(at)}: ${child.description.replace(/[.。]$/, "")}`);
        return `${json(name)}${flat.required.has(name) ? "" : "?"}: ${shapeOf(model, child, depth + 1, at, fields, open)}`;
      });
      const extra = flat.additionalProperties;
      if (extra !== undefined && extra !== true && extra !== false) {
        props.push(`[key: string]: ${shapeOf(model, model.flat(extra), depth + 1, `${path}.*`, fields, open)}`);
      }
      return props.length > 0 ? `{${props.join(", ")}}` : "{...}";
    }
    return kind;
  });
  return shapes.join(" | ") || "never";
}
