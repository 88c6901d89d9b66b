// toolgen runtime: the validator compiler. A tool whose input schema uses only the keywords below
// ships that schema as data (annotations dropped); at the first call this compiles it into closures
// (no eval: it runs where `new Function` is refused), which give the verdict and the
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

/** A compiled check: the verdict alone, no errors (the whole validator's first pass, and `not`/`if`). */
type Check = (data: unknown) => boolean;
/** A compiled check that also pushes ajv's errors: `path` is the instance path, `name` the property name checked. */
type Collect = (data: unknown, path: string, name: string | undefined) => boolean;
/** One keyword's part of a Collect (pushes errors, returns nothing). */
type Part = (data: unknown, path: string, name: string | undefined) => void;

const isString = (v: unknown): boolean => typeof v === "string";
const isNumber = (v: unknown): boolean => typeof v === "number";
const isBoolean = (v: unknown): boolean => typeof v === "boolean";
const isNull = (v: unknown): boolean => v === null;
const isInteger = (v: unknown): boolean => typeof v === "number" && !(v % 1) && !isNaN(v);
const TYPE_CHECKS: Record<string, Check> = {
  null: isNull,
  array: Array.isArray,
  object: isObj,
  integer: isInteger,
  number: isNumber,
  string: isString,
  boolean: isBoolean,
};
function typeCheck(types: readonly string[]): Check {
  const checks = types.map((t) => TYPE_CHECKS[t] ?? ((v: unknown) => typeof v === t));
  if (checks.length === 1) return checks[0]!;
  return (v) => {
    for (let i = 0; i < checks.length; i++) if (checks[i]!(v)) return true;
    return false;
  };
}
/** Whether every value of one of `types` is of group `group`'s type (the group's own test is then redundant). */
function implies(types: readonly string[], group: string): boolean {
  return types.length > 0 && types.every((t) => t === group || (group === "number" && t === "integer"));
}

const ALWAYS: Check = () => true;
const [CALL, STRING, NUMBER, BOOLEAN, INTEGER, ANY] = [0, 1, 2, 3, 4, 5];
/** A schema that is a bare `type` of a scalar, checked in place by objectCheck; CALL for any other. */
function leafKind(s: unknown): number {
  if (!isObj(s) || Object.keys(s).length !== 1 || typeof s["type"] !== "string") return CALL;
  return (
    ({ string: STRING, number: NUMBER, boolean: BOOLEAN, integer: INTEGER } as Record<string, number>)[s["type"]] ??
    CALL
  );
}
/** The conjunction of `checks`, without a loop for the few a schema usually has. */
function every(checks: readonly Check[]): Check {
  const [a, b, c, d] = checks;
  switch (checks.length) {
    case 0:
      return ALWAYS;
    case 1:
      return a!;
    case 2:
      return (v) => a!(v) && b!(v);
    case 3:
      return (v) => a!(v) && b!(v) && c!(v);
    case 4:
      return (v) => a!(v) && b!(v) && c!(v) && d!(v);
    default:
      return (v) => {
        for (let i = 0; i < checks.length; i++) if (!checks[i]!(v)) return false;
        return true;
      };
  }
}
/** Whether `key` is one of `keys`: a scan for a few, a Set for more. */
function member(keys: readonly string[]): (key: string) => boolean {
  if (keys.length === 0) return () => false;
  if (keys.length > 8) {
    const set = new Set(keys);
    return (key) => set.has(key);
  }
  return (key) => {
    for (let i = 0; i < keys.length; i++) if (keys[i] === key) return true;
    return false;
  };
}
/** `equal(v, x)` for every `x` of `values`, as `===` where they are all strings, numbers, booleans or null. */
function equalsOneOf(list: readonly unknown[]): Check {
  const values = [...list];
  if (!values.every((x) => x === null || typeof x !== "object")) return (v) => values.some((x) => equal(v, x));
  if (values.length === 1) {
    const x = values[0];
    return (v) => v === x;
  }
  if (values.length > 8) {
    const set = new Set(values);
    // A Map's SameValueZero is `===` but for NaN, which is no JSON value.
    return (v) => (v === null || typeof v !== "object") && set.has(v);
  }
  return (v) => {
    for (let i = 0; i < values.length; i++) if (values[i] === v) return true;
    return false;
  };
}
/** `minLength`/`maxLength` in code points, counted only when the UTF-16 length leaves it open. */
const longerThan = (s: string, n: number): boolean => s.length > n && ucs2length(s) > n;
const shorterThan = (s: string, n: number): boolean => s.length < n || (s.length < 2 * n && ucs2length(s) < n);

/**
 * The validator of `root`: ajv's contract (returns the verdict, sets `.errors`, null when valid).
 * Nothing is read of the schema until the first call, which compiles it into a tree of closures, one
 * per keyword, specialised by type: a call runs the closures, never the schema. A first pass gives
 * the verdict alone (no instance paths, no error objects); only an input it rejects runs a second
 * tree, compiled at its first use, that collects ajv's errors in ajv's order.
 */
export function compileValidator(root: SchemaData, engines: Engines = {}): ValidateFunction {
  const patterns = new Map<string, { test(s: string): boolean }>();
  const regex = (p: string): { test(s: string): boolean } => {
    let r = patterns.get(p);
    if (r === undefined) {
      if (engines.re2 === undefined) throw new Error(`no pattern engine for '${p}'`);
      patterns.set(p, (r = engines.re2(p)));
    }
    return r;
  };
  /** A pattern's test, its engine made at the first string it tests (a schema without an engine throws then). */
  const tester = (p: string): ((s: string) => boolean) => {
    let r: { test(s: string): boolean } | undefined;
    return (s) => (r ??= regex(p)).test(s);
  };
  const refInfo = new Map<string, { target: unknown; holdsRef: boolean }>();
  const refTarget = (ref: string): { target: unknown; holdsRef: boolean } => {
    let found = refInfo.get(ref);
    if (found === undefined) {
      const target = resolvePointer(root, ref);
      refInfo.set(ref, (found = { target, holdsRef: hasRef(target) }));
    }
    return found;
  };

  // ----- The first pass: the verdict alone. -----
  const checks = new Map<unknown, Check>();
  const refChecks = new Map<string, Check>();
  function check(s: unknown): Check {
    if (s === true || alwaysValid(s)) return ALWAYS;
    if (s === false) return () => false;
    let c = checks.get(s);
    if (c === undefined) checks.set(s, (c = checkObject(s as Obj)));
    return c;
  }
  function refCheck(ref: string): Check {
    let c = refChecks.get(ref);
    if (c === undefined) {
      // A recursive `$ref` meets itself while its target compiles: it calls the result once there is one.
      let compiled: Check | undefined;
      refChecks.set(ref, (v) => compiled!(v));
      compiled = check(refTarget(ref).target);
      refChecks.set(ref, (c = compiled));
    }
    return c;
  }
  function checkObject(sch: Obj): Check {
    const p = plan(sch);
    if (p.types.length === 1 && p.types[0] === "object") return objectCheck(sch, p);
    const all: Check[] = [];
    if (p.types.length > 0) all.push(typeCheck(p.types));
    if (p.untyped) all.push(...untypedChecks(sch));
    for (const [group, present] of p.groups) {
      const inGroup = every(present.map((k) => groupCheck(group, k, sch)).filter((c) => c !== ALWAYS));
      if (inGroup === ALWAYS) continue;
      if (implies(p.types, group)) all.push(inGroup);
      else {
        const is = TYPE_CHECKS[group]!;
        all.push((v) => !is(v) || inGroup(v));
      }
    }
    return every(all);
  }
  /**
   * An object schema's check in one closure: the type, `required`, `properties` (a property whose
   * schema is a bare `type` checked in place) and a closed `additionalProperties` inline, the other
   * keywords called. Most tools' schemas are such objects, and each call saved counts on a small input.
   */
  function objectCheck(sch: Obj, p: Plan): Check {
    const props = isObj(sch["properties"]) ? sch["properties"] : {};
    // Every declared property (an always-valid one too, for a closed object), found by a scan of a
    // few keys or a Map; each required one that is declared is counted, the others read by name.
    const keys = Object.keys(props).filter((key) => key !== "__proto__");
    const kinds = keys.map((key) => (alwaysValid(props[key]) ? ANY : leafKind(props[key])));
    const cs = keys.map((key) => check(props[key]));
    const required = [...new Set(Array.isArray(sch["required"]) ? (sch["required"] as string[]) : [])];
    const counted = keys.map((key) => required.includes(key));
    const wanted = counted.filter(Boolean).length;
    const byName = required.filter((key) => !keys.includes(key));
    const index = keys.length > 8 ? new Map(keys.map((key, i) => [key, i])) : undefined;
    const closed = sch["additionalProperties"] === false && !own(sch, "patternProperties");
    const rest = p.untyped ? untypedChecks(sch) : [];
    const inline = new Set(["required", "properties", ...(closed ? ["additionalProperties"] : [])]);
    for (const [group, present] of p.groups) {
      if (group === "object")
        rest.push(
          ...present
            .filter((k) => !inline.has(k))
            .map((k) => groupCheck(group, k, sch))
            .filter((c) => c !== ALWAYS),
        );
    }
    const others = every(rest);
    const n = keys.length;
    const ok = (i: number, x: unknown): boolean => {
      switch (kinds[i]) {
        case ANY:
          return true;
        case STRING:
          return typeof x === "string";
        case NUMBER:
          return typeof x === "number";
        case BOOLEAN:
          return typeof x === "boolean";
        case INTEGER:
          return typeof x === "number" && !(x % 1) && !isNaN(x);
        default:
          return cs[i]!(x);
      }
    };
    // Past 30 declared properties, each is read by name (a bit per property no longer fits).
    if (n > 30) {
      return (d) => {
        if (typeof d !== "object" || d === null || Array.isArray(d)) return false;
        const o = d as Obj;
        for (let i = 0; i < n; i++) {
          const x = o[keys[i]!];
          if (x === undefined || !own(o, keys[i]!)) {
            if (counted[i]) return false;
          } else if (!ok(i, x)) return false;
        }
        if (closed) for (const key in o) if (own(o, key) && index!.get(key) === undefined) return false;
        for (let i = 0; i < byName.length; i++) if (o[byName[i]!] === undefined || !own(o, byName[i]!)) return false;
        return others(d);
      };
    }
    const allSeen = (1 << n) - 1;
    return (d) => {
      if (typeof d !== "object" || d === null || Array.isArray(d)) return false;
      const o = d as Obj;
      let found = 0;
      let seen = 0;
      // A for-in over the object's own keys: V8 reads each value from its enum cache, and the
      // own-property test of the key it is enumerating costs nothing.
      for (const key in o) {
        if (!own(o, key)) continue;
        let i = 0;
        if (index === undefined) while (i < n && keys[i] !== key) i++;
        else i = index.get(key) ?? n;
        if (i === n) {
          if (closed) return false;
          continue;
        }
        seen |= 1 << i;
        const x = o[key];
        if (x === undefined) continue;
        if (counted[i]) found++;
        if (!ok(i, x)) return false;
      }
      // A declared property for-in does not list may still be an own one, not enumerable: read by name.
      if (seen !== allSeen) {
        for (let i = 0; i < n; i++) {
          if (seen & (1 << i) || !own(o, keys[i]!)) continue;
          const x = o[keys[i]!];
          if (x === undefined) continue;
          if (counted[i]) found++;
          if (!ok(i, x)) return false;
        }
      }
      if (found !== wanted) return false;
      for (let i = 0; i < byName.length; i++) if (o[byName[i]!] === undefined || !own(o, byName[i]!)) return false;
      return others(d);
    };
  }
  function untypedChecks(sch: Obj): Check[] {
    const out: Check[] = [];
    if (typeof sch["$ref"] === "string") out.push(refCheck(sch["$ref"]));
    if (own(sch, "const")) out.push(equalsOneOf([sch["const"]]));
    if (Array.isArray(sch["enum"])) out.push(equalsOneOf(sch["enum"]));
    if (own(sch, "not")) {
      const s = sch["not"];
      if (alwaysValid(s)) out.push(() => false);
      else {
        const c = check(s);
        out.push((v) => !c(v));
      }
    }
    if (Array.isArray(sch["anyOf"]) && !sch["anyOf"].some(alwaysValid)) {
      const cs = sch["anyOf"].map(check);
      out.push((v) => {
        for (let i = 0; i < cs.length; i++) if (cs[i]!(v)) return true;
        return false;
      });
    }
    if (Array.isArray(sch["oneOf"])) {
      const cs = sch["oneOf"].map(check);
      out.push((v) => {
        let passing = 0;
        for (let i = 0; i < cs.length; i++) if (cs[i]!(v) && ++passing > 1) return false;
        return passing === 1;
      });
    }
    if (Array.isArray(sch["allOf"])) out.push(every(sch["allOf"].map(check).filter((c) => c !== ALWAYS)));
    const cond = conditional(sch);
    if (cond !== undefined) {
      const [test, then, otherwise] = [cond.test, cond.then ?? ALWAYS, cond.else ?? ALWAYS];
      out.push((v) => (test(v) ? then(v) : otherwise(v)));
    }
    return out.filter((c) => c !== ALWAYS);
  }
  /** `if`/`then`/`else`: undefined when neither branch can fail. */
  function conditional(sch: Obj): { test: Check; then: Check | undefined; else: Check | undefined } | undefined {
    if (!own(sch, "if")) return undefined;
    const hasThen = own(sch, "then") && !alwaysValid(sch["then"]);
    const hasElse = own(sch, "else") && !alwaysValid(sch["else"]);
    if (!hasThen && !hasElse) return undefined;
    return {
      test: check(sch["if"]),
      then: hasThen ? check(sch["then"]) : undefined,
      else: hasElse ? check(sch["else"]) : undefined,
    };
  }
  function groupCheck(group: string, k: string, sch: Obj): Check {
    const v = sch[k];
    const n = v as number;
    switch (k) {
      case "maximum":
        return (d) => (d as number) <= n;
      case "minimum":
        return (d) => (d as number) >= n;
      case "exclusiveMaximum":
        return (d) => (d as number) < n;
      case "exclusiveMinimum":
        return (d) => (d as number) > n;
      case "multipleOf":
        return n === 0
          ? () => false
          : (d) => {
              const res = (d as number) / n;
              return res === parseInt(String(res));
            };
      case "maxLength":
        return (d) => !longerThan(d as string, n);
      case "minLength":
        return (d) => !shorterThan(d as string, n);
      case "pattern": {
        const test = tester(v as string);
        return (d) => test(d as string);
      }
      case "format": {
        // toolgen's formats are all string formats: ajv skips them for numbers; an unknown name is an annotation.
        if (group !== "string" || !own(formats, v as string)) return ALWAYS;
        return formats[v as string]! as Check;
      }
      case "maxItems":
        return (d) => (d as unknown[]).length <= n;
      case "minItems":
        return (d) => (d as unknown[]).length >= n;
      case "items": {
        const c = check(v);
        if (c === ALWAYS) return ALWAYS;
        return (d) => {
          const a = d as unknown[];
          for (let i = 0; i < a.length; i++) if (!c(a[i])) return false;
          return true;
        };
      }
      case "contains":
        return containsCheck(v, sch);
      case "uniqueItems":
        return v === true ? (d) => duplicatePair(d as unknown[]) === null : ALWAYS;
      case "maxProperties":
        return (d) => Object.keys(d as Obj).length <= n;
      case "minProperties":
        return (d) => Object.keys(d as Obj).length >= n;
      case "required": {
        const names = [...(v as readonly string[])];
        return (d) => {
          const o = d as Obj;
          for (let i = 0; i < names.length; i++) if (o[names[i]!] === undefined || !own(o, names[i]!)) return false;
          return true;
        };
      }
      case "propertyNames": {
        const c = check(v);
        if (c === ALWAYS) return ALWAYS;
        return (d) => {
          const keys = Object.keys(d as Obj);
          for (let i = 0; i < keys.length; i++) if (!c(keys[i])) return false;
          return true;
        };
      }
      case "additionalProperties": {
        if (alwaysValid(v)) return ALWAYS;
        const { declared, matched } = additional(sch);
        const c = check(v);
        return (d) => {
          const o = d as Obj;
          for (const key in o) {
            if (!own(o, key) || declared(key) || matched(key)) continue;
            if (!c(o[key])) return false;
          }
          return true;
        };
      }
      case "properties": {
        const entries = Object.keys(v as Obj).filter((key) => key !== "__proto__" && !alwaysValid((v as Obj)[key]));
        const cs = entries.map((key) => check((v as Obj)[key]));
        if (entries.length === 1) {
          const [key, c] = [entries[0]!, cs[0]!];
          return (d) => {
            const x = (d as Obj)[key];
            return x === undefined || !own(d as Obj, key) || c(x);
          };
        }
        return (d) => {
          const o = d as Obj;
          for (let i = 0; i < entries.length; i++) {
            const x = o[entries[i]!];
            if (x !== undefined && own(o, entries[i]!) && !cs[i]!(x)) return false;
          }
          return true;
        };
      }
      case "patternProperties": {
        const pats = Object.keys(v as Obj).filter((p) => p !== "__proto__" && !alwaysValid((v as Obj)[p]));
        if (pats.length === 0) return ALWAYS;
        const tests = pats.map(tester);
        const cs = pats.map((p) => check((v as Obj)[p]));
        return (d) => {
          const o = d as Obj;
          const keys = Object.keys(o);
          for (let j = 0; j < pats.length; j++) {
            for (let i = 0; i < keys.length; i++) if (tests[j]!(keys[i]!) && !cs[j]!(o[keys[i]!])) return false;
          }
          return true;
        };
      }
      default:
        return ALWAYS; // additionalItems (no tuple), minContains/maxContains (read by contains)
    }
  }
  /** Which keys `additionalProperties` leaves alone: those `properties` declares and those a pattern matches. */
  function additional(sch: Obj): { declared: (key: string) => boolean; matched: (key: string) => boolean } {
    const props = isObj(sch["properties"]) ? Object.keys(sch["properties"]).filter((k) => k !== "__proto__") : [];
    const pats = isObj(sch["patternProperties"])
      ? Object.keys(sch["patternProperties"])
          .filter((p) => p !== "__proto__")
          .map(tester)
      : [];
    const declared = member(props);
    const matched = pats.length === 0 ? () => false : (key: string) => pats.some((t) => t(key));
    return { declared, matched };
  }
  /** `contains` with `minContains`/`maxContains` (2020-12): its bounds, and the message that names them. */
  function containsBounds(sch: Obj): { min: number; max: number | undefined } {
    const min = engines.next && typeof sch["minContains"] === "number" ? sch["minContains"] : 1;
    const max = engines.next && typeof sch["maxContains"] === "number" ? sch["maxContains"] : undefined;
    return { min, max };
  }
  function containsCheck(v: unknown, sch: Obj): Check {
    const { min, max } = containsBounds(sch);
    if (max === undefined && min === 0) return ALWAYS;
    if (max !== undefined && min > max) return () => false;
    if (alwaysValid(v))
      return (d) => (d as unknown[]).length >= min && (max === undefined || (d as unknown[]).length <= max);
    const c = check(v);
    return (d) => {
      const a = d as unknown[];
      let valid = min === 0;
      let count = 0;
      for (let i = 0; i < a.length; i++) {
        if (!c(a[i])) continue;
        count++;
        if (max === undefined) {
          if (count >= min) return true;
        } else if (count > max) return false;
        else if (count >= min) valid = true;
      }
      return valid;
    };
  }

  // ----- The second pass, for an input the first rejects: ajv's errors, in ajv's order. -----
  let errors: ValidationError[] = [];
  function fail(
    path: string,
    name: string | undefined,
    schemaPath: string,
    keyword: string,
    params: Record<string, unknown>,
    message: string,
  ): void {
    const e: ValidationError & { propertyName?: string } = { instancePath: path, schemaPath, keyword, params, message };
    if (name !== undefined) e.propertyName = name;
    errors.push(e);
  }
  const collects = new Map<unknown, Map<string, Collect>>();
  const refCollects = new Map<string, Collect>();
  /** `s` at schema path `at`, collecting. */
  function collect(s: unknown, at: string): Collect {
    if (s === true) return ALWAYS;
    let byPath = collects.get(s);
    if (byPath === undefined) collects.set(s, (byPath = new Map()));
    let c = byPath.get(at);
    if (c === undefined) byPath.set(at, (c = s === false ? falseSchema(at) : collectObject(s as Obj, at)));
    return c;
  }
  function falseSchema(at: string): Collect {
    const schemaPath = `${at}/false schema`;
    return (_d, path, name) => {
      fail(path, name, schemaPath, "false schema", {}, "boolean schema is false");
      return false;
    };
  }
  function refCollect(ref: string): Collect {
    let c = refCollects.get(ref);
    if (c === undefined) {
      const { target, holdsRef } = refTarget(ref);
      let compiled: Collect | undefined;
      refCollects.set(ref, (d, path, name) => compiled!(d, path, name));
      // A target holding a `$ref` is a function of its own in ajv: schema paths restart at "#",
      // and a property name being checked is not passed on.
      if (holdsRef) {
        const inner = collect(target, "#");
        compiled = (d, path) => inner(d, path, undefined);
      } else compiled = collect(target, ref);
      refCollects.set(ref, (c = compiled));
    }
    return c;
  }
  /** An object schema with no keyword outside the object group: objectCollect's case. */
  function plainObject(s: unknown): boolean {
    if (!isObj(s)) return false;
    const p = plan(s);
    return p.types.length === 1 && p.types[0] === "object" && !p.untyped && p.groups.every(([g]) => g === "object");
  }
  function collectObject(sch: Obj, at: string): Collect {
    const p = plan(sch);
    if (plainObject(sch)) return objectCollect(sch, p, at);
    const parts: Part[] = [];
    const typeParams = sch["type"];
    const typeSchemaPath = `${at}/type`;
    const typeMessage = `must be ${String(sch["type"])}`;
    const typeError: Part = (_d, path, name) =>
      fail(path, name, typeSchemaPath, "type", { type: typeParams }, typeMessage);
    if (p.types.length > 0 && p.late === undefined) {
      const is = typeCheck(p.types);
      parts.push((d, path, name) => {
        if (!is(d)) typeError(d, path, name);
      });
    }
    if (p.untyped) parts.push(...untypedParts(sch, at));
    for (const [group, present] of p.groups) {
      const inGroup = present.map((k) => groupPart(group, k, sch, at)).filter((x): x is Part => x !== undefined);
      const is = TYPE_CHECKS[group]!;
      const late = p.late === group;
      parts.push((d, path, name) => {
        if (is(d)) for (let i = 0; i < inGroup.length; i++) inGroup[i]!(d, path, name);
        else if (late) typeError(d, path, name);
      });
    }
    return (d, path, name) => {
      const before = errors.length;
      for (let i = 0; i < parts.length; i++) parts[i]!(d, path, name);
      return errors.length === before;
    };
  }
  /**
   * objectCheck's counterpart: `required` and `properties` inline (a bare-`type` property's error
   * made in place), a property the first pass accepts skipped, the other keywords in ajv's order.
   */
  function objectCollect(sch: Obj, p: Plan, at: string): Collect {
    const present = p.groups.find(([g]) => g === "object")?.[1] ?? [];
    const partsOf = (ks: readonly string[]): Part[] =>
      present
        .filter((k) => ks.includes(k))
        .map((k) => groupPart("object", k, sch, at))
        .filter((x): x is Part => x !== undefined);
    const [before, middle, after] = [
      partsOf(["maxProperties", "minProperties"]),
      partsOf(["propertyNames", "additionalProperties"]),
      partsOf(["patternProperties"]),
    ];
    const required = present.includes("required")
      ? (sch["required"] as string[]).map((key) => [key, `must have required property '${key}'`] as const)
      : [];
    const requiredPath = `${at}/required`;
    const props = present.includes("properties") ? (sch["properties"] as Obj) : {};
    const entries = Object.keys(props)
      .filter((key) => key !== "__proto__" && !alwaysValid(props[key]))
      .map((key) => {
        const sub = props[key];
        const kind = leafKind(sub);
        const where = `${at}/properties/${fragment(key)}`;
        const type = kind === CALL ? undefined : (sub as Obj)["type"];
        return {
          key,
          tail: `/${pointer(key)}`,
          valid: check(sub),
          c: kind === CALL ? collect(sub, where) : undefined,
          kind,
          type,
          typePath: `${where}/type`,
          typeMessage: `must be ${String(type)}`,
        };
      });
    const typeParams = sch["type"];
    const typePath = `${at}/type`;
    const typeMessage = `must be ${String(typeParams)}`;
    return (d, path, name) => {
      if (typeof d !== "object" || d === null || Array.isArray(d)) {
        fail(path, name, typePath, "type", { type: typeParams }, typeMessage);
        return false;
      }
      const start = errors.length;
      const o = d as Obj;
      for (let i = 0; i < before.length; i++) before[i]!(d, path, name);
      for (let i = 0; i < required.length; i++) {
        const [key, message] = required[i]!;
        if (o[key] === undefined || !own(o, key))
          fail(path, name, requiredPath, "required", { missingProperty: key }, message);
      }
      for (let i = 0; i < middle.length; i++) middle[i]!(d, path, name);
      for (let i = 0; i < entries.length; i++) {
        const e = entries[i]!;
        const x = o[e.key];
        if (x === undefined || !own(o, e.key)) continue;
        switch (e.kind) {
          case STRING:
            if (typeof x === "string") continue;
            break;
          case NUMBER:
            if (typeof x === "number") continue;
            break;
          case BOOLEAN:
            if (typeof x === "boolean") continue;
            break;
          case INTEGER:
            if (typeof x === "number" && !(x % 1) && !isNaN(x)) continue;
            break;
          default:
            if (e.valid(x)) continue;
        }
        if (e.c !== undefined) e.c(x, path + e.tail, name);
        else fail(path + e.tail, name, e.typePath, "type", { type: e.type }, e.typeMessage);
      }
      for (let i = 0; i < after.length; i++) after[i]!(d, path, name);
      return errors.length === start;
    };
  }
  function untypedParts(sch: Obj, at: string): Part[] {
    const out: Part[] = [];
    if (typeof sch["$ref"] === "string") {
      const c = refCollect(sch["$ref"]);
      out.push((d, path, name) => void c(d, path, name));
    }
    if (own(sch, "const")) {
      const value = sch["const"];
      const ok = equalsOneOf([value]);
      const schemaPath = `${at}/const`;
      out.push((d, path, name) => {
        if (!ok(d)) fail(path, name, schemaPath, "const", { allowedValue: value }, "must be equal to constant");
      });
    }
    if (Array.isArray(sch["enum"])) {
      const values = sch["enum"];
      const ok = equalsOneOf(values);
      const schemaPath = `${at}/enum`;
      out.push((d, path, name) => {
        if (!ok(d))
          fail(path, name, schemaPath, "enum", { allowedValues: values }, "must be equal to one of the allowed values");
      });
    }
    if (own(sch, "not")) {
      const s = sch["not"];
      const valid = alwaysValid(s) ? ALWAYS : check(s);
      const schemaPath = `${at}/not`;
      out.push((d, path, name) => {
        if (valid(d)) fail(path, name, schemaPath, "not", {}, "must NOT be valid");
      });
    }
    if (Array.isArray(sch["anyOf"]) && !sch["anyOf"].some(alwaysValid)) {
      // Every branch's errors are kept when none passes: a branch that passes leaves none.
      const valid = sch["anyOf"].map(check);
      const cs = sch["anyOf"].map((s: unknown, i) => collect(s, `${at}/anyOf/${i}`));
      const schemaPath = `${at}/anyOf`;
      out.push((d, path, name) => {
        for (let i = 0; i < valid.length; i++) if (valid[i]!(d)) return;
        for (let i = 0; i < cs.length; i++) cs[i]!(d, path, name);
        fail(path, name, schemaPath, "anyOf", {}, "must match a schema in anyOf");
      });
    }
    if (Array.isArray(sch["oneOf"])) {
      const list = sch["oneOf"];
      const cs = list.map((s: unknown, i) => (alwaysValid(s) ? ALWAYS : collect(s, `${at}/oneOf/${i}`)));
      const schemaPath = `${at}/oneOf`;
      out.push((d, path, name) => {
        const before = errors.length;
        let passing: number | [number, number] | null = null;
        let valid = false;
        for (let i = 0; i < cs.length; i++) {
          if (!cs[i]!(d, path, name)) continue;
          if (valid) {
            passing = [passing as number, i];
            valid = false;
            break;
          }
          valid = true;
          passing = i;
        }
        if (valid) errors.length = before;
        else
          fail(path, name, schemaPath, "oneOf", { passingSchemas: passing }, "must match exactly one schema in oneOf");
      });
    }
    if (Array.isArray(sch["allOf"])) {
      const cs = sch["allOf"].flatMap((s: unknown, i) =>
        alwaysValid(s) ? [] : [[collect(s, `${at}/allOf/${i}`), check(s)] as const],
      );
      out.push((d, path, name) => {
        for (const [c, valid] of cs) if (!valid(d)) c(d, path, name);
      });
    }
    const cond = conditional(sch);
    if (cond !== undefined) {
      const then = cond.then === undefined ? undefined : collect(sch["then"], `${at}/then`);
      const otherwise = cond.else === undefined ? undefined : collect(sch["else"], `${at}/else`);
      const schemaPath = `${at}/if`;
      out.push((d, path, name) => {
        const ok = cond.test(d);
        const clause = ok ? then : otherwise;
        if (clause !== undefined && !clause(d, path, name)) {
          const which = ok ? "then" : "else";
          fail(path, name, schemaPath, "if", { failingKeyword: which }, `must match "${which}" schema`);
        }
      });
    }
    return out;
  }
  function groupPart(group: string, k: string, sch: Obj, at: string): Part | undefined {
    const v = sch[k];
    const schemaPath = `${at}/${k}`;
    const limit = LIMIT[k];
    if (group === "number" && limit !== undefined) {
      const [comparison, outside] = limit;
      return (d, path, name) => {
        const n = d as number;
        if (outside(n, v as number) || isNaN(n))
          fail(path, name, schemaPath, k, { comparison, limit: v }, `must be ${comparison} ${String(v)}`);
      };
    }
    const ok = groupCheck(group, k, sch);
    const simple =
      (params: () => Record<string, unknown>, message: string): Part =>
      (d, path, name) => {
        if (!ok(d)) fail(path, name, schemaPath, k, params(), message);
      };
    switch (k) {
      case "multipleOf":
        return simple(() => ({ multipleOf: v }), `must be multiple of ${String(v)}`);
      case "maxLength":
      case "minLength": {
        const more = k === "maxLength" ? "more" : "fewer";
        return simple(() => ({ limit: v }), `must NOT have ${more} than ${String(v)} characters`);
      }
      case "pattern":
        return simple(() => ({ pattern: v }), `must match pattern "${String(v)}"`);
      case "format":
        return ok === ALWAYS ? undefined : simple(() => ({ format: v }), `must match format "${String(v)}"`);
      case "maxItems":
      case "minItems": {
        const more = k === "maxItems" ? "more" : "fewer";
        return simple(() => ({ limit: v }), `must NOT have ${more} than ${String(v)} items`);
      }
      case "maxProperties":
      case "minProperties": {
        const more = k === "maxProperties" ? "more" : "fewer";
        return simple(() => ({ limit: v }), `must NOT have ${more} than ${String(v)} properties`);
      }
      case "uniqueItems": {
        if (v !== true) return undefined;
        return (d, path, name) => {
          const pair = duplicatePair(d as unknown[]);
          if (pair !== null)
            fail(
              path,
              name,
              schemaPath,
              k,
              { i: pair[0], j: pair[1] },
              `must NOT have duplicate items (items ## ${pair[1]} and ${pair[0]} are identical)`,
            );
        };
      }
      case "items": {
        if (alwaysValid(v)) return undefined;
        const [c, valid] = [collect(v, schemaPath), check(v)];
        return (d, path, name) => {
          const a = d as unknown[];
          for (let i = 0; i < a.length; i++) if (!valid(a[i])) c(a[i], `${path}/${i}`, name);
        };
      }
      case "contains":
        return containsPart(v, sch, schemaPath);
      case "required": {
        const names = (v as readonly string[]).map((p) => [p, `must have required property '${p}'`] as const);
        return (d, path, name) => {
          const o = d as Obj;
          for (const [p, message] of names)
            if (o[p] === undefined || !own(o, p)) fail(path, name, schemaPath, k, { missingProperty: p }, message);
        };
      }
      case "propertyNames": {
        if (alwaysValid(v)) return undefined;
        const c = collect(v, schemaPath);
        // The name checked is passed down; the error of `propertyNames` itself carries the enclosing one.
        return (d, path, name) => {
          for (const key of Object.keys(d as Obj)) {
            if (!c(key, path, key))
              fail(path, name, schemaPath, k, { propertyName: key }, "property name must be valid");
          }
        };
      }
      case "additionalProperties": {
        if (alwaysValid(v)) return undefined;
        const { declared, matched } = additional(sch);
        const [c, valid] = v === false ? [undefined, ALWAYS] : [collect(v, schemaPath), check(v)];
        return (d, path, name) => {
          const o = d as Obj;
          for (const key of Object.keys(o)) {
            if (declared(key) || matched(key)) continue;
            if (c === undefined)
              fail(path, name, schemaPath, k, { additionalProperty: key }, "must NOT have additional properties");
            else if (!valid(o[key])) c(o[key], `${path}/${pointer(key)}`, name);
          }
        };
      }
      case "properties": {
        const entries = Object.keys(v as Obj)
          .filter((key) => key !== "__proto__" && !alwaysValid((v as Obj)[key]))
          .map(
            (key) =>
              [
                key,
                `/${pointer(key)}`,
                collect((v as Obj)[key], `${schemaPath}/${fragment(key)}`),
                check((v as Obj)[key]),
              ] as const,
          );
        return (d, path, name) => {
          const o = d as Obj;
          for (const [key, tail, c, valid] of entries)
            if (o[key] !== undefined && own(o, key) && !valid(o[key])) c(o[key], path + tail, name);
        };
      }
      case "patternProperties": {
        const pats = Object.keys(v as Obj)
          .filter((p) => p !== "__proto__" && !alwaysValid((v as Obj)[p]))
          .map(
            (p) => [tester(p), collect((v as Obj)[p], `${schemaPath}/${fragment(p)}`), check((v as Obj)[p])] as const,
          );
        return (d, path, name) => {
          const o = d as Obj;
          for (const [test, c, valid] of pats) {
            for (const key of Object.keys(o))
              if (test(key) && !valid(o[key])) c(o[key], `${path}/${pointer(key)}`, name);
          }
        };
      }
      default:
        return undefined;
    }
  }
  function containsPart(v: unknown, sch: Obj, schemaPath: string): Part | undefined {
    const { min, max } = containsBounds(sch);
    if (max === undefined && min === 0) return undefined;
    const params = (): Record<string, unknown> =>
      max === undefined ? { minContains: min } : { minContains: min, maxContains: max };
    const message =
      max === undefined
        ? `must contain at least ${min} valid item(s)`
        : `must contain at least ${min} and no more than ${max} valid item(s)`;
    const verdict = containsCheck(v, sch);
    // A valid `contains` adds no errors, and an always-valid one none either way.
    if ((max !== undefined && min > max) || alwaysValid(v)) {
      return (d, path, name) => {
        if (!verdict(d)) fail(path, name, schemaPath, "contains", params(), message);
      };
    }
    const c = collect(v, schemaPath);
    return (d, path, name) => {
      const a = d as unknown[];
      const before = errors.length;
      let valid = min === 0;
      let count = 0;
      for (let i = 0; i < a.length; i++) {
        if (!c(a[i], `${path}/${i}`, name)) continue;
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
      if (valid) errors.length = before;
      else fail(path, name, schemaPath, "contains", params(), message);
    };
  }

  // The first pass gives the verdict; only an input it rejects runs the collecting tree.
  let first: Check = (data) => (first = check(root))(data);
  let all: Collect = (data, path, name) => (all = collect(root, "#"))(data, path, name);
  const validate = ((data: unknown): boolean => {
    if (first(data)) {
      validate.errors = null;
      return true;
    }
    errors = [];
    if (all(data, "", undefined)) {
      validate.errors = null;
      return true;
    }
    validate.errors = errors;
    return false;
  }) as ValidateFunction;
  validate.errors = null;
  return validate;
}
