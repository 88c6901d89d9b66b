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

/** Examples of the RFC 3339 forms, for the formats whose offsets writers often get wrong. */
const FORMAT_EXAMPLES: { readonly [format: string]: string } = {
  "date-time": "2024-05-01T09:30:00Z or 2024-05-01T09:30:00+05:30",
  time: "09:30:00Z or 09:30:00+05:30",
};

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
        const what = formatPath(e.instancePath, missing);
        const when = formatPath(e.instancePath, property);
        return `Missing required parameter '${what}' (required when '${when}' is present)`;
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
    case "format": {
      const format = show(p["format"]);
      // RFC 3339 is stricter than some writers (ajv-formats takes +0530 and +05): show the form expected.
      const example = FORMAT_EXAMPLES[format];
      return `${who} must be a valid ${format}${example === undefined ? "" : ` (RFC 3339, e.g. ${example})`}`;
    }
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
  // Built once: a 64 KB input can put 100,000 branch errors before one union.
  const below = `${own}/`;
  let i = at;
  while (i > 0) {
    const e = errors[i - 1];
    if (e === undefined || !isUnder(e.instancePath, group.instancePath)) break;
    const sibling = e.schemaPath.startsWith(parent) && !e.schemaPath.startsWith(below);
    if (sibling) break;
    i--;
  }
  return i;
}

/**
 * The branch index of an error whose schema path is under `prefix` (the union's path and "/": "…/anyOf/2/type" -> 2),
 * or -1.
 */
function branchOf(prefix: string, schemaPath: string): number {
  if (!schemaPath.startsWith(prefix)) return -1;
  const slash = schemaPath.indexOf("/", prefix.length);
  const index = Number(slash === -1 ? schemaPath.slice(prefix.length) : schemaPath.slice(prefix.length, slash));
  return Number.isInteger(index) ? index : -1;
}

/** Only a `type: "null"` failure at the union's own location: the branch that allows null. */
function isNullBranch(group: ValidationError, errors: readonly ValidationError[]): boolean {
  return (
    errors.length > 0 &&
    errors.every((e) => {
      if (e.keyword !== "type" || e.instancePath !== group.instancePath) return false;
      const types = typeList((e.params ?? {})["type"]);
      return types.length === 1 && types[0] === "null";
    })
  );
}

function describeGroup(group: ValidationError, branch: readonly ValidationError[]): string[] {
  const who = subject(formatPath(group.instancePath));
  if (group.keyword === "oneOf" && Array.isArray((group.params ?? {})["passingSchemas"])) {
    return [`${who} matches more than one allowed shape; it must match exactly one`];
  }
  const types: string[] = [];
  const allTypes =
    branch.length > 0 &&
    branch.every((e) => {
      if (e.keyword !== "type" || e.instancePath !== group.instancePath) return false;
      for (const t of typeList((e.params ?? {})["type"])) if (!types.includes(t)) types.push(t);
      return true;
    });
  if (allTypes && types.length > 0) return [`${who} must be ${describeJsonTypes(types)}`];
  // A nullable parameter (`anyOf: [{...}, {type: "null"}]`): the value is not null, so what the
  // model needs is the other branch's own error ("must be at most 100"), as the API would say.
  const byBranch = new Map<number, ValidationError[]>();
  const prefix = `${group.schemaPath}/`;
  for (let i = 0; i < branch.length; i++) {
    const e = branch[i]!;
    const k = branchOf(prefix, e.schemaPath);
    let list = byBranch.get(k);
    if (list === undefined) byBranch.set(k, (list = []));
    list.push(e);
  }
  const others = [...byBranch].filter(([, errs]) => !isNullBranch(group, errs));
  const only = others.length === 1 && byBranch.size > 1 ? others[0] : undefined;
  if (only !== undefined && only[0] !== -1) return collect(only[1]).messages;
  // At the root (parameter sets: by id, or by name and country) the one line would name no
  // parameter: say what each shape lacked, numbered as the legacy prompt numbers them (the
  // branches in order, a branch that allows only null left out).
  if (group.instancePath === "") {
    const shapes = others.filter(([k]) => k !== -1).sort((a, b) => a[0] - b[0]);
    if (shapes.length > 0) {
      const each = shapes.map(([, errs], i) => `shape ${i + 1}: ${collect(errs).messages.join(", ")}`);
      return [`${who} does not match any allowed shape (${each.join("; ")})`];
    }
  }
  return [`${who} does not match any allowed shape`];
}

/** At most this many messages, and about this many characters in all, reach the model. */
export const MAX_MESSAGES = 20;
export const MAX_MESSAGE_CHARS = 2000;
const MAX_ONE_MESSAGE = 400;

function clip(message: string): string {
  return message.length <= MAX_ONE_MESSAGE ? message : `${message.slice(0, MAX_ONE_MESSAGE - 1)}…`;
}

/** One problem: a single error, or an anyOf/oneOf error with its branches' errors before it. */
interface Unit {
  readonly at: number;
  readonly start: number;
}

/** The problems of `errors`, in ajv's order (a backward walk: branch errors precede their union). */
function unitsOf(errors: readonly ValidationError[]): Unit[] {
  const units: Unit[] = [];
  let i = errors.length;
  while (i > 0) {
    i--;
    const e = errors[i];
    if (e === undefined || e === null || typeof e !== "object") continue;
    if (e.keyword === "anyOf" || e.keyword === "oneOf") {
      const start = branchStart(errors, i, e);
      units.push({ at: i, start });
      i = start;
      continue;
    }
    if (e.keyword === "if" && errors.length > 1) continue;
    units.push({ at: i, start: i });
  }
  return units.reverse();
}

function describeUnit(errors: readonly ValidationError[], unit: Unit): string[] {
  const e = errors[unit.at];
  if (e === undefined) return [];
  return unit.start === unit.at && e.keyword !== "anyOf" && e.keyword !== "oneOf"
    ? [describeOne(e)]
    : describeGroup(e, errors.slice(unit.start, unit.at));
}

/**
 * Distinct messages, in ajv's order, until `MAX_MESSAGES` of them or about `MAX_MESSAGE_CHARS`
 * characters; `more` counts the problems left undescribed. Only what is shown is worded, so the
 * time is linear in the number of errors with a small constant (a 64 KB input can hold 60,000).
 */
function collect(errors: readonly ValidationError[]): { messages: string[]; pointers: string[]; more: number } {
  const units = unitsOf(errors);
  const seen = new Set<string>();
  const messages: string[] = [];
  const pointers: string[] = [];
  let size = 0;
  let k = 0;
  for (; k < units.length; k++) {
    const unit = units[k];
    if (unit === undefined) continue;
    const worded = describeUnit(errors, unit)
      .map(clip)
      .filter((m) => !seen.has(m));
    const add = worded.reduce((n, m) => n + m.length + 2, 0);
    if (messages.length > 0 && (messages.length + worded.length > MAX_MESSAGES || size + add > MAX_MESSAGE_CHARS))
      break;
    for (const m of worded) {
      seen.add(m);
      messages.push(m);
      pointers.push(pointerOf(errors[unit.at]));
    }
    size += add;
  }
  return { messages, pointers, more: units.length - k };
}

/**
 * Where an error's value is (a JSON pointer into the input): a missing or unknown property's own place, else the
 * value's.
 */
function pointerOf(e: ValidationError | undefined): string {
  if (e === undefined) return "";
  const p: Record<string, unknown> = e.params ?? {};
  const key =
    e.keyword === "required" || e.keyword === "dependentRequired" || e.keyword === "dependencies"
      ? str(p["missingProperty"])
      : e.keyword === "additionalProperties" || e.keyword === "unevaluatedProperties"
        ? (str(p["additionalProperty"]) ?? str(p["unevaluatedProperty"]))
        : undefined;
  return key === undefined ? e.instancePath : `${e.instancePath}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`;
}

/**
 * One message per problem, in ajv's order, duplicates removed. anyOf/oneOf branch noise is
 * collapsed into one message for the union (or, for a nullable parameter, the non-null branch's
 * errors); ajv's follow-up `if` errors are dropped. Linear in the number of errors, and bounded:
 * at most MAX_MESSAGES messages and about MAX_MESSAGE_CHARS characters, then "… and N more errors".
 */
export function describeValidationErrors(errors: readonly ValidationError[] | null | undefined): string[] {
  if (!errors || errors.length === 0) return ["Input is invalid"];
  const { messages, more } = collect(errors);
  if (messages.length === 0) return ["Input is invalid"];
  if (more > 0) messages.push(`… and ${more} more error${more === 1 ? "" : "s"}`);
  return messages;
}

/**
 * One problem of an input: the message `describeValidationErrors` gives for it, and where it is (a JSON pointer into
 * the input, "" for the whole input).
 */
export interface ValidationIssue {
  readonly message: string;
  readonly pointer: string;
}

/**
 * `describeValidationErrors`'s messages (the same text, in the same order, with the same bounds),
 * each with the JSON pointer of the value it is about: what a Standard Schema issue carries. The
 * closing "… and N more errors" has the pointer "".
 */
export function describeValidationIssues(errors: readonly ValidationError[] | null | undefined): ValidationIssue[] {
  if (!errors || errors.length === 0) return [{ message: "Input is invalid", pointer: "" }];
  const { messages, pointers, more } = collect(errors);
  if (messages.length === 0) return [{ message: "Input is invalid", pointer: "" }];
  const issues = messages.map((message, i) => ({ message, pointer: pointers[i] ?? "" }));
  if (more > 0) issues.push({ message: `… and ${more} more error${more === 1 ? "" : "s"}`, pointer: "" });
  return issues;
}
