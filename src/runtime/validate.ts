// toolgen runtime: the validator interpreter. A tool whose input schema uses only the keywords below
// ships that schema as data (annotations dropped) and this walks it, giving the verdict and the
// errors (same objects, same order) that ajv's standalone code gives with toolgen's options
// (allErrors, ownProperties, strict: false): messages.ts and repair.ts read their schemaPath,
// keyword, params and order. Keywords, in ajv's order (ajv/lib/compile/rules.ts): the type check,
// then $ref const enum not anyOf oneOf allOf if/then/else; for numbers maximum minimum
// exclusiveMaximum exclusiveMinimum multipleOf; for strings maxLength minLength pattern format; for
// arrays maxItems minItems items (one schema for every item) contains (min/maxContains) uniqueItems;
// for objects maxProperties minProperties required propertyNames additionalProperties properties
// patternProperties; `$ref` to a local JSON pointer. src/emit/validator-data.ts decides per tool, at
// build time, which tools this runs and which keep ajv's code. Imports only its sibling files.

import { duplicatePair, equal, ucs2length } from "./ajv.js";
import { formats } from "./formats.js";
import type { ValidateFunction, ValidationError } from "./dispatch.js";

/** A schema as data: JSON, annotations dropped. */
export type SchemaData = boolean | { readonly [keyword: string]: unknown };
/** A compiled pattern (runtime/re2.ts's `re2`). */
export type PatternEngine = (pattern: string) => { test(s: string): boolean };
export interface Engines {
  /** The linear-time pattern engine, for schemas with `pattern` or `patternProperties`. */
  readonly re2?: PatternEngine;
  /** Draft 2020-12 (ajv's Ajv2020): `minContains`/`maxContains` count. */
  readonly next?: boolean;
}

type Obj = { readonly [key: string]: unknown };
interface Cx {
  readonly data: unknown;
  readonly path: string;
  readonly at: string;
  readonly name: string | undefined;
}

const REF_KEYWORDS = ["$ref", "$recursiveRef", "$recursiveAnchor", "$dynamicRef", "$dynamicAnchor"];
const own = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const pointer = (s: string): string => s.replace(/~/g, "~0").replace(/\//g, "~1");
const fragment = (s: string): string => encodeURIComponent(pointer(s));

/** ajv's `hasRef`: a `$ref` anywhere inside (such a target is compiled as a function of its own). */
export function hasRef(schema: unknown): boolean {
  if (typeof schema !== "object" || schema === null) return false;
  for (const key in schema) {
    if (REF_KEYWORDS.includes(key)) return true;
    const sub = (schema as Obj)[key];
    // A list is walked once, by its items (as an object too, each level of anyOf-in-anyOf doubled the walk).
    if (Array.isArray(sub)) {
      if (sub.some(hasRef)) return true;
    } else if (typeof sub === "object" && hasRef(sub)) return true;
  }
  return false;
}

/** ajv's `alwaysValidSchema`: true, `{}`, or an object with no keyword ajv runs (none survive in data). */
function alwaysValid(s: unknown): boolean {
  return s === true || (isObj(s) && Object.keys(s).every((k) => k === "definitions" || k === "$defs"));
}

/** The JSON pointer `ref` (`#`, `#/a/b`) inside `root`. */
export function resolvePointer(root: unknown, ref: string): unknown {
  let at: unknown = root;
  for (const part of ref.replace(/^#\/?/, "").split("/")) {
    if (part === "") continue;
    const key = decodeURIComponent(part).replace(/~1/g, "/").replace(/~0/g, "~");
    if (typeof at !== "object" || at === null || !own(at, key)) return undefined;
    at = (at as Obj)[key];
  }
  return at;
}

function typeOk(t: unknown, v: unknown): boolean {
  switch (t) {
    case "null":
      return v === null;
    case "array":
      return Array.isArray(v);
    case "object":
      return isObj(v);
    case "integer":
      return typeof v === "number" && !(v % 1) && !isNaN(v);
    case "number":
      return typeof v === "number";
    default:
      return typeof v === t;
  }
}

const GROUP: Record<string, readonly string[]> = {
  number: ["maximum", "minimum", "exclusiveMaximum", "exclusiveMinimum", "multipleOf", "format"],
  string: ["maxLength", "minLength", "pattern", "format"],
  array: ["maxItems", "minItems", "additionalItems", "items", "contains", "maxContains", "minContains", "uniqueItems"],
  object: [
    "maxProperties",
    "minProperties",
    "required",
    "propertyNames",
    "additionalProperties",
    "properties",
    "patternProperties",
  ],
};
const LIMIT: Record<string, readonly [string, (a: number, b: number) => boolean]> = {
  maximum: ["<=", (a, b) => a > b],
  minimum: [">=", (a, b) => a < b],
  exclusiveMaximum: ["<", (a, b) => a >= b],
  exclusiveMinimum: [">", (a, b) => a <= b],
};

const UNTYPED = ["$ref", "const", "enum", "not", "anyOf", "oneOf", "allOf", "if"];
/** What `run` reads of a schema object on every pass, worked out once. */
interface Plan {
  readonly types: readonly string[];
  /** The one type whose group has keywords: ajv checks it there, after the untyped keywords. */
  readonly late: string | undefined;
  readonly untyped: boolean;
  readonly groups: ReadonlyArray<readonly [string, readonly string[]]>;
}
const plans = new WeakMap<Obj, Plan>();
function plan(sch: Obj): Plan {
  let p = plans.get(sch);
  if (p !== undefined) return p;
  const t = sch["type"];
  const types = t === undefined ? [] : Array.isArray(t) ? (t as string[]) : [t as string];
  const groups = Object.keys(GROUP)
    .map((g) => [g, GROUP[g]!.filter((k) => own(sch, k))] as const)
    .filter(([, present]) => present.length > 0);
  const late = types.length === 1 && groups.some(([g]) => g === types[0]) ? types[0] : undefined;
  p = { types, late, untyped: UNTYPED.some((k) => own(sch, k)), groups };
  plans.set(sch, p);
  return p;
}

/** The validator of `root`: ajv's contract (returns the verdict, sets `.errors`, null when valid). */
export function compileValidator(root: SchemaData, engines: Engines = {}): ValidateFunction {
  // Each `$ref`'s target and whether it holds a `$ref`, found on its first use rather than on every call.
  const refTargets = new Map<string, { target: unknown; holdsRef: boolean }>();
  const refTarget = (ref: string): { target: unknown; holdsRef: boolean } => {
    let found = refTargets.get(ref);
    if (found === undefined) {
      const target = resolvePointer(root, ref);
      refTargets.set(ref, (found = { target, holdsRef: hasRef(target) }));
    }
    return found;
  };
  const patterns = new Map<string, { test(s: string): boolean }>();
  const regex = (p: string): { test(s: string): boolean } => {
    let r = patterns.get(p);
    if (r === undefined) {
      if (engines.re2 === undefined) throw new Error(`no pattern engine for '${p}'`);
      patterns.set(p, (r = engines.re2(p)));
    }
    return r;
  };
  let errors: ValidationError[] = [];
  // Schema paths are made once per place in the schema, as ajv's code holds them as literals: a
  // failing 64 KB input keeps tens of thousands of errors, and a string of its own for each error's
  // schemaPath made test/runtime/bounded-time.test.ts's slowest case ~20% slower.
  const joined = new Map<string, Map<string, string>>();
  function join(at: string, tail: string): string {
    let m = joined.get(at);
    if (m === undefined) joined.set(at, (m = new Map()));
    let out = m.get(tail);
    if (out === undefined) m.set(tail, (out = `${at}/${tail}`));
    return out;
  }

  function fail(cx: Cx, keyword: string, params: Record<string, unknown>, message: string): void {
    const e: ValidationError & { propertyName?: string } = {
      instancePath: cx.path,
      schemaPath: join(cx.at, keyword),
      keyword,
      params,
      message,
    };
    if (cx.name !== undefined) e.propertyName = cx.name;
    errors.push(e);
  }
  /** Applies `s` (schema path `at`) to `data` (instance path `path`); true when valid. */
  function run(s: unknown, data: unknown, path: string, at: string, name: string | undefined): boolean {
    if (s === true) return true;
    const cx: Cx = { data, path, at, name };
    if (s === false) {
      fail(cx, "false schema", {}, "boolean schema is false");
      return false;
    }
    const before = errors.length;
    const sch = s as Obj;
    const p = plan(sch);
    if (p.types.length > 0 && p.late === undefined && !p.types.some((t) => typeOk(t, data))) typeError(sch, cx);
    if (p.untyped) untyped(sch, cx);
    for (const [group, present] of p.groups) {
      if (typeOk(group, data)) keywords(group, present, sch, cx);
      else if (p.late === group) typeError(sch, cx);
    }
    return errors.length === before;
  }
  function typeError(sch: Obj, cx: Cx): void {
    fail(cx, "type", { type: sch["type"] }, `must be ${String(sch["type"])}`);
  }
  function sub(s: unknown, cx: Cx, at: string, data = cx.data, path = cx.path, name = cx.name): boolean {
    return run(s, data, path, at, name);
  }
  /** Runs `f`, then drops the errors it added; returns its verdict. */
  function quiet(f: () => boolean): boolean {
    const before = errors.length;
    const ok = f();
    errors.length = before;
    return ok;
  }
  function untyped(sch: Obj, cx: Cx): void {
    const { data } = cx;
    if (typeof sch["$ref"] === "string") {
      const ref = sch["$ref"];
      const { target, holdsRef } = refTarget(ref);
      // A target holding a `$ref` is a function of its own in ajv: schema paths restart at "#",
      // and a property name being checked is not passed on.
      if (holdsRef) run(target, data, cx.path, "#", undefined);
      else sub(target, cx, ref);
    }
    if (own(sch, "const") && !equal(data, sch["const"]))
      fail(cx, "const", { allowedValue: sch["const"] }, "must be equal to constant");
    if (Array.isArray(sch["enum"]) && !sch["enum"].some((v) => equal(data, v))) {
      fail(cx, "enum", { allowedValues: sch["enum"] }, "must be equal to one of the allowed values");
    }
    if (own(sch, "not")) {
      const s = sch["not"];
      if (alwaysValid(s) || quiet(() => sub(s, cx, join(cx.at, "not")))) fail(cx, "not", {}, "must NOT be valid");
    }
    if (Array.isArray(sch["anyOf"]) && !sch["anyOf"].some(alwaysValid)) {
      const before = errors.length;
      if (sch["anyOf"].some((s: unknown, i) => sub(s, cx, join(join(cx.at, "anyOf"), String(i)))))
        errors.length = before;
      else fail(cx, "anyOf", {}, "must match a schema in anyOf");
    }
    if (Array.isArray(sch["oneOf"])) {
      const before = errors.length;
      let passing: number | [number, number] | null = null;
      let valid = false;
      for (let i = 0; i < sch["oneOf"].length; i++) {
        const s: unknown = sch["oneOf"][i];
        if (!(alwaysValid(s) || sub(s, cx, join(join(cx.at, "oneOf"), String(i))))) continue;
        if (valid) {
          passing = [passing as number, i];
          valid = false;
          break;
        }
        valid = true;
        passing = i;
      }
      if (valid) errors.length = before;
      else fail(cx, "oneOf", { passingSchemas: passing }, "must match exactly one schema in oneOf");
    }
    if (Array.isArray(sch["allOf"]))
      sch["allOf"].forEach((s: unknown, i) => alwaysValid(s) || sub(s, cx, join(join(cx.at, "allOf"), String(i))));
    if (own(sch, "if")) {
      const hasThen = own(sch, "then") && !alwaysValid(sch["then"]);
      const hasElse = own(sch, "else") && !alwaysValid(sch["else"]);
      if (hasThen || hasElse) {
        const ok = alwaysValid(sch["if"]) || quiet(() => sub(sch["if"], cx, join(cx.at, "if")));
        const clause = ok ? "then" : "else";
        if (ok ? hasThen : hasElse) {
          if (!sub(sch[clause], cx, join(cx.at, clause)))
            fail(cx, "if", { failingKeyword: clause }, `must match "${clause}" schema`);
        }
      }
    }
  }
  function keywords(group: string, present: readonly string[], sch: Obj, cx: Cx): void {
    const { data } = cx;
    for (const k of present) {
      const v = sch[k];
      if (group === "number") {
        if (k === "format") continue; // toolgen's formats are all string formats: ajv skips them for numbers
        const n = data as number;
        const limit = LIMIT[k];
        if (limit !== undefined) {
          if (limit[1](n, v as number) || isNaN(n))
            fail(cx, k, { comparison: limit[0], limit: v }, `must be ${limit[0]} ${String(v)}`);
        } else {
          const res = n / (v as number);
          if (v === 0 || res !== parseInt(String(res)))
            fail(cx, k, { multipleOf: v }, `must be multiple of ${String(v)}`);
        }
      } else if (group === "string") stringKeyword(k, v, cx, data as string);
      else if (group === "array") arrayKeyword(k, v, sch, cx, data as unknown[]);
      else objectKeyword(k, v, sch, cx, data as Obj);
    }
  }
  function stringKeyword(k: string, v: unknown, cx: Cx, s: string): void {
    if (k === "maxLength" || k === "minLength") {
      const max = k === "maxLength";
      const len = ucs2length(s);
      if (max ? len > (v as number) : len < (v as number))
        fail(cx, k, { limit: v }, `must NOT have ${max ? "more" : "fewer"} than ${String(v)} characters`);
    } else if (k === "pattern") {
      if (!regex(v as string).test(s)) fail(cx, k, { pattern: v }, `must match pattern "${String(v)}"`);
    } else if (own(formats, v as string) && !formats[v as string]!(s)) {
      fail(cx, k, { format: v }, `must match format "${String(v)}"`);
    }
  }
  function arrayKeyword(k: string, v: unknown, sch: Obj, cx: Cx, a: unknown[]): void {
    if (k === "maxItems" || k === "minItems") {
      const max = k === "maxItems";
      if (max ? a.length > (v as number) : a.length < (v as number))
        fail(cx, k, { limit: v }, `must NOT have ${max ? "more" : "fewer"} than ${String(v)} items`);
    } else if (k === "items") {
      if (!alwaysValid(v)) for (let i = 0; i < a.length; i++) sub(v, cx, join(cx.at, "items"), a[i], `${cx.path}/${i}`);
    } else if (k === "contains") contains(v, sch, cx, a);
    else if (k === "uniqueItems" && v === true) {
      const pair = duplicatePair(a);
      if (pair !== null)
        fail(
          cx,
          k,
          { i: pair[0], j: pair[1] },
          `must NOT have duplicate items (items ## ${pair[1]} and ${pair[0]} are identical)`,
        );
    }
  }
  function contains(v: unknown, sch: Obj, cx: Cx, a: unknown[]): void {
    const min = engines.next && typeof sch["minContains"] === "number" ? sch["minContains"] : 1;
    const max = engines.next && typeof sch["maxContains"] === "number" ? sch["maxContains"] : undefined;
    const params = max === undefined ? { minContains: min } : { minContains: min, maxContains: max };
    const message =
      max === undefined
        ? `must contain at least ${min} valid item(s)`
        : `must contain at least ${min} and no more than ${max} valid item(s)`;
    if (max === undefined && min === 0) return;
    let valid: boolean;
    const before = errors.length;
    if (max !== undefined && min > max) valid = false;
    else if (alwaysValid(v)) valid = a.length >= min && (max === undefined || a.length <= max);
    else {
      valid = min === 0;
      let count = 0;
      const at = join(cx.at, "contains");
      for (let i = 0; i < a.length; i++) {
        if (!sub(v, cx, at, a[i], `${cx.path}/${i}`)) continue;
        count++;
        if (max === undefined) {
          if (count >= min) {
            valid = true;
            break;
          }
        } else if (count > max) {
          valid = false;
          break;
        } else if (count >= min) valid = true;
      }
    }
    if (valid) errors.length = before;
    else fail(cx, "contains", params, message);
  }
  function objectKeyword(k: string, v: unknown, sch: Obj, cx: Cx, o: Obj): void {
    const at = join(cx.at, k);
    const prop = (s: unknown, key: string, where: string): boolean =>
      sub(s, cx, where, o[key], `${cx.path}/${pointer(key)}`);
    if (k === "maxProperties" || k === "minProperties") {
      const max = k === "maxProperties";
      const n = Object.keys(o).length;
      if (max ? n > (v as number) : n < (v as number))
        fail(cx, k, { limit: v }, `must NOT have ${max ? "more" : "fewer"} than ${String(v)} properties`);
    } else if (k === "required") {
      for (const p of v as string[]) {
        if (o[p] === undefined || !own(o, p)) fail(cx, k, { missingProperty: p }, `must have required property '${p}'`);
      }
    } else if (k === "propertyNames") {
      if (alwaysValid(v)) return;
      for (const key of Object.keys(o)) {
        if (!sub(v, cx, at, key, cx.path, key)) fail(cx, k, { propertyName: key }, "property name must be valid");
      }
    } else if (k === "additionalProperties") {
      if (alwaysValid(v)) return;
      const props = isObj(sch["properties"]) ? sch["properties"] : {};
      const pats = isObj(sch["patternProperties"])
        ? Object.keys(sch["patternProperties"]).filter((p) => p !== "__proto__")
        : [];
      for (const key of Object.keys(o)) {
        if ((key !== "__proto__" && own(props, key)) || pats.some((p) => regex(p).test(key))) continue;
        if (v === false) fail(cx, k, { additionalProperty: key }, "must NOT have additional properties");
        else prop(v, key, at);
      }
    } else if (k === "properties") {
      for (const key of Object.keys(v as Obj)) {
        const s = (v as Obj)[key];
        if (key === "__proto__" || alwaysValid(s)) continue;
        if (o[key] !== undefined && own(o, key)) prop(s, key, join(at, fragment(key)));
      }
    } else {
      for (const p of Object.keys(v as Obj)) {
        const s = (v as Obj)[p];
        if (p === "__proto__" || alwaysValid(s)) continue;
        for (const key of Object.keys(o)) if (regex(p).test(key)) prop(s, key, join(at, fragment(p)));
      }
    }
  }

  const validate = ((data: unknown): boolean => {
    errors = [];
    const ok = run(root, data, "", "#", undefined);
    validate.errors = ok ? null : errors;
    return ok;
  }) as ValidateFunction;
  validate.errors = null;
  return validate;
}
