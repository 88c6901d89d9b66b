#!/usr/bin/env node
/**
 * The benchmark corpus: N realistic tool files, deterministic. Tool i is drawn from a PRNG seeded by
 * i alone, so it is the same file in every N (the corpus of 1000 is the first 1000 of 5000).
 *
 * Shapes vary the way real tool folders do: strings with formats and patterns, enums, integers and
 * numbers with bounds, booleans with defaults, arrays (of strings, enums and objects), nested
 * objects down to depth 3 (input_schema being level 1, as the linter counts), local `$ref`s to
 * `#/$defs/...`, and `additionalProperties: false` here and there. Descriptions have 2 to 6
 * sentences; about one parameter in eight has no description (a lint warning, never an error).
 *
 *   node bench/corpus.mjs DIR N [--standalone DIR2]
 *
 * writes DIR/<name>.json for tools 0..N-1, and with --standalone also DIR2/<name>.json holding each
 * tool's input_schema alone (what json-schema-to-typescript's CLI takes).
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { DEFS, ENUMS, NAMES, NOUNS, PARAM_DESCRIPTIONS, REF_DEFS, VERBS } from "./lib/vocabulary.mjs";

// ---------------------------------------------------------------------------------------------
// Seeded randomness.

/** mulberry32: small, fast, good enough for test data. */
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A random source for tool `i`, independent of every other tool. */
function rngFor(i, salt = 0) {
  const random = mulberry32(Math.imul(i + 1, 0x9e3779b1) ^ Math.imul(salt + 7, 0x85ebca6b) ^ 0x5bd1e995);
  const int = (lo, hi) => lo + Math.floor(random() * (hi - lo + 1));
  const pick = (items) => items[Math.floor(random() * items.length)];
  const chance = (p) => random() < p;
  /** `k` distinct items, in a random order. */
  const sample = (items, k) => {
    const pool = [...items];
    const out = [];
    while (out.length < k && pool.length > 0) out.push(pool.splice(Math.floor(random() * pool.length), 1)[0]);
    return out;
  };
  return { random, int, pick, chance, sample };
}

// ---------------------------------------------------------------------------------------------
// Descriptions.

function describeTool(r, verb, noun, system, paramNames) {
  const nounText = noun.replace(/_/g, " ");
  const sentences = [
    `${verb[1]} ${["get", "update", "delete", "cancel", "archive", "refund", "approve"].includes(verb[0]) ? "one" : "a set of"} ${nounText} records in the ${system} system.`,
    `Use it when the user asks to ${verb[2]} a ${nounText} and you already know which one they mean.`,
    `It returns the ${nounText} as JSON, with its identifier, status, owner and the time it was last changed.`,
    `It does not ${r.pick(["send notifications", "touch related records", "change permissions", "return deleted items"])}; call the matching tool for that.`,
    `Results are paginated, at most ${r.pick([20, 50, 100, 200])} per page, and the response carries a cursor for the next page.`,
    `All times are in UTC and all dates are written as YYYY-MM-DD.`,
    `It fails with a permission error when the caller lacks the ${system.replace(/ /g, "_")}:${verb[0]} scope.`,
    `The ${paramNames[0] ?? "first"} parameter is the one that matters most; the others narrow or shape the result.`,
  ];
  const count = r.int(2, 6);
  const chosen = [sentences[0], ...r.sample(sentences.slice(1), count - 1)];
  return chosen.join(" ");
}

// ---------------------------------------------------------------------------------------------
// Schemas.

const TOP_KINDS = ["id", "text", "text", "email", "uri", "date", "datetime", "uuid", "integer", "integer", "number", "boolean", "boolean", "enum", "enum", "tags", "enumArray", "objectArray", "object", "ref"];
const LEAF_KINDS = ["id", "text", "email", "date", "datetime", "integer", "number", "boolean", "enum", "tags"];

/** A schema for one parameter of kind `kind` named `name`, at object depth `depth` (input_schema = 1). */
function paramSchema(r, kind, name, depth, defs) {
  let schema;
  switch (kind) {
    case "id":
      schema = r.chance(0.3) ? { type: "string", pattern: "^[A-Z]{3}-[0-9]{6}$" } : { type: "string", minLength: 1, maxLength: 64 };
      break;
    case "text":
      schema = { type: "string", ...(r.chance(0.4) ? { maxLength: r.pick([200, 500, 2000]) } : {}) };
      break;
    case "email":
      schema = { type: "string", format: "email" };
      break;
    case "uri":
      schema = { type: "string", format: "uri" };
      break;
    case "date":
      schema = { type: "string", format: "date" };
      break;
    case "datetime":
      schema = { type: "string", format: "date-time" };
      break;
    case "uuid":
      schema = { type: "string", format: "uuid" };
      break;
    case "integer":
      schema = { type: "integer", minimum: r.pick([0, 1]), ...(r.chance(0.6) ? { maximum: r.pick([10, 100, 1000]) } : {}), ...(r.chance(0.3) ? { default: 10 } : {}) };
      break;
    case "number":
      schema = { type: "number", ...(r.chance(0.5) ? { minimum: 0 } : {}) };
      break;
    case "boolean":
      schema = { type: "boolean", ...(r.chance(0.5) ? { default: false } : {}) };
      break;
    case "enum":
      schema = { type: "string", enum: ENUMS[name] ?? ["a", "b"] };
      if (r.chance(0.3)) schema.default = schema.enum[0];
      break;
    case "tags":
      schema = { type: "array", items: { type: "string", minLength: 1 }, ...(r.chance(0.5) ? { maxItems: r.pick([5, 10, 50]) } : {}) };
      if (r.chance(0.3)) schema.uniqueItems = true;
      break;
    case "enumArray":
      schema = { type: "array", items: { type: "string", enum: ENUMS[name] ?? ["a", "b"] }, uniqueItems: true };
      break;
    case "objectArray":
      schema = { type: "array", items: objectSchema(r, depth + 1, defs, r.int(2, 4)), minItems: r.pick([0, 1]), maxItems: r.pick([10, 100]) };
      break;
    case "object":
      schema = objectSchema(r, depth + 1, defs, r.int(2, 4));
      break;
    case "ref": {
      const def = REF_DEFS[name];
      defs.add(def);
      schema = { $ref: `#/$defs/${def}` };
      break;
    }
    default:
      throw new Error(`unknown kind ${kind}`);
  }
  return schema;
}

/**
 * About one parameter in eight has no description (a warning the linter reports); a `$ref` has one
 * beside it half the time (otherwise the definition's own description, if any, is all there is).
 */
function describeParam(r, schema, kind, name) {
  if (r.chance(0.125)) return;
  if (schema.$ref && r.chance(0.5)) return;
  schema.description = PARAM_DESCRIPTIONS[kind](name);
}

/** An object schema at `depth` with `count` properties; objects below depth 3 hold only leaves. */
function objectSchema(r, depth, defs, count) {
  const kinds = depth >= 3 ? LEAF_KINDS : [...LEAF_KINDS, "object", "tags", "ref"];
  const properties = {};
  const used = new Set();
  while (Object.keys(properties).length < count) {
    const kind = r.pick(kinds);
    const name = r.pick(NAMES[kind]);
    if (used.has(name)) continue;
    used.add(name);
    const schema = paramSchema(r, kind, name, depth, defs);
    describeParam(r, schema, kind, name);
    properties[name] = schema;
  }
  const names = Object.keys(properties);
  const out = { type: "object", properties, required: r.sample(names, r.int(0, Math.min(2, names.length))) };
  if (out.required.length === 0) delete out.required;
  if (r.chance(0.3)) out.additionalProperties = false;
  return out;
}

/** Tool `i`: `{ name, description, input_schema }`, the same for every corpus size. */
export function makeTool(i) {
  const r = rngFor(i);
  const verb = r.pick(VERBS);
  const [noun, system] = r.pick(NOUNS);
  const name = `tool_${String(i).padStart(5, "0")}_${verb[0]}_${noun}`;
  const defs = new Set();
  const properties = {};
  const count = r.int(1, 8);
  while (Object.keys(properties).length < count) {
    const kind = r.pick(TOP_KINDS);
    const pname = r.pick(NAMES[kind]);
    if (properties[pname]) continue;
    const schema = paramSchema(r, kind, pname, 1, defs);
    describeParam(r, schema, kind, pname);
    properties[pname] = schema;
  }
  const names = Object.keys(properties);
  const input_schema = { type: "object", properties };
  const required = r.sample(names, r.int(names.length > 2 ? 1 : 0, Math.min(3, names.length)));
  if (required.length > 0) input_schema.required = required;
  if (r.chance(0.25)) input_schema.additionalProperties = false;
  if (defs.size > 0) input_schema.$defs = Object.fromEntries([...defs].sort().map((d) => [d, DEFS[d]]));
  return { name, description: describeTool(r, verb, noun, system, names), input_schema };
}

// ---------------------------------------------------------------------------------------------
// Valid inputs (for the dispatch and legacy-parse benchmarks).

const FORMAT_VALUES = {
  email: "jane@example.com",
  uri: "https://example.com/hooks/42",
  date: "2024-05-01",
  "date-time": "2024-05-01T12:30:00Z",
  uuid: "123e4567-e89b-12d3-a456-426614174000",
};

/** A value valid against `schema` (as this corpus writes schemas), resolving `$ref` against `root`. */
export function makeInput(schema, root = schema, seed = 0) {
  if (schema.$ref) return makeInput(root.$defs[schema.$ref.slice("#/$defs/".length)], root, seed);
  if (schema.enum) return schema.enum[seed % schema.enum.length];
  switch (schema.type) {
    case "string":
      if (schema.format) return FORMAT_VALUES[schema.format];
      if (schema.pattern === "^[A-Z]{3}-[0-9]{6}$") return `INV-${String(100000 + seed).slice(-6)}`;
      if (schema.pattern === "^[A-Z]{2}$") return "FR";
      return `value ${seed} with <angle> & "quotes"`;
    case "integer":
      return Math.min(schema.maximum ?? 7, Math.max(schema.minimum ?? 0, 7));
    case "number":
      return 12.5;
    case "boolean":
      return seed % 2 === 0;
    case "array": {
      const n = Math.max(schema.minItems ?? 0, Math.min(2, schema.maxItems ?? 2));
      const items = [];
      for (let k = 0; items.length < n && k < 10; k++) {
        const v = makeInput(schema.items, root, seed + k);
        if (!schema.uniqueItems || !items.some((x) => JSON.stringify(x) === JSON.stringify(v))) items.push(v);
      }
      return items;
    }
    case "object": {
      const out = {};
      for (const [key, sub] of Object.entries(schema.properties ?? {})) out[key] = makeInput(sub, root, seed + key.length);
      return out;
    }
    default:
      throw new Error(`makeInput: unsupported schema ${JSON.stringify(schema)}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Writing.

/** Writes tools 0..n-1 into `dir` (one `<name>.json` each); with `standaloneDir`, their input schemas alone too. */
export async function writeCorpus(dir, n, { standaloneDir } = {}) {
  await mkdir(dir, { recursive: true });
  if (standaloneDir) await mkdir(standaloneDir, { recursive: true });
  const names = [];
  const BATCH = 200;
  for (let start = 0; start < n; start += BATCH) {
    const writes = [];
    for (let i = start; i < Math.min(n, start + BATCH); i++) {
      const tool = makeTool(i);
      names.push(tool.name);
      writes.push(writeFile(path.join(dir, `${tool.name}.json`), JSON.stringify(tool, null, 2) + "\n"));
      if (standaloneDir) {
        // What toolgen compiles for the type: the input schema, documented by the tool's description.
        const standalone = { description: tool.description, ...tool.input_schema };
        writes.push(writeFile(path.join(standaloneDir, `${tool.name}.json`), JSON.stringify(standalone, null, 2) + "\n"));
      }
    }
    await Promise.all(writes);
  }
  return names;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const args = process.argv.slice(2);
  const standaloneAt = args.indexOf("--standalone");
  const standaloneDir = standaloneAt >= 0 ? args.splice(standaloneAt, 2)[1] : undefined;
  const [dir, count] = args;
  const n = Number(count);
  if (!dir || !Number.isInteger(n) || n < 0) {
    process.stderr.write("usage: node bench/corpus.mjs DIR N [--standalone DIR2]\n");
    process.exit(2);
  }
  await writeCorpus(dir, n, { standaloneDir });
  process.stdout.write(`wrote ${n} tool file(s) to ${dir}${standaloneDir ? ` and their input schemas to ${standaloneDir}` : ""}\n`);
}
