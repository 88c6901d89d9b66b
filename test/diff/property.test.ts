/**
 * Issue 26's property: over random schema pairs (a random base, the head one or two random edits
 * away; half of the bases with `$defs` or `definitions` entries that name each other in chains, are
 * shared, recursive, or named with keywords beside the `$ref`: issue 38), whenever diff reports nothing breaking for callers (not even possibly), no generated input
 * the base accepts is rejected by the head; and the reverse for handlers. The inputs are made here
 * (not by diff's own generator) and judged by a separate Ajv. Fixed seed; a small budget in the
 * quick suite, a large one with TOOLGEN_HEAVY=1 (npm run test:heavy): 1,000 pairs (999 diffed, one
 * edit made an entry name itself) of 200 inputs each, 0 misses, in 17 s on 2 loaded cores. It had
 * never finished: one pair (a recursive entry named by a `$ref` with a keyword beside it) walked 500
 * levels deep and searched 1,000 witnesses; test/diff/ref-chains.test.ts holds that pair.
 */
import { describe, expect, it } from "vitest";
import { diffTools } from "../../src/diff/engine.js";
import type { JsonObject, JsonValue } from "../../src/model.js";
import { findInPlaceCycle } from "../../src/schema/refs.js";
import { mulberry32 } from "../helpers.js";
import { ajvFor, tool } from "./helpers.js";

const HEAVY = process.env["TOOLGEN_HEAVY"] === "1";
const PAIRS = HEAVY ? 1000 : 150;
const INPUTS = HEAVY ? 200 : 60;

type Rand = () => number;
const pick = <T>(r: Rand, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
const clone = <T>(v: T): T => structuredClone(v);

const STRINGS = ["", "a", "ab", "abc", "abcdef", "A1", "2024-01-31", "a@example.com", "x y", "0"];
const PATTERNS = ["^[a-z]+$", "^a", "[0-9]", "^.{0,3}$"];

/**
 * Where `$ref`s point: the root's `$defs` (or draft-07 `definitions`) entries made so far. An entry is
 * open while it is being made: a reference from inside it, under a property or items, makes it
 * recursive; in place (its own top, a branch of its anyOf) only finished entries are named, so no
 * entry is an in-place cycle (which the bundler refuses, and a validator loops on).
 */
interface Defs {
  key: "$defs" | "definitions";
  entries: JsonObject;
  open: Set<string>;
}

function randomRef(r: Rand, depth: number, defs: Defs, inPlace: boolean): JsonObject {
  const names = Object.keys(defs.entries).filter((n) => !inPlace || !defs.open.has(n));
  let name: string;
  if (names.length > 0 && (r() < 0.5 || Object.keys(defs.entries).length >= 6)) name = pick(r, names);
  else {
    // A new entry; it may name others (a chain), itself (recursion), or ones already named elsewhere (shared).
    name = `d${Object.keys(defs.entries).length}`;
    defs.entries[name] = {};
    defs.open.add(name);
    defs.entries[name] = r() < 0.15 && Object.keys(defs.entries).length > 1 ? randomRef(r, depth + 1, defs, true) : randomSchema(r, depth + 1, defs, true);
    defs.open.delete(name);
  }
  const ref: JsonObject = { $ref: `#/${defs.key}/${name}` };
  // A sibling beside the $ref: an annotation, or a keyword that applies with the entry's own.
  if (r() < 0.3) Object.assign(ref, pick<JsonObject>(r, [{ description: "see the entry" }, { maximum: 6 }, { minLength: 1 }, { maxItems: 2 }, { required: ["a"] }, { minimum: 0 }]));
  return ref;
}

function randomSchema(r: Rand, depth: number, defs?: Defs, inPlace = false): JsonObject {
  if (defs !== undefined && depth >= 1 && depth <= 5 && r() < 0.35) return randomRef(r, depth, defs, inPlace);
  const kind = pick(r, depth >= 3 ? ["string", "integer", "number", "boolean", "enum"] : ["string", "integer", "number", "boolean", "enum", "object", "object", "array", "anyOf", "nullable"]);
  switch (kind) {
    case "string": {
      const s: JsonObject = { type: "string" };
      if (r() < 0.3) s.minLength = Math.floor(r() * 3);
      if (r() < 0.3) s.maxLength = 2 + Math.floor(r() * 4);
      if (r() < 0.2) s.pattern = pick(r, PATTERNS);
      if (r() < 0.1) s.format = pick(r, ["email", "date"]);
      return s;
    }
    case "integer":
    case "number": {
      const s: JsonObject = { type: kind };
      if (r() < 0.4) s.minimum = Math.floor(r() * 5) - 2;
      if (r() < 0.4) s.maximum = 3 + Math.floor(r() * 5);
      if (r() < 0.15) s.exclusiveMaximum = 10;
      if (r() < 0.15) s.multipleOf = pick(r, [2, 3]);
      return s;
    }
    case "boolean":
      return { type: "boolean" };
    case "enum":
      return { enum: STRINGS.filter(() => r() < 0.3).concat(["a"]).filter((v, i, a) => a.indexOf(v) === i) };
    case "nullable":
      return { type: [pick(r, ["string", "integer"]), "null"] };
    case "array": {
      const s: JsonObject = { type: "array", items: randomSchema(r, depth + 1, defs) };
      if (r() < 0.3) s.maxItems = 1 + Math.floor(r() * 3);
      if (r() < 0.2) s.minItems = 1;
      if (r() < 0.15) s.uniqueItems = true;
      return s;
    }
    case "anyOf":
      return { anyOf: [randomSchema(r, depth + 1, defs, inPlace), randomSchema(r, depth + 1, defs, inPlace)] };
    default:
      return randomObject(r, depth, defs);
  }
}

function randomObject(r: Rand, depth: number, defs?: Defs): JsonObject {
  const names = ["a", "b", "c", "d"].filter(() => r() < 0.6);
  const properties: JsonObject = {};
  for (const n of names) properties[n] = randomSchema(r, depth + 1, defs);
  const s: JsonObject = { type: "object", properties };
  const required = names.filter(() => r() < 0.4);
  if (required.length > 0) s.required = required;
  if (r() < 0.5) s.additionalProperties = false;
  return s;
}

/** A tool's input schema: half of them with `$defs` or `definitions` entries that its nodes (and each other) name. */
function randomTool(r: Rand): JsonObject {
  if (r() < 0.5) return randomObject(r, 0);
  const defs: Defs = { key: r() < 0.5 ? "$defs" : "definitions", entries: {}, open: new Set() };
  const root = randomObject(r, 0, defs);
  if (Object.keys(defs.entries).length > 0) root[defs.key] = defs.entries;
  if (defs.key === "$defs" && r() < 0.3) root.$schema = "https://json-schema.org/draft/2020-12/schema";
  return root;
}

/** Every subschema (object) of a schema, with the root. */
function nodes(s: JsonValue, out: JsonObject[] = []): JsonObject[] {
  if (s === null || typeof s !== "object") return out;
  if (!Array.isArray(s)) out.push(s);
  for (const v of Array.isArray(s) ? s : Object.values(s)) if (v !== null && typeof v === "object") nodes(v, out);
  return out.filter((n) => !Array.isArray(n));
}

/** One random edit of a random node, in place. */
function mutate(r: Rand, schema: JsonObject): void {
  const entries = (schema.$defs ?? schema.definitions) as JsonObject | undefined;
  // Half the edits inside an entry, when there are entries: a change there reaches every place that names it.
  const within = entries !== undefined && r() < 0.5 ? entries : schema;
  const n = pick(r, nodes(within).filter((x) => "type" in x || "enum" in x || "anyOf" in x || "$ref" in x));
  const edits: (() => void)[] = [
    () => (n.type = pick(r, ["string", "integer", "number", "boolean", "object", "array"])),
    () => (n.type = Array.isArray(n.type) ? n.type[0]! : [n.type ?? "string", "null"]),
    () => (n.minimum = Math.floor(r() * 6) - 2),
    () => (n.maximum = Math.floor(r() * 10)),
    () => delete n.minimum,
    () => delete n.maximum,
    () => (n.maxLength = Math.floor(r() * 5)),
    () => (n.minLength = Math.floor(r() * 3)),
    () => delete n.maxLength,
    () => (n.pattern = pick(r, PATTERNS)),
    () => delete n.pattern,
    () => (n.multipleOf = pick(r, [2, 3, 4])),
    () => (n.enum = STRINGS.filter(() => r() < 0.4).concat(["abc"]).filter((v, i, a) => a.indexOf(v) === i)),
    () => delete n.enum,
    () => (n.additionalProperties = r() < 0.5 ? false : true),
    () => delete n.additionalProperties,
    () => (n.required = ["a", "b", "c", "d"].filter(() => r() < 0.4)),
    () => delete n.required,
    () => (n.properties = { ...(n.properties as JsonObject | undefined), [pick(r, ["a", "b", "e"])]: randomSchema(r, 2) }),
    () => {
      const p = n.properties as JsonObject | undefined;
      if (p) delete p[pick(r, Object.keys(p).concat("a"))];
    },
    () => (n.anyOf = [randomSchema(r, 3), randomSchema(r, 3)]),
    () => delete n.anyOf,
    () => (n.maxItems = Math.floor(r() * 3)),
    () => (n.uniqueItems = r() < 0.5),
    () => (n.description = "changed"),
    () => (n.maximum = 4),
    () => {
      // Another entry named (or the reference made a plain schema).
      const names = Object.keys(entries ?? {});
      if ("$ref" in n && names.length > 0 && r() < 0.7) n.$ref = `#/${"$defs" in schema ? "$defs" : "definitions"}/${pick(r, names)}`;
      else if ("$ref" in n) delete n.$ref;
    },
  ];
  pick(r, edits)();
}

/** A node with its `$ref` followed (the target's keywords, the siblings' beside them), a few steps at most. */
function resolved(s: JsonValue | undefined, root: JsonObject): JsonValue | undefined {
  for (let i = 0; i < 8 && s !== null && typeof s === "object" && !Array.isArray(s) && typeof s.$ref === "string"; i++) {
    const [, key, name] = s.$ref.split("/");
    const target = (root[key!] as JsonObject | undefined)?.[name!];
    const { $ref: _ref, ...siblings } = s;
    s = target !== null && typeof target === "object" && !Array.isArray(target) ? { ...target, ...siblings } : siblings;
  }
  return s;
}

/** A random value, mostly shaped by the schema (near its bounds, with and without each property), sometimes anything. */
function randomValue(r: Rand, s0: JsonValue | undefined, root: JsonObject, depth = 0): JsonValue {
  const any = (): JsonValue => pick<JsonValue>(r, [null, true, false, 0, 1, -1, 2.5, 7, 12, ...STRINGS, [], ["a"], [1, 1], {}, { a: "a" }]);
  const s = resolved(s0, root);
  if (r() < 0.1 || depth > 5 || s === null || typeof s !== "object" || Array.isArray(s)) return any();
  if (Array.isArray(s.enum)) return r() < 0.8 ? pick(r, s.enum as JsonValue[]) : any();
  if (Array.isArray(s.anyOf)) return randomValue(r, pick(r, s.anyOf as JsonValue[]), root, depth + 1);
  const type = Array.isArray(s.type) ? pick(r, s.type as string[]) : (s.type as string | undefined);
  switch (type) {
    case "string":
      return r() < 0.7 ? pick(r, STRINGS) : "abcdefgh".slice(0, Math.floor(r() * 8));
    case "integer":
    case "number":
      return pick(r, [-3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 1.5, 2.5]);
    case "boolean":
      return r() < 0.5;
    case "null":
      return null;
    case "array":
      return Array.from({ length: Math.floor(r() * 4) }, () => randomValue(r, s.items, root, depth + 1));
    case "object": {
      const out: JsonObject = {};
      const props = (s.properties ?? {}) as JsonObject;
      for (const name of ["a", "b", "c", "d", "e"]) {
        if (name in props ? r() < 0.7 : r() < 0.1) out[name] = randomValue(r, props[name], root, depth + 1);
      }
      return out;
    }
    default:
      return any();
  }
}

describe("toolgen diff: random schema pairs", () => {
  it(`never calls a change safe for callers (or handlers) when an input shows otherwise (${PAIRS} pairs, ${INPUTS} inputs each)`, () => {
    const r = mulberry32(26);
    const misses: string[] = [];
    for (let i = 0; i < PAIRS && misses.length < 3; i++) {
      const base = randomTool(r);
      const head = clone(base);
      for (let k = 0, edits = 1 + Math.floor(r() * 2); k < edits; k++) mutate(r, head);
      // An edit that made an entry name itself in place describes no value: the bundler refuses it, and Ajv overflows its stack.
      if (findInPlaceCycle(head) !== undefined) continue;
      const { findings } = diffTools([tool("t", base)], [tool("t", head)]);
      const callers = findings.some((f) => f.class === "breaking-callers");
      const handlers = findings.some((f) => f.class === "breaking-handlers");
      const inBase = ajvFor(base);
      const inHead = ajvFor(head);
      for (let j = 0; j < INPUTS; j++) {
        const input = randomValue(r, j % 2 === 0 ? base : head, j % 2 === 0 ? base : head);
        const [b, h] = [inBase(input), inHead(input)];
        if (b && !h && !callers) misses.push(`callers: ${JSON.stringify({ base, head, input })}`);
        if (h && !b && !handlers) misses.push(`handlers: ${JSON.stringify({ base, head, input })}`);
        if (misses.length > 0) break;
      }
    }
    expect(misses).toEqual([]);
  }, HEAVY ? 900_000 : 60_000);
});
