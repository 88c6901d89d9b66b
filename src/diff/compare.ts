/**
 * The structural comparison of two bundled input schemas of one tool, keyword by keyword, following
 * `$ref`s on both sides. Every difference that can change what validates becomes a change with the
 * direction(s) it can break (callers: narrower; handlers: wider), turned by `not` and made both ways
 * under `oneOf` and conditionals; differences only the model reads become prompt changes. A keyword
 * no rule knows falls to `diff/keyword-changed`, both ways: nothing that differs is passed over.
 */
import type { JsonValue } from "../model.js";
import { escapeToken, isPlainObject } from "../schema/pointer.js";
import { keywordReadings, readsAs2020 } from "../schema/dialect.js";
import { RefPath, resolveRef } from "../schema/refs.js";
import { valueKey, withSiblings, type DataStep } from "./sample.js";

export type Direction = "callers" | "handlers";
type Polarity = "pos" | "neg" | "both";

export interface RawChange {
  rule: string;
  /** Pointer into the head schema (the base one when the node is gone from the head). */
  pointer: string;
  message: string;
  /** For validation changes: who it can break, before any witness is looked for; empty: a prompt or target change. */
  directions: Direction[];
  /** Where the changed node's instances sit inside the tool's input. */
  path: DataStep[];
  /** Where a witness's rejection must be (default: at or under `path`). */
  focus?: DataStep[];
  base: unknown;
  head: unknown;
}

const ANNOTATIONS: Record<string, string> = {
  description: "diff/description-changed",
  title: "diff/title-changed",
  examples: "diff/examples-changed",
  example: "diff/examples-changed",
  default: "diff/examples-changed",
  deprecated: "diff/examples-changed",
  readOnly: "diff/examples-changed",
  writeOnly: "diff/examples-changed",
  $comment: "diff/examples-changed",
};
const LOWER = ["minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties", "minContains"];
const UPPER = ["maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties", "maxContains"];
/** Keywords handled below (anything else falls to keyword-changed). */
const HANDLED = new Set([
  ...Object.keys(ANNOTATIONS), ...LOWER, ...UPPER, "type", "enum", "const", "multipleOf", "pattern", "format", "required", "properties",
  "additionalProperties", "items", "prefixItems", "uniqueItems", "anyOf", "oneOf", "allOf", "not", "$defs", "definitions", "$ref", "$schema", "$id",
]);
const EXTRA_KEY = "x_extra";
/** How deep into the input diff compares (past it, a change is reported as possibly breaking both ways): the walk's stack stays bounded. */
const MAX_DEPTH = 500;

export function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((v, i) => equal(v, (b as unknown[])[i]));
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  // Key order counts: it is what the model reads (and what the prompt cache keys on).
  return ka.length === kb.length && ka.every((k, i) => kb[i] === k && equal((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

interface Walk {
  baseRoot: unknown;
  headRoot: unknown;
  out: RawChange[];
  seen: Set<string>;
  /** Each node's number (by identity), for `seen` where a `$ref` with siblings gives a place no pointer of its own. */
  ids: Map<object, number>;
  /** Whether the dialect change (`$schema`, read as the validators read it) was compared already. */
  dialectDone?: boolean;
  /** Whether two nodes mean the same: equal, and every `$ref` they reach names the same thing on both sides. */
  same: (b: unknown, h: unknown) => boolean;
}

/** The changes between two bundled input schemas of one tool. */
export function compareSchemas(base: unknown, head: unknown): RawChange[] {
  const w: Walk = { baseRoot: base, headRoot: head, out: [], seen: new Set(), ids: new Map(), same: sameMeaning(base, head) };
  compareNode(w, base, head, "", "", [], "pos");
  return w.out;
}

/** The `$ref` strings anywhere inside a value (a loop, not recursion: values may nest deeply). */
function refsIn(value: unknown): Set<string> {
  const refs = new Set<string>();
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v !== "object" || v === null) continue;
    if (Array.isArray(v)) stack.push(...v);
    else {
      const ref = (v as Record<string, unknown>).$ref;
      if (typeof ref === "string") refs.add(ref);
      stack.push(...Object.values(v));
    }
  }
  return refs;
}

/**
 * Equality in context: two nodes of the same text mean the same only when every reference they
 * reach, directly or through the entries it names (a `$defs` entry naming another, to any depth),
 * names equal entries on both sides. Each reference's answer is computed once per pair of schemas
 * (a search over the references its entry reaches), so the walk stays linear in the references.
 */
function sameMeaning(baseRoot: unknown, headRoot: unknown): (b: unknown, h: unknown) => boolean {
  const targets = new Map<string, { differs: boolean; refs: Set<string> }>();
  const entry = (ref: string) => {
    let e = targets.get(ref);
    if (e === undefined) {
      const bt = resolveRef(baseRoot, ref);
      const ht = resolveRef(headRoot, ref);
      const differs = (bt === undefined) !== (ht === undefined) || (bt !== undefined && !equal(bt.schema, ht!.schema));
      e = { differs, refs: differs || bt === undefined ? new Set() : refsIn(bt.schema) };
      targets.set(ref, e);
    }
    return e;
  };
  const changed = new Map<string, boolean>();
  const reachesChange = (ref: string): boolean => {
    const known = changed.get(ref);
    if (known !== undefined) return known;
    const visited = new Set([ref]);
    const queue = [ref];
    let found = false;
    for (let i = 0; i < queue.length && !found; i++) {
      const e = entry(queue[i]!);
      if (e.differs || changed.get(queue[i]!) === true) found = true;
      else for (const r of e.refs) if (!visited.has(r)) visited.add(r), queue.push(r);
    }
    // Not found: nothing any of them reaches changed either.
    if (found) changed.set(ref, true);
    else for (const r of visited) changed.set(r, false);
    return found;
  };
  return (b, h) => {
    if (!equal(b, h)) return false;
    for (const ref of refsIn(b)) if (reachesChange(ref)) return false;
    return true;
  };
}

/** A node with its `$ref`s followed (siblings kept), and the pointer of where it now stands. */
function follow(node: unknown, pointer: string, root: unknown): { node: unknown; pointer: string; merged: boolean } {
  const path = new RefPath(root);
  let current = node;
  let at = pointer;
  let merged = false;
  while (isPlainObject(current) && typeof current.$ref === "string") {
    const ref = current.$ref;
    const target = path.step(ref);
    if (target === undefined || target === "cycle") break;
    const { $ref: _ref, ...rest } = current;
    path.enter(ref, target);
    if (Object.keys(rest).length > 0) {
      if (!isPlainObject(target.schema)) break;
      // With keywords beside it, the node is its own (the entry and more): it keeps its own place, not the entry's.
      current = withSiblings(target.schema, rest);
      merged = true;
    } else {
      current = target.schema;
      at = target.pointer;
    }
  }
  return { node: current, pointer: at, merged };
}

function dirs(native: Direction, polarity: Polarity): Direction[] {
  if (polarity === "both") return ["callers", "handlers"];
  if (polarity === "neg") return [native === "callers" ? "handlers" : "callers"];
  return [native];
}

const BOTH: Direction[] = ["callers", "handlers"];

function types(node: Record<string, unknown>): Set<string> | undefined {
  if (typeof node.type === "string") return new Set([node.type]);
  if (Array.isArray(node.type)) return new Set(node.type.filter((t): t is string => typeof t === "string"));
  return undefined;
}

function covers(set: Set<string> | undefined, type: string): boolean {
  return set === undefined || set.has(type) || (type === "integer" && set.has("number"));
}

/** A value as messages show it: its JSON, cut at 200 characters. */
const show = (v: unknown) => {
  const text = JSON.stringify(v) ?? String(v);
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
};

/** Values as a message lists them: the first ten, then how many more. */
const list = (values: readonly unknown[]) => values.slice(0, 10).map(show).join(", ") + (values.length > 10 ? ` and ${values.length - 10} more` : "");

function compareNode(w: Walk, b0: unknown, h0: unknown, bp0: string, hp0: string, path: DataStep[], polarity: Polarity): void {
  const { node: b, pointer: bp, merged: bm } = follow(b0, bp0, w.baseRoot);
  const { node: h, pointer: hp, merged: hm } = follow(h0, hp0, w.headRoot);
  if (w.same(b, h)) return;
  // Each pair of places is compared once for each polarity: a recursive schema's walk ends, and a chain of any depth is followed.
  // A `$ref` with keywords beside it keeps its own pointer, which grows on each turn of a recursive entry
  // (`items: {$ref: '#/$defs/d0', description}` inside d0): such a pair is known by its nodes instead, the same on each turn.
  const id = (v: unknown) => (typeof v === "object" && v !== null ? (w.ids.get(v) ?? (w.ids.set(v, w.ids.size + 1), w.ids.get(v)!)) : String(v));
  const key = bm || hm ? `#${id(b0)}\0${id(h0)}\0${polarity}` : `${bp}\0${hp}\0${polarity}`;
  if (w.seen.has(key)) return;
  w.seen.add(key);
  const add = (rule: string, pointer: string, message: string, directions: Direction[], base: unknown = b, head: unknown = h, at: DataStep[] = path) =>
    w.out.push({ rule, pointer, message, directions, path: at, base, head });
  if (path.length > MAX_DEPTH) {
    add("diff/keyword-changed", hp, `the schema changed ${MAX_DEPTH} levels into the input, deeper than diff compares`, dirs("callers", polarity).concat(dirs("handlers", polarity)));
    return;
  }
  if (!isPlainObject(b) || !isPlainObject(h)) {
    // Boolean schemas (or anything not an object): true accepts all, false nothing.
    const native: Direction[] = h === false || b === true ? ["callers"] : b === false || h === true ? ["handlers"] : BOTH;
    add("diff/keyword-changed", hp, `the schema changed from ${show(b)} to ${show(h)}`, native.flatMap((d) => dirs(d, polarity)));
    return;
  }
  for (const [k, rule] of Object.entries(ANNOTATIONS)) {
    if (!equal(b[k], h[k])) add(rule, `${hp}/${escapeToken(k)}`, k in h ? (k in b ? `'${k}' changed` : `'${k}' added`) : `'${k}' removed`, []);
  }
  compareTypes(w, b, h, hp, polarity, add);
  compareValues(b, h, hp, polarity, add);
  compareObjects(w, b, h, bp, hp, path, polarity, add);
  compareArrays(w, b, h, bp, hp, path, polarity, add);
  compareBranches(w, b, h, bp, hp, path, polarity, add);
  if (!w.same(b.not, h.not)) {
    if (b.not !== undefined && h.not !== undefined) compareNode(w, b.not, h.not, `${bp}/not`, `${hp}/not`, path, polarity === "pos" ? "neg" : polarity === "neg" ? "pos" : "both");
    else add("diff/keyword-changed", `${hp}/not`, h.not === undefined ? "'not' removed" : "'not' added", dirs(h.not === undefined ? "handlers" : "callers", polarity));
  }
  if (!equal(b.$schema, h.$schema) && !w.dialectDone) {
    w.dialectDone = true;
    compareDialects(w);
  }
  for (const k of new Set([...Object.keys(b), ...Object.keys(h)])) {
    if (HANDLED.has(k) || w.same(b[k], h[k])) continue;
    add("diff/keyword-changed", `${hp}/${escapeToken(k)}`, `'${k}' ${k in b ? (k in h ? "changed" : "removed") : "added"}`, BOTH);
  }
}

/**
 * A change of dialect (the roots' `$schema`, as the validators read it: schema/dialect.ts, where no
 * `$schema` is 2020-12) is a change only where a keyword present on either side reads differently in
 * the two: one change per such keyword, both ways, for the witness search to prove. A `$schema`
 * respelt, or a dialect change over keywords both read alike, changes nothing that validates.
 */
function compareDialects(w: Walk): void {
  const baseNext = readsAs2020(w.baseRoot);
  const headNext = readsAs2020(w.headRoot);
  if (baseNext === headNext) return;
  const named = (root: unknown, next: boolean) => {
    const declared = isPlainObject(root) ? root["$schema"] : undefined;
    return `${declared === undefined ? "none" : show(declared)} (${next ? "2020-12" : "draft-07"})`;
  };
  const from = named(w.baseRoot, baseNext);
  const to = named(w.headRoot, headNext);
  const seen = new Set<string>();
  const found = (side: "base" | "head") => (node: Record<string, unknown>, pointer: string, path: DataStep[], keyword: string) => {
    const at = `${pointer}/${escapeToken(keyword)}`;
    if (seen.has(at)) return;
    seen.add(at);
    const readings = keywordReadings(keyword, node[keyword])!;
    const other = nodeAt(side === "base" ? w.headRoot : w.baseRoot, pointer);
    const [base, head] = side === "base" ? [node, other] : [other, node];
    w.out.push({
      rule: "diff/keyword-changed",
      pointer: at,
      message: `the dialect changed from ${from} to ${to}, and \`${keyword}\` reads differently: draft-07, ${readings.draft07}; 2020-12, ${readings.next}`,
      directions: BOTH,
      path,
      base,
      head,
    });
  };
  ambiguousKeywords(w.headRoot, "", [], found("head"), 0);
  ambiguousKeywords(w.baseRoot, "", [], found("base"), 0);
}

/** The node at a pointer of a schema (undefined when there is none). */
function nodeAt(root: unknown, pointer: string): unknown {
  let node = root;
  for (const token of pointer.split("/").slice(1)) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Record<string, unknown>)[token.replace(/~1/g, "/").replace(/~0/g, "~")];
  }
  return node;
}

/** Calls `found` for every keyword the drafts read differently, with its node's pointer and where its instances sit in the input. */
function ambiguousKeywords(node: unknown, pointer: string, path: DataStep[], found: (node: Record<string, unknown>, pointer: string, path: DataStep[], keyword: string) => void, depth: number): void {
  if (!isPlainObject(node) || depth > 64) return;
  for (const keyword of Object.keys(node)) if (keywordReadings(keyword, node[keyword]) !== undefined) found(node, pointer, path, keyword);
  for (const keyword of Object.keys(node)) {
    const value = node[keyword];
    const at = `${pointer}/${escapeToken(keyword)}`;
    if (keyword === "properties" && isPlainObject(value)) {
      for (const name of Object.keys(value)) ambiguousKeywords(value[name], `${at}/${escapeToken(name)}`, [...path, { prop: name }], found, depth + 1);
    } else if ((keyword === "prefixItems" || keyword === "items") && Array.isArray(value)) {
      value.forEach((v, i) => ambiguousKeywords(v, `${at}/${i}`, [...path, { index: i }], found, depth + 1));
    } else if (["allOf", "anyOf", "oneOf"].includes(keyword) && Array.isArray(value)) {
      value.forEach((v, i) => ambiguousKeywords(v, `${at}/${i}`, path, found, depth + 1));
    } else if (["not", "if", "then", "else"].includes(keyword)) {
      ambiguousKeywords(value, at, path, found, depth + 1);
    } else if ((keyword === "$defs" || keyword === "definitions") && isPlainObject(value)) {
      // Reached through `$ref`s from anywhere: no one place in the input.
      for (const name of Object.keys(value)) ambiguousKeywords(value[name], `${at}/${escapeToken(name)}`, [], found, depth + 1);
    }
  }
}

type Add = (rule: string, pointer: string, message: string, directions: Direction[], base?: unknown, head?: unknown, at?: DataStep[]) => void;

function compareTypes(_w: Walk, b: Record<string, unknown>, h: Record<string, unknown>, hp: string, polarity: Polarity, add: Add): void {
  if (equal(b.type, h.type)) return;
  const bt = types(b);
  const ht = types(h);
  const all = ["string", "number", "integer", "boolean", "object", "array", "null"];
  const lost = (bt ? [...bt] : all).filter((t) => !covers(ht, t));
  const gained = (ht ? [...ht] : all).filter((t) => !covers(bt, t));
  if (lost.length > 0) add("diff/type-narrowed", `${hp}/type`, `type no longer accepts ${lost.join(", ")} (was ${show(b.type ?? "any")}, now ${show(h.type ?? "any")})`, dirs("callers", polarity));
  if (gained.length > 0) add("diff/type-widened", `${hp}/type`, `type now accepts ${gained.join(", ")} (was ${show(b.type ?? "any")}, now ${show(h.type ?? "any")})`, dirs("handlers", polarity));
  if (lost.length === 0 && gained.length === 0) add("diff/keyword-changed", `${hp}/type`, `type changed from ${show(b.type)} to ${show(h.type)}`, BOTH);
}

function compareValues(b: Record<string, unknown>, h: Record<string, unknown>, hp: string, polarity: Polarity, add: Add): void {
  if (!equal(b.enum, h.enum)) {
    const be = Array.isArray(b.enum) ? b.enum : undefined;
    const he = Array.isArray(h.enum) ? h.enum : undefined;
    // Members matched by key (a Set each side): linear in the enums' size, not their product (100,000 values ran past 120 s).
    const bKeys = be === undefined ? undefined : new Set(be.map(valueKey));
    const hKeys = he === undefined ? undefined : new Set(he.map(valueKey));
    const removed = be === undefined ? undefined : be.filter((v) => !hKeys?.has(valueKey(v)));
    const added = he === undefined ? undefined : he.filter((v) => !bKeys?.has(valueKey(v)));
    if (be === undefined) add("diff/enum-narrowed", `${hp}/enum`, `an enum was added: ${show(he)}`, dirs("callers", polarity));
    else if (he === undefined) add("diff/enum-widened", `${hp}/enum`, `the enum ${show(be)} was removed`, dirs("handlers", polarity));
    else {
      // The witness is looked for among the members that changed (the first few hundred of them).
      if (removed!.length > 0) add("diff/enum-narrowed", `${hp}/enum`, `enum value(s) removed: ${list(removed!)}`, dirs("callers", polarity), { ...b, enum: removed!.slice(0, 256) });
      if (added!.length > 0) add("diff/enum-widened", `${hp}/enum`, `enum value(s) added: ${list(added!)}`, dirs("handlers", polarity), b, { ...h, enum: added!.slice(0, 256) });
    }
  }
  if (!equal(b.const, h.const)) {
    const native: Direction[] = b.const === undefined ? ["callers"] : h.const === undefined ? ["handlers"] : BOTH;
    add("diff/const-changed", `${hp}/const`, `const ${b.const === undefined ? "added" : h.const === undefined ? "removed" : "changed"}: ${show(b.const ?? null)} -> ${show(h.const ?? null)}`, native.flatMap((d) => dirs(d, polarity)));
  }
  for (const [list, lower] of [[LOWER, true], [UPPER, false]] as const) {
    for (const k of list) {
      const bv = b[k];
      const hv = h[k];
      if (equal(bv, hv)) continue;
      if ((bv !== undefined && typeof bv !== "number") || (hv !== undefined && typeof hv !== "number")) {
        add("diff/keyword-changed", `${hp}/${k}`, `'${k}' changed from ${show(bv)} to ${show(hv)}`, BOTH);
        continue;
      }
      const tighter = bv === undefined ? true : hv === undefined ? false : lower ? hv > bv : hv < bv;
      add(tighter ? "diff/bound-tightened" : "diff/bound-loosened", `${hp}/${k}`, `${k} ${bv === undefined ? "added" : hv === undefined ? "removed" : "changed"}: ${show(bv ?? null)} -> ${show(hv ?? null)}`, dirs(tighter ? "callers" : "handlers", polarity));
    }
  }
  if (!equal(b.multipleOf, h.multipleOf)) {
    const bv = b.multipleOf;
    const hv = h.multipleOf;
    const divides = (x: unknown, y: unknown) => typeof x === "number" && typeof y === "number" && Number.isInteger(y / x);
    const native: Direction[] = bv === undefined ? ["callers"] : hv === undefined ? ["handlers"] : divides(bv, hv) ? ["callers"] : divides(hv, bv) ? ["handlers"] : BOTH;
    add("diff/multiple-of-changed", `${hp}/multipleOf`, `multipleOf: ${show(bv ?? null)} -> ${show(hv ?? null)}`, native.flatMap((d) => dirs(d, polarity)));
  }
  for (const k of ["pattern", "format"] as const) {
    if (equal(b[k], h[k])) continue;
    const native: Direction[] = b[k] === undefined ? ["callers"] : h[k] === undefined ? ["handlers"] : BOTH;
    add(`diff/${k}-changed`, `${hp}/${k}`, `${k}: ${show(b[k] ?? null)} -> ${show(h[k] ?? null)}`, native.flatMap((d) => dirs(d, polarity)));
  }
  if (!equal(b.uniqueItems === true, h.uniqueItems === true)) {
    add("diff/unique-items-changed", `${hp}/uniqueItems`, h.uniqueItems === true ? "items must now be unique" : "items need no longer be unique", dirs(h.uniqueItems === true ? "callers" : "handlers", polarity));
  }
}

/** What governs a property an object does not declare: additionalProperties (absent: anything). */
function additional(node: Record<string, unknown>): unknown {
  return node.additionalProperties ?? true;
}

function compareObjects(w: Walk, b: Record<string, unknown>, h: Record<string, unknown>, bp: string, hp: string, path: DataStep[], polarity: Polarity, add: Add): void {
  const bProps = isPlainObject(b.properties) ? b.properties : {};
  const hProps = isPlainObject(h.properties) ? h.properties : {};
  const patterns = b.patternProperties !== undefined || h.patternProperties !== undefined;
  for (const name of Object.keys(bProps)) {
    const at = [...path, { prop: name }];
    const ptr = (p: string) => `${p}/properties/${escapeToken(name)}`;
    if (Object.hasOwn(hProps, name)) compareNode(w, bProps[name], hProps[name], ptr(bp), ptr(hp), at, polarity);
    else {
      const open = additional(h);
      const native: Direction[] = patterns ? BOTH : open === false ? ["callers"] : open === true ? ["handlers"] : BOTH;
      add("diff/param-removed", ptr(bp), `property '${name}' was removed`, native.flatMap((d) => dirs(d, polarity)), bProps[name], open, at);
    }
  }
  for (const name of Object.keys(hProps)) {
    if (Object.hasOwn(bProps, name)) continue;
    const open = additional(b);
    const native: Direction[] = patterns ? BOTH : open === false ? ["handlers"] : open === true ? ["callers"] : BOTH;
    add("diff/param-added", `${hp}/properties/${escapeToken(name)}`, `property '${name}' was added${required(h).has(name) ? " (required)" : " (optional)"}`, native.flatMap((d) => dirs(d, polarity)), open, hProps[name], [...path, { prop: name }]);
  }
  const common = Object.keys(bProps).filter((n) => Object.hasOwn(hProps, n));
  const hOrder = Object.keys(hProps).filter((n) => Object.hasOwn(bProps, n));
  if (!equal(common, hOrder)) add("diff/property-order-changed", `${hp}/properties`, `properties reordered: ${common.join(", ")} -> ${hOrder.join(", ")}`, []);
  const br = required(b);
  const hr = required(h);
  // Placed at the object (the candidates leave each property out), proved by an error about that property.
  const focus = (name: string) => w.out[w.out.length - 1]!.focus = [...path, { prop: name }];
  // Each name its own finding, up to ten; the rest one finding (a list of 10,000 names is not 10,000 witness searches).
  const eachOf = (names: string[], rule: string, how: string, d: Direction) => {
    for (const name of names.slice(0, 10)) add(rule, `${hp}/required`, `property '${name}' ${how}`, dirs(d, polarity)), focus(name);
    if (names.length > 10) add(rule, `${hp}/required`, `${names.length - 10} more properties ${how.replace(/^is/, "are")}: ${list(names.slice(10))}`, dirs(d, polarity));
  };
  eachOf([...hr].filter((name) => !br.has(name)), "diff/param-required-added", "is now required", "callers");
  eachOf([...br].filter((name) => !hr.has(name)), "diff/param-required-removed", "is no longer required", "handlers");
  const ba = additional(b);
  const ha = additional(h);
  if (!w.same(ba, ha)) {
    const at = [...path, { prop: EXTRA_KEY }];
    if (ha === false || ba === true) add("diff/additional-properties-closed", `${hp}/additionalProperties`, `additionalProperties: ${show(ba)} -> ${show(ha)}`, dirs("callers", polarity), ba, ha, at);
    else if (ba === false || ha === true) add("diff/additional-properties-opened", `${hp}/additionalProperties`, `additionalProperties: ${show(ba)} -> ${show(ha)}`, dirs("handlers", polarity), ba, ha, at);
    else compareNode(w, ba, ha, `${bp}/additionalProperties`, `${hp}/additionalProperties`, at, polarity);
  }
}

function required(node: Record<string, unknown>): Set<string> {
  return new Set(Array.isArray(node.required) ? node.required.filter((r): r is string => typeof r === "string") : []);
}

function compareArrays(w: Walk, b: Record<string, unknown>, h: Record<string, unknown>, bp: string, hp: string, path: DataStep[], polarity: Polarity, add: Add): void {
  const tuple = (n: Record<string, unknown>) => (Array.isArray(n.prefixItems) ? n.prefixItems : Array.isArray(n.items) ? n.items : []);
  const rest = (n: Record<string, unknown>) => (Array.isArray(n.items) ? n.additionalItems : n.items);
  const bt = tuple(b);
  const ht = tuple(h);
  const tupleKey = (n: Record<string, unknown>) => (Array.isArray(n.prefixItems) ? "prefixItems" : "items");
  for (let i = 0; i < Math.min(bt.length, ht.length); i++) {
    compareNode(w, bt[i], ht[i], `${bp}/${tupleKey(b)}/${i}`, `${hp}/${tupleKey(h)}/${i}`, [...path, { index: i }], polarity);
  }
  if (bt.length !== ht.length) add("diff/keyword-changed", `${hp}/${tupleKey(h)}`, `the tuple has ${ht.length} item schema(s), was ${bt.length}`, BOTH);
  const br = rest(b);
  const hr = rest(h);
  if (w.same(br, hr)) return;
  const at = [...path, { index: Math.max(bt.length, ht.length) }];
  const key = (n: Record<string, unknown>) => (Array.isArray(n.items) ? "additionalItems" : "items");
  if (br === undefined || hr === undefined) {
    add("diff/keyword-changed", `${hp}/${key(h)}`, `'${key(h)}' ${br === undefined ? "added" : "removed"}`, dirs(br === undefined ? "callers" : "handlers", polarity), br ?? true, hr ?? true, at);
  } else compareNode(w, br, hr, `${bp}/${key(b)}`, `${hp}/${key(h)}`, at, polarity);
}

function compareBranches(w: Walk, b: Record<string, unknown>, h: Record<string, unknown>, bp: string, hp: string, path: DataStep[], polarity: Polarity, add: Add): void {
  for (const k of ["anyOf", "oneOf", "allOf"] as const) {
    if (w.same(b[k], h[k])) continue;
    if (!Array.isArray(b[k]) || !Array.isArray(h[k])) {
      // The keyword itself added (it constrains what was free) or removed.
      const added = !Array.isArray(b[k]);
      add("diff/keyword-changed", `${hp}/${k}`, `'${k}' ${added ? "added" : "removed"}`, k === "oneOf" ? BOTH : dirs(added ? "callers" : "handlers", polarity));
      continue;
    }
    const bl = b[k] as unknown[];
    const hl = h[k] as unknown[];
    const inner: Polarity = k === "oneOf" ? "both" : polarity;
    // Identical branches pair first (a branch removed from the middle is that one, not a shift), then by position.
    const hUsed = new Set<number>();
    const pairs: [number, number | undefined][] = bl.map((branch, i) => {
      const j = hl.findIndex((x, jj) => !hUsed.has(jj) && equal(x, branch));
      if (j >= 0) hUsed.add(j);
      return [i, j >= 0 ? j : undefined];
    });
    const free = hl.map((_, j) => j).filter((j) => !hUsed.has(j));
    for (const pair of pairs) if (pair[1] === undefined && free.length > 0) pair[1] = free.shift();
    const narrowWhenRemoved: Direction = k === "allOf" ? "handlers" : "callers";
    const widen: Direction = narrowWhenRemoved === "callers" ? "handlers" : "callers";
    for (const [i, j] of pairs) {
      if (j === undefined) add(narrowWhenRemoved === "callers" ? "diff/branch-removed" : "diff/branch-added", `${bp}/${k}/${i}`, `${k} branch ${i} was removed`, k === "oneOf" ? BOTH : dirs(narrowWhenRemoved, polarity), bl[i], undefined);
      else compareNode(w, bl[i], hl[j], `${bp}/${k}/${i}`, `${hp}/${k}/${j}`, path, inner);
    }
    for (const j of free) add(widen === "handlers" ? "diff/branch-added" : "diff/branch-removed", `${hp}/${k}/${j}`, `${k} branch ${j} was added`, k === "oneOf" ? BOTH : dirs(widen, polarity), undefined, hl[j]);
  }
}

export type { JsonValue };
