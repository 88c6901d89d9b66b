// toolgen runtime: turns JSON Schema validation errors (ajv's shape) into messages a model can
// act on. Copied verbatim into generated output; imports nothing but its sibling files.

import { describeJsonTypes } from "./values.js";

/** One validation error, in ajv's `ErrorObject` shape (ajv's own objects are assignable). */
export interface ValidationError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

/** "/address/lines/0/text" + "zip" -> "address.lines[0].text.zip". */
export function formatPath(instancePath: string, child?: string): string {
  let out = "";
  if (instancePath !== "") {
    for (const raw of instancePath.slice(1).split("/")) {
      const seg = raw.replace(/~1/g, "/").replace(/~0/g, "~");
      out += /^(?:0|[1-9]\d*)$/.test(seg) ? `[${seg}]` : out === "" ? seg : `.${seg}`;
    }
  }
  if (child !== undefined) out += out === "" ? child : `.${child}`;
  return out;
}

function subject(path: string): string {
  return path === "" ? "Input" : `Parameter '${path}'`;
}

function show(value: unknown): string {
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function str(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

function typeList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  return typeof value === "string" ? value.split(",") : [];
}

function plural(n: unknown, word: string): string {
  return `${show(n)} ${word}${n === 1 ? "" : "s"}`;
}

const COMPARISON: { readonly [op: string]: string } = {
  ">=": "at least",
  "<=": "at most",
  ">": "greater than",
  "<": "less than",
};

function describeOne(e: ValidationError): string {
  const p: Record<string, unknown> = e.params ?? {};
  const path = formatPath(e.instancePath);
  const who = subject(path);
  switch (e.keyword) {
    case "required": {
      const missing = str(p["missingProperty"]);
      if (missing !== undefined) return `Missing required parameter '${formatPath(e.instancePath, missing)}'`;
      break;
    }
    case "dependentRequired":
    case "dependencies": {
      const missing = str(p["missingProperty"]);
      const property = str(p["property"]);
      if (missing !== undefined && property !== undefined) {
        return `Missing required parameter '${formatPath(e.instancePath, missing)}' (required when '${formatPath(e.instancePath, property)}' is present)`;
      }
      break;
    }
    case "additionalProperties":
    case "unevaluatedProperties": {
      const extra = str(p["additionalProperty"]) ?? str(p["unevaluatedProperty"]);
      if (extra !== undefined) return `Unknown parameter '${formatPath(e.instancePath, extra)}'`;
      break;
    }
    case "type": {
      const types = typeList(p["type"]);
      if (types.length > 0) return `${who} must be ${describeJsonTypes(types)}`;
      break;
    }
    case "enum": {
      const allowed = p["allowedValues"];
      if (Array.isArray(allowed)) return `${who} must be one of: ${allowed.map(show).join(", ")}`;
      break;
    }
    case "const":
      if ("allowedValue" in p) return `${who} must be exactly ${show(p["allowedValue"])}`;
      break;
    case "minimum":
    case "maximum":
    case "exclusiveMinimum":
    case "exclusiveMaximum": {
      const words = COMPARISON[str(p["comparison"]) ?? ""];
      if (words !== undefined) return `${who} must be ${words} ${show(p["limit"])}`;
      break;
    }
    case "multipleOf":
      return `${who} must be a multiple of ${show(p["multipleOf"])}`;
    case "minLength":
      return `${who} must be at least ${plural(p["limit"], "character")} long`;
    case "maxLength":
      return `${who} must be at most ${plural(p["limit"], "character")} long`;
    case "pattern":
      return `${who} must match the pattern ${show(p["pattern"])}`;
    case "format":
      return `${who} must be a valid ${show(p["format"])}`;
    case "minItems":
      return `${who} must have at least ${plural(p["limit"], "item")}`;
    case "maxItems":
      return `${who} must have at most ${plural(p["limit"], "item")}`;
    case "uniqueItems":
      return `${who} must not contain duplicate items (items ${show(p["j"])} and ${show(p["i"])} are identical)`;
    case "minProperties":
      return `${who} must have at least ${plural(p["limit"], "property")}`.replace(/propertys$/, "properties");
    case "maxProperties":
      return `${who} must have at most ${plural(p["limit"], "property")}`.replace(/propertys$/, "properties");
    case "false schema":
      return path === "" ? "Input is not allowed" : `Parameter '${path}' is not allowed`;
  }
  return `${who} ${e.message ?? `is invalid (${e.keyword})`}`;
}

function isUnder(path: string, parent: string): boolean {
  return path === parent || (path.startsWith(parent) && path.charAt(parent.length) === "/");
}

/**
 * The errors of an anyOf/oneOf branch run are the ones just before it, under its instance
 * location, that are not sibling keywords of the same schema object (those share its parent
 * schema path). Returns the index of the first branch error.
 */
function branchStart(errors: readonly ValidationError[], at: number, group: ValidationError): number {
  const own = group.schemaPath;
  const parent = own.slice(0, own.lastIndexOf("/") + 1);
  let i = at;
  while (i > 0) {
    const e = errors[i - 1];
    if (e === undefined || !isUnder(e.instancePath, group.instancePath)) break;
    const sibling = e.schemaPath.startsWith(parent) && !e.schemaPath.startsWith(`${own}/`);
    if (sibling) break;
    i--;
  }
  return i;
}

function describeGroup(group: ValidationError, branch: readonly ValidationError[]): string {
  const who = subject(formatPath(group.instancePath));
  if (group.keyword === "oneOf" && Array.isArray((group.params ?? {})["passingSchemas"])) {
    return `${who} matches more than one allowed shape; it must match exactly one`;
  }
  const types: string[] = [];
  const allTypes = branch.length > 0 && branch.every((e) => {
    if (e.keyword !== "type" || e.instancePath !== group.instancePath) return false;
    for (const t of typeList((e.params ?? {})["type"])) if (!types.includes(t)) types.push(t);
    return true;
  });
  if (allTypes && types.length > 0) return `${who} must be ${describeJsonTypes(types)}`;
  return `${who} does not match any allowed shape`;
}

/**
 * One message per problem, in ajv's order, duplicates removed. anyOf/oneOf branch noise is
 * collapsed into one message for the union; ajv's follow-up `if` errors are dropped.
 */
export function describeValidationErrors(errors: readonly ValidationError[] | null | undefined): string[] {
  if (!errors || errors.length === 0) return ["Input is invalid"];
  const picked: string[] = [];
  let i = errors.length;
  while (i > 0) {
    i--;
    const e = errors[i];
    if (e === undefined || typeof e !== "object") continue;
    if (e.keyword === "anyOf" || e.keyword === "oneOf") {
      const start = branchStart(errors, i, e);
      picked.push(describeGroup(e, errors.slice(start, i)));
      i = start;
      continue;
    }
    if (e.keyword === "if" && errors.length > 1) continue;
    picked.push(describeOne(e));
  }
  const out: string[] = [];
  for (let k = picked.length - 1; k >= 0; k--) {
    const m = picked[k];
    if (m !== undefined && !out.includes(m)) out.push(m);
  }
  return out.length > 0 ? out : ["Input is invalid"];
}
