// toolgen runtime: repairing what models commonly get wrong in a tool input, where the schema makes
// it unambiguous: an array or object sent as JSON text (`"[1,2]"`), a number or boolean sent as a
// string (`"200000"`, `"true"`). Copied verbatim into generated output; imports nothing but its
// sibling files.
//
// Dispatch calls `repairInput` only after the tool's validator rejected an input, and takes the
// repair only when the same validator accepts the repaired input: valid input costs nothing, and
// the generated validator, not this file, has the last word.
//
// A string is replaced only where the schema rejects every string (given the kinds of the values
// around it), so that the string itself can never be the reading that validates: of the input as
// sent and the repaired input, at most one is valid. A string's other reading is the one the legacy
// format gives parameter text (values.ts): a number, `true`/`false`, or JSON text of an array or an
// object (a text has at most one of these). Where this file is unsure whether a string is allowed
// (a `$ref` it cannot resolve, `patternProperties`, tuples, `$id` scopes; a budget spent), it counts
// the string as allowed and repairs nothing there. Keywords it does not read (`not`, `if`,
// `dependentSchemas`...) only ever reject more, so leaving them out never lets a string through.

import { convertValue, hasOwn, setOwn } from "./values.js";
import type { ValueKind } from "./values.js";

/** What a dispatcher reports when it ran a tool on a repaired input (see `DispatchOptions.onRepair`). */
export interface RepairNote {
  readonly toolName: string;
  readonly toolUseId: string;
  readonly protocol: "native" | "legacy";
  /** JSON pointers (RFC 6901) of the values that were repaired, in input order: `"/tags"`, `"/items/0/count"`. */
  readonly repaired: readonly string[];
}

/** A repaired input: a copy where it changed (the rest shared with the input), and where it changed. */
export interface Repair {
  readonly value: unknown;
  readonly pointers: readonly string[];
}

type Kind = "string" | "integer" | "number" | "boolean" | "array" | "object" | "null";

const KIND_INDEX: { readonly [K in Kind]: number } = {
  string: 0,
  integer: 1,
  number: 2,
  boolean: 3,
  array: 4,
  object: 5,
  null: 6,
};

/**
 * The one reading a string may have besides itself, told by its first character (so that text
 * with none is never parsed), then read as the legacy format reads parameter text.
 */
function readingOf(text: string): readonly ValueKind[] | undefined {
  const c = text.trimStart().charAt(0);
  if (c === "[") return ["array"];
  if (c === "{") return ["object"];
  if (c === "t" || c === "f" || c === "T" || c === "F") return ["boolean"];
  return c !== "" && "+-.0123456789".includes(c) ? ["number"] : undefined;
}

/** Values under more than this many containers are left as they are (no tool input nests so deep on purpose). */
const MAX_DEPTH = 64;

const ALTERNATIVES = ["anyOf", "oneOf"];

/** Schema and input steps one repair may take; past it, nothing is repaired. */
const BUDGET = 100_000;

class Spent extends Error {}

interface Walk {
  readonly root: unknown;
  /** The path from the root to the value being looked at, and the value at each step. */
  readonly path: Array<string | number>;
  readonly containers: unknown[];
  /**
   * What `rejects` depends on of each prefix of the path, as a number: the keys of objects, not the
   * indices of arrays (tuples are not read), so that the items of an array share their verdicts.
   */
  readonly shapes: number[];
  /** Shape -> the shape under one of its keys (an object's), or under any index (an array's). */
  readonly keyShapes: Map<number, Map<string, number>>;
  readonly itemShapes: Map<number, number>;
  /** Shapes numbered so far (the root's is 0). */
  shapeCount: number;
  /** `shape * 8 + kind index` -> what `rejects` said. */
  readonly verdicts: Map<number, boolean>;
  readonly refs: Map<string, unknown>;
  readonly pointers: string[];
  /** The strings not repaired because their reading would change the value they spell (see `preserves`). */
  readonly refused: string[];
  steps: number;
}

type Schema = { readonly [key: string]: unknown };

function isSchemaObject(v: unknown): v is Schema {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function kindOf(v: unknown): Kind | undefined {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  switch (typeof v) {
    case "string":
      return "string";
    case "boolean":
      return "boolean";
    case "number":
      return Number.isInteger(v) ? "integer" : "number";
    case "object":
      return "object";
    default:
      return undefined;
  }
}

function step(walk: Walk): void {
  if (++walk.steps > BUDGET) throw new Spent();
}

/** Whether a JSON type name (`type`'s value) admits values of `kind`. */
function typeAdmits(type: unknown, kind: Kind): boolean {
  if (type === kind) return true;
  return type === "number" && kind === "integer";
}

/** Whether `type`, `enum` or `const` alone rejects every value of `kind`. */
function rejectsKind(s: Schema, kind: Kind): boolean {
  const type = s["type"];
  if (typeof type === "string" && !typeAdmits(type, kind)) return true;
  if (Array.isArray(type) && type.length > 0 && !type.some((t) => typeAdmits(t, kind))) return true;
  const values = s["enum"];
  if (Array.isArray(values) && !values.some((v) => kindOf(v) === kind)) return true;
  if (hasOwn(s, "const") && kindOf(s["const"]) !== kind) return true;
  return false;
}

/** A local `$ref` (`#`, `#/$defs/x`) of the root schema; undefined for any other. */
function resolveRef(walk: Walk, ref: string): unknown {
  if (walk.refs.has(ref)) return walk.refs.get(ref);
  const target = resolvePointer(walk.root, ref);
  walk.refs.set(ref, target);
  return target;
}

function resolvePointer(root: unknown, ref: string): unknown {
  if (ref === "#") return root;
  if (!ref.startsWith("#/")) return undefined;
  let node = root;
  for (const raw of ref.slice(2).split("/")) {
    const key = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    if (typeof node !== "object" || node === null || !hasOwn(node, key)) return undefined;
    node = (node as Schema)[key];
  }
  return node;
}

/** The schema `s` gives the value under `key` of `container`, when it surely applies; else undefined. */
function childSchema(s: Schema, container: unknown, key: string | number): unknown {
  if (Array.isArray(container)) {
    const items = s["items"];
    // Tuples (`items: [...]`, `prefixItems`) depend on the draft: not read.
    return Array.isArray(items) || hasOwn(s, "prefixItems") ? undefined : items;
  }
  const name = String(key);
  const properties = s["properties"];
  if (isSchemaObject(properties) && hasOwn(properties, name)) return properties[name];
  // additionalProperties applies where no patternProperties matches: not read when there are any.
  return hasOwn(s, "patternProperties") ? undefined : s["additionalProperties"];
}

/**
 * Whether `s`, applied to the value at depth `at` of the walk's path, rejects every value that has a
 * value of `kind` at the end of the path (the containers on the way being of the kinds they are).
 * False when unsure.
 */
function rejects(walk: Walk, s: unknown, at: number, kind: Kind): boolean {
  step(walk);
  if (s === false) return true;
  if (!isSchemaObject(s)) return false;
  // A nested `$id` starts a new base for the `$ref`s under it: not followed.
  if (s !== walk.root && hasOwn(s, "$id")) return false;
  const ref = s["$ref"];
  if (ref !== undefined) {
    // Only the target: whether siblings of `$ref` apply depends on the draft.
    const target = typeof ref === "string" ? resolveRef(walk, ref) : undefined;
    return target !== undefined && rejects(walk, target, at, kind);
  }
  const here = at === walk.path.length ? kind : kindOf(walk.containers[at]);
  if (here === undefined) return false;
  if (rejectsKind(s, here)) return true;
  const allOf = s["allOf"];
  if (Array.isArray(allOf) && allOf.some((sub) => rejects(walk, sub, at, kind))) return true;
  for (const keyword of ALTERNATIVES) {
    const branches = s[keyword];
    if (Array.isArray(branches) && branches.length > 0 && branches.every((sub) => rejects(walk, sub, at, kind)))
      return true;
  }
  if (at === walk.path.length) return false;
  const key = walk.path[at];
  const child = key === undefined ? undefined : childSchema(s, walk.containers[at], key);
  return child !== undefined && rejects(walk, child, at + 1, kind);
}

/** Sets an own property; `setOwn` (slower) only for "__proto__", which an assignment would not define. */
function put(obj: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") setOwn(obj, key, value);
  else obj[key] = value;
}

function pointer(path: readonly (string | number)[]): string {
  let out = "";
  for (const k of path)
    out += typeof k === "number" ? `/${k}` : `/${/[~/]/.test(k) ? k.replace(/~/g, "~0").replace(/\//g, "~1") : k}`;
  return out;
}

/** Whether the schema rejects every value with a value of `kind` where the walk is. */
function rejectedHere(walk: Walk, kind: Kind): boolean {
  const key = (walk.shapes[walk.shapes.length - 1] ?? 0) * 8 + KIND_INDEX[kind];
  let verdict = walk.verdicts.get(key);
  if (verdict === undefined) walk.verdicts.set(key, (verdict = rejects(walk, walk.root, 0, kind)));
  return verdict;
}

function enter(walk: Walk, key: string | number): void {
  walk.path.push(key);
  const parent = walk.shapes[walk.shapes.length - 1] ?? 0;
  let shape: number | undefined;
  if (typeof key === "number") {
    shape = walk.itemShapes.get(parent);
    if (shape === undefined) walk.itemShapes.set(parent, (shape = ++walk.shapeCount));
  } else {
    let keys = walk.keyShapes.get(parent);
    if (keys === undefined) walk.keyShapes.set(parent, (keys = new Map()));
    shape = keys.get(key);
    if (shape === undefined) keys.set(key, (shape = ++walk.shapeCount));
  }
  walk.shapes.push(shape);
}

function leave(walk: Walk): void {
  walk.path.pop();
  walk.shapes.pop();
}

function repairString(walk: Walk, text: string): unknown {
  const reading = readingOf(text);
  if (reading === undefined || !rejectedHere(walk, "string")) return text;
  const read = convertValue("", text, reading);
  if (read.ok === false) return text;
  const kind = kindOf(read.value);
  if (kind === undefined || rejectedHere(walk, kind)) return text;
  // A repair never changes a value: the reading, written back as JSON, must be the text sent.
  if (!preserves(text, read.value)) {
    if (walk.refused.length < MAX_REFUSALS) walk.refused.push(refusal(walk, text, read.value));
    return text;
  }
  walk.pointers.push(pointer(walk.path));
  // An array or object read from text may hold values to repair in turn.
  return repairValue(walk, read.value);
}

/** How many refused repairs a message names, at most. */
const MAX_REFUSALS = 3;

/** The longest piece of text or value a refusal quotes. */
const QUOTE_CHARS = 40;

function quoted(text: string): string {
  return text.length <= QUOTE_CHARS ? text : `${text.slice(0, QUOTE_CHARS)}...`;
}

/** Why the string at the walk's place was not repaired, in a sentence. */
function refusal(walk: Walk, text: string, value: unknown): string {
  const where = walk.path.length === 0 ? "the input" : pointer(walk.path);
  const kind = kindOf(value);
  const as =
    kind === "array" ? "an array" : kind === "object" ? "an object" : kind === "boolean" ? "a boolean" : "a number";
  const string = quoted(JSON.stringify(text));
  const would = quoted(JSON.stringify(value));
  return `${where}: the string ${string} was not read as ${as}: that would be ${would}, not what the text says`;
}

/**
 * Whether `value`, the reading of `text`, written back as JSON is `text` up to whitespace (outside
 * strings), the escapes inside strings and the order of keys: true for " 7 " (7), "[1, 2]",
 * "{\"a\": \"\\u00e9\"}"; false for a number the double cannot hold ("9007199254740993", "1e-400"),
 * another spelling of a number ("01", "+1", "5.", "1.0", "1e3", "-0"), of a boolean ("True"), and JSON
 * text with a duplicate key (JSON.parse keeps the last). Linear in the text.
 */
export function preserves(text: string, value: unknown): boolean {
  const t = text.trim();
  if (typeof value === "number" || typeof value === "boolean") return JSON.stringify(value) === t;
  if (typeof value !== "object" || value === null) return false;
  // JSON text that JSON.parse read: check each number's spelling and each object's keys.
  const open: Array<Set<string> | undefined> = [];
  let expectKey = false;
  for (let i = 0; i < t.length;) {
    const c = t.charCodeAt(i);
    if (c === 0x22) {
      let end = i + 1;
      while (end < t.length && t.charCodeAt(end) !== 0x22) end += t.charCodeAt(end) === 0x5c ? 2 : 1;
      const keys = open[open.length - 1];
      if (expectKey && keys !== undefined) {
        const key = JSON.parse(t.slice(i, end + 1)) as string;
        if (keys.has(key)) return false;
        keys.add(key);
      }
      i = end + 1;
    } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      let end = i + 1;
      while (end < t.length && /[0-9eE.+-]/.test(t.charAt(end))) end++;
      const spelled = t.slice(i, end);
      if (JSON.stringify(Number(spelled)) !== spelled) return false;
      i = end;
    } else {
      if (c === 0x7b) {
        open.push(new Set());
        expectKey = true;
      } else if (c === 0x5b) {
        open.push(undefined);
        expectKey = false;
      } else if (c === 0x7d || c === 0x5d) open.pop();
      else if (c === 0x3a) expectKey = false;
      else if (c === 0x2c) expectKey = open[open.length - 1] !== undefined;
      i++;
    }
  }
  return true;
}

/** `value` with its strings repaired: the same value when nothing changed, else a copy along the changed paths. */
function repairValue(walk: Walk, value: unknown): unknown {
  step(walk);
  if (typeof value === "string") return repairString(walk, value);
  if (typeof value !== "object" || value === null || walk.path.length >= MAX_DEPTH) return value;
  walk.containers.push(value);
  try {
    if (Array.isArray(value)) {
      let copy: unknown[] | undefined;
      for (let i = 0; i < value.length; i++) {
        const item: unknown = value[i];
        enter(walk, i);
        const fixed = repairValue(walk, item);
        leave(walk);
        if (fixed !== item) (copy ??= value.slice())[i] = fixed;
      }
      return copy ?? value;
    }
    const record = value as Schema;
    let copy: Record<string, unknown> | undefined;
    const keys = Object.keys(record);
    for (const key of keys) {
      const item = record[key];
      enter(walk, key);
      const fixed = repairValue(walk, item);
      leave(walk);
      if (fixed !== item && copy === undefined) {
        copy = {};
        for (const k of keys) put(copy, k, record[k]);
      }
      if (copy !== undefined) put(copy, key, fixed);
    }
    return copy ?? value;
  } finally {
    walk.containers.pop();
  }
}

/**
 * The input with every string repaired that the schema rejects and whose one other reading it does
 * not reject; undefined when there is none (or the input could not be walked). The caller validates
 * the result: this is a candidate, not a verdict. Never throws; never changes `input`.
 */
export function repairInput(schema: unknown, input: unknown): Repair | undefined {
  return walkRepair(schema, input).repair;
}

function walkRepair(schema: unknown, input: unknown): { repair: Repair | undefined; refused: readonly string[] } {
  const walk: Walk = {
    root: schema,
    path: [],
    containers: [],
    shapes: [],
    keyShapes: new Map(),
    itemShapes: new Map(),
    shapeCount: 0,
    verdicts: new Map(),
    refs: new Map(),
    pointers: [],
    refused: [],
    steps: 0,
  };
  try {
    const value = repairValue(walk, input);
    return {
      repair: walk.pointers.length === 0 ? undefined : { value, pointers: walk.pointers },
      refused: walk.refused,
    };
  } catch {
    // The budget spent, a value whose reads throw, a nesting too deep for the stack: no repair.
    return { repair: undefined, refused: [] };
  }
}

/**
 * The strings of an input that repair left as they were because reading them would change the value
 * they spell (an integer past 2^53, "1e-400", "01", "True", JSON text with a duplicate key), each in a
 * sentence, at most MAX_REFUSALS; for the message of an input that stays invalid. Never throws.
 */
export function refusedRepairs(schema: unknown, input: unknown): readonly string[] {
  return walkRepair(schema, input).refused;
}

/** The repair of an input `validate` rejected, when `validate` accepts it; else undefined. Never throws. */
export function validRepair(schema: unknown, input: unknown, validate: (data: unknown) => boolean): Repair | undefined {
  const repair = repairInput(schema, input);
  if (repair === undefined) return undefined;
  try {
    return validate(repair.value) ? repair : undefined;
  } catch {
    return undefined;
  }
}
