/**
 * A small instance generator for JSON Schema, for `toolgen diff`'s witnesses: `sample` makes one
 * (usually) valid instance of a schema, `candidates` the values worth trying at a changed node
 * (boundary values, enum members, every type, strings of each format, objects with and without each
 * property), and `place` puts a value at a data path inside an instance of the whole tool schema.
 * Nothing here decides validity: every candidate is checked with Ajv (witness.ts).
 */
import { createRequire } from "node:module";
import type { JsonObject, JsonValue } from "../model.js";
import { toRe2Syntax } from "../runtime/pattern.js";
import { isPlainObject } from "../schema/pointer.js";
import { RefPath } from "../schema/refs.js";

/**
 * The largest string, array or object diff builds (a length, item or property count). A bound past
 * it is not built: its candidates are left out and the reason is noted, so that the verdict on a
 * change there is "possibly breaking", said why, and diff's memory stays bounded whatever the schema.
 */
export const MAX_BUILT = 10_000;

/**
 * The most values `sample` builds within one `noting` scope (one witness search), nested ones
 * included: each bound is within MAX_BUILT, but bounds multiply (10,000 items of 10,000 required
 * properties each) and a search samples the same node many times. Past it, `sample` builds `null`
 * and the reason is noted.
 */
export const MAX_SAMPLED = 1_000_000;

/**
 * The most pattern matching one `noting` scope (one witness search) does, in RE2's steps: a test of
 * a string costs at most its length times the pattern's program size (re2js `programSize`, its
 * instructions), every one of them live at once for `^(a?){5000}a{5000}$` (2 s of CPU for one string
 * of 5,000 characters). Past it the search stops, and says so: about 0.3 s of CPU at the worst
 * measured cost per step (16 ns, that pattern on Node 22).
 */
export const MAX_PATTERN_STEPS = 20_000_000;

/** Thrown out of a pattern test past MAX_PATTERN_STEPS; the witness search catches it and notes why it stopped. */
export class PastBudget extends Error {}

let notes: Set<string> | undefined;
let sampled = 0;
let patternSteps = 0;
/** Each node's sample (at depth 0) in the current scope, by the node and its root: a search samples the same node many times. */
let samples: Map<unknown, Map<unknown, JsonValue>> | undefined;

/** `fn`'s result, and the bounds it stopped at (each a phrase: "minItems 100000000 is past the 10,000 items, ..."). */
export function noting<T>(fn: () => T): { value: T; notes: string[] } {
  const outer = notes;
  const outerSampled = sampled;
  const outerSamples = samples;
  const outerSteps = patternSteps;
  notes = new Set();
  sampled = 0;
  patternSteps = 0;
  samples = new Map();
  try {
    const value = fn();
    return { value, notes: [...notes] };
  } finally {
    notes = outer;
    sampled = outerSampled;
    samples = outerSamples;
    patternSteps = outerSteps;
  }
}

/** Notes a bound the current scope stopped at (a phrase: "the inputs tried past 4,000,000 characters"). */
export function note(phrase: string): void {
  notes?.add(phrase);
}

/** A size read from a schema, kept within MAX_BUILT (a larger one noted, and MAX_BUILT used). */
function buildable(keyword: string, n: number): number {
  if (n <= MAX_BUILT) return n;
  notes?.add(`${keyword} ${n} is past the ${MAX_BUILT.toLocaleString("en-US")} items, properties or characters diff builds`);
  return MAX_BUILT;
}

const require = createRequire(import.meta.url);
let re2: typeof import("re2js").RE2JS | undefined;
const compiledPatterns = new Map<string, { test(s: string): boolean } | undefined>();

/**
 * A schema pattern on RE2 (re2js: linear-time matching, no backtracking stack), as the generated
 * validators run it; undefined for a pattern RE2 cannot run (lint rule pattern-supported).
 */
export function patternTester(pattern: string): { test(s: string): boolean } | undefined {
  if (compiledPatterns.has(pattern)) return compiledPatterns.get(pattern);
  re2 ??= (require("re2js") as typeof import("re2js")).RE2JS;
  let tester: { test(s: string): boolean } | undefined;
  try {
    const compiled = re2.compile(toRe2Syntax(pattern));
    const size = compiled.programSize();
    tester = {
      test: (s) => {
        // Counted within a witness search only (notes is its scope); the bound holds however many strings it tests.
        if (notes !== undefined && (patternSteps += size * Math.max(s.length, 1)) > MAX_PATTERN_STEPS) {
          const steps = MAX_PATTERN_STEPS.toLocaleString("en-US");
          throw new PastBudget(`matching the patterns is past the ${steps} steps (instructions x characters) diff spends on one change`);
        }
        return compiled.test(s);
      },
    };
  } catch {
    tester = undefined;
  }
  if (compiledPatterns.size > 1000) compiledPatterns.clear();
  compiledPatterns.set(pattern, tester);
  return tester;
}

/** One step from an instance to a value inside it: a property name, or an array index. */
export type DataStep = { prop: string } | { index: number };

/**
 * A JSON value's key: equal values (own members only, in any key order, as JSON Schema's `enum`,
 * `const` and `uniqueItems` compare) give equal keys. A loop, not recursion: a value may nest deeply.
 */
export function valueKey(value: unknown): string {
  const parts: string[] = [];
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (v instanceof Mark) parts.push(v.text);
    else if (v === null || typeof v !== "object") parts.push(typeof v === "string" ? JSON.stringify(v) : `${typeof v}:${String(v)}`);
    else if (Array.isArray(v)) {
      parts.push("[");
      stack.push(CLOSE_ARRAY);
      for (let i = v.length - 1; i >= 0; i--) stack.push(v[i], ...(i > 0 ? [COMMA] : []));
    } else {
      const keys = Object.keys(v).sort();
      parts.push("{");
      stack.push(CLOSE_OBJECT);
      for (let i = keys.length - 1; i >= 0; i--) stack.push((v as Record<string, unknown>)[keys[i]!], new Mark(`${JSON.stringify(keys[i])}:`), ...(i > 0 ? [COMMA] : []));
    }
  }
  return parts.join("");
}

/** Punctuation on valueKey's stack (never a value of the input). */
class Mark {
  constructor(readonly text: string) {}
}
const COMMA = new Mark(",");
const CLOSE_ARRAY = new Mark("]");
const CLOSE_OBJECT = new Mark("}");

/** Format names -> a string that passes that format, and one that does not. */
const FORMAT_SAMPLES: Record<string, string> = {
  date: "2024-01-31",
  time: "12:30:00Z",
  "date-time": "2024-01-31T12:30:00Z",
  duration: "P1D",
  email: "a@example.com",
  hostname: "example.com",
  ipv4: "192.0.2.1",
  ipv6: "2001:db8::1",
  uri: "https://example.com/a",
  "uri-reference": "/a",
  uuid: "123e4567-e89b-12d3-a456-426614174000",
  "json-pointer": "/a",
  "relative-json-pointer": "0/a",
};

const LOWER_BOUNDS = new Set(["minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties", "minContains"]);
const UPPER_BOUNDS = new Set(["maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties", "maxContains"]);
const NOTES = new Set(["description", "title", "examples", "default", "$comment", "deprecated", "readOnly", "writeOnly"]);

/**
 * A `$ref`'s target with the keywords beside the `$ref` (both apply, as validators read them): a
 * keyword only one has is kept; two numeric bounds give the stricter; an annotation beside the
 * `$ref` is the one shown; any other keyword both have with different values keeps the target's,
 * and the sibling's goes into an `allOf` branch, where it still applies.
 */
export function withSiblings(target: Record<string, unknown>, siblings: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...target };
  const apart: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(siblings)) {
    const t = target[k];
    if (t === undefined || NOTES.has(k) || JSON.stringify(t) === JSON.stringify(v)) out[k] = v;
    else if (typeof t === "number" && typeof v === "number" && LOWER_BOUNDS.has(k)) out[k] = Math.max(t, v);
    else if (typeof t === "number" && typeof v === "number" && UPPER_BOUNDS.has(k)) out[k] = Math.min(t, v);
    else apart[k] = v;
  }
  if (Object.keys(apart).length > 0) out.allOf = [...(Array.isArray(out.allOf) ? out.allOf : []), apart];
  return out;
}

/** The node a `$ref` (local to `root`) names, followed through chains until a cycle (src/schema/refs.ts); the node itself otherwise. */
export function deref(node: unknown, root: unknown): unknown {
  const path = new RefPath(root);
  let current = node;
  while (isPlainObject(current) && typeof current.$ref === "string") {
    const ref = current.$ref;
    const target = path.step(ref);
    if (target === undefined || target === "cycle") return current;
    const { $ref: _ref, ...rest } = current;
    current = Object.keys(rest).length === 0 ? target.schema : isPlainObject(target.schema) ? withSiblings(target.schema, rest) : rest;
    path.enter(ref, target);
  }
  return current;
}

function typesOf(node: Record<string, unknown>): string[] {
  const type = node.type;
  if (typeof type === "string") return [type];
  if (Array.isArray(type)) return type.filter((t): t is string => typeof t === "string");
  if (isPlainObject(node.properties) || Array.isArray(node.required)) return ["object"];
  if (node.items !== undefined || node.prefixItems !== undefined) return ["array"];
  if (node.minLength !== undefined || node.maxLength !== undefined || node.pattern !== undefined || node.format !== undefined) return ["string"];
  if (node.minimum !== undefined || node.maximum !== undefined || node.multipleOf !== undefined) return ["number"];
  return [];
}

/** A number of the given kind within the node's bounds (a best effort). */
function sampleNumber(node: Record<string, unknown>, integer: boolean): number {
  const num = (k: string) => (typeof node[k] === "number" ? (node[k] as number) : undefined);
  let low = num("minimum") ?? (typeof node.exclusiveMinimum === "number" ? node.exclusiveMinimum + (integer ? 1 : 0.5) : undefined);
  const high = num("maximum") ?? (typeof node.exclusiveMaximum === "number" ? node.exclusiveMaximum - (integer ? 1 : 0.5) : undefined);
  const step = num("multipleOf");
  if (low === undefined) low = high !== undefined ? Math.min(0, high) : 0;
  if (integer) low = Math.ceil(low);
  if (step !== undefined && step > 0) low = Math.ceil(low / step) * step;
  return low;
}

/** One instance of `node` (a subschema of `root`); `depth` bounds recursion through `$ref`s. */
export function sample(node: unknown, root: unknown, depth = 0): JsonValue {
  if (depth > 0 || samples === undefined || node === null || typeof node !== "object") return sampleOnce(node, root, depth);
  let byRoot = samples.get(node);
  if (byRoot === undefined) samples.set(node, (byRoot = new Map()));
  if (!byRoot.has(root)) byRoot.set(root, sampleOnce(node, root, depth));
  return byRoot.get(root)!;
}

function sampleOnce(node: unknown, root: unknown, depth: number): JsonValue {
  if (++sampled > MAX_SAMPLED) {
    notes?.add(`the values sampled are past the ${MAX_SAMPLED.toLocaleString("en-US")} diff builds for one change`);
    return null;
  }
  const n = deref(node, root);
  if (n === true) return "x";
  if (n === false || !isPlainObject(n) || depth > 12) return null;
  if (n.const !== undefined) return n.const as JsonValue;
  if (Array.isArray(n.enum) && n.enum.length > 0) return n.enum[0] as JsonValue;
  if (Array.isArray(n.allOf) && n.allOf.length > 0) {
    const merged = n.allOf.reduce<Record<string, unknown>>((acc, b) => {
      const d = deref(b, root);
      return isPlainObject(d) ? mergeSchemas(acc, d) : acc;
    }, withoutKey(n, "allOf"));
    return sample(merged, root, depth + 1);
  }
  for (const key of ["anyOf", "oneOf"] as const) {
    const branches = n[key];
    if (Array.isArray(branches) && branches.length > 0) {
      const d = deref(branches[0], root);
      return sample(isPlainObject(d) ? mergeSchemas(withoutKey(n, key), d) : withoutKey(n, key), root, depth + 1);
    }
  }
  const types = typesOf(n);
  const type = types[0];
  switch (type) {
    case "object":
      return sampleObject(n, root, depth, () => false);
    case "array": {
      const min = typeof n.minItems === "number" ? buildable("minItems", n.minItems) : 0;
      const prefix = Array.isArray(n.prefixItems) ? n.prefixItems : Array.isArray(n.items) ? n.items : [];
      const rest = Array.isArray(n.items) ? n.additionalItems : n.items;
      const out: JsonValue[] = [];
      for (let i = 0; i < Math.max(min, prefix.length > 0 && min > 0 ? Math.min(min, prefix.length) : 0); i++) {
        out.push(sample(i < prefix.length ? prefix[i] : rest, root, depth + 1));
      }
      if (n.uniqueItems === true && out.length > 1) return out.map((v, i) => (typeof v === "number" ? v + i : typeof v === "string" ? v + String(i) : v));
      return out;
    }
    case "string":
      return sampleString(n);
    case "integer":
      return sampleNumber(n, true);
    case "number":
      return sampleNumber(n, false);
    case "boolean":
      return true;
    case "null":
      return null;
    default:
      return isPlainObject(n.properties) ? sampleObject(n, root, depth, () => false) : "x";
  }
}

function sampleString(n: Record<string, unknown>): string {
  const format = typeof n.format === "string" ? FORMAT_SAMPLES[n.format] : undefined;
  if (format !== undefined) return format;
  const min = typeof n.minLength === "number" ? buildable("minLength", n.minLength) : 0;
  if (typeof n.pattern === "string") {
    const fromPattern = stringForPattern(n.pattern, min);
    if (fromPattern !== undefined) return fromPattern;
  }
  return "a".repeat(Math.max(min, 1 > (typeof n.maxLength === "number" ? n.maxLength : 1) ? 0 : 1));
}

/** A string matching a pattern (checked with RegExp): read as a sequence of atoms and quantifiers, or one of a few tries; undefined when neither matches. */
function stringForPattern(pattern: string, min: number): string | undefined {
  const re = patternTester(pattern);
  if (re === undefined) return undefined;
  const built = buildFromPattern(pattern);
  if (built !== undefined && built.length > MAX_BUILT) return undefined;
  const tries = [built, built?.padEnd(min, built.at(-1) ?? "a"), "a", "A", "0", "a1", "aaaa", "0000", "a".repeat(min), "0".repeat(Math.max(min, 1))];
  try {
    return tries.find((t): t is string => t !== undefined && t.length >= min && re.test(t));
  } catch (error) {
    // Past the scope's matching budget: no sample from the pattern (a witness search then stops at its next test, and says why).
    if (error instanceof PastBudget) return undefined;
    throw error;
  }
}

/** The shortest string a simple pattern (atoms, classes, `{n,m}`, `+`, `*`, `?`, groups without `|`) matches; undefined for anything else. */
function buildFromPattern(pattern: string): string | undefined {
  if (pattern.includes("|") || pattern.includes("(?=") || pattern.includes("(?!")) return undefined;
  let out = "";
  for (let i = 0; i < pattern.length; ) {
    const c = pattern[i]!;
    if (c === "^" || c === "$" || c === "(" || c === ")") {
      i += c === "(" && pattern.startsWith("(?:", i) ? 3 : 1;
      continue;
    }
    let atom: string;
    if (c === "[") {
      const end = pattern.indexOf("]", i + 2);
      if (end < 0 || pattern[i + 1] === "^") return undefined;
      const body = pattern.slice(i + 1, end);
      atom = body.startsWith("\\") ? (({ d: "0", w: "a", s: " " }) as Record<string, string>)[body[1]!] ?? body[1]! : body[0]!;
      i = end + 1;
    } else if (c === "\\") {
      const e = pattern[i + 1] ?? "";
      atom = (({ d: "0", w: "a", s: " " }) as Record<string, string>)[e] ?? (/[A-Za-z]/.test(e) ? "" : e);
      if (atom === "" && e !== "") return undefined;
      i += 2;
    } else if (c === ".") {
      atom = "a";
      i++;
    } else if ("*+?{".includes(c)) {
      return undefined;
    } else {
      atom = c;
      i++;
    }
    const q = /^(\{(\d+)(,\d*)?\}|[*+?])/.exec(pattern.slice(i));
    let count = 1;
    if (q) {
      count = q[2] !== undefined ? Number(q[2]) : q[1] === "+" ? 1 : 0;
      i += q[1]!.length;
    }
    if (out.length + atom.length * count > MAX_BUILT) return undefined;
    out += atom.repeat(count);
  }
  return out;
}

function sampleObject(n: Record<string, unknown>, root: unknown, depth: number, extra: (name: string) => boolean): JsonObject {
  const props = isPlainObject(n.properties) ? n.properties : {};
  const required = Array.isArray(n.required) ? n.required.filter((r): r is string => typeof r === "string") : [];
  const out: JsonObject = {};
  for (const name of required.slice(0, buildable("required", required.length))) out[name] = sample(Object.hasOwn(props, name) ? props[name] : n.additionalProperties, root, depth + 1);
  for (const name of Object.keys(props)) if (extra(name) && !Object.hasOwn(out, name)) out[name] = sample(props[name], root, depth + 1);
  return out;
}

export function withoutKey(n: Record<string, unknown>, key: string): Record<string, unknown> {
  const rest: Record<string, unknown> = {};
  for (const k of Object.keys(n)) if (k !== key) rest[k] = n[k];
  return rest;
}

/** Two schemas' keywords together (properties and required merged), for sampling an `allOf`. */
function mergeSchemas(a: Record<string, unknown>, b: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...a, ...b };
  if (isPlainObject(a.properties) && isPlainObject(b.properties)) out.properties = { ...a.properties, ...b.properties };
  if (Array.isArray(a.required) && Array.isArray(b.required)) out.required = [...new Set([...a.required, ...b.required])];
  return out;
}

/** Values worth trying where `node` (of `root`) stands: its sample, boundaries, members, other types. */
export function candidates(node: unknown, root: unknown, out: JsonValue[] = []): JsonValue[] {
  const n = deref(node, root);
  if (n === false) return out;
  out.push(sample(n, root));
  if (!isPlainObject(n)) return out;
  if (n.const !== undefined) out.push(n.const as JsonValue);
  // A few hundred members at most: more than the inputs a witness search tries (witness.ts BUDGET).
  if (Array.isArray(n.enum)) out.push(...(n.enum.slice(0, 512) as JsonValue[]));
  if (Array.isArray(n.examples)) out.push(...(n.examples.slice(0, 64) as JsonValue[]));
  for (const key of ["anyOf", "oneOf", "allOf"]) {
    const branches = n[key];
    if (Array.isArray(branches)) for (const b of branches.slice(0, 8)) out.push(sample(b, root));
  }
  for (const key of ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"]) {
    const v = n[key];
    if (typeof v === "number") out.push(v, v - 1, v + 1, v - 0.5, v + 0.5);
  }
  if (typeof n.multipleOf === "number") out.push(n.multipleOf, n.multipleOf * 2, n.multipleOf * 3, n.multipleOf / 2, n.multipleOf + 1);
  const base = typeof sample(n, root) === "string" ? (sample(n, root) as string) : "a";
  for (const key of ["minLength", "maxLength"]) {
    const v = n[key];
    if (typeof v === "number") for (const len of [v - 1, v, v + 1]) if (len >= 0 && buildable(key, len) === len) out.push(base.padEnd(len, base.at(-1) ?? "a").slice(0, len));
  }
  if (typeof n.format === "string") out.push(...Object.values(FORMAT_SAMPLES), "not a " + n.format);
  if (typeof n.pattern === "string") out.push("", "a", "A", "0", "_", "a b", "aaaa", "0000");
  const arr = sample(n, root);
  for (const key of ["minItems", "maxItems"]) {
    const v = n[key];
    if (typeof v === "number") {
      const item = sample(Array.isArray(n.items) ? n.items[0] : (n.prefixItems as unknown[] | undefined)?.[0] ?? n.items, root);
      for (const len of [v - 1, v, v + 1]) if (len >= 0 && buildable(key, len) === len) out.push(Array.from({ length: len }, () => item));
    }
  }
  if (Array.isArray(arr) && arr.length > 0) out.push([...arr, arr[0]!]);
  if (typesOf(n).includes("array") || n.items !== undefined) {
    const item = sample(Array.isArray(n.items) ? n.items[0] : n.items ?? (n.prefixItems as unknown[] | undefined)?.[0], root);
    out.push([item, item], [item]);
  }
  if (isPlainObject(n.properties) || typesOf(n).includes("object")) {
    const all = sampleObject(n, root, 0, () => true);
    out.push(all, { ...all, x_extra: "x" });
    // Each without one of its properties: 64 of them, fewer for a large object (40,000 properties copied at most).
    const names = Object.keys(all);
    for (const name of names.slice(0, Math.min(64, Math.floor((4 * MAX_BUILT) / Math.max(names.length, 1))))) out.push(withoutKey(all, name) as JsonObject);
    for (const key of ["minProperties", "maxProperties"]) {
      const v = n[key];
      if (typeof v === "number") for (const len of [v - 1, v, v + 1]) if (len >= 0 && buildable(key, len) === len) out.push(Object.fromEntries(Array.from({ length: len }, (_, i) => [`p${i}`, "x"])));
    }
  }
  out.push("x", "", 0, 1, -1, 1.5, true, false, null, [], {}, ["x"], [0]);
  return out;
}

/**
 * `value` at `path` inside an instance of `schema` (the whole tool schema): each container on the
 * way is the schema's sample there, with the next step's value put in.
 */
export function place(schema: unknown, root: unknown, path: readonly DataStep[], value: JsonValue, depth = 0): JsonValue {
  if (depth === path.length) return value;
  const n = deref(schema, root);
  const step = path[depth]!;
  const node = isPlainObject(n) ? n : {};
  if ("prop" in step) {
    const container = sample(node, root);
    const obj: JsonObject = isPlainObject(container) ? { ...container } : {};
    obj[step.prop] = place(childAt(node, root, step), root, path, value, depth + 1);
    return obj;
  }
  const container = sample(node, root);
  const arr: JsonValue[] = Array.isArray(container) ? [...container] : [];
  while (arr.length <= step.index) arr.push(sample(childAt(node, root, { index: arr.length }), root));
  arr[step.index] = place(childAt(node, root, step), root, path, value, depth + 1);
  return arr;
}

/** The subschema that governs one step in (through the first branch of a combinator when there is one). */
function childAt(node: Record<string, unknown>, root: unknown, step: DataStep): unknown {
  if ("prop" in step) {
    if (isPlainObject(node.properties) && Object.hasOwn(node.properties, step.prop)) return node.properties[step.prop];
    for (const key of ["allOf", "anyOf", "oneOf"]) {
      const branches = node[key];
      if (Array.isArray(branches)) {
        for (const b of branches) {
          const d = deref(b, root);
          if (isPlainObject(d) && isPlainObject(d.properties) && Object.hasOwn(d.properties, step.prop)) return d.properties[step.prop];
        }
      }
    }
    return node.additionalProperties ?? {};
  }
  const prefix = Array.isArray(node.prefixItems) ? node.prefixItems : Array.isArray(node.items) ? node.items : undefined;
  if (prefix !== undefined && step.index < prefix.length) return prefix[step.index];
  return Array.isArray(node.items) ? node.additionalItems ?? {} : node.items ?? {};
}

export type { JsonObject };
