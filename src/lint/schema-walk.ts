/**
 * Walking a JSON Schema as written (draft-07 to 2020-12 keywords), once per document, calling the
 * visitors the lint rules declare (NodeVisitors in ./rule.ts) on each object subschema; and following
 * a `$ref` the way the API will see it (through the bundled schema).
 */
import { forEachSubschema, SUBSCHEMA_KEYWORDS, subschemasOf } from "../schema/keywords.js";
import { getByPointer, isPlainObject } from "../schema/pointer.js";
import { followRefs } from "../schema/refs.js";
import type { NodeVisitors, RuleVisitors, SchemaDocument } from "./rule.js";
import { childPointer, SchemaNode, type SchemaObject } from "./schema-node.js";

export { forEachSubschema };

export { childPointer, SchemaNode, type SchemaObject } from "./schema-node.js";

/** One visitor function (a NodeVisitors method, bound to its object). */
export type Visit = (node: SchemaNode, doc: SchemaDocument) => void;

/** The functions a walk calls, by kind of node, in order (see NodeVisitors). */
export interface Visits {
  readonly schema: readonly Visit[];
  readonly property: readonly Visit[];
  readonly pattern: readonly Visit[];
}

/** The functions of `visitors`, by kind, bound to their objects (bind once, walk many documents). */
export function visitsOf(visitors: readonly NodeVisitors[]): { schema: Visit[]; property: Visit[]; pattern: Visit[] } {
  const visits = { schema: [] as Visit[], property: [] as Visit[], pattern: [] as Visit[] };
  for (const v of visitors) {
    if (v.schema) visits.schema.push(v.schema.bind(v));
    if (v.property) visits.property.push(v.property.bind(v));
    if (v.pattern) visits.pattern.push(v.pattern.bind(v));
  }
  return visits;
}

/** The walk's state: the document, the functions to call, and the node whose subschemas are being read. */
class Walk {
  // Set in the constructor, not by field initialisers (each is a call of its own in code not yet optimised).
  declare readonly doc: SchemaDocument;
  declare readonly schema: readonly Visit[];
  declare readonly property: readonly Visit[];
  declare readonly pattern: readonly Visit[];
  declare parent: SchemaNode | undefined;

  constructor(doc: SchemaDocument, visits: Visits) {
    this.doc = doc;
    this.schema = visits.schema;
    this.property = visits.property;
    this.pattern = visits.pattern;
    this.parent = undefined;
  }
}

/**
 * Walks every object subschema of `doc` (definitions included) once, calling the functions of
 * `visits` on each node of the kinds they are for (see NodeVisitors and visitsOf).
 */
export function walkSchema(doc: SchemaDocument, visits: Visits): void {
  if (visits.schema.length + visits.property.length + visits.pattern.length === 0) return;
  visitNode(new Walk(doc, visits), doc.schema, doc.pointer, undefined);
}

/**
 * Reads one subschema, calls the visitors, then reads its subschemas, as subschemasOf
 * (../schema/keywords.ts) finds them: through one module-level visitor and the walk as its context,
 * not a callback per document (V8 deoptimised subschemasOf at each new closure).
 */
function visitNode(walk: Walk, node: SchemaObject, keyword: string, key: string | number | undefined): void {
  const parent = walk.parent;
  const entry = new SchemaNode(node, parent, keyword, key);
  // What the node says, first (its depth needs its `type`), then its subschemas. Keys by `for...in`
  // (parsed data inherits no enumerable key): no array of them per node. Whether some keyword may
  // hold subschemas is noted on the way: none (a leaf, most nodes) skips the second loop.
  let holdsSubschemas = false;
  for (const name in node) {
    switch (name) {
      case "description":
        entry.description = node[name];
        break;
      case "type":
        entry.type = node[name];
        break;
      case "required":
        entry.required = node[name];
        break;
      case "$ref":
        entry.ref = node[name];
        break;
      case "pattern":
        entry.pattern = node[name];
        break;
      case "properties": {
        holdsSubschemas = true;
        const value = node[name];
        if (isPlainObject(value)) entry.properties = value;
        break;
      }
      case "patternProperties": {
        holdsSubschemas = true;
        const value = node[name];
        if (isPlainObject(value)) entry.patternProperties = value;
        break;
      }
      default:
        if (SUBSCHEMA_KEYWORDS.has(name)) holdsSubschemas = true;
    }
  }
  entry.objectDepth = (parent === undefined ? 0 : parent.objectDepth) + (entry.isObject ? 1 : 0);
  const doc = walk.doc;
  for (let i = 0; i < walk.schema.length; i++) walk.schema[i]!(entry, doc);
  if (parent !== undefined && keyword === "properties") for (let i = 0; i < walk.property.length; i++) walk.property[i]!(entry, doc);
  if (typeof entry.pattern === "string" || entry.patternProperties !== undefined) for (let i = 0; i < walk.pattern.length; i++) walk.pattern[i]!(entry, doc);
  if (!holdsSubschemas) return;
  walk.parent = entry;
  for (const name in node) subschemasOf(name, node[name], true, visitChild, walk);
  walk.parent = parent;
}

function visitChild(child: SchemaObject, keyword: string, key: string | number | undefined, walk: Walk): void {
  visitNode(walk, child, keyword, key);
}

/**
 * The regular expressions a node holds: its `pattern` and its `patternProperties` keys, each with a
 * function that builds its file pointer (called only to report: most patterns never are).
 */
export function patternsOf(node: SchemaNode): Array<[keyword: "pattern" | "patternProperties", pattern: string, pointer: () => string]> {
  const found: Array<[keyword: "pattern" | "patternProperties", pattern: string, pointer: () => string]> = [];
  if (typeof node.pattern === "string") found.push(["pattern", node.pattern, () => childPointer(node.pointer, "pattern")]);
  const properties = node.patternProperties;
  if (properties === undefined) return found;
  for (const key of Object.keys(properties)) {
    found.push(["patternProperties", key, () => childPointer(childPointer(node.pointer, "patternProperties"), key)]);
  }
  return found;
}

/** A regular expression the walk met: in which document, under which keyword, and its file pointer (built on demand). */
export interface FoundPattern {
  doc: SchemaDocument;
  keyword: "pattern" | "patternProperties";
  pattern: string;
  pointer: () => string;
}

/**
 * The visitors of a rule that judges regular expressions: every pattern of every walked document
 * (patternsOf), in walk order, judged once per distinct pattern after the last document (so `judge`
 * may load its engine only when some pattern needs it), each then handed to `report` with its verdict.
 */
export function judgePatterns<V>(judge: (pattern: string) => V | Promise<V>, report: (found: FoundPattern, verdict: V) => void): Pick<RuleVisitors, "pattern" | "end"> {
  const found: FoundPattern[] = [];
  return {
    pattern(node, doc) {
      for (const [keyword, pattern, pointer] of patternsOf(node)) found.push({ doc, keyword, pattern, pointer });
    },
    async end() {
      const verdicts = new Map<string, V>();
      for (const each of found) {
        if (!verdicts.has(each.pattern)) verdicts.set(each.pattern, await judge(each.pattern));
        report(each, verdicts.get(each.pattern) as V);
      }
    },
  };
}

/** Whether a schema describes an object (by `type` or by having `properties`). */
export function isObjectSchema(node: SchemaObject): boolean {
  const type = node.type;
  if (type === "object") return true;
  if (Array.isArray(type) && type.includes("object")) return true;
  return type === undefined && isPlainObject(node.properties);
}

/**
 * The root that local `$ref`s (`#/...`) of a schema document resolve against, as the API sees it:
 * a tool's bundled input schema (where external references point into `$defs`), or its input schema
 * as written when bundling failed; a fragment file's own root.
 */
export function refRoot(doc: SchemaDocument): unknown {
  return doc.tool ? (doc.tool.bundledSchema ?? doc.schema) : doc.schema;
}

/**
 * The schema the `$ref` of the object at `pointer` (a file pointer inside `doc`) leads to, following
 * chains of `$ref`s; `undefined` when it cannot be followed (another file's fragment, a broken reference).
 */
export function followRef(doc: SchemaDocument, pointer: string): SchemaObject | undefined {
  const root = refRoot(doc);
  const chain = followRefs(root, getByPointer(root, pointer.slice(doc.pointer.length)));
  return chain.ok && isPlainObject(chain.schema) ? chain.schema : undefined;
}

/** followRef for a node of `doc`: without building its pointer when the node lives in the reference root. */
export function followNodeRef(doc: SchemaDocument, node: SchemaNode): SchemaObject | undefined {
  const root = refRoot(doc);
  if (root !== doc.schema) return followRef(doc, node.pointer);
  const chain = followRefs(root, node.node);
  return chain.ok && isPlainObject(chain.schema) ? chain.schema : undefined;
}
